import type { BookmarkResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookmarkKeys, type BookmarkFilters } from './query-keys';

/** GET /user/bookmarks/?view= (all of mine without a view; ?pinned=true for the sidebar). A plain array. */
export const fetchBookmarks = ({ view, pinned }: BookmarkFilters, signal?: AbortSignal) =>
  api.get<BookmarkResponse[]>('/user/bookmarks/', { query: { view, pinned: pinned === undefined ? undefined : String(pinned) }, signal });

export const bookmarksQueryOptions = (filters: BookmarkFilters) =>
  queryOptions({
    queryKey: bookmarkKeys.list(filters),
    queryFn: ({ signal }) => fetchBookmarks(filters, signal),
  });

export function useBookmarks(filters: BookmarkFilters) {
  return useQuery(bookmarksQueryOptions(filters));
}

/** Where a bookmark leads: its view with its saved query. */
export const bookmarkHref = (bookmark: Pick<BookmarkResponse, 'view' | 'query'>) => (bookmark.query ? `${bookmark.view}?${bookmark.query}` : bookmark.view);
