import { PAGE_SIZE, type Page, type TransactionResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys, type TransactionListParams } from './query-keys';

export const TRANSACTIONS_PAGE_SIZE = PAGE_SIZE.default;

/** A date filter (YYYY-MM-DD, the user's day) as the instant it starts or ends. */
const dayBoundary = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);

/** GET /catalog/inventory_transactions/?product=&location=&inventory_action=&created_at__gte=&created_at__lte=&limit=&offset=, newest first. */
export const fetchTransactions = (params: TransactionListParams, signal?: AbortSignal) =>
  api.get<Page<TransactionResponse>>('/catalog/inventory_transactions/', {
    query: {
      product: params.product,
      location: params.location,
      inventory_action: params.action,
      created_at__gte: dayBoundary(params.from, false),
      created_at__lte: dayBoundary(params.to, true),
      ordering: '-created_at',
      limit: TRANSACTIONS_PAGE_SIZE,
      offset: params.page * TRANSACTIONS_PAGE_SIZE,
    },
    signal,
  });

export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: inventoryKeys.transactionList(params),
    queryFn: ({ signal }) => fetchTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}
