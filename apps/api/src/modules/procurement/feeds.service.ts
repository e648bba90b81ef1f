import { and, asc, count, eq, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  FEED_IMPORT_JOB,
  FEED_NAME_TAKEN,
  PAGE_SIZE,
  type FeedBody,
  type FeedResponse,
  type FieldErrors,
  type JobResponse,
  type ListFeedsQuery,
} from '@kontor/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { backgroundJobs, currencies, procurementFeeds, procurementProducts, procurementSuppliers } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import type { JobRow, JobRunner } from '../../jobs/runner.js';
import { toJobResponse, withLiveProgress } from '../jobs/jobs.service.js';
import { nextRunAt } from './feed-import/schedule.js';

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

const selectFeeds = (db: DbOrTx) =>
  db
    .select({ feed: procurementFeeds, supplierName: procurementSuppliers.name, job: backgroundJobs })
    .from(procurementFeeds)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementFeeds.supplierId))
    .leftJoin(backgroundJobs, eq(backgroundJobs.id, procurementFeeds.lastJobId));
type FeedRow = Awaited<ReturnType<typeof selectFeeds>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toFeedResponse(runner: JobRunner, { feed, supplierName, job }: FeedRow): FeedResponse {
  return {
    id: feed.id,
    supplier: feed.supplierId,
    supplier_name: supplierName,
    name: feed.name,
    url: feed.url,
    format: feed.format,
    column_mapping: feed.columnMapping,
    options: feed.options,
    currency: feed.currencyId,
    schedule: feed.schedule,
    next_run_at: iso(feed.nextRunAt),
    last_run_at: iso(feed.lastRunAt),
    last_job: job ? toJobResponse(withLiveProgress(runner, job)) : null,
    created_at: feed.createdAt.toISOString(),
    updated_at: feed.updatedAt.toISOString(),
  };
}

const feedList: ListSpec = {
  fields: {
    id: { column: procurementFeeds.id, type: 'int' },
    supplier: { column: procurementFeeds.supplierId, type: 'int' },
    supplier_name: { column: procurementSuppliers.name, type: 'text' },
    name: { column: procurementFeeds.name, type: 'text' },
    format: { column: procurementFeeds.format, type: 'text', choices: ['CSV', 'XML', 'JSON'] },
    schedule: { column: procurementFeeds.schedule, type: 'text', choices: ['manual', 'hourly', 'daily', 'weekly'] },
    created_at: { column: procurementFeeds.createdAt, type: 'date' },
    updated_at: { column: procurementFeeds.updatedAt, type: 'date' },
    last_run_at: { column: procurementFeeds.lastRunAt, type: 'date' },
    next_run_at: { column: procurementFeeds.nextRunAt, type: 'date' },
  },
  search: [procurementFeeds.name, procurementFeeds.url],
  ordering: ['id', 'name', 'supplier', 'supplier_name', 'format', 'schedule', 'created_at', 'updated_at', 'last_run_at', 'next_run_at'],
  defaultOrdering: [asc(procurementFeeds.name), asc(procurementFeeds.id)],
};

const scopedTo = (companyId: number, id: number) => and(eq(procurementFeeds.id, id), eq(procurementFeeds.companyId, companyId));

async function loadFeed(db: DbOrTx, runner: JobRunner, companyId: number, id: number): Promise<FeedResponse> {
  const [row] = await selectFeeds(db).where(scopedTo(companyId, id));
  if (!row) throw notFound();
  return toFeedResponse(runner, row);
}

export async function listFeeds(ctx: Ctx, runner: JobRunner, query: ListFeedsQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, feedList);
  const scoped = and(eq(procurementFeeds.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.feeds);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(procurementFeeds)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementFeeds.supplierId))
    .where(scoped);
  const rows = await selectFeeds(ctx.db)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(
    url,
    page,
    total?.n ?? 0,
    rows.map((r) => toFeedResponse(runner, r)),
  );
}

export const getFeed = (ctx: Ctx, runner: JobRunner, id: number) => loadFeed(ctx.db, runner, ctx.user.companyId, id);

type Body = z.output<typeof FeedBody>;

/** Supplier of the caller's company and an existing currency, as DRF's PrimaryKeyRelatedField checks them. */
async function checkReferences(db: DbOrTx, companyId: number, body: Body) {
  const errors: FieldErrors = {};
  const [supplier] = await db
    .select({ id: procurementSuppliers.id })
    .from(procurementSuppliers)
    .where(and(eq(procurementSuppliers.id, body.supplier), eq(procurementSuppliers.companyId, companyId)));
  if (!supplier) errors.supplier = [invalidPk(body.supplier)];
  if (body.currency !== undefined && body.currency !== null) {
    const [currency] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, body.currency));
    if (!currency) errors.currency = [invalidPk(body.currency)];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Mapping and options as stored: fields left empty are not mapped. */
const compact = (values: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'procurement_feeds_company_name_key')) throw badRequest({ name: [FEED_NAME_TAKEN] });
  throw err;
}

