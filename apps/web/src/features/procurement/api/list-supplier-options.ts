import { MAX_PAGE_SIZE, type Page, type SupplierOptionResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

/** GET /suppliers/ : the company's suppliers (id, name, name_abbrev) for the supplier selects. */
export const fetchSupplierOptions = (signal?: AbortSignal) => api.get<Page<SupplierOptionResponse>>('/suppliers/', { query: { limit: MAX_PAGE_SIZE }, signal });

export const supplierOptionsQueryOptions = () =>
  queryOptions({
    queryKey: procurementKeys.suppliers,
    queryFn: ({ signal }) => fetchSupplierOptions(signal),
    select: (page) => [...page.results].sort((a, b) => a.name.localeCompare(b.name)),
  });

export function useSupplierOptions() {
  return useQuery(supplierOptionsQueryOptions());
}
