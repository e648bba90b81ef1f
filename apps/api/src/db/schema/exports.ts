import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUBLISH_ACTIONS } from '@kontor/contract';
import { createdAt, timestamptz } from './columns.js';
import { companyId } from './companies.js';
import { backgroundJobs } from './jobs.js';

/**
 * A company's published file per action (ADR 0013). The token names the file's URL,
 * /api/exports/<token>/<file>, and stays the same from one publish to the next, so a channel
 * set to fetch the feed on a schedule always gets the latest one.
 */
export const catalogExports = pgTable(
  'catalog_exports',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    action: text('action', { enum: PUBLISH_ACTIONS }).notNull(),
    token: text('token').notNull(),
    /** The publish job that last wrote the file, and when it finished. */
    lastJobId: integer('last_job_id').references(() => backgroundJobs.id, { onDelete: 'set null' }),
    publishedAt: timestamptz('published_at'),
    /** Products in the file at the last publish. */
    productCount: integer('product_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('catalog_exports_company_action_key').on(t.companyId, t.action), uniqueIndex('catalog_exports_token_key').on(t.token)],
);
