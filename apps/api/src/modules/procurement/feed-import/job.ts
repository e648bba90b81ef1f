import { and, eq } from 'drizzle-orm';
import { FEED_IMPORT_JOB, type FeedImportResult } from '@kontor/contract';
import type { DbOrTx } from '../../../db/client.js';
import { procurementFeeds, users } from '../../../db/schema/index.js';
import { jobErrorMessage, type JobContext, type JobRunner } from '../../../jobs/runner.js';
import { outboundPolicy, type OutboundConfig, type OutboundPolicy } from '../../../lib/outbound.js';
import { notify } from '../../notifications/notify.js';
import { FeedImportError } from './errors.js';
import { importFeed } from './import.js';
import { nextRunAt } from './schedule.js';

export type FeedImportPayload = { feed_id: number };

const FEEDS_SCREEN = '/procurement/supplier-feed';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Feed 'X' imported: 120 created, 3 updated, 1 removed, 2 rows skipped" */
export const importedText = (name: string, r: FeedImportResult) =>
  `Feed '${name}' imported: ${r.created} created, ${r.updated} updated, ${r.removed} removed, ${plural(r.skipped, 'row', 'rows')} skipped`;
export const failedText = (name: string, message: string) => `Feed '${name}' failed: ${message}`;

/** The user who started the run, or everyone in the company for a scheduled run. */
async function receivers(db: DbOrTx, companyId: number, accountId: number | null): Promise<number[]> {
  if (accountId !== null) return [accountId];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

async function tell(db: DbOrTx, companyId: number, accountId: number | null, title: string, message = '') {
  for (const receiverUserId of await receivers(db, companyId, accountId)) {
    await notify(db, { companyId, receiverUserId, title, message, kind: 'import', link: FEEDS_SCREEN });
  }
}

/**
 * The 'feed_import' job: downloads and imports one feed. Success records the run and tells
 * the user in the import's own transaction; a failure changes no product, records the run
 * as failed and tells the user why.
 */
export async function feedImportJob(job: JobContext<FeedImportPayload>, outbound: OutboundPolicy): Promise<FeedImportResult> {
  const [feed] = await job.db
    .select()
    .from(procurementFeeds)
    .where(and(eq(procurementFeeds.id, job.payload.feed_id), eq(procurementFeeds.companyId, job.companyId)));
  if (!feed) throw new FeedImportError('The feed no longer exists.');
  try {
    return await importFeed(job.db, feed, {
      outbound,
      jobId: job.id,
      accountId: job.accountId,
      signal: job.signal,
      onProgress: job.progress,
      saveProgress: job.saveProgress,
      inTransaction: async (tx, result) => {
        const details = result.error_count
          ? `${plural(result.error_count, 'row was', 'rows were')} skipped; the job's result lists ${result.errors.length === result.error_count ? 'them' : `the first ${result.errors.length}`}.`
          : '';
        await tell(tx, job.companyId, job.accountId, importedText(feed.name, result), details);
      },
    });
  } catch (err) {
    try {
      await job.db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(procurementFeeds)
          .set({ lastRunAt: now, lastJobId: job.id, nextRunAt: nextRunAt(feed.schedule, now) })
          .where(eq(procurementFeeds.id, feed.id));
        await tell(tx, job.companyId, job.accountId, failedText(feed.name, jobErrorMessage(err, job.signal)));
      });
    } catch (recordErr) {
      job.log.error({ err: recordErr }, 'could not record a failed feed import');
    }
    throw err;
  }
}

/** `config` is read at each run: the server sets publicUrl (allowed by the SSRF guard) once it listens. */
export function registerFeedImportJob(runner: JobRunner, config: OutboundConfig) {
  runner.register<FeedImportPayload>(FEED_IMPORT_JOB, (job) => feedImportJob(job, outboundPolicy(config)));
}
