import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSuppliers } from './invalidate';

/** DELETE /procurement/suppliers/{id}/ -> 204; 409 with a detail while feeds, products or orders use it. */
export const deleteSupplier = (id: number) => api.delete(`/procurement/suppliers/${id}/`);

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSupplier, onSuccess: () => invalidateSuppliers(queryClient) });
}
