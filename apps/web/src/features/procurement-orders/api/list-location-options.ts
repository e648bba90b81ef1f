import { MAX_PAGE_SIZE, type LocationResponse, type Page } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementOrderKeys } from './query-keys';

/** GET /catalog/inventory_locations/?obsolete=No : where received goods can go. */
export const fetchLocationOptions = (signal?: AbortSignal) =>
  api.get<Page<LocationResponse>>('/catalog/inventory_locations/', { query: { limit: MAX_PAGE_SIZE, obsolete: 'No', ordering: 'name' }, signal });

export const locationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: procurementOrderKeys.locationOptions(),
    queryFn: ({ signal }) => fetchLocationOptions(signal),
    select: (page) => page.results,
  });

export function useLocationOptions() {
  return useQuery(locationOptionsQueryOptions());
}
