import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse, MoveStockBody, TransactionResponse } from '@kontor/contract';
import { registrationBody } from '../../test/helpers.js';
import { createScratchPostgresDatabase, openTestDatabase, usesPostgres } from '../../test/test-database.js';
import { checkInventory, describeProblem } from '../modules/inventory/check.service.js';
import { WRITE_BATCH_ROWS } from '../modules/procurement/feed-import/write.js';
import { openDatabase, type Database, type Db } from './client.js';

/**
 * DESIGN §2 "make sure a committed write survives kill -9 of the server, and test it", and
 * §5 "never leaves a half import" / "moving stock is atomic", proven with real processes: the
 * server (`src/server.ts`) is killed with SIGKILL in the middle of a supplier feed import (while
 * it downloads, then inside its write transaction) and in the middle of a burst of concurrent
 * stock moves, started again on the same database, and the data is examined: no row of the
 * interrupted import, the job failed as interrupted (not left running), every move either whole
 * or absent, levels equal to the ledger and qty_in_stock equal to the levels. On PGlite the data
 * directory belongs to one process at a time: the server is stopped before this process opens
 * it, and amcheck verifies every table and B-tree index for corruption as well.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const postgres = usesPostgres();
const JWT_SECRET = 'crash-safety-secret-crash-safety-secret-0001';

// ---- The server process ----

type Server = { child: ChildProcess; url: string; exited: Promise<void> };

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    // The supplier feed is a server on 127.0.0.1, which the SSRF guard refuses unless told (lib/outbound.ts).
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'false', JWT_SECRET, OUTBOUND_ALLOW_PRIVATE: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kontor is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output}`)));
  });
}

/** No shutdown: the process dies where it stands, as on a power cut or the OOM killer. */
async function killHard(server: Server) {
  process.kill(server.child.pid!, 'SIGKILL');
  await server.exited;
}

async function stopGracefully(server: Server) {
  server.child.kill('SIGTERM');
  await server.exited;
  expect(server.child.exitCode, 'graceful shutdown').toBe(0);
}

// ---- The supplier's feed: a local HTTP server streaming a CSV slowly ----

