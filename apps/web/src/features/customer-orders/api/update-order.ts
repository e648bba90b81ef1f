import type { OrderResponse, UpdateOrderBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys, invalidateAfterBackorderRelease } from './query-keys';

/** PUT /customers/orders/{id}/ {internal_status?, notes?}: fields left out keep their value. */
export const updateOrder = ({ id, body }: { id: number; body: UpdateOrderBody }) => api.put<OrderResponse>(`/customers/orders/${id}/`, body);

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(customerOrderKeys.order(order.id), order);
      return invalidateAfterBackorderRelease(queryClient);
    },
  });
}
