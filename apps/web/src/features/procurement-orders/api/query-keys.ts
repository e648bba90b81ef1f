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
};

export const procurementOrderKeys = {
  orders: ['procurement-orders'] as const,
  orderList: (params: OrderListParams) => [...procurementOrderKeys.orders, 'list', params] as const,
  order: (id: number) => [...procurementOrderKeys.orders, 'detail', id] as const,
  supplierOptions: () => [...SHARED_ROOTS.suppliers, 'purchase-order-options'] as const,
  locationOptions: () => [...SHARED_ROOTS.locations, 'receive-options'] as const,
};

/** Any change to an order or its items: its detail, the list's totals and status, and what the procurement grid shows as on order. */
export const invalidateOrders = (queryClient: QueryClient) =>
  Promise.all([procurementOrderKeys.orders, SHARED_ROOTS.procurementProducts].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A receipt books a STOCK_IN: besides the order, the inventories, the ledger, the products' qty_in_stock and stocktaking change. */
export const invalidateAfterReceipt = (queryClient: QueryClient) =>
  Promise.all(
    [
      procurementOrderKeys.orders,
      SHARED_ROOTS.procurementProducts,
      SHARED_ROOTS.inventories,
      SHARED_ROOTS.transactions,
      SHARED_ROOTS.catalogProducts,
      SHARED_ROOTS.stocktaking,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