const FEED_CATEGORIES = 20;
/** Version 1 (300 rows) is imported before any kill; version 2 (20k rows) is the one interrupted. */
function feedCsv(version: 'v1' | 'v2', rows: number, from = 0): string {
  const lines = ['sku,name,cost,category'];
  for (let i = from; i < rows; i += 1) {
    lines.push(
      `CRASH-${String(i).padStart(6, '0')},Crash product ${i} ${version},${version === 'v1' ? 10 + (i % 50) : 20 + (i % 70)}.50,${version} Garden > Tools ${i % FEED_CATEGORIES}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
const V1_ROWS = 300;
const V1_CSV = feedCsv('v1', V1_ROWS);
// Leaves out the first 10 SKUs of v1: a finished import would also mark them removed.
const V2_CSV = feedCsv('v2', 20_000, 10);

type Streaming = { chunks: number; intervalMs: number };
type FeedServer = {
  url: string;
  serve: (body: string, streaming?: Streaming) => void;
  /** Resolves once this many chunks of the current answer have been written. */
  sent: (chunks: number) => Promise<void>;
  close: () => Promise<void>;
};

async function startFeedServer(): Promise<FeedServer> {
  let body = Buffer.from('');
  let streaming: Streaming | undefined;
  let written = 0;
  let waiters: { chunks: number; resolve: () => void }[] = [];
  const wrote = (n: number) => {
    written = n;
    waiters = waiters.filter((w) => (w.chunks <= n ? (w.resolve(), false) : true));
  };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    if (!streaming) return res.end(body);
    const { chunks, intervalMs } = streaming;
    const size = Math.ceil(body.length / chunks);
    let i = 0;
    wrote(0);
    const next = () => {
      if (res.destroyed) return;
      res.write(body.subarray(i * size, (i + 1) * size));
      i += 1;
      if (i < chunks) {
        wrote(i);
        setTimeout(next, intervalMs);
      } else {
        res.end(() => wrote(i));
      }
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`,
    serve: (text, options) => {
      body = Buffer.from(text);
      streaming = options;
      written = 0;
    },
    sent: (chunks) => (written >= chunks ? Promise.resolve() : new Promise((resolve) => waiters.push({ chunks, resolve }))),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- HTTP client ----

type MoveAnswer = { move_id: string; stock_out: TransactionResponse; stock_in: TransactionResponse };

let server: Server | undefined;
let token = '';

async function api<T>(method: string, url: string, body?: unknown, options: { timeoutMs?: number } = {}): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server!.url}/api${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

async function ok<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

async function waitForJob(id: number): Promise<JobResponse> {
  for (;;) {
    const job = await ok<JobResponse>('GET', `/jobs/${id}/`);
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---- Looking at the database itself ----

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

let postgresDatabase: Database | undefined;

/**
 * Runs `look` on the database the server uses. PostgreSQL: through this process's own pool,
 * the server still running. PGlite: the server is stopped first (one process per data
 * directory), and amcheck verifies every table and B-tree index before `look` runs.
 */
async function inspect<T>(look: (db: Db) => Promise<T>): Promise<T> {
  if (postgresDatabase) return look(postgresDatabase.db);
  if (server) {
    await stopGracefully(server);
    server = undefined;
  }
  const client = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm, amcheck } });
  await client.waitReady;
  try {
    await client.exec('create extension if not exists amcheck');
    const corrupt: string[] = [];
    const relations = await client.query<{ oid: number; name: string; kind: string }>(
      `select c.oid::int as oid, c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_am am on am.oid = c.relam
       where n.nspname in ('public', 'drizzle') and (c.relkind in ('r', 'm') or (c.relkind = 'i' and am.amname = 'btree')) order by c.relname`,
    );
    for (const relation of relations.rows) {
      if (relation.kind === 'i') {
        // heapallindexed: every heap tuple must be findable through the index.
        await client.query('select bt_index_check($1::regclass, true)', [relation.oid]).catch((err: Error) => corrupt.push(`${relation.name}: ${err.message}`));
      } else {
        const found = await client.query<Row>('select * from verify_heapam($1::regclass)', [relation.oid]);
        for (const r of found.rows) corrupt.push(`${relation.name}: ${JSON.stringify(r)}`);
      }
    }
    expect(corrupt, 'amcheck after kill -9').toEqual([]);
    expect(relations.rows.length).toBeGreaterThan(50);
    return await look(drizzle(client) as unknown as Db);
  } finally {
    await client.close();
  }
}

async function expectInventoryConsistent(db: Db) {
  const report = await checkInventory(db);
  expect(report.problems.map(describeProblem), 'inventory check (db:check)').toEqual([]);
  expect(report.transactions).toBeGreaterThan(0);
}

// ---- The scenario's data ----

let dataDir: string;
let dropPostgres: (() => Promise<void>) | undefined;
let feeds: FeedServer;
const env: Record<string, string> = { DATABASE_URL: '' };
let supplierId: number;
let feedId: number;
let v1JobId: number;
let locations: [number, number];
let products: number[];
const START_QTY = 500;
/** PGlite: the file of procurement_products' heap. It grows as soon as an import writes rows, committed or not. */
let procurementHeapFile: string | undefined;

/** The supplier's products exactly as the v1 import left them: none of v2's rows or categories. */
async function expectFeedAsAfterV1(db: Db) {
  const rows = await rowsOf(db, sql`select sku, name, cost::text as cost, status from procurement_products where supplier_id = ${supplierId} order by sku`);
  const expected = V1_CSV.trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [sku, name, cost] = line.split(',');
      return { sku, name, cost: Number(cost).toFixed(4), status: 'active' };
    });
  expect(rows.length, 'procurement products of the supplier').toBe(V1_ROWS);
  expect(rows).toEqual(expected);
  const categories = await rowsOf(db, sql`select path from procurement_categories where supplier_id = ${supplierId} and path like 'v2%'`);
  expect(categories, 'categories of the interrupted import').toEqual([]);
}

