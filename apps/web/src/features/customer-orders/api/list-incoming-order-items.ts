import type { ProcurementOrderItemPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys } from './query-keys';

/** Only orders still waiting for goods can take a reservation. */
const INCOMING_STATUSES = 'open,partially_received';
/** A product is on a handful of purchase orders at a time; one page holds them all. */
const LINES_LIMIT = 100;

/** GET /procurement/order_items/?product=&order__status__in=open,partially_received: the product's incoming purchase order lines. */
export const fetchIncomingOrderItems = (productId: number, signal?: AbortSignal) =>
  api.get<ProcurementOrderItemPage>('/procurement/order_items/', {
    query: { product: productId, order__status__in: INCOMING_STATUSES, limit: LINES_LIMIT },
    signal,
  });

export const incomingOrderItemsQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: customerOrderKeys.incomingLines(productId),
    queryFn: ({ signal }) => fetchIncomingOrderItems(productId, signal),
  });

export function useIncomingOrderItems(productId: number) {
  return useQuery(incomingOrderItemsQueryOptions(productId));
}
