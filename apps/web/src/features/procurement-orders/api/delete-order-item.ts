import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOrders, ORDER_PANEL_WRITE } from './query-keys';

/** DELETE /procurement/order_items/{id}/ -> 204; only an item nothing was received on. */
export const deleteOrderItem = (id: number) => api.delete(`/procurement/order_items/${id}/`);

export function useDeleteOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ORDER_PANEL_WRITE, mutationFn: deleteOrderItem, onSuccess: () => invalidateOrders(queryClient) });
}
