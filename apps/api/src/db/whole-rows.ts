import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { sqlRows } from './sql-rows.js';

/**
 * Whole rows of a table read through a SQL template, as `db.select().from(table)` reads them
 * but without building the select on every call. drizzle's query builder spends about 270 µs
 * of the API's CPU building a select of the products' 34 columns and then checks each column
 * of each row again while mapping it; a list page paid that on every request, more than the
 * statement's own run time (ADR 0022).
 *
 * The select list is written once, each column aliased to its drizzle key, and each value is
 * decoded by its column's own drizzle decoder. Both drivers hand `execute` and the query builder
 * the same raw values (drizzle sets the same type parsers for both), so the rows are the ones the
 * query builder gives, key for key (`whole-rows.test.ts` compares them).
 */
export type WholeRows<T extends PgTable> = {
  /** `"table"."column" as "key", ...` for a select list. */
  columns: SQL;
  /** Runs `query` (a select of `columns`) and answers its rows decoded. */
  read: (db: DbOrTx, query: SQL) => Promise<T['$inferSelect'][]>;
};

export function wholeRows<T extends PgTable>(table: T): WholeRows<T> {
  const name = getTableName(table);
  const entries = Object.entries(getTableColumns(table));
  // Our own identifiers (schema names), never input.
  const columns = sql.raw(entries.map(([key, column]) => `"${name}"."${column.name}" as "${key}"`).join(', '));
  const decoders = entries.map(([key, column]) => ({ key, decode: (value: unknown) => column.mapFromDriverValue(value) }));
  return {
    columns,
    read: async (db, query) => {
      const rows = await sqlRows<Record<string, unknown>>(db, query);
      for (const row of rows) {
        for (const { key, decode } of decoders) {
          const value = row[key];
          if (value !== null && value !== undefined) row[key] = decode(value);
        }
      }
      return rows as T['$inferSelect'][];
    },
  };
}
