import type { ProductCountQuery } from '@kontor/contract';

/**
 * The overview's figures sit under the roots of the data they summarise: 'products' (the
 * catalog's root, refreshed by every product write) and 'inventories' (refreshed by every stock
 * change), so those invalidations refresh the overview too without it being named.
 */
export const dashboardKeys = {
  productCount: (filter: ProductCountQuery['f']) => ['products', 'count', filter] as const,
  lowStockProducts: () => ['products', 'low-stock', 'overview'] as const,
  stockValueByLocation: () => ['inventories', 'stock-value-by-location'] as const,
};
