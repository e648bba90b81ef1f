import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { ExportFiles } from '../modules/catalog/publish/export-files.js';
import { removeExpiredSelectionFiles } from '../modules/catalog/publish/publish.service.js';
import { runDueFeeds } from '../modules/procurement/feeds.service.js';
import type { JobRunner } from './runner.js';

export const SCHEDULER_INTERVAL_MS = 60_000;

/**
 * Once a minute (and once at start, to catch up after downtime), due scheduled feeds get an
 * import job (ADR 0009), published selections' files past their days are removed (ADR 0013), and
 * mails the SMTP server refused for now are tried again (mailer.ts retryDueMails). The server starts it when it runs jobs inline, each worker process
 * otherwise (ADR 0014): several schedulers are safe, as a feed's queued or running import holds
 * its key in the table and a second one gets that job. Tests' apps do not start it. Returns a
 * stop function.
 */
export function startScheduler(
  deps: { db: Db; jobs: JobRunner; log: FastifyBaseLogger; exports: ExportFiles; mailer: Mailer },
  intervalMs = SCHEDULER_INTERVAL_MS,
): () => Promise<void> {
  let round: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    // A slow round (a busy PGlite) is not overlapped by the next one.
    round = round.then(async () => {
      if (stopped) return;
      try {
        await runDueFeeds(deps.db, deps.jobs, deps.log);
      } catch (err) {
        deps.log.error({ err }, 'scheduler round failed');
      }
      try {
        await removeExpiredSelectionFiles(deps.db, deps.exports);
      } catch (err) {
        deps.log.error({ err }, 'removing expired selection exports failed');
      }
      try {
        await deps.mailer.retryDueMails();
      } catch (err) {
        deps.log.error({ err }, 'retrying refused mails failed');
      }
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // Resolves when a round in progress has ended: a worker stops its runner only after that.
  return () => {
    stopped = true;
    clearInterval(timer);
    return round.then(() => undefined);
  };
}
