import type { FeedbackBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** POST /feedback/ {message, page} -> 201 */
export const sendFeedback = (body: FeedbackBody) => api.post<{ id: number }>('/feedback/', body);

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    // The server thanks the sender with a notification: the bell and the lists change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
