import type { FastifyInstance } from 'fastify';
import { runDueFeeds } from '../modules/procurement/feeds.service.js';

export const SCHEDULER_INTERVAL_MS = 60_000;

/**
 * Once a minute (and once at start, to catch up after downtime), due scheduled feeds get an
 * import job (ADR 0009). Only the server starts it; tests' apps do not. Returns a stop function.
 */
export function startScheduler(app: FastifyInstance, intervalMs = SCHEDULER_INTERVAL_MS): () => void {
  let round: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    // A slow round (a busy PGlite) is not overlapped by the next one.
    round = round.then(async () => {
      if (stopped) return;
      try {
        await runDueFeeds(app.deps.database.db, app.jobs, app.log);
      } catch (err) {
        app.log.error({ err }, 'scheduler round failed');
      }
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
