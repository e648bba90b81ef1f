import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.js';

/**
 * Who is writing, for the audit trigger (ADR 0016). The HTTP layer runs each authenticated
 * request inside `runAsActor`; every transaction opened meanwhile tells the database the user
 * (`kontor.user_id`, local to the transaction), and the trigger records it with each change.
 * Work outside a request (storefront sync, feed imports in a worker, seeds) is the system.
 */
const actor = new AsyncLocalStorage<{ userId: number }>();

export function runAsActor<T>(userId: number, run: () => T): T {
  return actor.run({ userId }, run);
}

export const currentActorId = (): number | null => actor.getStore()?.userId ?? null;

/**
 * Runs `work` as the system, whatever request it was started from: a job runner's loop, which
 * would otherwise keep the user of the request that started it for every job it runs after,
 * other companies' included.
 */
export function runAsSystem<T>(work: () => T): T {
  return actor.exit(work);
}

const nameActor = (userId: number) => `select set_config('kontor.user_id', '${String(Math.trunc(userId))}', true)`;

/**
 * PostgreSQL: every transaction a pooled connection begins names the current actor in the same
 * round trip as its BEGIN (one simple-protocol query, `begin; select set_config(...)`), so the
 * history costs writes no extra statement. The user id is an integer of our own, never input.
 */
export function nameActorOnBegin(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    const patched = (config: unknown, ...rest: unknown[]) => {
      const userId = currentActorId();
      const text = typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : undefined;
      if (userId !== null && typeof text === 'string' && /^begin\b/i.test(text)) {
        return query({ ...(config as object), text: `${text}; ${nameActor(userId)}` }, ...rest);
      }
      return query(config, ...rest);
    };
    client.query = patched as typeof client.query;
  });
}

/**
 * PGlite: every top-level transaction of `db` starts by naming the current actor, if there is one
 * (PGlite runs in this process: the extra statement costs no network round trip).
 */
export function recordActorInTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const userId = currentActorId();
      if (userId !== null) await tx.execute(sql.raw(nameActor(userId)));
      return work(tx);
    }, config)) as Db['transaction'];
  return db;
}
