import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_DESCRIPTION_LANGUAGE,
  PUBLISH_FILE_NAMES,
  PUBLISH_JOB,
  PUBLISH_MAX_REPORTED_PROBLEMS,
  PUBLISH_NOTHING,
  publishRunning,
  SELECTION_EXPORT_DAYS,
  type PublishAction,
  type PublishBody,
  type PublishProblemCode,
  type PublishProblemProduct,
  type PublishResponse,
  type PublishValidationResponse,
} from '@kontor/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import { catalogExports, catalogProducts, companies } from '../../../db/schema/index.js';
import type { Ctx } from '../../../http/context.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { JobRunner } from '../../../jobs/runner.js';
import { toJobResponse } from '../../jobs/jobs.service.js';
import { exportUrl, newExportToken, type ExportFiles } from './export-files.js';
import { problemsOf, toFeedItem, type FeedContext, type FeedItem } from './feed-format.js';
import { countInScope, publishBatches, type PublishRow, type PublishScope } from './publish-rows.js';

export type PublishFields = z.output<typeof PublishBody>;

/** The job's payload: what to publish, where, and the address the app is reached at for links. */
export type PublishPayload = {
  action: PublishAction;
  ids?: number[];
  language: string;
  token: string;
  public_url: string;
};

/** Counts what a channel would take and what it would reject, keeping the first rejected products. */
export class PublishTally {
  total = 0;
  publishable = 0;
  rejected = 0;
  readonly problemCounts: Partial<Record<PublishProblemCode, number>> = {};
  readonly problems: PublishProblemProduct[] = [];

  constructor(readonly action: PublishAction) {}

  /** Records the item; true when it goes into the file. */
  add(row: PublishRow, item: FeedItem): boolean {
    this.total += 1;
    const problems = problemsOf(item, this.action);
    if (problems.length === 0) {
      this.publishable += 1;
      return true;
    }
    this.rejected += 1;
    for (const code of problems) this.problemCounts[code] = (this.problemCounts[code] ?? 0) + 1;
    if (this.problems.length < PUBLISH_MAX_REPORTED_PROBLEMS) this.problems.push({ id: row.id, sku: row.sku, name: row.name, problems });
    return false;
  }

  toResponse(): PublishValidationResponse {
    return {
      action: this.action,
      total: this.total,
      publishable: this.publishable,
      rejected: this.rejected,
      problem_counts: this.problemCounts,
      problems: this.problems,
    };
  }
}

export async function feedContext(db: DbOrTx, companyId: number, action: PublishAction, publicUrl: string): Promise<FeedContext> {
  const [company] = await db.select({ name: companies.name, url: companies.url }).from(companies).where(eq(companies.id, companyId));
  return { action, publicUrl, companyName: company?.name ?? '', companyUrl: company?.url ?? '' };
}

const scopeOf = (ctx: Ctx, body: PublishFields): PublishScope => ({
  companyId: ctx.user.companyId,
  ids: body.ids ? [...new Set(body.ids)] : undefined,
  language: body.language ?? DEFAULT_DESCRIPTION_LANGUAGE,
});

/** Chosen ids must be the company's products (another company's is a 404, as a missing one). */
async function checkIds(ctx: Ctx, ids: readonly number[] | undefined): Promise<void> {
  if (!ids) return;
  const rows = await ctx.db
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, ctx.user.companyId), inArray(catalogProducts.id, [...ids])));
  const known = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw notFound(`No product with id ${missing.join(', ')}.`);
}

/** POST /catalog/products/publish/validate/: what a publish would send, without writing anything. */
export async function validatePublish(ctx: Ctx, body: PublishFields, publicUrl: string): Promise<PublishValidationResponse> {
  const scope = scopeOf(ctx, body);
  await checkIds(ctx, scope.ids);
  const feed = await feedContext(ctx.db, ctx.user.companyId, body.action, publicUrl);
  const tally = new PublishTally(body.action);
  for await (const rows of publishBatches(ctx.db, scope)) for (const row of rows) tally.add(row, toFeedItem(row, feed));
  return tally.toResponse();
}

