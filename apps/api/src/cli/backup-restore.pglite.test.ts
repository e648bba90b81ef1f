import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Db } from '../db/client.js';
import { checkInventory, describeProblem } from '../modules/inventory/check.service.js';
import { createTenant, testConfig } from '../../test/helpers.js';
import { openTestDatabase } from '../../test/test-database.js';
import { BackupError, backupEmbeddedDatabase, restoreEmbeddedDatabase, runBackupCommand, type Output } from './backup.js';

/**
 * `npm run db:backup` / `db:restore` (docs/backup-restore.md): a PGlite database holding the
 * demo shop is backed up and restored into a new DATA_DIR, and the restored one must hold the
 * same rows in every table (counts and a hash of the rows) and pass the inventory check.
 * PGlite only; with DATABASE_URL the commands only point at pg_dump, which runs in both projects.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'kontor-backup-'));
const dir = (name: string) => path.join(scratch, name);

type Fingerprint = Record<string, string>;

/** Per table of the app (and drizzle's migration journal): row count and an order-independent hash of the rows; per sequence its position. */
async function fingerprint(db: Db): Promise<Fingerprint> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const result: Fingerprint = {};
  for (const { schema, name } of tables) {
    const table = sql.raw(`"${String(schema)}"."${String(name)}"`);
    const [row] = await rows(sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, E'\n' order by t::text)), '-') as hash from ${table} t`);
    result[`${String(schema)}.${String(name)}`] = `${String(row!.n)} rows ${String(row!.hash)}`;
  }
  for (const s of await rows(sql`select schemaname, sequencename, last_value::text as v from pg_sequences where schemaname in ('public', 'drizzle')`)) {
    result[`sequence ${String(s.schemaname)}.${String(s.sequencename)}`] = String(s.v);
  }
  return result;
}

/** Opens a DATA_DIR's embedded database as the server does, and closes it after `look`. */
async function withDatabase<T>(dataDir: string, look: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    return await look(database.db);
  } finally {
    await database.close();
  }
}

function collect(): Output & { text: () => string } {
  const lines: string[] = [];
  return { log: (line) => lines.push(line), error: (line) => lines.push(line), text: () => lines.join('\n') };
}

/** `npm run db:backup` / `db:restore` as the operator runs them (tsx on src/cli.ts). */
function cli(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'backup-secret-backup-secret-backup-0001', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The embedded database only: this file runs in the PGlite project (vitest.config.ts, *.pglite.test.ts).
describe('backup and restore of the embedded database', () => {
  const source = dir('source');
  let expected: Fingerprint;

  beforeAll(async () => {
    // A migrated database in a real data directory (the tests' template, unpacked), then the demo shop through the app.
    const template = await openTestDatabase();
    const tarball = await template.dumpDataDir!();
    await template.close();
    mkdirSync(source);
    const unpacked = new PGlite(path.join(source, 'db'), { loadDataDir: tarball, extensions: { pg_trgm } });
    await unpacked.waitReady;
    await unpacked.close();

    const database = await openDatabase({ pgliteDir: path.join(source, 'db') });
    await database.migrate();
    const app = await buildApp({ config: testConfig({ DATA_DIR: source }), database, logger: false });
    await app.ready();
    await createTenant(app, { account: { first_name: 'Åsa', last_name: 'Öberg' } }, { demoData: true });
    await createTenant(app);
    await app.close();
    expected = await fingerprint(database.db);
    await database.close();
    expect(Number(expected['public.inventory_transactions']!.split(' ')[0])).toBeGreaterThan(500);
    expect(Number(expected['public.procurement_products']!.split(' ')[0])).toBeGreaterThan(500);
  }, 120_000);

  it('restores a backup into a new DATA_DIR with the same rows in every table, and the inventory check passes', async () => {
    const output = collect();
    const backup = await backupEmbeddedDatabase({ dataDir: source, out: dir('one.tar.gz'), output });
    expect(backup.file).toBe(dir('one.tar.gz'));
    expect([...readFileSync(backup.file).subarray(0, 2)], 'gzip magic').toEqual([0x1f, 0x8b]);
    expect(backup.summary).toMatchObject({ companies: 2 });
    expect(output.text()).toContain('verified');
    expect(readdirSync(scratch).filter((f) => f.includes('.partial-'))).toEqual([]);
    // The source is left as it was (a backup applies no migration and writes no row).
    expect(await withDatabase(source, fingerprint)).toEqual(expected);

    const target = dir('target');
    const restored = await restoreEmbeddedDatabase({ dataDir: target, file: backup.file, output });
    expect(restored).toMatchObject({ dir: path.join(target, 'db'), keptAside: null, summary: backup.summary });
    expect(existsSync(path.join(target, 'db', 'postmaster.pid')), 'closed cleanly').toBe(false);
    await withDatabase(target, async (db) => {
      expect(await fingerprint(db)).toEqual(expected);
      const report = await checkInventory(db);
      expect(report.problems.map(describeProblem)).toEqual([]);
      expect(report).toMatchObject({ companies: 2 });
    });
  }, 120_000);

  it('refuses to replace a database without --force; a broken file changes nothing; --force keeps the old database aside', async () => {
    const target = dir('target');
    await expect(restoreEmbeddedDatabase({ dataDir: target, file: dir('one.tar.gz'), output: collect() })).rejects.toThrow(
      /already holds a database\. Pass --force/,
    );
    writeFileSync(dir('broken.tar.gz'), 'not a backup');
    await expect(restoreEmbeddedDatabase({ dataDir: target, file: dir('broken.tar.gz'), force: true, output: collect() })).rejects.toThrow(
      /could not be restored .*the current database is unchanged/,
    );
    await expect(restoreEmbeddedDatabase({ dataDir: target, file: dir('missing.tar.gz'), force: true, output: collect() })).rejects.toThrow(BackupError);
    expect(readdirSync(target)).toEqual(['db']);

    // Something to lose: a row only the database being replaced has.
    await withDatabase(target, (db) => db.execute(sql`update companies set name = 'Changed after the backup' where id = (select min(id) from companies)`));
    const replaced = await restoreEmbeddedDatabase({ dataDir: target, file: dir('one.tar.gz'), force: true, output: collect() });
    expect(replaced.keptAside).toMatch(/db\.before-restore-\d{8}-\d{6}$/);
    expect(await withDatabase(target, fingerprint)).toEqual(expected);
    const kept = await openDatabase({ pgliteDir: replaced.keptAside! });
    try {
      const { rows } = (await kept.db.execute(sql`select name from companies order by id limit 1`)) as unknown as { rows: { name: string }[] };
      expect(rows[0]!.name).toBe('Changed after the backup');
    } finally {
      await kept.close();
    }
  }, 120_000);

  it('npm run db:backup and db:restore do the same; a database another process holds is refused', async () => {
    const backup = await cli(['backup', '--out', dir('cli.tar.gz')], source);
    expect(backup.output).toContain('Backup written');
    expect(backup.code, backup.output).toBe(0);
    const restore = await cli(['restore', dir('cli.tar.gz')], dir('cli-target'));
    expect(restore.code, restore.output).toBe(0);
    expect(await withDatabase(dir('cli-target'), fingerprint)).toEqual(expected);

    // This process has the source open, as a running server would.
    const database = await openDatabase({ pgliteDir: path.join(source, 'db') });
    try {
      const refused = await cli(['backup', '--out', dir('refused.tar.gz')], source);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is in use by process ${process.pid}`);
      expect(existsSync(dir('refused.tar.gz'))).toBe(false);
      const notOver = await cli(['restore', dir('cli.tar.gz'), '--force'], source);
      expect(notOver.code).toBe(1);
      expect(notOver.output).toContain('is in use by process');
    } finally {
      await database.close();
    }
    expect(readdirSync(source).filter((f) => f.startsWith('db.'))).toEqual([]);
  }, 120_000);

  it('backs up a database whose process was killed (postmaster.pid left behind), recovering it as it opens', async () => {
    // PGlite writes postmaster.pid when it opens a directory and removes it on a clean close.
    writeFileSync(path.join(source, 'db', 'postmaster.pid'), '-42\n/pglite/data\n');
    const output = collect();
    await backupEmbeddedDatabase({ dataDir: source, out: dir('after-crash.tar.gz'), output });
    expect(output.text()).toContain('was not shut down cleanly');
    await expect(backupEmbeddedDatabase({ dataDir: source, out: dir('after-crash.tar.gz'), output })).rejects.toThrow(/exists already/);
    await expect(backupEmbeddedDatabase({ dataDir: dir('empty'), output })).rejects.toThrow(/no embedded database/);
  }, 120_000);
});

describe('backup and restore with DATABASE_URL (PostgreSQL)', () => {
  it('print the pg_dump / pg_restore way and do nothing', async () => {
    const config = testConfig({ DATABASE_URL: 'postgresql://kontor@127.0.0.1:5432/kontor' });
    for (const command of ['backup', 'restore'] as const) {
      const output = collect();
      expect(await runBackupCommand(command, [], config, output)).toBe(1);
      expect(output.text()).toContain('pg_dump --format=custom');
      expect(output.text()).toContain('pg_restore');
      expect(output.text()).toContain('nothing was done');
    }
    expect(readdirSync(config.dataDir).filter((f) => f !== 'jwt-secret')).toEqual([]);
  });
});