async function expectInterrupted(jobId: number) {
  const job = await ok<JobResponse>('GET', `/jobs/${jobId}/`);
  expect(job).toMatchObject({ id: jobId, status: 'failed', error: 'interrupted', result: null });
  expect(job.finished_at).not.toBeNull();
  const feed = await ok<{ last_job: JobResponse | null }>('GET', `/procurement/feeds/${feedId}/`);
  expect(feed.last_job).toMatchObject({ id: jobId, status: 'failed', error: 'interrupted' });
  const list = await ok<{ count: number }>('GET', `/procurement/products/?supplier=${supplierId}&limit=1`);
  expect(list.count).toBe(V1_ROWS);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-crash-'));
  env.DATA_DIR = dataDir;
  if (postgres) {
    const scratch = await createScratchPostgresDatabase();
    env.DATABASE_URL = scratch.url;
    dropPostgres = scratch.drop;
    postgresDatabase = await openDatabase({ databaseUrl: scratch.url });
  } else {
    // The migrated database every test file starts from (initdb and the migrations take seconds),
    // unpacked into the server's data directory.
    const template = await openTestDatabase();
    const tarball = await template.dumpDataDir!();
    await template.close();
    const client = new PGlite(path.join(dataDir, 'db'), { loadDataDir: tarball, extensions: { pg_trgm } });
    const [heap] = (await client.query<{ file: string }>(`select pg_relation_filepath('procurement_products') as file`)).rows;
    procurementHeapFile = path.join(dataDir, 'db', heap!.file);
    await client.close();
  }
  feeds = await startFeedServer();
  server = await startServer(env);

  // A company with the demo shop (about 830 ledger rows for the inventory check to go through).
  const registration = registrationBody();
  await ok('POST', '/user/demo_register/', registration);
  token = (await ok<{ access: string }>('POST', '/login/', { username: registration.account.email, password: registration.account.password })).access;

  supplierId = (await ok<{ id: number }>('POST', '/procurement/suppliers/', { name: 'Crash Supply AB', name_abbrev: 'CRASH' })).id;
  const feedBody = {
    supplier: supplierId,
    name: 'Crash feed',
    url: feeds.url,
    format: 'CSV',
    column_mapping: { sku: 'sku', name: 'name', cost: 'cost', category: 'category' },
  };
  feedId = (await ok<{ id: number }>('POST', '/procurement/feeds/', feedBody)).id;
  feeds.serve(V1_CSV);
  const v1 = await waitForJob((await ok<JobResponse>('POST', `/procurement/feeds/${feedId}/run/`)).id);
  expect(v1).toMatchObject({ status: 'succeeded', result: { created: V1_ROWS } });
  v1JobId = v1.id;

  const location = (name: string, slug: string) =>
    ok<{ id: number }>('POST', '/catalog/inventory_locations/', { name, abbreviation_slug: slug }).then((l) => l.id);
  locations = [await location('Crash shelf A', 'CRA'), await location('Crash shelf B', 'CRB')];
  products = [];
  for (let i = 0; i < 5; i += 1) {
    const { id } = await ok<{ id: number }>('POST', '/catalog/products/', { sku: `MOVE-${i}`, name: `Moved product ${i}` });
    for (const locationId of locations) {
      await ok('POST', '/catalog/inventory_transactions/', { product: id, location: locationId, quantity: START_QTY, inventory_action: 'STOCK_IN' });
    }
    products.push(id);
  }
}, 180_000);

