import { z } from 'zod';
import { listQuery, page } from './common.js';

export const NotificationResponse = z.object({
  id: z.number().int(),
  receiver_user_id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationResponse = z.infer<typeof NotificationResponse>;
export const ListNotificationsQuery = listQuery({ receiver_user_id: ['exact'], read_at: ['isnull'] });
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;
export const NotificationPage = page(NotificationResponse);
export const UpdateNotificationBody = z.strictObject({ read_at: z.iso.datetime({ offset: true }).nullable() });
export type UpdateNotificationBody = z.infer<typeof UpdateNotificationBody>;
export const MarkAllReadResponse = z.object({ updated: z.number().int() });

/** A task for the whole company (e.g. "connect your storefront"); one user completes it. */
export const SystemNotificationResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  'completed-by': z.number().int().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type SystemNotificationResponse = z.infer<typeof SystemNotificationResponse>;
export const ListSystemNotificationsQuery = listQuery({ completed_at: ['isnull'] });
export const SystemNotificationPage = page(SystemNotificationResponse);
export const UpdateSystemNotificationBody = z.strictObject({ 'completed-by': z.number().int().positive().nullable() });
export type UpdateSystemNotificationBody = z.infer<typeof UpdateSystemNotificationBody>;

export const FeedbackBody = z.strictObject({
  message: z.string().trim().min(1, 'This field may not be blank.').max(5000),
  page: z.string().max(500).default(''),
});
export type FeedbackBody = z.input<typeof FeedbackBody>;
export const FeedbackResponse = z.object({ id: z.number().int(), message: z.string(), page: z.string(), created_at: z.string() });
