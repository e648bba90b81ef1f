import { isJobActive, type PublishBody, type PublishResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPublish } from './get-publish-job';

/** POST /catalog/products/publish/ -> 202: the export URLs at once, and the background job that writes the file. */
export const publishProducts = (body: PublishBody) => api.post<PublishResponse>('/catalog/products/publish/', body);

export function usePublishProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishProducts,
    // A job that already finished is never polled (usePublishJob refreshes after the ones it sees finish).
    onSuccess: ({ job }) => (isJobActive(job) ? undefined : invalidateAfterPublish(queryClient)),
  });
}
