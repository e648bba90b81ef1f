import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** POST /notifications/mark_all_read/ sets read_at to now on each of my unread notifications. */
export const markAllNotificationsRead = () => api.post<{ updated: number }>('/notifications/mark_all_read/', {});

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
