import type { ProcurementOrderDetailResponse, UpdateProcurementOrderBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOrders, ORDER_PANEL_WRITE } from './query-keys';

/** PUT /procurement/orders/{id}/ {status?, comments?}: fields left out keep their value. */
export const updateOrder = ({ id, ...body }: UpdateProcurementOrderBody & { id: number }) =>
  api.put<ProcurementOrderDetailResponse>(`/procurement/orders/${id}/`, body);

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ORDER_PANEL_WRITE, mutationFn: updateOrder, onSuccess: () => invalidateOrders(queryClient) });
}
