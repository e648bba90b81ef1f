import type { ImageResponse, UpdateImageBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateImages } from './query-keys';

/** PATCH /catalog/images/{id}/: title and/or classification (null clears it). */
export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateImageBody) => api.patch<ImageResponse>(`/catalog/images/${id}/`, body),
    onSuccess: () => invalidateImages(queryClient),
  });
}

/** DELETE /catalog/images/{id}/: the image, its files and its attachments. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.delete(`/catalog/images/${id}/`), onSuccess: () => invalidateImages(queryClient) });
}
