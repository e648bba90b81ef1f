import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openAsBlob,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Config } from '../config.js';

/**
 * `npm run db:backup` and `npm run db:restore` for the embedded PGlite database in DATA_DIR/db
 * (docs/backup-restore.md). A PostgreSQL server (DATABASE_URL) is backed up with its own tools:
 * the commands then print how instead of pretending.
 *
 * A PGlite data directory belongs to one process. The server takes no lock of its own, so these
 * commands look for one: a process holding files of the directory open (Linux /proc), and the
 * postmaster.pid file PGlite writes when it opens the directory and removes when it closes it
 * cleanly. A directory in use is never read or replaced.
 */

export const BACKUP_USAGE = `  backup [--out FILE] [--no-verify]
                 write a backup of the embedded database (DATA_DIR/db) to FILE, by default
                 DATA_DIR/backups/kontor-<time>.tar.gz; stop the server first
  restore FILE [--force]
                 restore a backup into DATA_DIR/db; --force replaces a database that is there,
                 keeping it aside as DATA_DIR/db.before-restore-<time>`;

export const POSTGRES_INSTRUCTIONS = `DATABASE_URL is set: the database lives on a PostgreSQL server, and PostgreSQL's own tools back it up
and restore it (nothing was done). Back up (a consistent snapshot; the server keeps running):
  pg_dump --format=custom --file=kontor-$(date -u +%Y%m%d-%H%M%S).dump "$DATABASE_URL"
Restore into a new, empty database, then point DATABASE_URL at it:
  createdb kontor_restored
  pg_restore --no-owner --exit-on-error --dbname=postgresql://USER@HOST:5432/kontor_restored kontor-<time>.dump
Point-in-time recovery needs base backups and WAL archiving on the server. The files in DATA_DIR
(media/, exports/) are not in the database: copy them too. Details: docs/backup-restore.md`;

export type Output = { log: (line: string) => void; error: (line: string) => void };
const consoleOutput: Output = { log: (line) => console.log(line), error: (line) => console.error(line) };

/** A refusal or failure to tell the operator as it is (exit code 1). */
export class BackupError extends Error {}

export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'db');
const hasDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
const timestamp = (date = new Date()) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * Other processes with files under `dir` open, from /proc (Linux). Undefined where there is no
 * /proc to ask. A running server keeps its WAL and table files open as long as it runs.
 */
export function processesUsing(dir: string): number[] | undefined {
  if (!existsSync('/proc/self/fd')) return undefined;
  const root = `${path.resolve(dir)}${path.sep}`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone meanwhile, or another user's process
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(root)) {
        pids.push(pid);
        break;
      }
    }
  }
  return pids;
}

/**
 * Refuses a data directory another process has open. A postmaster.pid with no process holding
 * files means the last process was killed (a crash): PGlite recovers the directory when it next
 * opens it, as the server would. Without /proc the two cannot be told apart, so it refuses.
 */
function assertNotInUse(dir: string, out: Output): void {
  const pids = processesUsing(dir);
  if (pids?.length) {
    throw new BackupError(
      `The database in ${dir} is in use by process ${pids.join(', ')} (the Kontor server?). Stop it first: a PGlite database belongs to one process at a time.`,
    );
  }
  if (!existsSync(path.join(dir, 'postmaster.pid'))) return;
  if (pids === undefined) {
    throw new BackupError(
      `${path.join(dir, 'postmaster.pid')} exists: the database is open in another process, or it was not shut down cleanly. Stop the server; ` +
        'if it is not running (it crashed), start it once and stop it with Ctrl+C, then run this again.',
    );
  }
  out.log(`The database in ${dir} was not shut down cleanly (its process was killed); it is recovered as it opens.`);
}

/** Makes a rename in the directory survive a power cut too (Linux, macOS; not possible on Windows). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort
  }
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const client = new PGlite(dir, { extensions: { pg_trgm }, relaxedDurability: false, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return client;
}

export type DatabaseSummary = { migrations: number; companies: number; products: number; ledgerRows: number };

async function summarize(client: PGlite): Promise<DatabaseSummary> {
  const { rows } = await client.query<DatabaseSummary>(
    `select (select count(*) from drizzle.__drizzle_migrations)::int as migrations, (select count(*) from companies)::int as companies,
            (select count(*) from catalog_products)::int as products, (select count(*) from inventory_transactions)::int as "ledgerRows"`,
  );
  return rows[0]!;
}

const describeSummary = (s: DatabaseSummary) => `${s.companies} companies, ${s.products} products, ${s.ledgerRows} ledger rows, ${s.migrations} migrations`;

export type BackupOptions = { dataDir: string; out?: string | undefined; verify?: boolean; output?: Output };
export type BackupResult = { file: string; bytes: number; summary: DatabaseSummary };

/**
 * Writes DATA_DIR/db as one gzipped tarball (PGlite's dumpDataDir) after a CHECKPOINT, so the
 * files in it are current rather than needing the WAL replayed. Written under a temporary name,
 * synced, then renamed: a file with the final name is always a whole backup. Unless `verify` is
 * false, the backup is then opened in memory and must hold what the database held.
 */
