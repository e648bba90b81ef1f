import type { ProcurementCategoryResponse, UpdateProcurementCategoryBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

/** PATCH /procurement/categories/{id}/ ; catalog_categories_auto_create is sent as ids and replaces the mapping. */
export const updateProcurementCategory = ({ id, body }: { id: number; body: UpdateProcurementCategoryBody }) =>
  api.patch<ProcurementCategoryResponse>(`/procurement/categories/${id}/`, body);

export function useUpdateProcurementCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProcurementCategory,
    onSuccess: (saved) => {
      queryClient.setQueryData(procurementKeys.category(saved.id), saved);
      // A renamed category renames the paths below it; the catalog side lists its procurement_category_ids.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: procurementKeys.categories }),
        queryClient.invalidateQueries({ queryKey: procurementKeys.catalogCategories }),
      ]);
    },
  });
}
