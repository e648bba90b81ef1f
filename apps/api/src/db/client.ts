import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers share drizzle's PostgreSQL database type: services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take `Db | Tx` so they work inside and outside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /**
   * Where the long list reads go: a read replica when READ_DATABASE_URL is set, else `db`. A
   * replica may lag the primary, so only reads that can show a moment-old list use it; every
   * write, and every read a write depends on, uses `db`.
   */
  readDb: Db;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the data directory as a tarball, to open copies of this database fast. */
  dumpDataDir?: () => Promise<Blob>;
};

/** Migrations sit beside the sources, and are copied beside the bundle by the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  return candidates.find((p) => existsSync(path.join(p, 'meta'))) ?? candidates[0]!;
}

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  pgliteDir?: string | 'memory';
  /** A PGlite data directory dumped by `dumpDataDir` to start from (tests start from a migrated one). */
  pgliteDataDir?: Blob | undefined;
  /** A read replica of `databaseUrl` (PostgreSQL only): `readDb` uses it. */
  readDatabaseUrl?: string | undefined;
  /** Sees every statement drizzle sends, with its parameters: the benchmark replays an endpoint's SQL from it. */
  onQuery?: (query: string, params: unknown[]) => void;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const logger = options.onQuery ? { logQuery: options.onQuery } : false;
    const connect = (url: string) => {
      const pool = new pg.Pool({ connectionString: url, max: 10 });
      // A pool error (server restart, network) must not crash the process; queries will fail and be answered 500.
      pool.on('error', () => undefined);
      return { pool, db: drizzlePg(pool, { schema, logger }) as unknown as Db };
    };
    const primary = connect(options.databaseUrl);
    const replica = options.readDatabaseUrl ? connect(options.readDatabaseUrl) : null;
    return {
      db: primary.db,
      readDb: replica?.db ?? primary.db,
      driver: 'postgres',
      migrate: () => migrateLocked(primary.pool, folder),
      close: async () => {
        await replica?.pool.end();
        await primary.pool.end();
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  // relaxedDurability stays off: every query waits until PGlite has flushed its files.
  // pg_trgm backs the search indexes (migration 0011); PGlite loads extensions only when told.
  const extensions = { pg_trgm };
  const client =
    dir === 'memory'
      ? new PGlite({ extensions, ...(options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {}) })
      : new PGlite(dir, { extensions, relaxedDurability: false });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    readDb: pgliteDb as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: folder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Any constant: the advisory lock Kontor's migrations take ("kontor" in ASCII). */
const MIGRATION_LOCK = 0x6b6f6e746f72;

/**
 * Several processes (API instances, workers) migrate at start. drizzle's migrator takes no lock,
 * so two of them could apply the same migration at once and one would fail: a session advisory
 * lock lets them migrate one after another, the later finding nothing to do. The connection is
 * closed afterwards rather than returned to the pool, which also ends the lock whatever happened.
 */
async function migrateLocked(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    client.release(true);
  }
}
