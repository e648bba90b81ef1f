import type { FileUrlBody, FileUrlResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFileUrls } from './query-keys';

/** POST /catalog/file_urls/ -> 201 */
export const createFileUrl = (body: FileUrlBody) => api.post<FileUrlResponse>('/catalog/file_urls/', body);

export function useCreateFileUrl() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFileUrl, onSuccess: () => invalidateFileUrls(queryClient) });
}
