import type { OrderResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys } from './query-keys';

/** GET /customers/orders/{id}/: the order with its items. */
export const fetchOrder = (id: number, signal?: AbortSignal) => api.get<OrderResponse>(`/customers/orders/${id}/`, { signal });

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerOrderKeys.order(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    enabled: id > 0,
  });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
