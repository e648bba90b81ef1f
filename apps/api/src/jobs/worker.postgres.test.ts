import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { JobResponse } from '@kontor/contract';
import { buildApp } from '../app.js';
import { migrationsFolder, openDatabase, type Database } from '../db/client.js';
import { backgroundJobs, procurementProducts } from '../db/schema/index.js';
import { startFeedServer, type FeedServer } from '../modules/procurement/feed-import/feed-server.fixture.js';
import { insertFeed, insertSupplier } from '../modules/procurement/procurement.factories.js';
import { as, createTenant, testConfig, type Tenant, type TestApp } from '../../test/helpers.js';
import { createScratchPostgresDatabase } from '../../test/test-database.js';
import { createJobRunner } from './index.js';
import { insertProduct } from '../modules/catalog/catalog.factories.js';
import { checkInventory } from '../modules/inventory/check.service.js';
import { levelOf, location, stockIn } from '../modules/inventory/inventory.fixtures.js';
import { JobRunner, type JobContext, type WorkOptions } from './runner.js';

/**
 * ADR 0014 with real processes where it matters: API instances with JOBS=worker and workers,
 * each with its own connection pool on one PostgreSQL database, and `src/worker.ts` itself
 * spawned, stopped with SIGTERM and killed with SIGKILL. PostgreSQL only (see vitest.config.ts).
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = pino({ level: 'silent' });

let url: string;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let feeds: FeedServer;
let apiA: TestApp;
let apiB: TestApp;
let tenant: Tenant;
const closing: (() => Promise<unknown>)[] = [];

async function open(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: url });
  closing.push(() => database.close());
  return database;
}

/** An API process with JOBS=worker: its own pool, no job run here. */
async function apiProcess(): Promise<TestApp> {
  const database = await open();
  const app = await buildApp({ config: testConfig({ JOBS: 'worker', DATABASE_URL: url, DATA_DIR: dataDir }), database, logger: false });
  await app.ready();
  closing.unshift(() => app.close());
  return app;
}

/** A worker loop in this process, on its own pool: the real job kinds, or only the given ones. */
async function workerLoop(options: WorkOptions, kinds?: Record<string, (job: JobContext) => Promise<Record<string, unknown>>>) {
  const database = await open();
  const runner = kinds
    ? new JobRunner(database.db, log, 'worker')
    : createJobRunner(database.db, log, { ...testConfig({ DATA_DIR: dataDir }), jobs: 'worker' });
  for (const [kind, handler] of Object.entries(kinds ?? {})) runner.register(kind, handler);
  runner.work(options);
  closing.unshift(() => runner.stop());
  return runner;
}

type WorkerProcess = { child: ChildProcess; id: string; exited: Promise<number | null> };

/** `src/worker.ts` as `npm run worker` starts it. */
function startWorkerProcess(env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'worker-secret-worker-secret-worker-0001',
      // The feed server is on 127.0.0.1 (testConfig allows it likewise).
      OUTBOUND_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  closing.unshift(async () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kontor worker (\S+) is running jobs/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, id: match[1]!, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
  });
}

const getJob = (app: TestApp, id: number) => as(app, tenant, { method: 'GET', url: `/api/jobs/${id}/` }).then((res) => res.json() as JobResponse);
const runNow = async (app: TestApp, feedId: number) => {
  const res = await as(app, tenant, { method: 'POST', url: `/api/procurement/feeds/${feedId}/run/` });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as JobResponse;
};
const CSV = 'sku,name\r\nW1,Watering can\r\nW2,Hose reel\r\n';

/** A feed the test server serves; `hold` keeps its download going until `feeds.release()`. */
async function feedOf(file: string, hold: boolean) {
  feeds.set(`/${file}`, hold ? { body: CSV, holdAfter: 10 } : { body: CSV });
  const supplier = await insertSupplier(apiA.deps.database.db, tenant.companyId);
  const feed = await insertFeed(apiA.deps.database.db, tenant.companyId, supplier.id, { url: feeds.url(`/${file}`) });
  return { feed, supplier };
}

