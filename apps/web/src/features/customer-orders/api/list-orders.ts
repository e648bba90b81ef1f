import { PAGE_SIZE, type OrderPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys, type OrderListParams } from './query-keys';

export const ORDERS_PAGE_SIZE = PAGE_SIZE.orders;
export const DEFAULT_SORT = 'created_at';

/** A date filter (YYYY-MM-DD, the user's day) as the instant it starts or ends. */
const dayBoundary = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);

/** Spec §4 sort field and direction as DRF's `ordering`: newest first unless told otherwise. */
export const orderingOf = (sort: string, direction: string) => `${direction === 'asc' ? '' : '-'}${sort || DEFAULT_SORT}`;

/** GET /customers/orders/?limit=25&offset=&search=&order_number=&internal_status=&created_at__gte=...&ordering= */
export const fetchOrders = (params: OrderListParams, signal?: AbortSignal) =>
  api.get<OrderPage>('/customers/orders/', {
    query: {
      limit: ORDERS_PAGE_SIZE,
      offset: params.page * ORDERS_PAGE_SIZE,
      search: params.search,
      order_number: params.order_number,
      internal_status: params.internal_status,
      created_at__gte: dayBoundary(params.created_from, false),
      created_at__lte: dayBoundary(params.created_to, true),
      delivered_at__gte: dayBoundary(params.delivered_from, false),
      delivered_at__lte: dayBoundary(params.delivered_to, true),
      ordering: orderingOf(params.sort, params.direction),
    },
    signal,
  });

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: customerOrderKeys.orderList(params),
    queryFn: ({ signal }) => fetchOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
