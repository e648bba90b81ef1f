import { MAX_PAGE_SIZE, type CatalogCategoryPage, type CatalogCategoryResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogCategoriesKeys } from './query-keys';

/**
 * The whole tree, in tree order: GET /catalog/categories/ in pages of MAX_PAGE_SIZE (one page
 * for any shop with fewer categories than that), so a move can be planned against every node.
 */
export async function fetchCategoryTree(signal?: AbortSignal): Promise<CatalogCategoryResponse[]> {
  const rows: CatalogCategoryResponse[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await api.get<CatalogCategoryPage>('/catalog/categories/', { query: { limit: MAX_PAGE_SIZE, offset }, signal });
    rows.push(...page.results);
    if (!page.next || page.results.length === 0) return rows;
  }
}

export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: catalogCategoriesKeys.tree(),
    queryFn: ({ signal }) => fetchCategoryTree(signal),
  });

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}
