import type { ProductTypeList } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { markupsKeys } from './query-keys';

/** GET /catalog/product-types/: the fixed list of types with their labels. */
export const fetchProductTypes = (signal?: AbortSignal) => api.get<z.infer<typeof ProductTypeList>>('/catalog/product-types/', { signal });

export const productTypesQueryOptions = () =>
  queryOptions({
    queryKey: markupsKeys.productTypes,
    queryFn: ({ signal }) => fetchProductTypes(signal),
    select: (list) => list.results,
    // The types are part of the product, not of the company's data: they never change while the app runs.
    staleTime: Infinity,
  });

export function useProductTypes() {
  return useQuery(productTypesQueryOptions());
}
