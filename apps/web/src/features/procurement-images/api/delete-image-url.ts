import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateImages } from './query-keys';

/** DELETE /procurement/image_urls/{id}/ -> 204; an uploaded file goes with it. */
export const deleteImageUrl = (id: number) => api.delete(`/procurement/image_urls/${id}/`);

export function useDeleteImageUrl() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteImageUrl, onSuccess: () => invalidateImages(queryClient) });
}
