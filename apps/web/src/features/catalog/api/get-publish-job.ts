import type { JobResponse } from '@kontor/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useJobPolling } from '@/lib/jobs';
import { catalogKeys } from './query-keys';

/** A publish marks the products it sent as synced (the grid's synced filter and columns) and writes a notification (the bell). */
export const invalidateAfterPublish = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: catalogKeys.products }), queryClient.invalidateQueries({ queryKey: catalogKeys.notifications })]);

/** A publish job while it runs; `known` is the job as the publish answered it. */
export const usePublishJob = (known: JobResponse | null) =>
  useJobPolling(catalogKeys.publishJob(known?.id ?? 0), known?.id ?? null, known, invalidateAfterPublish);
