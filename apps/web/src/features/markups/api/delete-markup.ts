import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterMarkupChange } from './invalidate';

/** DELETE /catalog/markups/{id}/ -> 204 */
export const deleteMarkup = (id: number) => api.delete(`/catalog/markups/${id}/`);

export function useDeleteMarkup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMarkup, onSuccess: () => invalidateAfterMarkupChange(queryClient) });
}
