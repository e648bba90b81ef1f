import type { Page, ProductLiteResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

const PICKER_LIMIT = 20;

/** Under the catalog products' root, so a change to the catalog refreshes the pickers too. */
export const catalogProductOptionKeys = {
  search: (search: string) => ['products', 'picker-options', search] as const,
};

/** GET /catalog/products2/?search= : the light catalog list (id, sku, name, stock), for the product pickers. */
export const catalogProductSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: catalogProductOptionKeys.search(search),
    queryFn: ({ signal }) => api.get<Page<ProductLiteResponse>>('/catalog/products2/', { query: { search, limit: PICKER_LIMIT }, signal }),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

export function useCatalogProductSearch(search: string, enabled: boolean) {
  return useQuery({ ...catalogProductSearchQueryOptions(search), enabled });
}
