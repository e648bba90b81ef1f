import { PAGE_SIZE, type ProcurementProductPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys, type ProcurementProductListParams } from './query-keys';

/** The grid pages like the catalog's (spec §4: page 0, limit 25). */
export const PROCUREMENT_PRODUCTS_PAGE_SIZE = PAGE_SIZE.catalog;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter (YYYY-MM-DD, the user's day) as the instant that day starts or ends; a malformed one filters nothing. */
export const dayBoundary = (day: string, end: boolean) => {
  if (!DAY.test(day)) return undefined;
  const instant = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
};

/**
 * GET /procurement/products/?wishlist=&mapped=&created_at__gte=&created_at__lte=&supplier=&search=&limit=&offset=,
 * newest first (the server's default order).
 */
export const fetchProcurementProducts = (params: ProcurementProductListParams, signal?: AbortSignal) =>
  api.get<ProcurementProductPage>('/procurement/products/', {
    query: {
      wishlist: params.wishlist,
      mapped: params.mapped,
      created_at__gte: dayBoundary(params.from, false),
      created_at__lte: dayBoundary(params.to, true),
      supplier: params.supplier,
      search: params.search,
      limit: PROCUREMENT_PRODUCTS_PAGE_SIZE,
      offset: params.page * PROCUREMENT_PRODUCTS_PAGE_SIZE,
    },
    signal,
  });

export const procurementProductsQueryOptions = (params: ProcurementProductListParams) =>
  queryOptions({
    queryKey: procurementKeys.productList(params),
    queryFn: ({ signal }) => fetchProcurementProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProcurementProducts(params: ProcurementProductListParams) {
  return useQuery(procurementProductsQueryOptions(params));
}
