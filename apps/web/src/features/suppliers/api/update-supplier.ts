import type { SupplierResponse, UpdateSupplierBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSuppliers } from './invalidate';

/** PUT /procurement/suppliers/{id}/ */
export const updateSupplier = ({ id, body }: { id: number; body: UpdateSupplierBody }) => api.put<SupplierResponse>(`/procurement/suppliers/${id}/`, body);

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSupplier, onSuccess: () => invalidateSuppliers(queryClient) });
}
