import type { GlobalSupplierResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys } from './query-keys';

/** GET /suppliers_global/{id}/ */
export const fetchGlobalSupplier = (id: number, signal?: AbortSignal) => api.get<GlobalSupplierResponse>(`/suppliers_global/${id}/`, { signal });

export const globalSupplierQueryOptions = (id: number) =>
  queryOptions({ queryKey: suppliersKeys.globalSupplier(id), queryFn: ({ signal }) => fetchGlobalSupplier(id, signal) });

/** The chosen directory supplier when it is not on the shown page of the list (a bookmark, another search). */
export function useGlobalSupplier(id: number, enabled: boolean) {
  return useQuery({ ...globalSupplierQueryOptions(id), enabled: enabled && id > 0 });
}
