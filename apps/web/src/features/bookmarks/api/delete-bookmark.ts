import type { BookmarkKeyQuery } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookmarkKeys } from './query-keys';

/** DELETE /user/bookmarks/?view=&name= */
export const deleteBookmark = (key: BookmarkKeyQuery) => api.delete('/user/bookmarks/', { query: key });

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookmark,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookmarkKeys.lists() }),
  });
}