export async function backupEmbeddedDatabase(options: BackupOptions): Promise<BackupResult> {
  const out = options.output ?? consoleOutput;
  const dir = embeddedDatabaseDir(options.dataDir);
  if (!hasDatabase(dir)) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  const file = path.resolve(options.out ?? path.join(options.dataDir, 'backups', `kontor-${timestamp()}.tar.gz`));
  if (existsSync(file)) throw new BackupError(`${file} exists already; choose another file name.`);
  assertNotInUse(dir, out);

  const client = await openPglite(dir);
  let summary: DatabaseSummary;
  const partial = `${file}.partial-${process.pid}`;
  try {
    summary = await summarize(client);
    await client.exec('checkpoint');
    const tarball = await client.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    await pipeline(Readable.fromWeb(tarball.stream() as WebReadableStream<Uint8Array>), createWriteStream(partial, { mode: 0o600 }));
    const fd = openSync(partial, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.close();
  }

  if (options.verify !== false) {
    try {
      const copy = await openPglite('memory://', await openAsBlob(partial));
      try {
        const found = await summarize(copy);
        if (JSON.stringify(found) !== JSON.stringify(summary)) {
          throw new BackupError(`The backup does not hold what the database holds: ${describeSummary(found)} instead of ${describeSummary(summary)}.`);
        }
      } finally {
        await copy.close();
      }
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
  }
  renameSync(partial, file);
  syncDirectory(path.dirname(file));
  const bytes = statSync(file).size;
  out.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB; ${describeSummary(summary)}${options.verify === false ? '' : ', verified'}).`);
  out.log(`It holds the database only: copy ${path.join(options.dataDir, 'media')} (uploaded images) with it, and keep both off this machine.`);
  return { file, bytes, summary };
}

export type RestoreOptions = { dataDir: string; file: string; force?: boolean; output?: Output };
export type RestoreResult = { dir: string; keptAside: string | null; summary: DatabaseSummary };

/**
 * Restores a backup into DATA_DIR/db. The backup is unpacked into a new directory beside it and
 * opened there first (a broken or foreign file stops here, with the current database untouched);
 * only then is the current database, if any, renamed aside (never deleted) and the restored one
 * renamed into its place. Replacing a database needs `force`.
 */
export async function restoreEmbeddedDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const out = options.output ?? consoleOutput;
  const file = path.resolve(options.file);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file at ${file}.`);
  const dir = embeddedDatabaseDir(options.dataDir);
  const replacing = hasDatabase(dir);
  if (replacing && !options.force) {
    throw new BackupError(`${dir} already holds a database. Pass --force to replace it; it is then kept aside as ${dir}.before-restore-<time>.`);
  }
  if (replacing) assertNotInUse(dir, out);
  if (existsSync(dir) && !replacing && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} holds files but no database; move them away first.`);
  }

  mkdirSync(options.dataDir, { recursive: true });
  const stamp = timestamp();
  const staging = `${dir}.restoring-${stamp}-${process.pid}`;
  let summary: DatabaseSummary;
  try {
    const client = await openPglite(staging, await openAsBlob(file));
    try {
      summary = await summarize(client);
    } finally {
      await client.close();
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    const reason = err instanceof Error ? err.message : String(err);
    throw new BackupError(`${file} could not be restored (${reason}); ${replacing ? 'the current database is unchanged' : 'nothing was changed'}.`);
  }

  let keptAside: string | null = null;
  if (replacing) keptAside = existsSync(`${dir}.before-restore-${stamp}`) ? `${dir}.before-restore-${stamp}-${process.pid}` : `${dir}.before-restore-${stamp}`;
  try {
    if (keptAside) renameSync(dir, keptAside);
    else if (existsSync(dir)) rmSync(dir, { recursive: true }); // empty, checked above
    renameSync(staging, dir);
  } catch (err) {
    // Never leave DATA_DIR without the database it had.
    if (keptAside && !existsSync(dir) && existsSync(keptAside)) renameSync(keptAside, dir);
    rmSync(staging, { recursive: true, force: true });
    throw new BackupError(`The restored database could not be moved into ${dir} (${err instanceof Error ? err.message : String(err)}); nothing was changed.`);
  }
  out.log(`Restored ${file} into ${dir} (${describeSummary(summary)}).`);
  if (keptAside) out.log(`The database that was there is kept in ${keptAside}; delete it once the restored one is right.`);
  out.log('Start the server as usual; it applies any newer migrations.');
  return { dir, keptAside, summary };
}

/** The `backup` and `restore` commands of cli.ts: exit code 0 when done, 1 otherwise. */
export async function runBackupCommand(command: 'backup' | 'restore', argv: string[], config: Config, output: Output = consoleOutput): Promise<number> {
  if (config.databaseUrl) {
    output.error(POSTGRES_INSTRUCTIONS);
    return 1;
  }
  try {
    if (command === 'backup') {
      const { values } = parseArgs({ args: argv, options: { out: { type: 'string' }, 'no-verify': { type: 'boolean' } }, strict: true });
      await backupEmbeddedDatabase({ dataDir: config.dataDir, out: values.out, verify: !values['no-verify'], output });
    } else {
      const { values, positionals } = parseArgs({ args: argv, options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
      if (positionals.length !== 1) throw new BackupError('Give the backup file to restore: npm run db:restore -- <file> [--force]');
      await restoreEmbeddedDatabase({ dataDir: config.dataDir, file: positionals[0]!, force: values.force ?? false, output });
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      output.error(err.message);
      return 1;
    }
    throw err;
  }
}
