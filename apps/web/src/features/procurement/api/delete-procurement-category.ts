import type { Page, ProcurementCategoryResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementKeys } from './query-keys';

/** DELETE /procurement/categories/{id}/ -> 204 */
export const deleteProcurementCategory = (id: number) => api.delete(`/procurement/categories/${id}/`);

export function useDeleteProcurementCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProcurementCategory,
    onSuccess: (_data, id) => {
      // Spec §4: the delete removes the category from the list at once; the refetch then fills the page up.
      queryClient.setQueriesData<Page<ProcurementCategoryResponse>>({ queryKey: [...procurementKeys.categories, 'list'] }, (page) =>
        page ? { ...page, count: Math.max(0, page.count - 1), results: page.results.filter((row) => row.id !== id) } : page,
      );
      queryClient.removeQueries({ queryKey: procurementKeys.category(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: procurementKeys.categories }),
        queryClient.invalidateQueries({ queryKey: procurementKeys.catalogCategories }),
      ]);
    },
  });
}
