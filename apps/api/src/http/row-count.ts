import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * A list longer than this gets the planner's estimate instead of an exact count (DESIGN §3:
 * "counts must stay fast at a million rows"). Counting 1,001 index entries costs well under a
 * millisecond; counting a million costs a hundred on every page turn.
 */
export const EXACT_COUNT_LIMIT = 1000;

export type RowCount = { count: number; isEstimate: boolean };

type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (result: unknown) => {
  const r = result as Rows;
  return Array.isArray(r) ? r : r.rows;
};

/** The top plan node's row estimate from `EXPLAIN (FORMAT JSON)`, whichever driver parsed it. */
function plannedRows(result: unknown): number {
  const cell = rowsOf(result)[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * How many rows `rows` (a select of the list's FROM and WHERE, any columns) matches: exact up to
 * EXACT_COUNT_LIMIT, else the planner's estimate, never below the exact limit. Lists answer an
 * estimate with `count_is_estimate: true` (see pageResponse).
 */
export async function countRows(db: DbOrTx, rows: { getSQL(): SQL }): Promise<RowCount> {
  const select = rows.getSQL();
  const capped = await db.execute(sql`select count(*)::int as n from (${select} limit ${EXACT_COUNT_LIMIT + 1}) as capped`);
  const exact = Number(rowsOf(capped)[0]?.n ?? 0);
  if (exact <= EXACT_COUNT_LIMIT) return { count: exact, isEstimate: false };
  const plan = await db.execute(sql`explain (format json) ${select}`);
  return { count: Math.max(plannedRows(plan), EXACT_COUNT_LIMIT + 1), isEstimate: true };
}
