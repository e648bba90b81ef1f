import { isJobActive, type JobResponse } from '@kontor/contract';
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

/** How often a queued or running job is asked for its progress. */
export const JOB_POLL_MS = 500;

/** GET /jobs/{id}/: status, progress done/total, result or error. */
export const fetchJob = (id: number, signal?: AbortSignal) => api.get<JobResponse>(`/jobs/${id}/`, { signal });

/** A query's refetchInterval for a job: every JOB_POLL_MS while it is queued or running, then no more. */
export const jobRefetchInterval = (query: Query<JobResponse, Error, JobResponse, readonly unknown[]>) => {
  const { data, error } = query.state;
  // A 4xx (the job is gone, the session ended) will not change by asking again; a network blip may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return data && !isJobActive(data) ? false : JOB_POLL_MS;
};

/**
 * A job, polled every JOB_POLL_MS while it is queued or running. `known` is what the caller
 * already knows of it (a finished job is not asked again). When a polled job finishes,
 * `onFinished` refetches what the job changed, once.
 */
export function useJobPolling(
  queryKey: readonly unknown[],
  id: number | null,
  known: JobResponse | null | undefined,
  onFinished: (queryClient: QueryClient) => unknown,
) {
  const queryClient = useQueryClient();
  const jobId = id ?? 0;
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<JobResponse>(queryKey);
      const job = await fetchJob(jobId, signal);
      if (!isJobActive(job) && (!previous || isJobActive(previous))) void onFinished(queryClient);
      return job;
    },
    initialData: known && known.id === jobId ? known : undefined,
    enabled: jobId > 0,
    refetchInterval: jobRefetchInterval,
  });
}