export async function createFeed(ctx: Ctx, runner: JobRunner, body: Body): Promise<FeedResponse> {
  await checkReferences(ctx.db, ctx.user.companyId, body);
  const schedule = body.schedule ?? 'manual';
  try {
    // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
    const [row] = await ctx.db.transaction((tx) =>
      tx
        .insert(procurementFeeds)
        .values({
          companyId: ctx.user.companyId,
          accountId: ctx.user.id,
          supplierId: body.supplier,
          name: body.name,
          url: body.url,
          format: body.format,
          columnMapping: compact(body.column_mapping),
          options: compact(body.options ?? {}),
          currencyId: body.currency ?? null,
          schedule,
          // A scheduled feed runs its first import at the scheduler's next round.
          nextRunAt: schedule === 'manual' ? null : new Date(),
        })
        .returning({ id: procurementFeeds.id }),
    );
    return await loadFeed(ctx.db, runner, ctx.user.companyId, row!.id);
  } catch (err) {
    rethrowDuplicate(err);
  }
}

/** PUT {id}/: optional fields left out (options, currency, schedule) keep their value. */
export async function updateFeed(ctx: Ctx, runner: JobRunner, id: number, body: Body): Promise<FeedResponse> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(procurementFeeds).where(scopedTo(ctx.user.companyId, id)).for('no key update');
    if (!current) throw notFound();
    await checkReferences(tx, ctx.user.companyId, body);
    const schedule = body.schedule ?? current.schedule;
    const next =
      schedule === current.schedule
        ? current.nextRunAt
        : schedule === 'manual'
          ? null
          : (current.lastRunAt && nextRunAt(schedule, current.lastRunAt)) || new Date();
    try {
      await tx
        .update(procurementFeeds)
        .set({
          supplierId: body.supplier,
          name: body.name,
          url: body.url,
          format: body.format,
          columnMapping: compact(body.column_mapping),
          options: body.options === undefined ? current.options : compact(body.options),
          currencyId: body.currency === undefined ? current.currencyId : body.currency,
          schedule,
          nextRunAt: next,
          updatedAt: new Date(),
        })
        .where(eq(procurementFeeds.id, id));
    } catch (err) {
      rethrowDuplicate(err);
    }
    if (body.supplier !== current.supplierId) {
      // The old supplier's products are no longer this feed's: its next import must not mark them removed.
      await tx
        .update(procurementProducts)
        .set({ feedId: null })
        .where(and(eq(procurementProducts.feedId, id), ne(procurementProducts.supplierId, body.supplier)));
    }
    return loadFeed(tx, runner, ctx.user.companyId, id);
  });
}

/** The feed goes; its products stay (feed_id set null by the foreign key). */
export async function deleteFeed(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => tx.delete(procurementFeeds).where(scopedTo(ctx.user.companyId, id)).returning({ id: procurementFeeds.id }));
  if (!deleted.length) throw notFound();
}

/**
 * Queues an import of the feed, or answers the one already queued or running for it. The
 * feed's last job points at it at once, so its list shows the run's progress.
 */
export async function startFeedRun(db: Db, runner: JobRunner, feed: { id: number; companyId: number }, accountId: number | null): Promise<JobRow> {
  const job = await runner.enqueue({ companyId: feed.companyId, accountId }, FEED_IMPORT_JOB, { feed_id: feed.id }, { key: `feed:${feed.id}` });
  // Only when it changes: the row is locked by a running import's final update, and a repeated "Run now" must not wait for it.
  await db
    .update(procurementFeeds)
    .set({ lastJobId: job.id })
    .where(and(eq(procurementFeeds.id, feed.id), sql`${procurementFeeds.lastJobId} is distinct from ${job.id}`));
  return runner.live(job.id) ?? job;
}

export async function runFeed(ctx: Ctx, runner: JobRunner, id: number): Promise<JobResponse> {
  const [feed] = await ctx.db
    .select({ id: procurementFeeds.id, companyId: procurementFeeds.companyId })
    .from(procurementFeeds)
    .where(scopedTo(ctx.user.companyId, id));
  if (!feed) throw notFound();
  return toJobResponse(await startFeedRun(ctx.db, runner, feed, ctx.user.id));
}

/**
 * The scheduler's round: every feed on a schedule that is due gets a job (one already queued or
 * running is kept), and its next due time moves on as the job is queued. A run that ends,
 * however it ends, records its own time again; one that takes its process down (ADR 0014) records
 * nothing, and must not be queued again at the next round, to take the next process down too.
 */
export async function runDueFeeds(db: Db, runner: JobRunner, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: procurementFeeds.id, companyId: procurementFeeds.companyId, schedule: procurementFeeds.schedule })
    .from(procurementFeeds)
    .where(and(ne(procurementFeeds.schedule, 'manual'), lte(procurementFeeds.nextRunAt, now)));
  let started = 0;
  for (const feed of due) {
    try {
      await startFeedRun(db, runner, feed, null);
      await db
        .update(procurementFeeds)
        .set({ nextRunAt: nextRunAt(feed.schedule, now) })
        .where(and(eq(procurementFeeds.id, feed.id), lte(procurementFeeds.nextRunAt, now)));
      started += 1;
    } catch (err) {
      log.error({ err, feed: feed.id }, 'could not start a scheduled feed import');
    }
  }
  return started;
}
