import { MAX_PAGE_SIZE, type CatalogCategoryPage, type CatalogCategoryResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

const SEARCH_LIMIT = 50;

/** GET /catalog/categories/?search=&id__in= */
export const fetchCatalogCategories = (query: QueryParams, signal?: AbortSignal) => api.get<CatalogCategoryPage>('/catalog/categories/', { query, signal });

/** Catalog categories whose title matches, for the mapping picker. */
export const catalogCategorySearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: procurementKeys.catalogCategorySearch(search),
    queryFn: ({ signal }) => fetchCatalogCategories({ search, ordering: 'title', limit: SEARCH_LIMIT }, signal),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

export function useCatalogCategorySearch(search: string, enabled = true) {
  return useQuery({ ...catalogCategorySearchQueryOptions(search), enabled });
}

/** The catalog categories behind a list of ids (mapping chips), in one call. */
export const catalogCategoriesByIdsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: procurementKeys.catalogCategoriesByIds(ids),
    queryFn: ({ signal }) => fetchCatalogCategories({ id__in: [...ids].sort((a, b) => a - b).join(','), limit: MAX_PAGE_SIZE }, signal),
    select: (page): Map<number, CatalogCategoryResponse> => new Map(page.results.map((row) => [row.id, row])),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });

export function useCatalogCategoriesByIds(ids: readonly number[]) {
  return useQuery(catalogCategoriesByIdsQueryOptions(ids));
}
