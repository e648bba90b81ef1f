import type { BookmarkBody, BookmarkKeyQuery, BookmarkResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookmarkKeys } from './query-keys';

/** PUT /user/bookmarks/?view=&name= with the same body as POST: a bookmark is keyed by view and name. */
export const updateBookmark = ({ key, body }: { key: BookmarkKeyQuery; body: BookmarkBody }) =>
  api.put<BookmarkResponse>('/user/bookmarks/', body, { query: key });

export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookmark,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookmarkKeys.lists() }),
  });
}
