import {
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_FILES,
  type CreateProcurementImageUrlsResponse,
  type ImageUploadFailure,
  type ProcurementImageUrlResponse,
  splitImageUrls,
} from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText, fieldErrorsOf } from '@/lib/api-client';
import { invalidateImages } from './query-keys';

export type AddImagesInput = { product: number } & ({ urls: string } | { files: File[] });
/** Spec §4: an upload counts its successes and its failures. */
export type AddImagesResult = { created: ProcurementImageUrlResponse[]; failed: ImageUploadFailure[] };

export const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB.`;

/** The non-blank lines (or comma-separated URLs) of the pasted text, as the server splits them. */
export const splitUrls = (text: string) => splitImageUrls(text);

/** When nothing could be added the server answers 400 with one 'name: message' line per item under file / urls. */
function failuresOf(error: unknown): ImageUploadFailure[] | null {
  const fields = fieldErrorsOf(error);
  if (!fields || Object.keys(fields).some((key) => key !== 'file' && key !== 'urls')) return null;
  return [...(fields.file ?? []), ...(fields.urls ?? [])].map((line) => {
    const at = line.indexOf(': ');
    return at > 0 ? { name: line.slice(0, at), message: line.slice(at + 2) } : { name: line, message: '' };
  });
}

/** One multipart POST; a refusal of the whole request (unknown product, network) fails each of its items with the reason. */
async function post(product: number, parts: { urls: string } | { files: File[] }): Promise<AddImagesResult> {
  const form = new FormData();
  form.append('procurement_product', String(product));
  if ('urls' in parts) form.append('urls', parts.urls);
  else for (const file of parts.files) form.append('file', file, file.name);
  try {
    return await api.post<CreateProcurementImageUrlsResponse>('/procurement/image_urls/', form);
  } catch (error) {
    const failed = failuresOf(error);
    if (failed) return { created: [], failed };
    const message = errorText(error);
    const names = 'urls' in parts ? splitUrls(parts.urls) : parts.files.map((file) => file.name);
    return { created: [], failed: names.map((name) => ({ name, message })) };
  }
}

/**
 * POST /procurement/image_urls/ (multipart): pasted URLs in one request, files at most
 * MAX_IMAGE_UPLOAD_FILES per request. A file over the size limit is counted as failed here,
 * without sending its bytes.
 */
export async function addImages(input: AddImagesInput): Promise<AddImagesResult> {
  if ('urls' in input) return post(input.product, { urls: input.urls });
  const result: AddImagesResult = { created: [], failed: [] };
  const sendable: File[] = [];
  for (const file of input.files) {
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) result.failed.push({ name: file.name, message: TOO_LARGE_MESSAGE });
    else sendable.push(file);
  }
  for (let start = 0; start < sendable.length; start += MAX_IMAGE_UPLOAD_FILES) {
    const batch = await post(input.product, { files: sendable.slice(start, start + MAX_IMAGE_UPLOAD_FILES) });
    result.created.push(...batch.created);
    result.failed.push(...batch.failed);
  }
  return result;
}

export function useAddImages() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addImages, onSettled: () => invalidateImages(queryClient) });
}
