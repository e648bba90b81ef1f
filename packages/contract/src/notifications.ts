import { z } from 'zod';
import { listQuery, page } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

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
/** `receiver_user_id` may only name the caller (absent means the caller too). */
export const ListNotificationsQuery = listQuery({ receiver_user_id: ['exact'], read_at: ['isnull'] });
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;
export const NotificationPage = page(NotificationResponse);
export type NotificationPage = z.infer<typeof NotificationPage>;
export const UpdateNotificationBody = z.strictObject({ read_at: z.iso.datetime({ offset: true }).nullable() });
export type UpdateNotificationBody = z.infer<typeof UpdateNotificationBody>;
/** Mark all as read takes no fields; an empty body (or none) is the only valid one. */
export const MarkAllReadBody = z.strictObject({});
export type MarkAllReadBody = z.infer<typeof MarkAllReadBody>;
export const MarkAllReadResponse = z.object({ updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof MarkAllReadResponse>;

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
export type ListSystemNotificationsQuery = z.infer<typeof ListSystemNotificationsQuery>;
export const SystemNotificationPage = page(SystemNotificationResponse);
export type SystemNotificationPage = z.infer<typeof SystemNotificationPage>;
/** A user id of the caller's company completes the task; null re-opens it. */
export const UpdateSystemNotificationBody = z.strictObject({
  // Ids are Postgres integers: a larger number could name no user and would fail the query.
  'completed-by': z.number().int().positive().max(2_147_483_647).nullable(),
});
export type UpdateSystemNotificationBody = z.infer<typeof UpdateSystemNotificationBody>;

export const FeedbackBody = z.strictObject({
  message: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(5000),
  page: z.string().max(500).default(''),
});
export type FeedbackBody = z.input<typeof FeedbackBody>;
export const FeedbackResponse = z.object({ id: z.number().int(), message: z.string(), page: z.string(), created_at: z.string() });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;
