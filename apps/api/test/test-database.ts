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

async function migratedPgliteSnapshot(): Promise<Blob> {
  const folder = migrationsFolder();
  // A data directory belongs to the PGlite build that wrote it.
  const hash = createHash('sha256').update(readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  const snapshot = path.join(os.tmpdir(), `kontor-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
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
  const scratch = await createScratchPostgresDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url });
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

/** An empty database on the TEST_DATABASE_URL server, dropped by `drop()`. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kontor_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
