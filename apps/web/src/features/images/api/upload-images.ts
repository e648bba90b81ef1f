import { MAX_CATALOG_IMAGE_UPLOAD_FILES, type ImageUploadResult, type UploadImagesResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, serverMessage } from '@/lib/api-client';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';
import { invalidateImages } from './query-keys';

export type UploadInput = { files: File[]; classification?: number | null; onProgress?: (fraction: number) => void };
/** Every file's outcome in the order chosen; `requestFailed` when a request as a whole was refused or never answered. */
export type UploadOutcome = { uploaded: number; failed: number; results: ImageUploadResult[]; requestFailed: boolean };

/** A 400 that refused every file still carries the counts and the reasons (contract UploadImagesResponse). */
function refusedUpload(error: unknown): UploadImagesResponse | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const data = error.data as Partial<UploadImagesResponse> | undefined;
  return data && typeof data.uploaded === 'number' && Array.isArray(data.results) ? (data as UploadImagesResponse) : null;
}

/**
 * POST /catalog/images/ (multipart, field `files`): one request per MAX_CATALOG_IMAGE_UPLOAD_FILES
 * files, sent one after another, with progress over all their bytes. The server checks each
 * file by its content and size, and answers how many were stored and why the others were not.
 */
export async function uploadImages({ files, classification, onProgress }: UploadInput): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { uploaded: 0, failed: 0, results: [], requestFailed: false };
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let doneBytes = 0;
  for (let start = 0; start < files.length; start += MAX_CATALOG_IMAGE_UPLOAD_FILES) {
    const batch = files.slice(start, start + MAX_CATALOG_IMAGE_UPLOAD_FILES);
    const batchBytes = batch.reduce((sum, file) => sum + file.size, 0);
    const form = new FormData();
    if (classification) form.append('classification', String(classification));
    for (const file of batch) form.append('files', file, file.name);
    let answer: UploadImagesResponse;
    try {
      answer = await uploadWithProgress<UploadImagesResponse>('/catalog/images/', form, (progress: UploadProgress) => {
        // The body is a little larger than the files (multipart headers): scale it onto the files' bytes.
        onProgress?.((doneBytes + (batchBytes * progress.loaded) / Math.max(progress.total, 1)) / totalBytes);
      });
    } catch (error) {
      const refused = refusedUpload(error);
      if (refused) answer = refused;
      else {
        const message = serverMessage(error);
        outcome.requestFailed = true;
        answer = { uploaded: 0, failed: batch.length, results: batch.map((file) => ({ filename: file.name, error: message })) };
      }
    }
    outcome.uploaded += answer.uploaded;
    outcome.failed += answer.failed;
    outcome.results.push(...answer.results);
    doneBytes += batchBytes;
    onProgress?.(doneBytes / totalBytes);
  }
  return outcome;
}

export function useUploadImages() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadImages, onSettled: () => invalidateImages(queryClient) });
}
