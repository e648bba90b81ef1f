import type { FeedbackBody } from '@kontor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /feedback/ {message, page} -> 201 */
export const sendFeedback = (body: FeedbackBody) => api.post<{ id: number }>('/feedback/', body);

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
