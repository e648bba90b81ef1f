import { MAX_PAGE_SIZE, type LocationResponse, type Page } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** GET /catalog/inventory_locations/?obsolete=No: the company's stock locations for the default location select. */
export const fetchLocationOptions = (signal?: AbortSignal) =>
  api.get<Page<LocationResponse>>('/catalog/inventory_locations/', { query: { limit: MAX_PAGE_SIZE, obsolete: 'No', ordering: 'name' }, signal });

export const locationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.locationOptions,
    queryFn: ({ signal }) => fetchLocationOptions(signal),
    select: (page) => page.results,
  });

/** `enabled`: only where a location is shown or chosen (the catalog asks for them in its stocks view and its set-field dialog). */
export function useLocationOptions(enabled = true) {
  return useQuery({ ...locationOptionsQueryOptions(), enabled });
}
