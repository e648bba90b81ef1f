import { MAX_PAGE_SIZE, PAGE_SIZE, type LocationTypeResponse, type Page } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys, type LocationTypeListParams } from './query-keys';

export const LOCATION_TYPES_PAGE_SIZE = PAGE_SIZE.inventoryLocationTypes;

/** GET /catalog/inventory_location_types/?offset=&limit=&search= (offset is page times limit). */
export const fetchLocationTypes = (query: { search?: string; limit: number; offset?: number }, signal?: AbortSignal) =>
  api.get<Page<LocationTypeResponse>>('/catalog/inventory_location_types/', { query: { ...query, ordering: 'name' }, signal });

export const locationTypesQueryOptions = (params: LocationTypeListParams) =>
  queryOptions({
    queryKey: inventoryKeys.locationTypeList(params),
    queryFn: ({ signal }) =>
      fetchLocationTypes({ search: params.search, limit: LOCATION_TYPES_PAGE_SIZE, offset: params.page * LOCATION_TYPES_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export function useLocationTypes(params: LocationTypeListParams) {
  return useQuery(locationTypesQueryOptions(params));
}

/** Every type, for the type selects. */
export const locationTypeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.locationTypeOptions(),
    queryFn: ({ signal }) => fetchLocationTypes({ limit: MAX_PAGE_SIZE }, signal),
    select: (page) => page.results,
  });

export function useLocationTypeOptions() {
  return useQuery(locationTypeOptionsQueryOptions());
}
