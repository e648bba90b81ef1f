import type { BulkDeleteProductsBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** DELETE /catalog/products/ {products:[ids]} -> 204; 409 when one of them has stock or history (nothing is deleted). */
export const deleteProducts = (body: BulkDeleteProductsBody) => apiRequest<void>('/catalog/products/', { method: 'DELETE', body });

export function useDeleteProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProducts,
    onSuccess: (_data, { products }) => {
      for (const id of products) queryClient.removeQueries({ queryKey: catalogKeys.product(id) });
      return queryClient.invalidateQueries({ queryKey: catalogKeys.products });
    },
  });
}
