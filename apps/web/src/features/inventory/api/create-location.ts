import type { CreateLocationBody, LocationResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** POST /catalog/inventory_locations/ -> 201 */
export const createLocation = (body: CreateLocationBody) => api.post<LocationResponse>('/catalog/inventory_locations/', body);

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    // Type lists count their locations.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locations }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locationTypes }),
      ]),
  });
}
