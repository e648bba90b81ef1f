import { MAX_PAGE_SIZE, type CurrencyPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { suppliersKeys } from './query-keys';

/** GET /currencies/ (spec §7: the list is in results); reference data that rarely changes. */
export const fetchCurrencies = (signal?: AbortSignal) => api.get<CurrencyPage>('/currencies/', { query: { limit: MAX_PAGE_SIZE, ordering: 'code' }, signal });

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: suppliersKeys.currencies,
    queryFn: ({ signal }) => fetchCurrencies(signal),
    select: (page) => page.results,
    staleTime: 60 * 60 * 1000,
  });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
