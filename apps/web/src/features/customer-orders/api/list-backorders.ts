import type { BackorderPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys } from './query-keys';

/** An order has a handful of lines; one page holds all of its backorders. */
const BACKORDERS_LIMIT = 1000;

/** GET /customers/backorders/?order_number=: the order's backorder list. */
export const fetchOrderBackorders = (orderNumber: string, signal?: AbortSignal) =>
  api.get<BackorderPage>('/customers/backorders/', { query: { order_number: orderNumber, limit: BACKORDERS_LIMIT }, signal });

export const orderBackordersQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: customerOrderKeys.backorderList(orderNumber),
    queryFn: ({ signal }) => fetchOrderBackorders(orderNumber, signal),
    enabled: orderNumber !== '',
  });

export function useOrderBackorders(orderNumber: string) {
  return useQuery(orderBackordersQueryOptions(orderNumber));
}
