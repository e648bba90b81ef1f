import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** DELETE /catalog/inventory_locations/{id}/ -> 204; 409 {detail} when it holds stock or history. */
export const deleteLocation = (id: number) => api.delete(`/catalog/inventory_locations/${id}/`);

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locations }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locationTypes }),
      ]),
  });
}
