import { PAGE_SIZE, type SupplierPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys, type SupplierListParams } from './query-keys';

/** Spec §9 gives suppliers no page size: the default one. */
export const SUPPLIERS_PAGE_SIZE = PAGE_SIZE.default;

/** GET /procurement/suppliers/?limit=&offset=&search=&ordering=name */
export const fetchSuppliers = (query: { search?: string; limit: number; offset?: number }, signal?: AbortSignal) =>
  api.get<SupplierPage>('/procurement/suppliers/', { query: { ...query, ordering: 'name' }, signal });

export const suppliersQueryOptions = (params: SupplierListParams) =>
  queryOptions({
    queryKey: suppliersKeys.supplierList(params),
    queryFn: ({ signal }) => fetchSuppliers({ search: params.search, limit: SUPPLIERS_PAGE_SIZE, offset: params.page * SUPPLIERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export function useSuppliers(params: SupplierListParams) {
  return useQuery(suppliersQueryOptions(params));
}
