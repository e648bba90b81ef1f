import type { JobResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys } from './query-keys';

/** POST /procurement/feeds/{id}/run/ -> 202 with the import job (the one already queued or running, if any). */
export const runFeed = (id: number) => api.post<JobResponse>(`/procurement/feeds/${id}/run/`);

export function useRunFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runFeed,
    onSuccess: (job) => {
      // The job is known already: its progress shows at once, and polling goes on from here.
      queryClient.setQueryData(suppliersKeys.job(job.id), job);
      return queryClient.invalidateQueries({ queryKey: suppliersKeys.feeds });
    },
  });
}
