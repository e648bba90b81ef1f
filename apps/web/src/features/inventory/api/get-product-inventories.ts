import type { ProductInventoriesResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** GET /catalog/products/inventories/?product_ids=1,2: stock per location for each product. */
export const fetchProductInventories = (productIds: readonly number[], signal?: AbortSignal) =>
  api.get<ProductInventoriesResponse>('/catalog/products/inventories/', { query: { product_ids: productIds.join(',') }, signal });

export const productInventoriesQueryOptions = (productIds: readonly number[]) =>
  queryOptions({
    queryKey: inventoryKeys.productInventories(productIds),
    queryFn: ({ signal }) => fetchProductInventories(productIds, signal),
    enabled: productIds.length > 0,
  });

export function useProductInventories(productIds: readonly number[]) {
  return useQuery(productInventoriesQueryOptions(productIds));
}
