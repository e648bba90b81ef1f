import type { ProcurementOrderDetailResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementOrderKeys } from './query-keys';

/** GET /procurement/orders/{id}/: the order with its items and their receipts. */
export const fetchOrder = (id: number, signal?: AbortSignal) => api.get<ProcurementOrderDetailResponse>(`/procurement/orders/${id}/`, { signal });

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: procurementOrderKeys.order(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    enabled: id > 0,
  });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
