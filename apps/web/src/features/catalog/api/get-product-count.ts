import type { ProductCountQuery, ProductCountResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** GET /catalog/product-count/?f=edited|unedited|mapped|new|low-in-stock -> {products: n} */
export const fetchProductCount = (f: ProductCountQuery['f'], signal?: AbortSignal) =>
  api.get<ProductCountResponse>('/catalog/product-count/', { query: { f }, signal });

export const productCountQueryOptions = (f: ProductCountQuery['f']) =>
  queryOptions({
    queryKey: catalogKeys.productCount(f),
    queryFn: ({ signal }) => fetchProductCount(f, signal),
    select: (response) => response.products,
  });

export function useProductCount(f: ProductCountQuery['f']) {
  return useQuery(productCountQueryOptions(f));
}
