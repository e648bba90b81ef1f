import type { ProductTaxonomiesResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** GET /catalog/products/{id}/taxonomies/: the product's own channel categories and the ones feeds use (own, else inherited from its categories). */
export const productTaxonomiesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: catalogKeys.productTaxonomies(productId),
    queryFn: ({ signal }) => api.get<ProductTaxonomiesResponse>(`/catalog/products/${productId}/taxonomies/`, { signal }),
  });

export function useProductTaxonomies(productId: number) {
  return useQuery(productTaxonomiesQueryOptions(productId));
}
