import { createdAt, timestamptz } from './columns.js';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companyId, userRef, users } from './companies.js';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    receiverUserId: userRef('receiver_user_id'),
    kind: text('kind').notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    link: text('link').notNull().default(''),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_receiver_idx').on(t.receiverUserId, t.readAt, t.createdAt), index('notifications_company_idx').on(t.companyId)],
);

export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    link: text('link').notNull().default(''),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('system_notifications_company_idx').on(t.companyId, t.completedAt)],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  userId: userRef('user_id'),
  page: text('page').notNull().default(''),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
