import { type Page, type SystemNotificationResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

const TASKS_LIMIT = 100;

/** GET /system_notifications/: the company's tasks; `openOnly` asks for those nobody completed yet. */
export const fetchSystemNotifications = ({ openOnly }: { openOnly: boolean }, signal?: AbortSignal) =>
  api.get<Page<SystemNotificationResponse>>('/system_notifications/', {
    query: { completed_at__isnull: openOnly ? 'true' : undefined, limit: TASKS_LIMIT },
    signal,
  });

export const systemNotificationsQueryOptions = (params: { openOnly: boolean }) =>
  queryOptions({
    queryKey: notificationKeys.taskList(params),
    queryFn: ({ signal }) => fetchSystemNotifications(params, signal),
  });

export function useSystemNotifications(params: { openOnly: boolean }) {
  return useQuery(systemNotificationsQueryOptions(params));
}
