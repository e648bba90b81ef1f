import type { SupplierResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSuppliers } from './invalidate';

/** POST /suppliers_global/{id}/adopt/ -> 201 with the company's new supplier; 400 when one of that name exists. */
export const adoptGlobalSupplier = (id: number) => api.post<SupplierResponse>(`/suppliers_global/${id}/adopt/`);

export function useAdoptGlobalSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: adoptGlobalSupplier, onSuccess: () => invalidateSuppliers(queryClient) });
}
