export type BookmarkFilters = { view?: string; pinned?: boolean };

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  lists: () => [...bookmarkKeys.all, 'list'] as const,
  list: (filters: BookmarkFilters) => [...bookmarkKeys.lists(), filters] as const,
};
