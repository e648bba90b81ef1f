import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { nameActorOnBegin, recordActorInTransactions } from './actor.js';
import { pipelineBegin } from './pipelined-begin.js';
import { prepareTransactionStatements } from './prepared-statements.js';
import { useFastSqlCompiler } from './sql-compiler.js';

/**
 * Both drivers share drizzle's PostgreSQL database type: services never know which one runs.
 * Without drizzle's relational query API (`db.query.*`, unused): given the schema, drizzle builds
 * a query builder per table for every transaction it opens, which a move or a pick pays for.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repositories take `Db | Tx` so they work inside and outside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type ListenHandlers = { onMessage: (payload: string) => void; onListening: (listening: boolean) => void };

export type Database = {
  db: Db;
  /**
   * Where the long list reads go: a read replica when READ_DATABASE_URL is set, else `db`. A
   * replica may lag the primary, so only reads that can show a moment-old list use it; every
   * write, and every read a write depends on, uses `db`.
   */
  readDb: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Hears the notifications of `channel` (NOTIFY, sent at commit) until `close`. `onListening(false)`
   * says the connection was lost, so notifications may have been missed; `(true)`, that it listens
   * (again). PostgreSQL: a connection of its own, reconnected after a second.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<void>;
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
  /**
   * PostgreSQL: a transaction's statements are prepared once per connection (db/prepared-statements.ts).
   * Default true; off for a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  preparedStatements?: boolean | undefined;
  /**
   * Every statement is written by drizzle as well and must match db/sql-compiler.ts's text
   * (ADR 0026). Default: under the tests (NODE_ENV=test, which Vitest sets).
   */
  checkSqlCompiler?: boolean | undefined;
};

/** A drizzle database writing its statements through db/sql-compiler.ts. */
function withFastSqlCompiler<T extends object>(db: T, options: DatabaseOptions): T {
  useFastSqlCompiler((db as unknown as { dialect: PgDialect }).dialect, { check: options.checkSqlCompiler ?? process.env.NODE_ENV === 'test' });
  return db;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const logger = options.onQuery ? { logQuery: options.onQuery } : false;
    const connect = (url: string) => {
      // pipeline: a query is sent without waiting for the one before (pipelineBegin uses it).
      const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true });
      // A pool error (server restart, network) must not crash the process; queries will fail and be answered 500.
      pool.on('error', () => undefined);
      nameActorOnBegin(pool);
      if (options.preparedStatements ?? true) prepareTransactionStatements(pool);
      pipelineBegin(pool);
      return { pool, db: withFastSqlCompiler(drizzlePg(pool, { logger }), options) as unknown as Db };
    };
    const primary = connect(options.databaseUrl);
    const replica = options.readDatabaseUrl ? connect(options.readDatabaseUrl) : null;
    const listeners: (() => Promise<void>)[] = [];
    const databaseUrl = options.databaseUrl;
    return {
      db: primary.db,
      readDb: replica?.db ?? primary.db,
      driver: 'postgres',
      listen: async (channel, handlers) => {
        listeners.push(await listenPg(databaseUrl, channel, handlers));
      },
      migrate: () => migrateLocked(primary.pool, folder),
      close: async () => {
        await Promise.all(listeners.map((stop) => stop()));
        await replica?.pool.end();
        await primary.pool.end();
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  const unlock = dir === 'memory' ? () => undefined : lockDataDir(dir);
  // relaxedDurability stays off: every query waits until PGlite has written its files to the OS,
  // so a committed write survives `kill -9` (crash-safety.test.ts). PGlite runs without fsync, so
  // a power cut or OS crash can still lose recent commits: docs/backup-restore.md.
  // pg_trgm backs the search indexes (migration 0011); PGlite loads extensions only when told.
  const extensions = { pg_trgm };
  const client =
    dir === 'memory'
      ? new PGlite({ extensions, ...(options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {}) })
      : new PGlite(dir, { extensions, relaxedDurability: false });
  await client.waitReady;
  const drizzleDb = withFastSqlCompiler(drizzlePglite(client), options);
  const pgliteDb = recordActorInTransactions(drizzleDb as unknown as Db);
  return {
    db: pgliteDb,
    readDb: pgliteDb,
    driver: 'pglite',
    // One process owns PGlite: a notification is heard as the committing statement ends.
    listen: async (channel, handlers) => {
      await client.listen(channel, handlers.onMessage);
      handlers.onListening(true);
    },
    migrate: () => migratePglite(drizzleDb, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      unlock();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * A connection of its own that LISTENs on `channel` (a pooled one would be handed to queries).
 * Lost (error, server restart, network), it says so and connects again a second later, until
 * stopped. TCP keepalive: a connection that silently died must not look like a quiet channel.
 */
async function listenPg(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      handlers.onListening(false);
      void client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (!lost) handlers.onListening(true);
    } catch {
      onLost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

export class DataDirInUseError extends Error {}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A PGlite database belongs to one process: two servers (or a server and `db:migrate`) writing
 * the same directory corrupt it. `<dir>.lock` holds the owner's pid, created exclusively; a lock
 * whose process is gone (killed, crashed) is taken over. Answers the release.
 */
function lockDataDir(dir: string): () => void {
  const lockPath = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      // Our own pid is a previous run in a container that reuses it (pid 1): stale too.
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by process ${owner} (a running Kontor server?). Stop it first; if no Kontor process runs, delete ${lockPath}.`,
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dir}: another process took ${lockPath} meanwhile.`);
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
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    client.release(true);
  }
}