beforeAll(async () => {
  const scratch = await createScratchPostgresDatabase();
  url = scratch.url;
  dropDatabase = scratch.drop;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-worker-'));
  await (await open()).migrate();
  feeds = await startFeedServer();
  apiA = await apiProcess();
  apiB = await apiProcess();
  tenant = await createTenant(apiA);
});
afterAll(async () => {
  for (const close of closing) await close().catch(() => undefined);
  await feeds?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('API processes with JOBS=worker and worker processes on one PostgreSQL (ADR 0014)', () => {
  it('a new database migrated by two processes at once ends up migrated once', async () => {
    const scratch = await createScratchPostgresDatabase();
    try {
      const [one, two] = [await openDatabase({ databaseUrl: scratch.url }), await openDatabase({ databaseUrl: scratch.url })];
      try {
        await Promise.all([one.migrate(), two.migrate()]);
        const result = await one.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(readdirSync(migrationsFolder()).filter((f) => f.endsWith('.sql')).length);
      } finally {
        await one.close();
        await two.close();
      }
    } finally {
      await scratch.drop();
    }
  });

  it('an API process only queues; a worker loop runs the job; the other API process answers its progress and result', async () => {
    const counted = gate();
    const step = gate();
    const handler = async (job: JobContext) => {
      job.progress(5, 10);
      counted.open();
      await step.opened;
      job.progress(10, 10);
      return { counted: 10 };
    };
    apiA.jobs.register('test_count', handler);
    const queued = await apiA.jobs.enqueue({ companyId: tenant.companyId, accountId: tenant.user.id }, 'test_count', {});
    expect(await getJob(apiB, queued.id)).toMatchObject({ status: 'queued', started_at: null });

    await workerLoop({ pollMs: 100, heartbeatMs: 100 }, { test_count: handler });
    await counted.opened;
    await vi.waitFor(async () => expect(await getJob(apiB, queued.id)).toMatchObject({ status: 'running', progress: { done: 5, total: 10 } }), {
      timeout: 10_000,
    });
    // A third API process starting now leaves the running job alone (inline start would fail it).
    const apiC = await apiProcess();
    expect(await getJob(apiC, queued.id)).toMatchObject({ status: 'running' });
    step.open();
    await vi.waitFor(
      async () => expect(await getJob(apiB, queued.id)).toMatchObject({ status: 'succeeded', progress: { done: 10, total: 10 }, result: { counted: 10 } }),
      { timeout: 10_000 },
    );
  });

  it('two worker loops with their own pools never run the same job', async () => {
    const runs = new Map<number, number>();
    const handler = async (job: JobContext) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
      return {};
    };
    apiA.jobs.register('test_many', handler);
    apiB.jobs.register('test_many', handler);
    const owner = { companyId: tenant.companyId, accountId: null };
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? apiA : apiB).jobs.enqueue(owner, 'test_many', { i }).then((j) => j.id)));
    const one = await workerLoop({ pollMs: 20 }, { test_many: handler });
    const two = await workerLoop({ pollMs: 20 }, { test_many: handler });
    const rows = await Promise.all(ids.map((id) => apiB.jobs.waitFor(id)));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'succeeded'));
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    expect(rows.every((r) => r.lockedBy === one.id || r.lockedBy === two.id)).toBe(true);
  });

  it('`npm run worker` runs a feed import queued by an API process, and on SIGTERM interrupts its running job and exits', async () => {
    const { feed, supplier } = await feedOf('held.csv', true);
    const job = await runNow(apiA, feed.id);
    expect(job.status).toBe('queued');
    const worker = await startWorkerProcess();
    await vi.waitFor(async () => expect(await getJob(apiB, job.id)).toMatchObject({ status: 'running' }), { timeout: 20_000 });
    const [row] = await apiB.deps.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, job.id));
    expect(row!.lockedBy).toBe(worker.id);
    // Released only once the download has begun (a later request would wait for the next release).
    await vi.waitFor(() => expect(feeds.hits('/held.csv')).toBe(1), { timeout: 20_000 });
    feeds.release();
    await vi.waitFor(async () => expect(await getJob(apiB, job.id)).toMatchObject({ status: 'succeeded', result: { created: 2 } }), { timeout: 20_000 });
    const [imported] = await apiB.deps.database.db.select({ n: count() }).from(procurementProducts).where(eq(procurementProducts.supplierId, supplier.id));
    expect(imported!.n).toBe(2);

    const second = await runNow(apiB, feed.id);
    await vi.waitFor(async () => expect(await getJob(apiA, second.id)).toMatchObject({ status: 'running' }), { timeout: 20_000 });
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await getJob(apiA, second.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
  });

  it('a worker killed with SIGKILL: another worker fails its job as interrupted, and the feed runs again, once for two API processes', async () => {
    const { feed } = await feedOf('killed.csv', true);
    const worker = await startWorkerProcess();
    const job = await runNow(apiA, feed.id);
    await vi.waitFor(async () => expect(await getJob(apiB, job.id)).toMatchObject({ status: 'running' }), { timeout: 20_000 });
    worker.child.kill('SIGKILL');
    await worker.exited;
    // Its heartbeat has stopped: a worker started after it takes it for dead once it is stale.
    feeds.set('/killed.csv', { body: CSV });
    await workerLoop({ pollMs: 200, heartbeatMs: 200, staleMs: 3000 });
    await vi.waitFor(async () => expect(await getJob(apiB, job.id)).toMatchObject({ status: 'failed', error: 'interrupted' }), { timeout: 20_000 });
    // "Run now" in both API processes at once: the feed's key in the table gives one job.
    const [a, b] = await Promise.all([runNow(apiA, feed.id), runNow(apiB, feed.id)]);
    expect(b.id).toBe(a.id);
    expect(a.id).not.toBe(job.id);
    await vi.waitFor(async () => expect(await getJob(apiA, a.id)).toMatchObject({ status: 'succeeded', result: { created: 2 } }), { timeout: 20_000 });
  });

  it('two API instances, each with its own pool: 50 concurrent moves and stock-outs asking for more than there is never oversell', async () => {
    const p = await insertProduct(apiA.deps.database.db, tenant.companyId, { sku: `TWO-${Date.now()}` });
    const a = await location(apiA, tenant, { name: `Two A ${Date.now()}` });
    const b = await location(apiB, tenant, { name: `Two B ${Date.now()}` });
    await stockIn(apiA, tenant, p.id, a.id, 30);
    // Every third call a stock-out of 2, the others a move of 3 from A to B: about 110 units asked of 30.
    const calls = Array.from({ length: 50 }, (_, i) => {
      const api = i % 2 === 0 ? apiA : apiB;
      return i % 3 === 0
        ? as(api, tenant, {
            method: 'POST',
            url: '/api/catalog/inventory_transactions/',
            payload: { product: p.id, location: a.id, quantity: 2, inventory_action: 'STOCK_OUT' },
          })
        : as(api, tenant, {
            method: 'POST',
            url: '/api/catalog/inventory_transactions/move/',
            payload: { product: p.id, from_location: a.id, to_location: b.id, quantity: 3 },
          });
    });
    const responses = await Promise.all(calls);
    expect(responses.filter((r) => r.statusCode !== 201 && r.statusCode !== 400).map((r) => r.body)).toEqual([]);
    const accepted = responses.map((r, i) => ({ ok: r.statusCode === 201, out: i % 3 === 0 }));
    const taken = accepted.reduce((sum, c) => sum + (c.ok ? (c.out ? 2 : 3) : 0), 0);
    const movedToB = accepted.reduce((sum, c) => sum + (c.ok && !c.out ? 3 : 0), 0);
    expect(taken).toBeLessThanOrEqual(30);
    expect(await levelOf(apiA, p.id, a.id)).toBe(30 - taken);
    expect(await levelOf(apiA, p.id, b.id)).toBe(movedToB);
    const report = await checkInventory(apiA.deps.database.db, { companyId: tenant.companyId });
    expect(report.problems).toEqual([]);
  });

  it('the worker refuses to start without DATABASE_URL and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, JWT_SECRET: 'worker-secret-worker-secret-worker-0001' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('The worker needs DATABASE_URL');
    expect(stderr).toContain('PGlite database can be opened by one process only');
  });
});

/** A promise with its resolve function, to hold a job until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}
