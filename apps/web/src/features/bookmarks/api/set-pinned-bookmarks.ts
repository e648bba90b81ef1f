import type { BookmarkResponse, BulkPinBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookmarkKeys } from './query-keys';

/** PUT /user/bookmarks/pinned/ {bookmarks: [{view, name, pinned}]}: pins in bulk, answers the full array. */
export const setPinnedBookmarks = (body: BulkPinBody) => api.put<BookmarkResponse[]>('/user/bookmarks/pinned/', body);

export function useSetPinnedBookmarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPinnedBookmarks,
    onSuccess: (bookmarks) => {
      // The answer is the full list; the pinned-only list is derived from it.
      queryClient.setQueryData(bookmarkKeys.list({}), bookmarks);
      queryClient.setQueryData(
        bookmarkKeys.list({ pinned: true }),
        bookmarks.filter((bookmark) => bookmark.pinned),
      );
      return queryClient.invalidateQueries({ queryKey: bookmarkKeys.lists(), refetchType: 'none' });
    },
  });
}
