import type { AddToCatalogResponse, ProcurementProductIdsBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterAddToCatalog } from './query-keys';

/** POST /procurement/products/add-to-catalog/ {ids} -> 201; 409 when one of them is already in the catalog (nothing is added). */
export const addToCatalog = (body: ProcurementProductIdsBody) => api.post<AddToCatalogResponse>('/procurement/products/add-to-catalog/', body);

export function useAddToCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCatalog,
    onSuccess: () => invalidateAfterAddToCatalog(queryClient),
  });
}
