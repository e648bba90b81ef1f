import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1::int[])`: ids as one array parameter. drizzle's `inArray` builds a parameter
 * (and its SQL chunks) per id, which a grid page of 25 or 50 ids pays on every request, and each
 * list length is another statement text for PostgreSQL to parse and plan.
 */
export const inIds = (column: AnyPgColumn | SQL, ids: readonly number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;
