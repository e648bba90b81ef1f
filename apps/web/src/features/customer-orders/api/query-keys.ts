import type { QueryClient } from '@tanstack/react-query';

export type OrderListParams = {
  search: string;
  order_number: string;
  internal_status: string;
  created_from: string;
  created_to: string;
  delivered_from: string;
  delivered_to: string;
  sort: string;
  direction: string;
  page: number;
};

/**
 * Roots other features own too, named here as keys (never imported): picks are ledger rows, so
 * a pick or unpick elsewhere (pick & pack invalidates the transactions) refreshes the picks shown here,
 * and a backorder changes what the procurement grid shows as backordered.
 */
const SHARED_ROOTS = {
  transactions: ['inventory-transactions'] as const,
  procurementProducts: ['procurement-products'] as const,
  /** Purchase orders and their lines: a backorder reserves against an incoming line. */
  procurementOrders: ['procurement-orders'] as const,
  /** The company screen's storefront connection: a sync sets its last_synced_at. */
  storefront: ['companies', 'storefront'] as const,
  /** The bell and the notification lists: a sync, and a backorder made ready, notify every user of the company. */
  notifications: ['notifications'] as const,
};

export const customerOrderKeys = {
  orders: ['customer-orders'] as const,
  orderList: (params: OrderListParams) => [...customerOrderKeys.orders, 'list', params] as const,
  order: (id: number) => [...customerOrderKeys.orders, 'detail', id] as const,
  backorders: ['customer-backorders'] as const,
  backorderList: (orderNumber: string) => [...customerOrderKeys.backorders, 'list', { order_number: orderNumber }] as const,
  incomingLines: (productId: number) => [...SHARED_ROOTS.procurementOrders, 'incoming-lines', productId] as const,
  pickTransactions: (ids: readonly number[]) => [...SHARED_ROOTS.transactions, 'by-ids', [...ids].sort((a, b) => a - b).join(',')] as const,
};

/** A line linked to a product: every order list and detail. */
export const invalidateOrders = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: customerOrderKeys.orders });

/**
 * A sync: the orders; their backorders (an order the store cancels or reopens resolves or reopens
 * them) and the demand procurement shows; the storefront's 'Last synced' on the company screen;
 * and the 'Order sync finished' notification.
 */
export const invalidateAfterSync = (queryClient: QueryClient) =>
  Promise.all(
    [customerOrderKeys.orders, customerOrderKeys.backorders, SHARED_ROOTS.procurementProducts, SHARED_ROOTS.storefront, SHARED_ROOTS.notifications].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** Spec §4: adding or removing a backorder reloads the backorder list; the order's items show what is backordered, and procurement sees the demand. */
export const invalidateBackorders = (queryClient: QueryClient) =>
  Promise.all(
    [customerOrderKeys.backorders, customerOrderKeys.orders, SHARED_ROOTS.procurementProducts].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

/**
 * A backorder removed, or an order's status changed (a cancel resolves its backorders, a reopen
 * brings them back): goods held for them on a purchase order line pass to the next reserved
 * backorders, which become ready and notify every user (ADR 0011). So the backorders, the order,
 * procurement's demand and incoming lines, and the bell.
 */
export const invalidateAfterBackorderRelease = (queryClient: QueryClient) =>
  Promise.all(
    [customerOrderKeys.backorders, customerOrderKeys.orders, SHARED_ROOTS.procurementProducts, SHARED_ROOTS.procurementOrders, SHARED_ROOTS.notifications].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** A reservation changes the backorder, the order's view of it, and what is free on the purchase order line. */
export const invalidateAfterReservation = (queryClient: QueryClient) =>
  Promise.all(
    [customerOrderKeys.backorders, customerOrderKeys.orders, SHARED_ROOTS.procurementOrders].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
