import type { BackorderResponse, CreateBackorderBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBackorder } from './query-keys';

/** POST /customers/backorders/ {order_item} -> 201: the quantity defaults to what is left to pick. */
export const createBackorder = (body: CreateBackorderBody) => api.post<BackorderResponse>('/customers/backorders/', body);

export function useCreateBackorder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBackorder, onSuccess: () => invalidateAfterBackorder(queryClient) });
}
