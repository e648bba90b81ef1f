import type { QueryClient } from '@tanstack/react-query';

/**
 * Roots other features own too, named here as keys (never imported): our reads live under them,
 * so a change made elsewhere (an order edited, stock moved) reaches this screen, and ours reach theirs.
 */
const SHARED_ROOTS = {
  customerOrders: ['customer-orders'] as const,
  backorders: ['customer-backorders'] as const,
  inventories: ['inventories'] as const,
  transactions: ['inventory-transactions'] as const,
  /** The catalog grid shows qty_in_stock, which a pick changes. */
  catalogProducts: ['products'] as const,
  stocktaking: ['stocktaking'] as const,
};

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

export const pickKeys = {
  openOrders: (search: string) => [...SHARED_ROOTS.customerOrders, 'pick-queue', search] as const,
  order: (id: number) => [...SHARED_ROOTS.customerOrders, 'pick-detail', id] as const,
  inventories: (productIds: readonly number[]) => [...SHARED_ROOTS.inventories, 'pick', sortedIds(productIds)] as const,
  transactions: (ids: readonly number[]) => [...SHARED_ROOTS.transactions, 'pick', sortedIds(ids)] as const,
};

/** Spec §4: a pick or an unpick refreshes the order, the inventories and the transactions (and what shows stock sums). */
export const invalidateAfterPick = (queryClient: QueryClient) =>
  Promise.all(
    [SHARED_ROOTS.customerOrders, SHARED_ROOTS.inventories, SHARED_ROOTS.transactions, SHARED_ROOTS.catalogProducts, SHARED_ROOTS.stocktaking].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** Spec §4: adding a backorder reloads the backorder list; the order shows what is backordered. */
export const invalidateAfterBackorder = (queryClient: QueryClient) =>
  Promise.all([SHARED_ROOTS.backorders, SHARED_ROOTS.customerOrders].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