/** The company's export record of the action, made on its first publish (the token is kept from then on). */
async function exportRecord(ctx: Ctx, action: PublishAction): Promise<{ token: string }> {
  const [created] = await ctx.db
    .insert(catalogExports)
    .values({ companyId: ctx.user.companyId, action, token: newExportToken() })
    .onConflictDoNothing({ target: [catalogExports.companyId, catalogExports.action] })
    .returning({ token: catalogExports.token });
  if (created) return created;
  const [existing] = await ctx.db
    .select({ token: catalogExports.token })
    .from(catalogExports)
    .where(and(eq(catalogExports.companyId, ctx.user.companyId), eq(catalogExports.action, action)));
  return existing!;
}

/** The job key of a selection: the same products, channel and language are one publish. */
const selectionKey = (companyId: number, action: PublishAction, language: string, ids: readonly number[]) =>
  `${PUBLISH_JOB}:${companyId}:${action}:${language}:${createHash('sha256')
    .update([...ids].sort((a, b) => a - b).join(','))
    .digest('base64url')}`;

/**
 * POST /catalog/products/publish/: starts the publish job and answers the file URL at once.
 *
 * Every product goes to the company's channel feed, the one URL per action that a channel
 * fetches on a schedule. A selection (`ids`) gets a file of its own at a new URL, kept for
 * SELECTION_EXPORT_DAYS: in the channel's feed it would stand for the whole catalog, and a
 * channel deletes what its feed no longer lists.
 *
 * One publish of the channel feed runs at a time: asking again while one is queued or running
 * answers that job, or 409 when it publishes another language. Asking again for a selection
 * being published answers that one.
 */
export async function startPublish(ctx: Ctx, runner: JobRunner, body: PublishFields, publicUrl: string): Promise<PublishResponse> {
  const companyId = ctx.user.companyId;
  const scope = scopeOf(ctx, body);
  await checkIds(ctx, scope.ids);
  if ((await countInScope(ctx.db, scope)) === 0) throw new AppError('bad_request', PUBLISH_NOTHING);
  const payload: PublishPayload = {
    action: body.action,
    language: scope.language,
    token: scope.ids ? newExportToken() : (await exportRecord(ctx, body.action)).token,
    public_url: publicUrl,
    ...(scope.ids ? { ids: [...scope.ids] } : {}),
  };
  const key = scope.ids ? selectionKey(companyId, body.action, scope.language, scope.ids) : `${PUBLISH_JOB}:${companyId}:${body.action}`;
  const job = await runner.enqueue({ companyId, accountId: ctx.user.id }, PUBLISH_JOB, payload, { key });
  // The answer is the job that holds the key: this one, or the one already on its way.
  const running = job.payload as PublishPayload;
  if (running.language !== payload.language) throw new AppError('conflict', publishRunning(body.action, running.language));
  return { action: body.action, urls: [exportUrl(publicUrl, running.token, PUBLISH_FILE_NAMES[body.action])], job: toJobResponse(job) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the files of selections published more than SELECTION_EXPORT_DAYS ago (the
 * scheduler's round). The channel feeds' folders are kept however old: their tokens are in
 * catalog_exports. Returns how many were removed.
 */
export async function removeExpiredSelectionFiles(db: DbOrTx, files: ExportFiles, now = new Date()): Promise<number> {
  const old = await files.writtenBefore(new Date(now.getTime() - SELECTION_EXPORT_DAYS * DAY_MS));
  if (old.length === 0) return 0;
  const feeds = await db.select({ token: catalogExports.token }).from(catalogExports).where(inArray(catalogExports.token, old));
  const kept = new Set(feeds.map((f) => f.token));
  const expired = old.filter((token) => !kept.has(token));
  for (const token of expired) await files.remove(token);
  return expired.length;
}
