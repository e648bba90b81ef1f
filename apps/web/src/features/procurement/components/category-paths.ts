import { CATEGORY_PATH_SEPARATOR } from '@kontor/contract';

/** Where a category sits, read from its path: everything above its own name ('' at the top). */
export const parentPathOf = (path: string) => {
  const cut = path.lastIndexOf(CATEGORY_PATH_SEPARATOR);
  return cut < 0 ? '' : path.slice(0, cut);
};

export const CATEGORIES_PATH = '/procurements-and-suppliers/categories';

/** The list remembers its filters in the URL; the add and edit screens go back to exactly that list. */
export type CategoryFormLocationState = { listSearch?: string } | null;

export const categoriesListUrl = (state: unknown) => {
  const search = (state as CategoryFormLocationState)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${CATEGORIES_PATH}${search}` : CATEGORIES_PATH;
};
