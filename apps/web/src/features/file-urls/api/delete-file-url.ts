import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFileUrls } from './query-keys';

/** DELETE /catalog/file_urls/{id}/ -> 204 */
export const deleteFileUrl = (id: number) => api.delete(`/catalog/file_urls/${id}/`);

export function useDeleteFileUrl() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFileUrl, onSuccess: () => invalidateFileUrls(queryClient) });
}
