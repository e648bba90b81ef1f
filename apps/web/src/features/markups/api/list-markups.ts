import { PAGE_SIZE, type MarkupPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markupsKeys, type MarkupListParams } from './query-keys';

export const MARKUPS_PAGE_SIZE = PAGE_SIZE.markups;

/** Spec §7: GET /catalog/markups/ with offset (page times limit), limit and search (name). */
export const fetchMarkups = (query: { search?: string; limit: number; offset: number }, signal?: AbortSignal) =>
  api.get<MarkupPage>('/catalog/markups/', { query, signal });

export const markupsQueryOptions = (params: MarkupListParams) =>
  queryOptions({
    queryKey: markupsKeys.markupList(params),
    queryFn: ({ signal }) => fetchMarkups({ search: params.search, limit: MARKUPS_PAGE_SIZE, offset: params.page * MARKUPS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export function useMarkups(params: MarkupListParams) {
  return useQuery(markupsQueryOptions(params));
}
