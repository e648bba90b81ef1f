import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** DELETE /catalog/inventory_location_types/{id}/ -> 204 */
export const deleteLocationType = (id: number) => api.delete(`/catalog/inventory_location_types/${id}/`);

export function useDeleteLocationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocationType,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locationTypes }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locations }),
      ]),
  });
}
