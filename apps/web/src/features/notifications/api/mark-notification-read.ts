import type { NotificationResponse, UpdateNotificationBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** PUT /notifications/{id}/ {read_at} */
export const markNotificationRead = (id: number) => {
  const body: UpdateNotificationBody = { read_at: new Date().toISOString() };
  return api.put<NotificationResponse>(`/notifications/${id}/`, body);
};

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // Lists, the latest few and the bell's count all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
