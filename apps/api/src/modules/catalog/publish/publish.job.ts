import { and, eq, sql } from 'drizzle-orm';
import { PUBLISH_ACTION_LABELS, PUBLISH_FILE_NAMES, PUBLISH_JOB, type PublishResult } from '@kontor/contract';
import { catalogExports } from '../../../db/schema/index.js';
import type { DbOrTx } from '../../../db/client.js';
import { JobFailure, jobErrorMessage, type JobContext, type JobRunner } from '../../../jobs/runner.js';
import { notify } from '../../notifications/notify.js';
import { exportUrl, type ExportFiles } from './export-files.js';
import { GOOGLE_FEED_TAIL, CSV_COLUMNS, META_COLUMNS, csvLine, googleFeedHead, googleFeedItem, metaFeedRow, plainCsvRow, toFeedItem } from './feed-format.js';
import { PublishTally, feedContext, type PublishPayload } from './publish.service.js';
import { countInScope, publishBatches } from './publish-rows.js';

const CATALOG_SCREEN = '/catalog/products';
/** Ids per UPDATE when marking products synced: one statement per chunk keeps parameters small. */
const SYNC_CHUNK = 10_000;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const publishedText = (r: Pick<PublishResult, 'action' | 'publishable' | 'rejected'>) =>
  `Export ready: ${PUBLISH_ACTION_LABELS[r.action]}, ${plural(r.publishable, 'product', 'products')}` +
  (r.rejected ? ` (${plural(r.rejected, 'product', 'products')} left out)` : '');

/**
 * Marks the published products synced, locking them in id order (the ids come in id order, and
 * so do the chunks), as every product writer locks them: a plain UPDATE locks in the order of
 * its plan, and could deadlock with a bulk edit or a markup change over the same products.
 */
export async function markSynced(tx: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += SYNC_CHUNK) {
    const chunk = `{${ids.slice(i, i + SYNC_CHUNK).join(',')}}`;
    await tx.execute(sql`
      update catalog_products p set synced_at = now()
      from (
        select id from catalog_products where company_id = ${companyId}::int and id = any(${chunk}::int[]) order by id for update
      ) locked
      where p.id = locked.id`);
  }
}

/**
 * The 'catalog_publish' job (ADR 0013): streams the channel file from set-based batches, leaving
 * out what the channel would reject, and replaces the company's file whole. Then, in one
 * transaction, a channel's feed marks what it published synced to e-commerce, the export
 * record notes the run, and the user is told. A failure leaves the previous file and every
 * product as they were, and tells the user why.
 */
export async function publishJob(job: JobContext<PublishPayload>, files: ExportFiles): Promise<PublishResult> {
  const { action, token, language } = job.payload;
  const scope = { companyId: job.companyId, ids: job.payload.ids, language };
  const url = exportUrl(job.payload.public_url, token, PUBLISH_FILE_NAMES[action]);
  try {
    const feed = await feedContext(job.db, job.companyId, action, job.payload.public_url);
    const tally = new PublishTally(action);
    const published: number[] = [];
    job.progress(0, await countInScope(job.db, scope));

    async function* chunks(): AsyncGenerator<string> {
      if (action === 'google_merchant') yield googleFeedHead(feed);
      else yield csvLine([...(action === 'meta_catalog' ? META_COLUMNS : CSV_COLUMNS)]);
      for await (const rows of publishBatches(job.db, scope)) {
        if (job.signal.aborted) throw new JobFailure('interrupted');
        let text = '';
        for (const row of rows) {
          const item = toFeedItem(row, feed);
          if (!tally.add(row, item)) continue;
          published.push(row.id);
          text += action === 'google_merchant' ? googleFeedItem(item) : action === 'meta_catalog' ? metaFeedRow(item) : plainCsvRow(row, item);
        }
        yield text;
        job.progress(tally.total);
        await job.saveProgress();
      }
      if (action === 'google_merchant') yield GOOGLE_FEED_TAIL;
    }
    const staged = await files.stage(token, PUBLISH_FILE_NAMES[action], chunks());

    // Only a channel's own feed reaches the channel: a selection's file (fetched by no one on a
    // schedule) and the plain CSV mark nothing synced to e-commerce.
    const marksSynced = action !== 'csv' && !job.payload.ids;
    const result: PublishResult = { ...tally.toResponse(), urls: [url], synced: marksSynced ? published.length : 0 };
    // The file replaces the channel's last one only with the products marked synced: last in
    // the transaction, so a failure before it leaves the previous file (and one of the rename
    // rolls the marks back).
    await job.db
      .transaction(async (tx) => {
        if (marksSynced) await markSynced(tx, job.companyId, published);
        await tx
          .update(catalogExports)
          .set({ lastJobId: job.id, publishedAt: sql`now()`, productCount: published.length })
          .where(and(eq(catalogExports.companyId, job.companyId), eq(catalogExports.token, token)));
        if (job.accountId !== null) {
          await notify(tx, {
            companyId: job.companyId,
            receiverUserId: job.accountId,
            title: publishedText(result),
            message: url,
            kind: 'export',
            link: CATALOG_SCREEN,
          });
        }
        await staged.commit();
      })
      .catch(async (err: unknown) => {
        await staged.discard();
        throw err;
      });
    return result;
  } catch (err) {
    if (job.accountId !== null) {
      try {
        await notify(job.db, {
          companyId: job.companyId,
          receiverUserId: job.accountId,
          title: `Export failed: ${PUBLISH_ACTION_LABELS[action]}`,
          message: jobErrorMessage(err, job.signal),
          kind: 'export',
          link: CATALOG_SCREEN,
        });
      } catch (notifyErr) {
        job.log.error({ err: notifyErr }, 'could not record a failed publish');
      }
    }
    throw err;
  }
}

export function registerPublishJob(runner: JobRunner, files: ExportFiles) {
  runner.register<PublishPayload>(PUBLISH_JOB, (job) => publishJob(job, files));
}
