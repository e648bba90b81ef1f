import type { Page, ProductResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import { productListParamsOf } from './product-list-params';
import { catalogKeys, PRODUCT_FILTERS, type ProductFilters, type ProductListParams } from './query-keys';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter (YYYY-MM-DD, the user's day) as the instant that day starts or ends; a malformed one filters nothing. */
export const dayBoundary = (day: string, end: boolean) => {
  if (!DAY.test(day)) return undefined;
  const instant = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
};

/** The URL filters as the API's ListProductsQuery: dates become the bounds of the chosen days, empty values are left out. */
export const productFilterQuery = (filters: ProductFilters): QueryParams => {
  const query: QueryParams = {};
  for (const name of PRODUCT_FILTERS) {
    const value = filters[name];
    if (!value) continue;
    if (name.endsWith('__gte')) query[name] = dayBoundary(value, false);
    else if (name.endsWith('__lte')) query[name] = dayBoundary(value, true);
    else query[name] = value;
  }
  return query;
};

/** GET /catalog/products/?<filters>&ordering=&limit=&offset= */
export const fetchProducts = (query: QueryParams, signal?: AbortSignal) => api.get<Page<ProductResponse>>('/catalog/products/', { query, signal });

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogKeys.productList(params),
    queryFn: ({ signal }) =>
      fetchProducts({ ...productFilterQuery(params.filters), ordering: params.ordering, limit: params.limit, offset: params.page * params.limit }, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}

/** The ids of every product matching the filters, read page by page (`pageSize` each), for bulk actions on "all matching". */
export async function fetchMatchingProductIds(filters: ProductFilters, pageSize: number, onProgress?: (loaded: number, total: number) => void) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchProducts({ ...productFilterQuery(filters), ordering: 'id', limit: pageSize, offset });
    ids.push(...page.results.map((row) => row.id));
    onProgress?.(ids.length, page.count);
    if (!page.next || page.results.length === 0) return ids;
  }
}

/** Starts loading the list a grid URL shows, before the grid has rendered (see app/prefetch-first-screen.ts). */
export const prefetchProductList = (queryClient: QueryClient, params: URLSearchParams) =>
  queryClient.prefetchQuery(productsQueryOptions(productListParamsOf(params)));
