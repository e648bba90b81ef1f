import { createdAt } from './columns.js';
import { boolean, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, userRef } from './companies.js';

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    view: text('view').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bookmarks_user_view_name_key').on(t.userId, t.view, t.name), index('bookmarks_company_idx').on(t.companyId)],
);
