import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBackorderRelease } from './query-keys';

/** DELETE /customers/backorders/{id}/ -> 204. */
export const deleteBackorder = (id: number) => api.delete(`/customers/backorders/${id}/`);

export function useDeleteBackorder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBackorder, onSuccess: () => invalidateAfterBackorderRelease(queryClient) });
}
