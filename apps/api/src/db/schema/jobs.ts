import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { companyId, users } from './companies.js';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * A background job and its outcome (DESIGN §1 jobs/, ADR 0009). Progress while it runs is
 * also held in memory by the runner, because a long import holds PGlite's only connection.
 * With a worker process (ADR 0014) the row is also the queue: `locked_by` names the process
 * that owns the job, `heartbeat_at` shows it is alive, `dedupe_key` allows one queued or
 * running job per key (one import per feed) across processes.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    dedupeKey: text('dedupe_key'),
    lockedBy: text('locked_by'),
    heartbeatAt: timestamptz('heartbeat_at'),
  },
  (t) => [
    index('background_jobs_company_created_idx').on(t.companyId, t.createdAt),
    index('background_jobs_status_idx').on(t.status),
    uniqueIndex('background_jobs_active_key_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
