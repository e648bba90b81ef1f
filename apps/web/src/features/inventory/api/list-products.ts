import { PAGE_SIZE, type Page, type ProductResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys, type ProductListParams } from './query-keys';

export const PRODUCTS_PAGE_SIZE = PAGE_SIZE.catalog;

/** GET /catalog/products/?search=&low_stock=Yes&id=&limit=&offset= */
export const fetchProducts = (params: ProductListParams, signal?: AbortSignal) =>
  api.get<Page<ProductResponse>>('/catalog/products/', {
    query: {
      search: params.search,
      low_stock: params.lowStock ? 'Yes' : undefined,
      id: params.product,
      ordering: 'sku',
      limit: PRODUCTS_PAGE_SIZE,
      offset: params.page * PRODUCTS_PAGE_SIZE,
    },
    signal,
  });

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: inventoryKeys.productList(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}
