import type { OrderResponse, UpdateOrderItemBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerOrderKeys, invalidateOrders } from './query-keys';

/** PUT /customers/order_items/{id}/ {product}: links the line to a catalog product (null unlinks); answers the order. */
export const linkOrderItemProduct = ({ item, body }: { item: number; body: UpdateOrderItemBody }) =>
  api.put<OrderResponse>(`/customers/order_items/${item}/`, body);

export function useLinkOrderItemProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkOrderItemProduct,
    onSuccess: (order) => {
      queryClient.setQueryData(customerOrderKeys.order(order.id), order);
      // The order lists and pick & pack show the line's product too.
      return invalidateOrders(queryClient);
    },
  });
}
