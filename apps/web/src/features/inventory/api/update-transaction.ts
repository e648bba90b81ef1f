import type { TransactionResponse, UpdateTransactionBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateStock } from './query-keys';

/** PUT /catalog/inventory_transactions/{id}/ {quantity?, inventory_action?, location?, comments?} */
export const updateTransaction = ({ id, body }: { id: number; body: UpdateTransactionBody }) =>
  api.put<TransactionResponse>(`/catalog/inventory_transactions/${id}/`, body);

export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTransaction, onSuccess: (row) => invalidateStock(queryClient, row.inventory_action === 'STOCK_TAKING') });
}
