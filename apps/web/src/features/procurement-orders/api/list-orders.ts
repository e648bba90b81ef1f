import { PAGE_SIZE, type ProcurementOrderPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementOrderKeys, type OrderListParams } from './query-keys';

export const ORDERS_PAGE_SIZE = PAGE_SIZE.orders;

/** GET /procurement/orders/?limit=&offset=&supplier=&status=&search= , newest first. */
export const fetchOrders = (params: OrderListParams, signal?: AbortSignal) =>
  api.get<ProcurementOrderPage>('/procurement/orders/', {
    query: {
      limit: ORDERS_PAGE_SIZE,
      offset: params.page * ORDERS_PAGE_SIZE,
      supplier: params.supplier,
      status: params.status,
      search: params.search,
      ordering: '-created_at',
    },
    signal,
  });

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: procurementOrderKeys.orderList(params),
    queryFn: ({ signal }) => fetchOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
