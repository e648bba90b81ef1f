import type { LocationTypeBody, LocationTypeResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** POST /catalog/inventory_location_types/ {name} -> 201 */
export const createLocationType = (body: LocationTypeBody) => api.post<LocationTypeResponse>('/catalog/inventory_location_types/', body);

export function useCreateLocationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocationType,
    // Spec §4: after adding, editing or deleting a type, the list is refetched.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.locationTypes }),
  });
}
