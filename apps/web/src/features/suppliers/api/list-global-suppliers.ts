import { PAGE_SIZE, type GlobalSupplierPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys, type GlobalSupplierListParams } from './query-keys';

export const GLOBAL_SUPPLIERS_PAGE_SIZE = PAGE_SIZE.default;

/** GET /suppliers_global/?limit=&offset=&search= (the platform directory, read-only). */
export const fetchGlobalSuppliers = (query: { search?: string; limit: number; offset?: number }, signal?: AbortSignal) =>
  api.get<GlobalSupplierPage>('/suppliers_global/', { query: { ...query, ordering: 'name' }, signal });

export const globalSuppliersQueryOptions = (params: GlobalSupplierListParams) =>
  queryOptions({
    queryKey: suppliersKeys.globalSupplierList(params),
    queryFn: ({ signal }) =>
      fetchGlobalSuppliers({ search: params.search, limit: GLOBAL_SUPPLIERS_PAGE_SIZE, offset: params.page * GLOBAL_SUPPLIERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export function useGlobalSuppliers(params: GlobalSupplierListParams) {
  return useQuery(globalSuppliersQueryOptions(params));
}
