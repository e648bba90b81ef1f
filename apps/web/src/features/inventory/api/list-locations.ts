import { MAX_PAGE_SIZE, type LocationResponse, type Page } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys, type LocationListParams } from './query-keys';

/** GET /catalog/inventory_locations/?limit=&offset=&obsolete=&search=&type= */
export const fetchLocations = (query: { limit: number; offset?: number; obsolete?: string; search?: string; type?: string }, signal?: AbortSignal) =>
  api.get<Page<LocationResponse>>('/catalog/inventory_locations/', { query: { ...query, ordering: 'name' }, signal });

export const locationsQueryOptions = (params: LocationListParams) =>
  queryOptions({
    queryKey: inventoryKeys.locationList(params),
    queryFn: ({ signal }) =>
      fetchLocations({ limit: params.limit, offset: params.page * params.limit, obsolete: params.obsolete, search: params.search, type: params.type }, signal),
    placeholderData: keepPreviousData,
  });

export function useLocations(params: LocationListParams) {
  return useQuery(locationsQueryOptions(params));
}

/** Every location that is not obsolete, for the location selects of the stock dialogs and filters. */
export const locationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.locationOptions(),
    queryFn: ({ signal }) => fetchLocations({ limit: MAX_PAGE_SIZE, obsolete: 'No' }, signal),
    select: (page) => page.results,
  });

export function useLocationOptions() {
  return useQuery(locationOptionsQueryOptions());
}
