import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { createJobRunner } from './jobs/index.js';
import { createMailer } from './mail/mailer.js';
import { startScheduler } from './jobs/scheduler.js';
import { exportFiles } from './modules/catalog/publish/export-files.js';
import { initSentry } from './lib/sentry.js';

/**
 * `npm run worker` (ADR 0014): runs the background jobs that API processes with JOBS=worker
 * queue, and the scheduler (due feeds, expired exports, mail retries). Any number may run against one PostgreSQL database. The rules
 * (claiming, heartbeats, recovery) live in the runner; this is config, database, signals.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'The worker needs DATABASE_URL: it shares a PostgreSQL database with the API processes (JOBS=worker).\n' +
        'The embedded PGlite database can be opened by one process only; without DATABASE_URL the API runs jobs itself.',
    );
    process.exit(1);
  }
  await initSentry(config.sentryDsn, config.env);
  const log = pino({ level: config.logLevel }).child({ worker: process.pid });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, preparedStatements: config.preparedStatements });
  await database.migrate();

  const jobs = createJobRunner(database.db, log, { ...config, jobs: 'worker' });
  jobs.work();
  // The scheduler's round retries refused mails, so a worker sends with the API's SMTP settings.
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const stopScheduler = startScheduler({ db: database.db, jobs, log, exports: exportFiles(config), mailer });
  console.log(`\n  Kontor worker ${jobs.id} is running jobs\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    // Running jobs are aborted (their transactions roll back) and end as 'interrupted'. Exit
    // before a supervisor's usual 30 s SIGKILL; a job left running then is failed by another worker.
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await stopScheduler();
      await jobs.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
