import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOrders, ORDER_PANEL_WRITE, procurementOrderKeys } from './query-keys';

/** DELETE /procurement/orders/{id}/ -> 204; the server refuses an order something was received on. */
export const deleteOrder = (id: number) => api.delete(`/procurement/orders/${id}/`);

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ORDER_PANEL_WRITE,
    mutationFn: deleteOrder,
    onSuccess: (_data, id) => {
      // Refetching the deleted order would only answer 404.
      queryClient.removeQueries({ queryKey: procurementOrderKeys.order(id) });
      return invalidateOrders(queryClient);
    },
  });
}
