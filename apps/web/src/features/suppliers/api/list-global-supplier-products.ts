import { PAGE_SIZE, type GlobalSupplierProductPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys, type GlobalProductListParams } from './query-keys';

export const GLOBAL_PRODUCTS_PAGE_SIZE = PAGE_SIZE.default;

/** GET /suppliers_global/products/?supplier=&search=&limit=&offset= */
export const fetchGlobalSupplierProducts = (query: { supplier: number; search?: string; limit: number; offset?: number }, signal?: AbortSignal) =>
  api.get<GlobalSupplierProductPage>('/suppliers_global/products/', { query, signal });

export const globalSupplierProductsQueryOptions = (params: GlobalProductListParams) =>
  queryOptions({
    queryKey: suppliersKeys.globalProductList(params),
    queryFn: ({ signal }) =>
      fetchGlobalSupplierProducts(
        { supplier: params.supplier, search: params.search, limit: GLOBAL_PRODUCTS_PAGE_SIZE, offset: params.page * GLOBAL_PRODUCTS_PAGE_SIZE },
        signal,
      ),
    // Another page or search of the same supplier keeps its rows while loading; another supplier's rows would be shown under the new name.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2].supplier === params.supplier ? previous : undefined),
    enabled: params.supplier > 0,
  });

export function useGlobalSupplierProducts(params: GlobalProductListParams) {
  return useQuery(globalSupplierProductsQueryOptions(params));
}
