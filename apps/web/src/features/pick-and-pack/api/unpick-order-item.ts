import type { UnpickResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPick, pickKeys } from './query-keys';

type UnpickVariables = { orderItemId: number; inventory_transaction_id: number };

/** GET /customers/order_items/{id}/actions/unpick/?inventory_transaction_id=: deletes that pick and restores the level. */
export const unpickOrderItem = ({ orderItemId, inventory_transaction_id }: UnpickVariables) =>
  api.get<UnpickResponse>(`/customers/order_items/${orderItemId}/actions/unpick/`, { query: { inventory_transaction_id } });

export function useUnpickOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unpickOrderItem,
    onSuccess: (response) => {
      queryClient.setQueryData(pickKeys.order(response.order.id), response.order);
      return invalidateAfterPick(queryClient);
    },
  });
}
