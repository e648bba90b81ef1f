import type { DeleteLocationTypesBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** DELETE /catalog/inventory_location_types/ {ids} -> 204: all of them or none. */
export const deleteLocationTypes = (ids: number[]) => {
  const body: DeleteLocationTypesBody = { ids };
  return apiRequest<void>('/catalog/inventory_location_types/', { method: 'DELETE', body });
};

export function useDeleteLocationTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocationTypes,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locationTypes }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.locations }),
      ]),
  });
}
