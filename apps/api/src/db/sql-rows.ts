import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Runs a SQL template and answers its rows as the caller names them (columns aliased in the
 * SQL). Both drivers answer `execute` with `{ rows }`; drizzle types it per driver, so this is
 * the one place that says what a template's rows are.
 */
export async function sqlRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * sqlRows, with the statement handed to the driver before this returns (`await` on drizzle's
 * query would hand it over a turn later). A statement started after this one is therefore sent
 * after it, in the same round trip on PostgreSQL (pipeline mode): see the ledger's `behind`.
 */
export function startSqlRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const raw = db.execute(query) as unknown as { execute: () => Promise<{ rows: Row[] }> };
  return raw.execute().then((result) => result.rows);
}
