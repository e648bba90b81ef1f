import type { CreateSupplierBody, SupplierResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSuppliers } from './invalidate';

/** POST /procurement/suppliers/ -> 201 */
export const createSupplier = (body: CreateSupplierBody) => api.post<SupplierResponse>('/procurement/suppliers/', body);

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSupplier, onSuccess: () => invalidateSuppliers(queryClient) });
}
