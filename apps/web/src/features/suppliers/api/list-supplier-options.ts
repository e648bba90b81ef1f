import { MAX_PAGE_SIZE, type SupplierOptionPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys } from './query-keys';

/** GET /suppliers/: the company's suppliers (id, name, name_abbrev) for selects. */
export const fetchSupplierOptions = (signal?: AbortSignal) =>
  api.get<SupplierOptionPage>('/suppliers/', { query: { limit: MAX_PAGE_SIZE, ordering: 'name' }, signal });

export const supplierOptionsQueryOptions = () =>
  queryOptions({
    queryKey: suppliersKeys.supplierOptions(),
    queryFn: ({ signal }) => fetchSupplierOptions(signal),
    select: (page) => page.results,
  });

export function useSupplierOptions() {
  return useQuery(supplierOptionsQueryOptions());
}
