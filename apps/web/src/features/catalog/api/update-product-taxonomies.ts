import type { ProductTaxonomiesResponse, UpdateProductTaxonomiesBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

type Variables = { productId: number; body: UpdateProductTaxonomiesBody };

/** PUT /catalog/products/{id}/taxonomies/ {google_taxonomy, facebook_taxonomy} (null = inherit); 400 is keyed by field. */
export const updateProductTaxonomies = ({ productId, body }: Variables) =>
  api.put<ProductTaxonomiesResponse>(`/catalog/products/${productId}/taxonomies/`, body);

export function useUpdateProductTaxonomies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductTaxonomies,
    // The answer is the new state, inherited values included: nothing else on the screen shows it.
    onSuccess: (saved, { productId }) => queryClient.setQueryData(catalogKeys.productTaxonomies(productId), saved),
  });
}
