import { useSearchParams } from 'react-router';

export const PAGE_PARAM = 'page';

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 0;
};

/**
 * Filters and the page live in the URL (DESIGN §6), so a bookmark is just name + query.
 * Empty values are left out of the URL; any filter change resets the page to 0.
 */
export function useListFilters<const K extends string>(names: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = Object.fromEntries(names.map((name) => [name, searchParams.get(name) ?? ''])) as Record<K, string>;
  const page = readPage(searchParams.get(PAGE_PARAM));

  const setFilters = (changes: Partial<Record<K, string>>) => {
    setSearchParams(
      (params) => {
        for (const [name, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        params.delete(PAGE_PARAM);
        return params;
      },
      { replace: true },
    );
  };

  const setPage = (next: number) => {
    setSearchParams((params) => {
      if (next > 0) params.set(PAGE_PARAM, String(next));
      else params.delete(PAGE_PARAM);
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
