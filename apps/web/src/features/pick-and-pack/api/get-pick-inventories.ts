import type { ProductInventoriesResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pickKeys } from './query-keys';

/** GET /catalog/products/inventories/?product_ids=: stock per location of the products the order's items are picked from. */
export const fetchPickInventories = (productIds: readonly number[], signal?: AbortSignal) =>
  api.get<ProductInventoriesResponse>('/catalog/products/inventories/', { query: { product_ids: productIds.join(',') }, signal });

export const pickInventoriesQueryOptions = (productIds: readonly number[]) =>
  queryOptions({
    queryKey: pickKeys.inventories(productIds),
    queryFn: ({ signal }) => fetchPickInventories(productIds, signal),
    enabled: productIds.length > 0,
  });

export function usePickInventories(productIds: readonly number[]) {
  return useQuery(pickInventoriesQueryOptions(productIds));
}
