import type { MarkupBody, MarkupResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterMarkupChange } from './invalidate';

/** POST /catalog/markups/ -> 201 */
export const createMarkup = (body: MarkupBody) => api.post<MarkupResponse>('/catalog/markups/', body);

export function useCreateMarkup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMarkup, onSuccess: () => invalidateAfterMarkupChange(queryClient) });
}
