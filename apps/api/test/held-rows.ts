import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../src/db/client.js';

/** The rows a raw statement answers. */
export const rowsOf = async (tx: DbOrTx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * Runs `request` while another transaction holds rows: `lock` takes them, and once the request
 * waits on that transaction (pg_blocking_pids), `thenWrite` runs there and it commits. So the
 * request meets a change that committed after it began, which is how a race between a check and
 * its write is made to happen every time. Answers the request's outcome. PostgreSQL only: PGlite
 * has one connection, and the request would wait forever.
 */
export async function whileHeld<T>(
  db: Db,
  what: string,
  { lock, thenWrite }: { lock: (tx: Tx) => Promise<unknown>; thenWrite: (tx: Tx) => Promise<unknown> },
  request: () => Promise<T>,
): Promise<T> {
  let release!: () => void;
  let holding!: (pid: number) => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<number>((resolve) => (holding = resolve));
  const holder = db.transaction(async (tx) => {
    const pid = Number((await rowsOf(tx, sql`select pg_backend_pid() as pid`))[0]!.pid);
    await lock(tx);
    holding(pid);
    await released;
    await thenWrite(tx);
  });
  const holderPid = await held;
  const answer = request();
  try {
    for (let i = 0; ; i++) {
      const waiting = await rowsOf(
        db,
        sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and ${holderPid} = any(pg_blocking_pids(pid))`,
      );
      if (waiting.length) break;
      if (i > 400) throw new Error(`the request never waited for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    release();
    await holder;
  }
  return answer;
}
