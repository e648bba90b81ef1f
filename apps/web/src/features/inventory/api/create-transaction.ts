import type { CreateTransactionBody, TransactionResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateStock } from './query-keys';

/** POST /catalog/inventory_transactions/ {quantity, inventory_action, product, location, comments} -> 201 */
export const createTransaction = (body: CreateTransactionBody) => api.post<TransactionResponse>('/catalog/inventory_transactions/', body);

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTransaction, onSuccess: (row) => invalidateStock(queryClient, row.inventory_action === 'STOCK_TAKING') });
}
