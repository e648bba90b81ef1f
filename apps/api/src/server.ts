import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { DataDirInUseError, openDatabase } from './db/client.js';
import { DEMO_LOGIN, seedDemo } from './db/seed/demo.js';
import { startScheduler } from './jobs/scheduler.js';
import { exportFiles } from './modules/catalog/publish/export-files.js';
import { initSentry } from './lib/sentry.js';

/** Entry: config, database (migrated), demo seed on an empty embedded database, listen, graceful shutdown. */
async function main() {
  const config = loadConfigOrExit();
  await initSentry(config.sentryDsn, config.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readDatabaseUrl: config.readDatabaseUrl,
    preparedStatements: config.preparedStatements,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = process.env.KONTOR_WEB_DIST ?? path.resolve(here, '../../web/dist');
  const app = await buildApp({ config, database, webDist });

  // A fresh embedded database gets the demo once the server listens (its suppliers' feed URLs
  // need the real port, PORT=0). Requests that come meanwhile wait for it: a login in that
  // second would otherwise be refused as unknown.
  const seedsDemo = database.driver === 'pglite' && config.demoSeed;
  let demoReady = () => {};
  if (seedsDemo) {
    const ready = new Promise<void>((resolve) => (demoReady = resolve));
    let open = false;
    void ready.then(() => (open = true));
    app.addHook('onRequest', async () => {
      if (!open) await ready;
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  // With PORT=0 the real port is known only now; mailed links and the demo feeds' URLs must point at it.
  if (!config.publicUrlFromEnv) config.publicUrl = url;
  const seeded = seedsDemo ? await seedDemo(app.deps).finally(demoReady) : false;
  // With JOBS=worker the worker processes run jobs and the scheduler (ADR 0014).
  const stopScheduler =
    config.jobs === 'inline'
      ? startScheduler({ db: database.db, jobs: app.jobs, log: app.log, exports: exportFiles(config), mailer: app.deps.mailer })
      : async () => undefined;
  console.log(`\n  Kontor is running at ${url}\n`);
  if (config.jobs === 'worker') console.log('  Background jobs are queued for worker processes (npm run worker).\n');
  if (seedsDemo) {
    console.log(`  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}${seeded ? ' (created now)' : ''}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopScheduler();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // A second server on the same embedded database: the message says what to do, no stack needed.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
