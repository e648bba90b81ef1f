import type { ProductResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** GET /catalog/products/{id}/ */
export const fetchProduct = (id: number, signal?: AbortSignal) => api.get<ProductResponse>(`/catalog/products/${id}/`, { signal });

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    enabled: id > 0,
  });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
