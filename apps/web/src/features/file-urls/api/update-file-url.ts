import type { FileUrlBody, FileUrlResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFileUrls } from './query-keys';

/** PUT /catalog/file_urls/{id}/ with the same body as POST. */
export const updateFileUrl = ({ id, body }: { id: number; body: FileUrlBody }) => api.put<FileUrlResponse>(`/catalog/file_urls/${id}/`, body);

export function useUpdateFileUrl() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFileUrl, onSuccess: () => invalidateFileUrls(queryClient) });
}
