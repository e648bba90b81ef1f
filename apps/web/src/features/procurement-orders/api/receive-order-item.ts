import type { ReceiveProcurementOrderItemBody, ReceiveProcurementOrderItemResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterReceipt } from './query-keys';

/** POST /procurement/order_items/{id}/receive/ {location, quantity, comments}: a STOCK_IN at the location; partial receipts allowed. */
export const receiveOrderItem = ({ id, ...body }: ReceiveProcurementOrderItemBody & { id: number }) =>
  api.post<ReceiveProcurementOrderItemResponse>(`/procurement/order_items/${id}/receive/`, body);

export function useReceiveOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: receiveOrderItem, onSuccess: () => invalidateAfterReceipt(queryClient) });
}
