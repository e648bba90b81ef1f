import type { TransactionResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pickKeys } from './query-keys';

type TransactionsByIds = { results: TransactionResponse[] };

/** GET /catalog/products/inventories/transactions/?inventory_transaction_ids=: the order items' picks (STOCK_OUT rows). */
export const fetchPickTransactions = (ids: readonly number[], signal?: AbortSignal) =>
  api.get<TransactionsByIds>('/catalog/products/inventories/transactions/', { query: { inventory_transaction_ids: ids.join(',') }, signal });

export const pickTransactionsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: pickKeys.transactions(ids),
    queryFn: ({ signal }) => fetchPickTransactions(ids, signal),
    enabled: ids.length > 0,
    // A pick or unpick changes the ids (so the key): until the new read comes back, the picks
    // already known and still among the ids stay listed, rather than the list vanishing.
    placeholderData: (previous) => previous && { results: previous.results.filter((transaction) => ids.includes(transaction.id)) },
  });

export function usePickTransactions(ids: readonly number[]) {
  return useQuery(pickTransactionsQueryOptions(ids));
}
