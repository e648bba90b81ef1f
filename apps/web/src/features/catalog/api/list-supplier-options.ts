import { MAX_PAGE_SIZE, type SupplierOptionPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** GET /suppliers/: the company's procurement suppliers (id, name) for the supplier filter. */
export const fetchSupplierOptions = (signal?: AbortSignal) => api.get<SupplierOptionPage>('/suppliers/', { query: { limit: MAX_PAGE_SIZE }, signal });

export const supplierOptionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.supplierOptions,
    queryFn: ({ signal }) => fetchSupplierOptions(signal),
    select: (page) => [...page.results].sort((a, b) => a.name.localeCompare(b.name)),
  });

export function useSupplierOptions() {
  return useQuery(supplierOptionsQueryOptions());
}
