import { PAGE_SIZE, type StocktakingResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys, type StocktakingParams } from './query-keys';

/** Spec §4/§9: page 0, limit 100, obsolete 'No'. */
export const STOCKTAKING_PAGE_SIZE = PAGE_SIZE.stocktaking;
export const STOCKTAKING_DEFAULT_OBSOLETE = 'No';

/**
 * 'Stocktaking done before' a day (YYYY-MM-DD, the operator's day) as the instant that day starts
 * where the operator is; a bare date would be read as midnight UTC. Anything else goes as it is.
 */
const dayStart = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const start = new Date(`${day}T00:00:00`);
  return Number.isNaN(start.getTime()) ? day : start.toISOString();
};

/** GET /catalog/stocktaking/?limit=100&offset=&obsolete=No&location=&search=&stocktaking_before= */
export const fetchStocktaking = (params: StocktakingParams, signal?: AbortSignal) =>
  api.get<StocktakingResponse>('/catalog/stocktaking/', {
    query: {
      limit: STOCKTAKING_PAGE_SIZE,
      offset: params.page * STOCKTAKING_PAGE_SIZE,
      obsolete: params.obsolete || STOCKTAKING_DEFAULT_OBSOLETE,
      location: params.location,
      search: params.search,
      stocktaking_before: dayStart(params.before),
    },
    signal,
  });

export const stocktakingQueryOptions = (params: StocktakingParams) =>
  queryOptions({
    queryKey: inventoryKeys.stocktakingList(params),
    queryFn: ({ signal }) => fetchStocktaking(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStocktaking(params: StocktakingParams) {
  return useQuery(stocktakingQueryOptions(params));
}
