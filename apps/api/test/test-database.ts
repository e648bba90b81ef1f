import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.js';

/**
 * A fresh PGlite runs initdb (seconds of WASM work) and then the migrations. Test files instead
 * load one migrated data directory, dumped once per set of migrations and shared through a file
 * in the temp folder (written to a temp name, then renamed, so parallel workers never read half).
 */
const require = createRequire(import.meta.url);

/** A digest of the migrations (and of what else the migrated database depends on): a snapshot or template is of one set of them. */
function migrationsDigest(...dependsOn: Buffer[]): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const part of dependsOn) hash.update(part);
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedPgliteSnapshot(): Promise<Blob> {
  // A data directory belongs to the PGlite build that wrote it.
  const pglite = readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'));
  const snapshot = path.join(os.tmpdir(), `kontor-pglite-${migrationsDigest(pglite)}.tar`);
  try {
    return new Blob([readFileSync(snapshot)]);
  } catch {
    const database = await openDatabase({ pgliteDir: 'memory' });
    await database.migrate();
    const dump = await database.dumpDataDir!();
    await database.close();
    const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, snapshot);
    // Snapshots of older migrations are never read again; 40 MB each would pile up.
    for (const old of readdirSync(os.tmpdir()).filter((f) => /^kontor-pglite-[0-9a-f]{16}\.tar$/.test(f) && path.join(os.tmpdir(), f) !== snapshot)) {
      rmSync(path.join(os.tmpdir(), old), { force: true });
    }
    return dump;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when KONTOR_TEST_DB=postgres
 * (the api-postgres test project). Closing drops it.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.KONTOR_TEST_DB !== 'postgres') {
    const database = await openDatabase({ pgliteDir: 'memory', pgliteDataDir: await migratedPgliteSnapshot() });
    // Applies nothing on the snapshot; kept so a stale snapshot could never hide a migration.
    await database.migrate();
    return database;
  }
  const scratch = await createScratchPostgresDatabase(await migratedPostgresTemplate());
  const database = await openDatabase({ databaseUrl: scratch.url });
  // Applies nothing on the template's copy; kept so a stale template could never hide a migration.
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export const usesPostgres = () => process.env.KONTOR_TEST_DB === 'postgres';

function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const TEMPLATE_PREFIX = 'kontor_template_';
let template: Promise<string> | undefined;

/**
 * Migrating a new PostgreSQL database takes a second or two; copying a migrated template takes a
 * tenth of that. The template of the current migrations is built once on the server (one worker
 * builds it under an advisory lock while the others wait) under a temporary name, renamed only
 * once complete, and then never connected to, so every worker can copy it at once.
 */
function migratedPostgresTemplate(): Promise<string> {
  template ??= (async () => {
    const url = testServerUrl();
    const name = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_PREFIX]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      // A build that died half-way (its process killed) left this behind.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(url, building) });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [building]);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      // Templates of older migrations are never copied again. One still being copied (another
      // checkout's run) refuses the drop, and stays until a later build.
      const old = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1) and datname <> $2', [
        TEMPLATE_PREFIX,
        name,
      ]);
      for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}

/** A new database on the TEST_DATABASE_URL server, empty or a copy of `template`, dropped by `drop()`. */
export async function createScratchPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = testServerUrl();
  const name = `kontor_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  // A test's commits need not wait for the disk: a crashed test server loses only test data.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
