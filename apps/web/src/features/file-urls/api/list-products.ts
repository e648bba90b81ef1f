import type { ProductPage, ProductResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fileUrlKeys } from './query-keys';

const PICKER_LIMIT = 20;

/** What the picker shows of a product. */
export type PickedProduct = Pick<ProductResponse, 'id' | 'sku' | 'name'>;

const picked = ({ id, sku, name }: ProductResponse): PickedProduct => ({ id, sku, name });

/** GET /catalog/products/?search= : the company's catalog products a file URL can belong to. */
export const fetchProducts = (query: { search?: string; id?: number; limit: number }, signal?: AbortSignal) =>
  api.get<ProductPage>('/catalog/products/', { query, signal });

export const productPickerQueryOptions = (search: string) =>
  queryOptions({
    queryKey: fileUrlKeys.productPicker(search),
    queryFn: ({ signal }) => fetchProducts({ search, limit: PICKER_LIMIT }, signal),
    select: (page) => page.results.map(picked),
    placeholderData: keepPreviousData,
  });

export function useProductPicker(search: string, enabled: boolean) {
  return useQuery({ ...productPickerQueryOptions(search), enabled });
}

/** One product by id (the filter's value from the URL); null when the company has none with it. */
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: fileUrlKeys.product(id),
    queryFn: ({ signal }) => fetchProducts({ id, limit: 1 }, signal),
    select: (page) => (page.results[0] ? picked(page.results[0]) : null),
    enabled: id > 0,
  });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
