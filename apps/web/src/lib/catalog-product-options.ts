import type { Page, ProductLiteResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

const PICKER_LIMIT = 20;

/** Under the catalog products' root, so a change to the catalog (or to stock) refreshes the pickers too. */
export const catalogProductOptionKeys = {
  search: (search: string) => ['products', 'picker-options', search] as const,
  one: (id: number) => ['products', 'picker-option', id] as const,
};

/** GET /catalog/products2/ : the light catalog list (id, sku, name, product_type, qty_in_stock). */
const fetchCatalogProducts = (query: { search?: string; id?: number; limit: number }, signal: AbortSignal) =>
  api.get<Page<ProductLiteResponse>>('/catalog/products2/', { query, signal });

/** The products whose SKU or name matches, for the product pickers. */
export const catalogProductSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: catalogProductOptionKeys.search(search),
    queryFn: ({ signal }) => fetchCatalogProducts({ search, limit: PICKER_LIMIT }, signal),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

export function useCatalogProductSearch(search: string, enabled: boolean) {
  return useQuery({ ...catalogProductSearchQueryOptions(search), enabled });
}

/** One product by id (a picker's value from a URL filter); null when the company has none with it. Asks nothing for 0. */
export const catalogProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogProductOptionKeys.one(id),
    queryFn: ({ signal }) => fetchCatalogProducts({ id, limit: 1 }, signal),
    select: (page) => page.results[0] ?? null,
    enabled: id > 0,
  });

export function useCatalogProduct(id: number) {
  return useQuery(catalogProductQueryOptions(id));
}
