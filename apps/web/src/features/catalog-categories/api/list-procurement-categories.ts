import type { ProcurementCategoryPage, ProcurementCategoryResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogCategoriesKeys } from './query-keys';

export type ProcurementCategoryOption = Pick<ProcurementCategoryResponse, 'id' | 'path' | 'supplier_name'>;

const SEARCH_LIMIT = 50;
const toOption = ({ id, path, supplier_name }: ProcurementCategoryResponse): ProcurementCategoryOption => ({ id, path, supplier_name });

/** The company's supplier categories matching `search` (name and path), for the mapping picker. */
export const procurementCategorySearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: catalogCategoriesKeys.procurementSearch(search),
    queryFn: ({ signal }) => api.get<ProcurementCategoryPage>('/procurement/categories/', { query: { search, ordering: 'path', limit: SEARCH_LIMIT }, signal }),
    select: (page) => page.results.map(toOption),
    placeholderData: keepPreviousData,
  });

export function useProcurementCategorySearch(search: string, enabled: boolean) {
  return useQuery({ ...procurementCategorySearchQueryOptions(search), enabled });
}

/** The mapped ones by id, so the picker can show their names. */
export const procurementCategoriesByIdsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: catalogCategoriesKeys.procurementByIds(ids),
    queryFn: ({ signal }) =>
      api.get<ProcurementCategoryPage>('/procurement/categories/', { query: { id__in: ids.join(','), limit: Math.max(ids.length, 1) }, signal }),
    select: (page) => page.results.map(toOption),
  });

export function useProcurementCategoriesByIds(ids: readonly number[]) {
  return useQuery({ ...procurementCategoriesByIdsQueryOptions(ids), enabled: ids.length > 0 });
}
