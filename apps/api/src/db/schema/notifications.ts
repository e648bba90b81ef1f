import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    receiverUserId: integer('receiver_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_receiver_idx').on(t.receiverUserId, t.readAt, t.createdAt), index('notifications_company_idx').on(t.companyId)],
);

export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    link: text('link').notNull().default(''),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_notifications_company_idx').on(t.companyId, t.completedAt)],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  page: text('page').notNull().default(''),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
