import { EXACT_COUNT_LIMIT } from '@kontor/contract';
import { Column, getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { compileSql } from '../db/sql-compiler.js';
import type { PageRequest } from './pagination.js';

// Counting 1,001 index entries costs well under a millisecond; counting a million costs a hundred
// on every page turn. Re-exported for the API's own modules and tests.
export { EXACT_COUNT_LIMIT };

/**
 * A search the planner expects to match this many rows or more is answered with its estimate
 * without counting. Counting a search's first 1,001 matches means building the trigram index's
 * bitmap of all of them (a GIN scan cannot stop early): 10 ms for "hammer pro" among 300,000
 * supplier products, where the page itself takes 1 ms. Ten times the exact limit leaves the
 * planner's histogram room to be wrong: a search it puts this high that matches 1,000 rows or
 * fewer is rare, and gets "about N" instead of its exact count (ADR 0022).
 */
export const TRUSTED_SEARCH_ESTIMATE = 10 * EXACT_COUNT_LIMIT;

export type RowCount = { count: number; isEstimate: boolean };

/**
 * How long an API process answers a long list's estimate again without asking PostgreSQL. Every
 * page of a list past EXACT_COUNT_LIMIT rows ran two statements before its page (the capped
 * count, then the EXPLAIN that gives the estimate), and the grid asks for the same list again at
 * every page turn, sort and refresh. The planner's estimate itself only moves when the table is
 * analyzed, so keeping it a few seconds changes no answer's meaning: it is "about N" either way
 * (ADR 0024). Exact counts (1,000 rows or fewer) are never kept: they are read every time.
 */
export const ESTIMATE_KEPT_MS = 5_000;
/** Lists whose estimate a process keeps at most (the oldest goes first). */
export const MAX_KEPT_ESTIMATES = 1_000;

/** Estimates by the text and parameters of the select they count, each until its time is up. */
export class KeptEstimates<T = RowCount> {
  private readonly kept = new Map<string, { total: T; until: number }>();

  constructor(
    private readonly keepMs = ESTIMATE_KEPT_MS,
    private readonly max = MAX_KEPT_ESTIMATES,
  ) {}

  get(key: string, now: number): T | undefined {
    const entry = this.kept.get(key);
    if (entry && entry.until > now) return entry.total;
    if (entry) this.kept.delete(key);
    return undefined;
  }

  keep(key: string, total: T, now: number): T {
    this.kept.delete(key);
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { total, until: now + this.keepMs });
    return total;
  }

  clear(): void {
    this.kept.clear();
  }
}

const keptEstimates = new KeptEstimates();
/**
 * A search's planned match count, kept as its estimate is: it decides whether the search is
 * scanned (an exact count) or answered with the estimate, and it only moves when the table is
 * analyzed. Without it every page turn, sort and refresh of a search that is scanned asked for
 * its EXPLAIN again first: one of its statements, a round trip and a planning, for the same number.
 * The scan itself still runs every time, so the count it answers stays exact.
 */
const keptPlannedCounts = new KeptEstimates<number>();
/** Forgets every kept estimate (tests that change a long list and count it again at once). */
export const forgetKeptEstimates = () => {
  keptEstimates.clear();
  keptPlannedCounts.clear();
};

