import type { SystemNotificationResponse, UpdateSystemNotificationBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** PUT /system_notifications/{id}/ {'completed-by': my user id} */
export const completeSystemNotification = ({ id, userId }: { id: number; userId: number }) => {
  const body: UpdateSystemNotificationBody = { 'completed-by': userId };
  return api.put<SystemNotificationResponse>(`/system_notifications/${id}/`, body);
};

export function useCompleteSystemNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSystemNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.tasks }),
  });
}
