import type { Page, ProductLiteResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementOrderKeys } from './query-keys';

const PICKER_LIMIT = 20;

/** GET /catalog/products2/?search= : the light catalog list (id, sku, name, stock) for the item picker. */
export const fetchProductsLite = (search: string, signal?: AbortSignal) =>
  api.get<Page<ProductLiteResponse>>('/catalog/products2/', { query: { search, limit: PICKER_LIMIT }, signal });

export const productPickerQueryOptions = (search: string) =>
  queryOptions({
    queryKey: procurementOrderKeys.productPicker(search),
    queryFn: ({ signal }) => fetchProductsLite(search, signal),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

export function useProductPicker(search: string, enabled: boolean) {
  return useQuery({ ...productPickerQueryOptions(search), enabled });
}
