import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Runs a SQL template and answers its rows as the caller names them (columns aliased in the
 * SQL). Both drivers answer `execute` with `{ rows }`; drizzle types it per driver, so this is
 * the one place that says what a template's rows are.
 *
 * The statement is handed to the driver before this returns its promise (`await` on drizzle's
 * query would hand it over a turn later). So statements started one after another, without
 * awaiting, are sent in that order, and on PostgreSQL in one round trip (pipeline mode): see
 * the ledger's SendBehind (ADR 0029).
 */
export async function sqlRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const raw = db.execute(query) as unknown as { execute: () => Promise<{ rows: Row[] }> };
  return (await raw.execute()).rows;
}
