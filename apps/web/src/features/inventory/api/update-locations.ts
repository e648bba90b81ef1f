import type { BulkUpdateLocationsBody, LocationResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

/** PUT /catalog/inventory_locations/ {locations:[{id, ...edited fields}]}: every edited row, all or none. */
export const updateLocations = (body: BulkUpdateLocationsBody) => api.put<{ locations: LocationResponse[] }>('/catalog/inventory_locations/', body);

export function useUpdateLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocations,
    // Abbreviations show in the inventories, the ledger and stocktaking; not_for_stock changes qty_in_stock.
    onSuccess: () =>
      Promise.all(
        [
          inventoryKeys.locations,
          inventoryKeys.locationTypes,
          inventoryKeys.inventories,
          inventoryKeys.transactions,
          inventoryKeys.products,
          inventoryKeys.stocktaking,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
