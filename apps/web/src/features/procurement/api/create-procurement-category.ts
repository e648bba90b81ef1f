import type { CreateProcurementCategoryBody, ProcurementCategoryResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

/** POST /procurement/categories/ -> 201 */
export const createProcurementCategory = (body: CreateProcurementCategoryBody) => api.post<ProcurementCategoryResponse>('/procurement/categories/', body);

export function useCreateProcurementCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProcurementCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procurementKeys.categories }),
  });
}
