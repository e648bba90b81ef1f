import type { ProcurementOrderItemResponse, UpdateProcurementOrderItemBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOrders, ORDER_PANEL_WRITE } from './query-keys';

/** PUT /procurement/order_items/{id}/ {quantity}: never below what was already received. */
export const updateOrderItem = ({ id, ...body }: UpdateProcurementOrderItemBody & { id: number }) =>
  api.put<ProcurementOrderItemResponse>(`/procurement/order_items/${id}/`, body);

export function useUpdateOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ORDER_PANEL_WRITE, mutationFn: updateOrderItem, onSuccess: () => invalidateOrders(queryClient) });
}
