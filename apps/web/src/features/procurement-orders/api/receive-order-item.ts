import type { ReceiveProcurementOrderItemBody, ReceiveProcurementOrderItemResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterReceipt, ORDER_PANEL_WRITE } from './query-keys';

/** POST /procurement/order_items/{id}/receive/ {location, quantity, comments}: a STOCK_IN at the location; partial receipts allowed. */
export const receiveOrderItem = ({ id, ...body }: ReceiveProcurementOrderItemBody & { id: number }) =>
  api.post<ReceiveProcurementOrderItemResponse>(`/procurement/order_items/${id}/receive/`, body);

export function useReceiveOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ORDER_PANEL_WRITE, mutationFn: receiveOrderItem, onSuccess: () => invalidateAfterReceipt(queryClient) });
}
