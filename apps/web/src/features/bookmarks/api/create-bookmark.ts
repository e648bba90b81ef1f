import type { BookmarkBody, BookmarkResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookmarkKeys } from './query-keys';

/** POST /user/bookmarks/ {name, query, view, pinned} */
export const createBookmark = (body: BookmarkBody) => api.post<BookmarkResponse>('/user/bookmarks/', body);

export function useCreateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBookmark,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookmarkKeys.lists() }),
  });
}