afterAll(async () => {
  if (server) await killHard(server);
  await feeds?.close();
  await postgresDatabase?.close();
  await dropPostgres?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`kill -9 of the server (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('during a feed import, while the file downloads: after a restart the job is failed as interrupted and the products are as before', async () => {
    feeds.serve(V2_CSV, { chunks: 40, intervalMs: 100 });
    const job = await ok<JobResponse>('POST', `/procurement/feeds/${feedId}/run/`);
    expect(job.id).not.toBe(v1JobId);
    await feeds.sent(15);
    expect(await ok<JobResponse>('GET', `/jobs/${job.id}/`)).toMatchObject({ status: 'running' });
    await killHard(server!);

    server = await startServer(env);
    await expectInterrupted(job.id);
    await inspect(async (db) => {
      await expectFeedAsAfterV1(db);
      await expectInventoryConsistent(db);
    });
  }, 150_000);

  it('during a feed import, inside its write transaction: nothing of it is kept, the job is failed as interrupted', async () => {
    server ??= await startServer(env);
    feeds.serve(V2_CSV, { chunks: 10, intervalMs: 50 });
    const job = await ok<JobResponse>('POST', `/procurement/feeds/${feedId}/run/`);
    await feeds.sent(10);
    // The file is read; its rows are written in one transaction, batch by batch. PostgreSQL: the
    // job's progress shows the batches; kill once one is written (uncommitted). PGlite: the
    // transaction holds the one connection, so the job cannot be asked; the heap file of
    // procurement_products grows as soon as the first batch's rows are being written.
    if (procurementHeapFile) {
      const before = statSync(procurementHeapFile).size;
      const deadline = Date.now() + 60_000;
      while (statSync(procurementHeapFile).size === before) {
        expect(Date.now() < deadline, 'the import never began writing rows').toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } else {
      for (;;) {
        const { status, progress } = await ok<JobResponse>('GET', `/jobs/${job.id}/`);
        expect(status, 'the import finished before the kill: make the feed larger').toBe('running');
        if (progress.total !== null && progress.done >= WRITE_BATCH_ROWS && progress.done < progress.total) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    await killHard(server!);

    server = await startServer(env);
    await expectInterrupted(job.id);
    await inspect(async (db) => {
      await expectFeedAsAfterV1(db);
      await expectInventoryConsistent(db);
    });
  }, 150_000);

  it('during a burst of 30 concurrent stock moves: every move is whole or absent, answered ones are kept, levels equal the ledger', async () => {
    server ??= await startServer(env);
    const answered: MoveAnswer[] = [];
    const failures: string[] = [];
    let sent = 0;
    let killing = false;
    let enough!: () => void;
    const enoughAnswered = new Promise<void>((resolve) => (enough = resolve));
    const client = async (n: number) => {
      for (let i = 0; !killing; i += 1) {
        const forward = (n + i) % 2 === 0;
        const body: MoveStockBody = {
          product: products[(n + i) % products.length]!,
          from_location: forward ? locations[0] : locations[1],
          to_location: forward ? locations[1] : locations[0],
          quantity: 1 + ((n * 7 + i) % 3),
          comments: `crash burst ${n}.${i}`,
        };
        sent += 1;
        try {
          const res = await api<MoveAnswer>('POST', '/catalog/inventory_transactions/move/', body);
          if (res.status === 201) answered.push(res.json);
          else failures.push(`${res.status} ${JSON.stringify(res.json)}`);
          if (answered.length >= 60) enough();
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const clients = Array.from({ length: 30 }, (_, n) => client(n));
    await enoughAnswered;
    killing = true;
    await killHard(server!);
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(sent - answered.length, 'moves in flight at the kill').toBeGreaterThan(0);

    server = await startServer(env);
    // The server takes moves again after the restart.
    const after = await ok<MoveAnswer>('POST', '/catalog/inventory_transactions/move/', {
      product: products[0],
      from_location: locations[0],
      to_location: locations[1],
      quantity: 1,
    });
    answered.push(after);

    await inspect(async (db) => {
      const ledger = await rowsOf(
        db,
        sql`select move_id::text as move_id, count(*)::int as halves,
                   min(product_id)::int as product, max(product_id)::int as product_check,
                   sum(delta)::text as net,
                   min(case when inventory_action = 'STOCK_OUT' then location_id end)::int as from_location,
                   min(case when inventory_action = 'STOCK_IN' then location_id end)::int as to_location,
                   min(case when inventory_action = 'STOCK_OUT' then -delta end)::text as out_qty,
                   min(case when inventory_action = 'STOCK_IN' then delta end)::text as in_qty
            from inventory_transactions where move_id is not null and product_id in (${sql.join(products, sql`, `)})
            group by move_id`,
      );
      const broken = ledger.filter(
        (m) => m.halves !== 2 || m.net !== '0.00' || m.product !== m.product_check || m.out_qty !== m.in_qty || !m.from_location || !m.to_location,
      );
      expect(broken, 'moves with a missing or odd half').toEqual([]);
      const byId = new Map(ledger.map((m) => [m.move_id as string, m]));
      const lost = answered.filter((m) => {
        const row = byId.get(m.move_id);
        return !row || row.from_location !== m.stock_out.location || row.to_location !== m.stock_in.location || Number(row.in_qty) !== m.stock_in.quantity;
      });
      expect(
        lost.map((m) => m.move_id),
        'moves answered 201 before the kill',
      ).toEqual([]);
      expect(ledger.length).toBeGreaterThanOrEqual(answered.length);
      expect(ledger.length).toBeLessThanOrEqual(sent + 1);

      // Moves only shift stock: each product still has twice the starting quantity, in its levels and its qty_in_stock.
      const stock = await rowsOf(
        db,
        sql`select p.id::int as id, p.qty_in_stock::text as qty, (select sum(quantity) from inventory_levels l where l.product_id = p.id)::text as levels
            from catalog_products p where p.id in (${sql.join(products, sql`, `)}) order by p.id`,
      );
      const total = (2 * START_QTY).toFixed(2);
      expect(stock).toEqual(products.map((id) => ({ id, qty: total, levels: total })));
      await expectInventoryConsistent(db);
      await expectFeedAsAfterV1(db);
    });
  }, 150_000);
});
