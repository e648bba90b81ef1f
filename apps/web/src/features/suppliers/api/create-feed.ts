import type { CreateFeedBody, FeedResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFeeds } from './invalidate';

/** POST /procurement/feeds/ -> 201 */
export const createFeed = (body: CreateFeedBody) => api.post<FeedResponse>('/procurement/feeds/', body);

export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFeed, onSuccess: () => invalidateFeeds(queryClient) });
}
