import type { OrderResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pickKeys } from './query-keys';

/** GET /customers/orders/{id}/: read on its own, so an order stays shown once fully picked and out of the queue. */
export const fetchOrder = (id: number, signal?: AbortSignal) => api.get<OrderResponse>(`/customers/orders/${id}/`, { signal });

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pickKeys.order(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    enabled: id > 0,
  });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
