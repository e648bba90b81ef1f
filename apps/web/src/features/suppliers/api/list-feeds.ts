import { PAGE_SIZE, type FeedPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys, type FeedListParams } from './query-keys';

/** Spec §9: feeds come 50 to a page. */
export const FEEDS_PAGE_SIZE = PAGE_SIZE.feeds;

/** GET /procurement/feeds/?limit=&offset=&supplier=&search= */
export const fetchFeeds = (query: { supplier?: string; search?: string; limit: number; offset?: number }, signal?: AbortSignal) =>
  api.get<FeedPage>('/procurement/feeds/', { query: { ...query, ordering: 'name' }, signal });

export const feedsQueryOptions = (params: FeedListParams) =>
  queryOptions({
    queryKey: suppliersKeys.feedList(params),
    queryFn: ({ signal }) =>
      fetchFeeds({ supplier: params.supplier, search: params.search, limit: FEEDS_PAGE_SIZE, offset: params.page * FEEDS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export function useFeeds(params: FeedListParams) {
  return useQuery(feedsQueryOptions(params));
}
