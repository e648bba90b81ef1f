import { PAGE_SIZE, type NotificationResponse, type Page } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys, type NotificationListParams } from './query-keys';

export const NOTIFICATIONS_PAGE_SIZE = PAGE_SIZE.default;
/** The bell's count is refetched this often (and after every change). */
export const UNREAD_REFETCH_MS = 60_000;

type FetchParams = { userId: number; unreadOnly?: boolean; limit: number; offset?: number };

/** GET /notifications/?receiver_user_id=&read_at__isnull=true (the latter only when only unread are wanted), newest first. */
export const fetchNotifications = ({ userId, unreadOnly, limit, offset }: FetchParams, signal?: AbortSignal) =>
  api.get<Page<NotificationResponse>>('/notifications/', {
    query: { receiver_user_id: userId, read_at__isnull: unreadOnly ? 'true' : undefined, ordering: '-created_at', limit, offset },
    signal,
  });

export const notificationsQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) =>
      fetchNotifications(
        { userId: params.userId, unreadOnly: params.unreadOnly, limit: NOTIFICATIONS_PAGE_SIZE, offset: params.page * NOTIFICATIONS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useNotifications(params: NotificationListParams) {
  return useQuery(notificationsQueryOptions(params));
}

export const latestNotificationsQueryOptions = (userId: number, limit = 5) =>
  queryOptions({
    queryKey: notificationKeys.latest(userId),
    queryFn: ({ signal }) => fetchNotifications({ userId, limit }, signal),
  });

export function useLatestNotifications(userId: number) {
  return useQuery(latestNotificationsQueryOptions(userId));
}

/** The bell: one row is enough, the page's count is the number of unread notifications. */
export const unreadCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: ({ signal }) => fetchNotifications({ userId, unreadOnly: true, limit: 1 }, signal),
    select: (page) => page.count,
    refetchInterval: UNREAD_REFETCH_MS,
  });

export function useUnreadNotificationCount(userId: number) {
  return useQuery(unreadCountQueryOptions(userId));
}
