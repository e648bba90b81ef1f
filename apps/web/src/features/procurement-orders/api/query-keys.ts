import type { QueryClient } from '@tanstack/react-query';

export type OrderListParams = { supplier: string; status: string; search: string; page: number };

/**
 * Roots other features own too, named here as keys (never imported): invalidating a root
 * refreshes every feature's lists under it, and our own reads live under those roots so the
 * other features' changes (a new supplier, a new location, a new product) reach our pickers.
 */
const SHARED_ROOTS = {
  suppliers: ['suppliers'] as const,
  locations: ['inventory-locations'] as const,
  catalogProducts: ['products'] as const,
  inventories: ['inventories'] as const,
  transactions: ['inventory-transactions'] as const,
  stocktaking: ['stocktaking'] as const,
  /** The procurement product grid shows what is on order. */
  procurementProducts: ['procurement-products'] as const,
  /**
   * Customer backorders reserve against purchase order lines: a line lowered, removed or cancelled
   * releases reservations, and a receipt makes them ready to pick. The orders show their backorders.
   */
  backorders: ['customer-backorders'] as const,
  customerOrders: ['customer-orders'] as const,
  /** A receipt of a backordered product notifies the company's users. */
  notifications: ['notifications'] as const,
};

export const procurementOrderKeys = {
  orders: ['procurement-orders'] as const,
  orderList: (params: OrderListParams) => [...procurementOrderKeys.orders, 'list', params] as const,
  order: (id: number) => [...procurementOrderKeys.orders, 'detail', id] as const,
  supplierOptions: () => [...SHARED_ROOTS.suppliers, 'purchase-order-options'] as const,
  locationOptions: () => [...SHARED_ROOTS.locations, 'receive-options'] as const,
};

/** The writes made from an order's side panel: while one runs, the panel stays open (its answer shows there). */
export const ORDER_PANEL_WRITE = ['procurement-orders', 'panel-write'] as const;

/**
 * Any change to an order or its items: its detail, the list's totals and status, what the procurement
 * grid shows as on order, and the customer backorders reserved against its lines (and their orders).
 */
export const invalidateOrders = (queryClient: QueryClient) =>
  Promise.all(
    [procurementOrderKeys.orders, SHARED_ROOTS.procurementProducts, SHARED_ROOTS.backorders, SHARED_ROOTS.customerOrders].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/**
 * A receipt books a STOCK_IN: besides the order, the inventories, the ledger, the products' qty_in_stock
 * and stocktaking change; reserved backorders become ready, and a backordered product's arrival is notified.
 */
export const invalidateAfterReceipt = (queryClient: QueryClient) =>
  Promise.all(
    [
      procurementOrderKeys.orders,
      SHARED_ROOTS.procurementProducts,
      SHARED_ROOTS.backorders,
      SHARED_ROOTS.customerOrders,
      SHARED_ROOTS.notifications,
      SHARED_ROOTS.inventories,
      SHARED_ROOTS.transactions,
      SHARED_ROOTS.catalogProducts,
      SHARED_ROOTS.stocktaking,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
