import type { CreateProcurementOrderItemBody, CreateProcurementOrderItemResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOrders, ORDER_PANEL_WRITE } from './query-keys';

/** POST /procurement/order_items/ {order, quantity, product}; a product already on the order gets the quantity added. */
export const createOrderItem = (body: CreateProcurementOrderItemBody) => api.post<CreateProcurementOrderItemResponse>('/procurement/order_items/', body);

export function useCreateOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ORDER_PANEL_WRITE, mutationFn: createOrderItem, onSuccess: () => invalidateOrders(queryClient) });
}
