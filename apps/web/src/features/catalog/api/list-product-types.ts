import type { ProductTypeResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

type ProductType = z.infer<typeof ProductTypeResponse>;

/** GET /catalog/product-types/ -> {results:[{value, name}]} */
export const fetchProductTypes = (signal?: AbortSignal) => api.get<{ results: ProductType[] }>('/catalog/product-types/', { signal });

export const productTypesQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.productTypes,
    queryFn: ({ signal }) => fetchProductTypes(signal),
    select: (list) => list.results,
    staleTime: Infinity,
  });

export function useProductTypes() {
  return useQuery(productTypesQueryOptions());
}
