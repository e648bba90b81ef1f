import type { MarkupBody, MarkupResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterMarkupChange } from './invalidate';

/** PUT /catalog/markups/{id}/ with the same body as POST. */
export const updateMarkup = ({ id, body }: { id: number; body: MarkupBody }) => api.put<MarkupResponse>(`/catalog/markups/${id}/`, body);

export function useUpdateMarkup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMarkup, onSuccess: () => invalidateAfterMarkupChange(queryClient) });
}
