import type { ProductPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * The instant the user's day `day` (YYYY-MM-DD) starts: what the catalog grid sends for its
 * created_at__gte=<day> filter, so the count and the grid it links to draw the same line.
 */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/**
 * GET /catalog/products/?created_at__gte=<start of day>&limit=1 -> its count: the products the
 * grid lists under the tile's link. product-count?f=new counts from now() - 7 days, an instant the
 * grid's day filter cannot express, so its figure and the linked list disagreed by up to a day.
 */
export const fetchNewProductCount = (day: string, signal?: AbortSignal) =>
  api.get<ProductPage>('/catalog/products/', { query: { created_at__gte: startOfDay(day), limit: 1 }, signal });

export const newProductCountQueryOptions = (day: string) =>
  queryOptions({
    queryKey: dashboardKeys.newProductCount(day),
    queryFn: ({ signal }) => fetchNewProductCount(day, signal),
    select: (page) => ({ count: page.count, estimate: page.count_is_estimate === true }),
  });

export function useNewProductCount(day: string) {
  return useQuery(newProductCountQueryOptions(day));
}
