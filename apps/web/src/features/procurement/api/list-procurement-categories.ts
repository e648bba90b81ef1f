import { PAGE_SIZE, type Page, type ProcurementCategoryResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import { procurementKeys, type CategoryListParams } from './query-keys';

export const CATEGORIES_PAGE_SIZE = PAGE_SIZE.procurementCategories;
const PARENT_OPTIONS_LIMIT = 50;

/** GET /procurement/categories/?supplier=&search=&ordering=&limit=&offset= */
export const fetchProcurementCategories = (query: QueryParams, signal?: AbortSignal) =>
  api.get<Page<ProcurementCategoryResponse>>('/procurement/categories/', { query, signal });

/** Ordered by path, so a supplier's tree reads top-down with each child under its parent. */
export const procurementCategoriesQueryOptions = (params: CategoryListParams) =>
  queryOptions({
    queryKey: procurementKeys.categoryList(params),
    queryFn: ({ signal }) =>
      fetchProcurementCategories(
        { supplier: params.supplier, search: params.search, ordering: 'path', limit: CATEGORIES_PAGE_SIZE, offset: params.page * CATEGORIES_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useProcurementCategories(params: CategoryListParams) {
  return useQuery(procurementCategoriesQueryOptions(params));
}

/** The categories of one supplier a new category can sit under, searched by name or path. */
export const parentOptionsQueryOptions = (supplier: number, search: string) =>
  queryOptions({
    queryKey: procurementKeys.parentOptions(supplier, search),
    queryFn: ({ signal }) => fetchProcurementCategories({ supplier, search, ordering: 'path', limit: PARENT_OPTIONS_LIMIT }, signal),
    select: (page) => page.results,
    enabled: supplier > 0,
    placeholderData: keepPreviousData,
  });

export function useParentOptions(supplier: number, search: string) {
  return useQuery(parentOptionsQueryOptions(supplier, search));
}
