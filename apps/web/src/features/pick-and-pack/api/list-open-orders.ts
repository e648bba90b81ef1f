import type { OrderPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pickKeys } from './query-keys';

/** The picking queue holds this many orders, oldest first. */
export const PICK_QUEUE_SIZE = 50;

/** GET /customers/orders/?internal_status__in=open,partially_picked&ordering=created_at&limit=50[&search=]: what is left to pick. */
export const fetchOpenOrders = (search: string, signal?: AbortSignal) =>
  api.get<OrderPage>('/customers/orders/', {
    query: { internal_status__in: 'open,partially_picked', ordering: 'created_at', limit: PICK_QUEUE_SIZE, search },
    signal,
  });

export const openOrdersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: pickKeys.openOrders(search),
    queryFn: ({ signal }) => fetchOpenOrders(search, signal),
    placeholderData: keepPreviousData,
  });

export function useOpenOrders(search: string) {
  return useQuery(openOrdersQueryOptions(search));
}
