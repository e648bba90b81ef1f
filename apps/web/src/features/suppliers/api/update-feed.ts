import type { FeedResponse, UpdateFeedBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFeeds } from './invalidate';

/** PUT /procurement/feeds/{id}/ */
export const updateFeed = ({ id, body }: { id: number; body: UpdateFeedBody }) => api.put<FeedResponse>(`/procurement/feeds/${id}/`, body);

export function useUpdateFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFeed, onSuccess: () => invalidateFeeds(queryClient) });
}
