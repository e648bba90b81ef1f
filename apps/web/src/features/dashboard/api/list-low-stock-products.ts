import type { ProductPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export const LOW_STOCK_LIMIT = 10;

/** GET /catalog/products/?low_stock=Yes&limit=10&ordering=qty_in_stock: the emptiest first. */
export const fetchLowStockProducts = (signal?: AbortSignal) =>
  api.get<ProductPage>('/catalog/products/', { query: { low_stock: 'Yes', limit: LOW_STOCK_LIMIT, ordering: 'qty_in_stock' }, signal });

export const lowStockProductsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.lowStockProducts(),
    queryFn: ({ signal }) => fetchLowStockProducts(signal),
  });

export function useLowStockProducts() {
  return useQuery(lowStockProductsQueryOptions());
}
