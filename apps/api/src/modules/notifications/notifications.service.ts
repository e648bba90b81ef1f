import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  type FeedbackBody,
  type FeedbackResponse,
  type ListNotificationsQuery,
  type ListSystemNotificationsQuery,
  type NotificationPage,
  type NotificationResponse,
  type SystemNotificationPage,
  type SystemNotificationResponse,
  type UpdateNotificationBody,
  type UpdateSystemNotificationBody,
} from '@kontor/contract';
import { feedback, notifications, systemNotifications, users } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { notify } from './notify.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

type NotificationRow = typeof notifications.$inferSelect;
type SystemNotificationRow = typeof systemNotifications.$inferSelect;

const notificationList: ListSpec = {
  fields: {
    receiver_user_id: { column: notifications.receiverUserId, type: 'int' },
    read_at: { column: notifications.readAt, type: 'date' },
    created_at: { column: notifications.createdAt, type: 'date' },
    id: { column: notifications.id, type: 'int' },
  },
  ordering: ['created_at', 'read_at', 'id'],
  defaultOrdering: [desc(notifications.createdAt), desc(notifications.id)],
};

const systemNotificationList: ListSpec = {
  fields: {
    completed_at: { column: systemNotifications.completedAt, type: 'date' },
    created_at: { column: systemNotifications.createdAt, type: 'date' },
    id: { column: systemNotifications.id, type: 'int' },
  },
  search: [systemNotifications.title, systemNotifications.message],
  ordering: ['created_at', 'completed_at', 'id'],
  defaultOrdering: [desc(systemNotifications.createdAt), desc(systemNotifications.id)],
};

const toNotificationResponse = (row: NotificationRow): NotificationResponse => ({
  id: row.id,
  receiver_user_id: row.receiverUserId,
  kind: row.kind,
  title: row.title,
  message: row.message,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const toSystemNotificationResponse = (row: SystemNotificationRow): SystemNotificationResponse => ({
  id: row.id,
  title: row.title,
  message: row.message,
  link: row.link,
  'completed-by': row.completedBy,
  completed_at: row.completedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** Notifications are private: only the receiver reads or changes them (PUT /notifications/{id}/'s path object too). */
export const mine = (ctx: Ctx) => and(eq(notifications.receiverUserId, ctx.user.id), eq(notifications.companyId, ctx.user.companyId));

/**
 * The caller's notifications, newest first. `receiver_user_id` is accepted because the spec's
 * client sends it, but it may only name the caller: anyone else's inbox does not exist (404).
 */
export async function listNotifications(ctx: Ctx, query: ListNotificationsQuery, url: string): Promise<NotificationPage> {
  const { where, orderBy } = buildListQuery(query, notificationList);
  const receiver = query.receiver_user_id;
  if (typeof receiver === 'string' && receiver !== '' && Number(receiver) !== ctx.user.id) throw notFound();
  const scoped = and(mine(ctx), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(notifications).where(scoped);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toNotificationResponse));
}

export async function updateNotification(ctx: Ctx, id: number, body: UpdateNotificationBody): Promise<NotificationResponse> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: body.read_at === null ? null : new Date(body.read_at) })
    .where(and(eq(notifications.id, id), mine(ctx)))
    .returning();
  if (!row) throw notFound();
  return toNotificationResponse(row);
}

/** One statement, so a notification that arrives meanwhile is either marked or stays unread, never half. */
export async function markAllRead(ctx: Ctx): Promise<{ updated: number }> {
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(ctx), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}

/** Company-wide tasks: every user of the company sees and completes the same ones. */
export async function listSystemNotifications(ctx: Ctx, query: ListSystemNotificationsQuery, url: string): Promise<SystemNotificationPage> {
  const { where, orderBy } = buildListQuery(query, systemNotificationList);
  const scoped = and(eq(systemNotifications.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(systemNotifications).where(scoped);
  const rows = await ctx.db
    .select()
    .from(systemNotifications)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toSystemNotificationResponse));
}

/** `completed-by` names a user of the caller's company and completes the task now; null re-opens it. */
export async function updateSystemNotification(ctx: Ctx, id: number, body: UpdateSystemNotificationBody): Promise<SystemNotificationResponse> {
  const completedBy = body['completed-by'];
  return ctx.db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: systemNotifications.id })
      .from(systemNotifications)
      .where(and(eq(systemNotifications.id, id), eq(systemNotifications.companyId, ctx.user.companyId)))
      .for('update');
    if (!task) throw notFound();
    if (completedBy !== null) {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, completedBy), eq(users.companyId, ctx.user.companyId)));
      // DRF's words for a related id that does not resolve; another company's user does not resolve.
      if (!user) throw badRequest({ 'completed-by': [`Invalid pk "${completedBy}" - object does not exist.`] });
    }
    const [row] = await tx
      .update(systemNotifications)
      .set({ completedBy, completedAt: completedBy === null ? null : new Date() })
      .where(eq(systemNotifications.id, id))
      .returning();
    return toSystemNotificationResponse(row!);
  });
}

/** Stores the feedback and acknowledges it to the sender in the same transaction. */
export async function createFeedback(ctx: Ctx, body: z.output<typeof FeedbackBody>): Promise<FeedbackResponse> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(feedback).values({ companyId: ctx.user.companyId, userId: ctx.user.id, message: body.message, page: body.page }).returning();
    await notify(tx, {
      companyId: ctx.user.companyId,
      receiverUserId: ctx.user.id,
      kind: 'feedback',
      title: 'Thank you for your feedback',
      message: 'We received your message and read every one.',
    });
    return { id: row!.id, message: row!.message, page: row!.page, created_at: row!.createdAt.toISOString() };
  });
}
