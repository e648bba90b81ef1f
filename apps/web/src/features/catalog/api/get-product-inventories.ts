import type { ProductInventories, ProductInventoriesResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** GET /catalog/products/inventories/?product_ids=1,2: stock per location for a whole page of products in one call. */
export const fetchProductInventories = (productIds: readonly number[], signal?: AbortSignal) =>
  api.get<ProductInventoriesResponse>('/catalog/products/inventories/', { query: { product_ids: productIds.join(',') }, signal });

export const productInventoriesQueryOptions = (productIds: readonly number[]) =>
  queryOptions({
    queryKey: catalogKeys.inventories(productIds),
    queryFn: ({ signal }) => fetchProductInventories(productIds, signal),
    select: (response): Map<number, ProductInventories> => new Map(response.results.map((row) => [row.product_id, row])),
    enabled: productIds.length > 0,
  });

export function useProductInventories(productIds: readonly number[], enabled = true) {
  return useQuery({ ...productInventoriesQueryOptions(productIds), enabled: enabled && productIds.length > 0 });
}
