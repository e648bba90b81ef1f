import type { TransactionResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys } from './query-keys';

/** GET /catalog/products/inventories/transactions/?inventory_transaction_ids=: the ledger rows of an order's picks. */
export const fetchPickTransactions = (ids: readonly number[], signal?: AbortSignal) =>
  api.get<{ results: TransactionResponse[] }>('/catalog/products/inventories/transactions/', { query: { inventory_transaction_ids: ids.join(',') }, signal });

export const pickTransactionsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: customerOrderKeys.pickTransactions(ids),
    queryFn: ({ signal }) => fetchPickTransactions(ids, signal),
    enabled: ids.length > 0,
  });

export function usePickTransactions(ids: readonly number[]) {
  return useQuery(pickTransactionsQueryOptions(ids));
}
