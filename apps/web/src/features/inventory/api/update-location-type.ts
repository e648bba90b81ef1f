import type { LocationTypeBody, LocationTypeResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** PUT /catalog/inventory_location_types/{id}/ {name} */
export const updateLocationType = ({ id, body }: { id: number; body: LocationTypeBody }) =>
  api.put<LocationTypeResponse>(`/catalog/inventory_location_types/${id}/`, body);

export function useUpdateLocationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocationType,
    // Locations show their type's name too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locationTypes }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locations }),
      ]),
  });
}
