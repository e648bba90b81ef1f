import type { StockValueByLocationResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** GET /catalog/stock-value-by-location/: quantity and value at cost per location that is not obsolete. */
export const fetchStockValueByLocation = (signal?: AbortSignal) => api.get<StockValueByLocationResponse>('/catalog/stock-value-by-location/', { signal });

export const stockValueByLocationQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stockValueByLocation(),
    queryFn: ({ signal }) => fetchStockValueByLocation(signal),
    select: (response) => response.results,
    // It sums data under other roots too (the locations' names and obsolete flags, the products'
    // procurement cost), whose writes do not invalidate it: asked again each time the overview opens.
    staleTime: 0,
  });

export function useStockValueByLocation() {
  return useQuery(stockValueByLocationQueryOptions());
}
