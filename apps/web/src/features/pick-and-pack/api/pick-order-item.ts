import type { PickResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPick, pickKeys } from './query-keys';

/** PickQuery's fields, as this screen has them (the contract's input type also takes strings). */
type PickVariables = { orderItemId: number; location_id: number; product_id: number; quantity: number };

/** GET /customers/order_items/{id}/actions/pick/?location_id=&product_id=&quantity= (spec §7 keeps it a GET): a STOCK_OUT for the item. */
export const pickOrderItem = ({ orderItemId, location_id, product_id, quantity }: PickVariables) =>
  api.get<PickResponse>(`/customers/order_items/${orderItemId}/actions/pick/`, { query: { location_id, product_id, quantity } });

export function usePickOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickOrderItem,
    onSuccess: (response) => {
      // The answer already holds the order after the pick: show it now, the refetch confirms it.
      queryClient.setQueryData(pickKeys.order(response.order.id), response.order);
      return invalidateAfterPick(queryClient);
    },
  });
}
