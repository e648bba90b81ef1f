import { useSearchParams } from 'react-router';

/** The page a URL asks for: a whole number from 0, anything else is page 0. */
export const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 0;
};

/**
 * Filters and the page live in the URL (DESIGN §6), so a bookmark is just name + query.
 * Empty values are left out of the URL; any filter change resets the page to 0.
 * `pageParam` lets a screen with two lists keep a page per list, each reset by its own filters.
 */
export function useListFilters<const K extends string>(names: readonly K[], pageParam = 'page') {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = Object.fromEntries(names.map((name) => [name, searchParams.get(name) ?? ''])) as Record<K, string>;
  const page = readPage(searchParams.get(pageParam));

  const setFilters = (changes: Partial<Record<K, string>>) => {
    setSearchParams(
      (params) => {
        for (const [name, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        params.delete(pageParam);
        return params;
      },
      { replace: true },
    );
  };

  const setPage = (next: number) => {
    setSearchParams((params) => {
      if (next > 0) params.set(pageParam, String(next));
      else params.delete(pageParam);
      return params;
    });
  };

  const resetFilters = () => setFilters(Object.fromEntries(names.map((name) => [name, ''])) as Partial<Record<K, string>>);

  return {
    filters,
    page,
    setFilters,
    setFilter: (name: K, value: string) => setFilters({ [name]: value } as Partial<Record<K, string>>),
    setPage,
    resetFilters,
  };
}
