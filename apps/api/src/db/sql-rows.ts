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
