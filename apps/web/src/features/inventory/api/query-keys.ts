import type { QueryClient } from '@tanstack/react-query';

export type LocationTypeListParams = { search: string; page: number };
export type LocationListParams = { search: string; obsolete: string; type: string; page: number; limit: number };
export type TransactionListParams = { product: string; location: string; action: string; from: string; to: string; page: number };
export type ProductListParams = { search: string; lowStock: boolean; product: string; page: number };
export type StocktakingParams = { location: string; search: string; before: string; obsolete: string; page: number };

/**
 * One root per kind of server data. Stock changes (add, move, edit, count) touch the
 * inventories, the ledger, the products (qty_in_stock) and stocktaking; a count the locations too
 * (their last stocktaking), never the types.
 * 'products' is the catalog's root too: the product grid refreshes from the same invalidation.
 */
export const inventoryKeys = {
  locationTypes: ['inventory-location-types'] as const,
  locationTypeList: (params: LocationTypeListParams) => [...inventoryKeys.locationTypes, 'list', params] as const,
  locationTypeOptions: () => [...inventoryKeys.locationTypes, 'options'] as const,
  locations: ['inventory-locations'] as const,
  locationList: (params: LocationListParams) => [...inventoryKeys.locations, 'list', params] as const,
  locationOptions: () => [...inventoryKeys.locations, 'options'] as const,
  transactions: ['inventory-transactions'] as const,
  transactionList: (params: TransactionListParams) => [...inventoryKeys.transactions, 'list', params] as const,
  inventories: ['inventories'] as const,
  productInventories: (productIds: readonly number[]) => [...inventoryKeys.inventories, [...productIds].sort((a, b) => a - b).join(',')] as const,
  products: ['products'] as const,
  productList: (params: ProductListParams) => [...inventoryKeys.products, 'list', params] as const,
  stocktaking: ['stocktaking'] as const,
  stocktakingList: (params: StocktakingParams) => [...inventoryKeys.stocktaking, params] as const,
};

/**
 * Spec §4: a stock change refreshes the inventories and the transactions (and what shows their sums).
 * A count (a STOCK_TAKING row booked or edited) also stamps its location's stocktaking_perfomed_at.
 */
export const invalidateStock = (queryClient: QueryClient, counted = false) =>
  Promise.all(
    [
      inventoryKeys.inventories,
      inventoryKeys.transactions,
      inventoryKeys.products,
      inventoryKeys.stocktaking,
      ...(counted ? [inventoryKeys.locations] : []),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
