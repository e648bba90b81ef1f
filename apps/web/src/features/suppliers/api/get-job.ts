import { isJobActive, type JobResponse } from '@kontor/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { invalidateAfterImport } from './invalidate';
import { suppliersKeys } from './query-keys';

/** How often a queued or running job is asked for its progress. */
export const JOB_POLL_MS = 500;

/** GET /jobs/{id}/: status, progress done/total, result or error. */
export const fetchJob = (id: number, signal?: AbortSignal) => api.get<JobResponse>(`/jobs/${id}/`, { signal });

/**
 * A feed import job, polled every 500 ms while it is queued or running. `known` is what the
 * feeds list already says about it; a finished job is not asked again. When a polled job
 * finishes, what the import changed is refetched (see invalidateAfterImport).
 */
export function useFeedJob(id: number | null, known?: JobResponse | null) {
  const queryClient = useQueryClient();
  const jobId = id ?? 0;
  return useQuery({
    queryKey: suppliersKeys.job(jobId),
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<JobResponse>(suppliersKeys.job(jobId));
      const job = await fetchJob(jobId, signal);
      if (!isJobActive(job) && (!previous || isJobActive(previous))) void invalidateAfterImport(queryClient);
      return job;
    },
    initialData: known && known.id === jobId ? known : undefined,
    enabled: jobId > 0,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      // A 4xx (the job is gone, the session ended) will not change by asking again; a network blip may.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return data && !isJobActive(data) ? false : JOB_POLL_MS;
    },
  });
}
