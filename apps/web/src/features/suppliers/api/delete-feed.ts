import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFeeds } from './invalidate';

/** DELETE /procurement/feeds/{id}/ -> 204; its products stay with the supplier. */
export const deleteFeed = (id: number) => api.delete(`/procurement/feeds/${id}/`);

export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFeed, onSuccess: () => invalidateFeeds(queryClient) });
}
