import type { ProductCountQuery, ProductCountResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** Spec §7: GET /catalog/product-count/?f=edited|unedited|mapped|new|low-in-stock -> {products: n}. */
export const fetchProductCount = (filter: ProductCountQuery['f'], signal?: AbortSignal) =>
  api.get<ProductCountResponse>('/catalog/product-count/', { query: { f: filter }, signal });

export const productCountQueryOptions = (filter: ProductCountQuery['f']) =>
  queryOptions({
    queryKey: dashboardKeys.productCount(filter),
    queryFn: ({ signal }) => fetchProductCount(filter, signal),
    select: (response) => response.products,
  });

export function useProductCount(filter: ProductCountQuery['f']) {
  return useQuery(productCountQueryOptions(filter));
}
