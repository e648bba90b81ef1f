import type { ReserveBackorderResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterReservation } from './query-keys';

export type ReserveBackorderVariables = { backorder: number; procurementOrderItem: number };

/** POST /customers/backorders/{id}/reserve/ {procurement_order_item} -> {message, backorder}. */
export const reserveBackorder = ({ backorder, procurementOrderItem }: ReserveBackorderVariables) =>
  api.post<ReserveBackorderResponse>(`/customers/backorders/${backorder}/reserve/`, { procurement_order_item: procurementOrderItem });

export function useReserveBackorder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reserveBackorder, onSuccess: () => invalidateAfterReservation(queryClient) });
}
