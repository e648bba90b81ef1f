import type { JobResponse } from '@kontor/contract';
import { useJobPolling } from '@/lib/jobs';
import { invalidateAfterImport } from './invalidate';
import { suppliersKeys } from './query-keys';

/**
 * A feed import job while it runs. `known` is what the feeds list already says about it; when
 * the job finishes, what the import changed is refetched (see invalidateAfterImport).
 */
export const useFeedJob = (id: number | null, known?: JobResponse | null) => useJobPolling(suppliersKeys.job(id ?? 0), id, known, invalidateAfterImport);
