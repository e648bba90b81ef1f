export type NotificationListParams = { userId: number; unreadOnly: boolean; page: number };

/**
 * Two roots on purpose: marking a notification read changes the lists and the bell's count,
 * never the company tasks, and completing a task changes only the tasks.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
  latest: (userId: number) => [...notificationKeys.all, 'latest', userId] as const,
  unreadCount: (userId: number) => [...notificationKeys.all, 'unread-count', userId] as const,
  tasks: ['system-notifications'] as const,
  taskList: (params: { openOnly: boolean }) => [...notificationKeys.tasks, 'list', params] as const,
};
