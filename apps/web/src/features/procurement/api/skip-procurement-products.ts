import type { ProcurementProductIdsBody, SkipProcurementProductsResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

export type SkipAction = 'skip' | 'unskip';

/** POST /procurement/products/skip/ or /unskip/ {ids} -> {updated}: takes products off the wishlist or back on. */
export const skipProcurementProducts = ({ action, ids }: { action: SkipAction } & ProcurementProductIdsBody) =>
  api.post<SkipProcurementProductsResponse>(`/procurement/products/${action}/`, { ids });

export function useSkipProcurementProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipProcurementProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procurementKeys.products }),
  });
}
