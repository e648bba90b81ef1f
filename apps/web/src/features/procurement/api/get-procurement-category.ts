import type { ProcurementCategoryResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

/** GET /procurement/categories/{id}/ */
export const fetchProcurementCategory = (id: number, signal?: AbortSignal) =>
  api.get<ProcurementCategoryResponse>(`/procurement/categories/${id}/`, { signal });

export const procurementCategoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: procurementKeys.category(id),
    queryFn: ({ signal }) => fetchProcurementCategory(id, signal),
    enabled: id > 0,
  });

export function useProcurementCategory(id: number) {
  return useQuery(procurementCategoryQueryOptions(id));
}
