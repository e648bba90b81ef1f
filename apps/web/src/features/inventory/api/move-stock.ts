import type { MoveStockBody, TransactionResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateStock } from './query-keys';

type MoveStockResult = { move_id: string; stock_out: TransactionResponse; stock_in: TransactionResponse };

/** POST /catalog/inventory_transactions/move/ {product, from_location, to_location, quantity, comments} -> 201: the STOCK_OUT and STOCK_IN in one go. */
export const moveStock = (body: MoveStockBody) => api.post<MoveStockResult>('/catalog/inventory_transactions/move/', body);

export function useMoveStock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveStock, onSuccess: () => invalidateStock(queryClient) });
}
