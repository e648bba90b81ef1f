import type { BulkDeleteProductsBody } from '@kontor/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** DELETE /catalog/products/ {products:[ids]} -> 204; 409 when one of them has stock or history (nothing is deleted). */
export const deleteProducts = (body: BulkDeleteProductsBody) => apiRequest<void>('/catalog/products/', { method: 'DELETE', body });

/** After a delete: the grid and counts, and the screens that list the deleted products or map to them. */
export const invalidateAfterDelete = (queryClient: QueryClient) =>
  Promise.all(
    [catalogKeys.products, catalogKeys.bulkDescriptions, catalogKeys.stocktaking, catalogKeys.procurementProducts].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export function useDeleteProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProducts,
    onSuccess: (_data, { products }) => {
      for (const id of products) queryClient.removeQueries({ queryKey: catalogKeys.product(id) });
      return invalidateAfterDelete(queryClient);
    },
  });
}