const dialect = new PgDialect();
/** A select's key among the kept estimates: its text and its parameters (the company's id among them). */
function estimateKey(select: SQL): string {
  const query = compileSql(dialect, select);
  return `${query.sql}\u0000${JSON.stringify(query.params, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
}

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
  const key = estimateKey(select);
  const kept = keptEstimates.get(key, Date.now());
  if (kept) return kept;
  const capped = await db.execute(sql`select count(*)::int as n from (${select} limit ${EXACT_COUNT_LIMIT + 1}) as capped`);
  const exact = Number(rowsOf(capped)[0]?.n ?? 0);
  if (exact <= EXACT_COUNT_LIMIT) return { count: exact, isEstimate: false };
  return keptEstimates.keep(key, estimated(await plannedCount(db, select)), Date.now());
}

/**
 * The count a page tells by itself, read before counting: a page shorter than its limit ends the
 * list, so the rows before it and its own are all of them (a first page of 30 locations is a
 * count of 30). A full page, or an empty one past the start, tells nothing: null, count the list.
 * Small lists (a grid's locations, the descriptions of a page of products) then need no count
 * statement at all.
 */
export function countOfShortPage(page: PageRequest, rows: number): RowCount | null {
  if (rows >= page.limit || (rows === 0 && page.offset > 0)) return null;
  return { count: page.offset + rows, isEstimate: false };
}

async function plannedCount(db: DbOrTx, select: SQL): Promise<number> {
  return plannedRows(await db.execute(sql`explain (format json) ${select}`));
}

const estimated = (planned: number): RowCount => ({ count: Math.max(planned, EXACT_COUNT_LIMIT + 1), isEstimate: true });

export type CountedPage = { total: RowCount; pageIds: number[] | null };

/** A list's table (with its `id`), its scope and filters, and its order. */
export type ListScan = { table: PgTable & { id: PgColumn }; where: SQL | undefined; orderBy: SQL[]; page: PageRequest; search: string | undefined };

/** The columns an ORDER BY reads, found in its SQL (a column, or one inside an expression). */
function columnsIn(chunks: readonly unknown[], found: Map<string, PgColumn>): Map<string, PgColumn> {
  for (const chunk of chunks) {
    if (is(chunk, Column)) found.set(chunk.name, chunk as PgColumn);
    else if (is(chunk, SQL)) columnsIn(chunk.queryChunks, found);
  }
  return found;
}

/**
 * A list's count and, for a search, the ids of the page asked for, in the list's order, from one
 * scan of the matches. A search's trigram scan is most of its cost, and counting and then paging
 * ran it twice. A search the planner expects to match TRUSTED_SEARCH_ESTIMATE rows or more is not
 * scanned at all: its estimate is the count, and the caller reads the page. The matches (at most
 * EXACT_COUNT_LIMIT + 1, as countRows counts) are kept in a
 * materialized CTE with the columns the order reads, and when they are all of them the page is
 * ordered from the CTE alone: it stands in for the table under the table's own name, so the
 * list's ORDER BY applies to it unchanged and no match is read from the table twice. With more
 * matches, or without a search, `pageIds` is null and the caller reads the page itself, where an
 * index can answer the order without reading every match. Without a search the plain count is
 * cheaper: an index-only scan, which the CTE and the page's planning would double.
 *
 * `orderBy` may use `table`'s columns only.
 */
export async function countAndPage(db: DbOrTx, list: ListScan, trustEstimateFrom = TRUSTED_SEARCH_ESTIMATE): Promise<CountedPage> {
  const { table, orderBy, page } = list;
  const where = list.where ?? sql`true`;
  const ids = sql`select ${table.id} from ${table} where ${where}`;
  if (!list.search) return { total: await countRows(db, ids), pageIds: null };
  const key = estimateKey(ids);
  const kept = keptEstimates.get(key, Date.now());
  if (kept) return { total: kept, pageIds: null };
  const planned = keptPlannedCounts.get(key, Date.now()) ?? keptPlannedCounts.keep(key, await plannedCount(db, ids), Date.now());
  if (planned >= trustEstimateFrom) return { total: keptEstimates.keep(key, estimated(planned), Date.now()), pageIds: null };
  const keys = columnsIn(orderBy, new Map([[table.id.name, table.id]]));
  for (const column of keys.values()) if (column.table !== table) throw new Error(`countAndPage orders by ${column.name} of another table`);
  const keyList = sql.join(
    [...keys.values()].map((c) => sql`${c}`),
    sql`, `,
  );
  // The page is an InitPlan inside CASE: PostgreSQL runs it only when the count is exact.
  const result = await db.execute(sql`
    with matches as materialized (select ${keyList} from ${table} where ${where} limit ${EXACT_COUNT_LIMIT + 1})
    select counted.n::int as n,
      case when counted.n <= ${EXACT_COUNT_LIMIT} then array(
        select ${table.id} from matches as ${sql.identifier(getTableName(table))}
        order by ${sql.join(orderBy, sql`, `)} limit ${page.limit} offset ${page.offset}
      ) end as ids
    from (select count(*) as n from matches) as counted`);
  const row = rowsOf(result)[0] as { n: number | string; ids: (number | string)[] | null } | undefined;
  const exact = Number(row?.n ?? 0);
  if (exact > EXACT_COUNT_LIMIT) return { total: keptEstimates.keep(key, estimated(planned), Date.now()), pageIds: null };
  return { total: { count: exact, isEstimate: false }, pageIds: (row?.ids ?? []).map(Number) };
}
