import type { CreateProcurementOrderBody, ProcurementOrderDetailResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOrders } from './query-keys';

/** POST /procurement/orders/ {supplier, internal_order_number?, comments} -> 201; an empty number gets the next PO-000001... */
export const createOrder = (body: CreateProcurementOrderBody) => api.post<ProcurementOrderDetailResponse>('/procurement/orders/', body);

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrder, onSuccess: () => invalidateOrders(queryClient) });
}
