import type { Page, ProductLiteResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

const PICKER_LIMIT = 20;

/** GET /catalog/products2/?search= : the light list (id, sku, name, product_type, qty_in_stock) for pickers. */
export const fetchProductsLite = (query: { search?: string; id?: number; limit: number }, signal?: AbortSignal) =>
  api.get<Page<ProductLiteResponse>>('/catalog/products2/', { query, signal });

export const productPickerQueryOptions = (search: string) =>
  queryOptions({
    queryKey: inventoryKeys.productPicker(search),
    queryFn: ({ signal }) => fetchProductsLite({ search, limit: PICKER_LIMIT }, signal),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

export function useProductPicker(search: string) {
  return useQuery(productPickerQueryOptions(search));
}

/** One product by id (the picker's current value, from a URL filter). */
export const productLiteQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inventoryKeys.productLite(id),
    queryFn: ({ signal }) => fetchProductsLite({ id, limit: 1 }, signal),
    select: (page) => page.results[0] ?? null,
    enabled: id > 0,
  });

export function useProductLite(id: number) {
  return useQuery(productLiteQueryOptions(id));
}
