import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { sqlRows } from '../db/sql-rows.js';

/**
 * A search's trigram index scan costs what its most common trigrams cost, not what it finds.
 * `search=LRG-00123` among a million products whose SKUs all start with "LRG-" finds 100 of
 * them, but the GIN scan walks the posting lists of "lrg" and "rg " (every product) for each
 * candidate of the rare "012": 115-270 ms, where `%00123%` alone takes 1.3 ms (ADR 0030).
 *
 * So the index is asked only for the pieces of the term that are not common, and the whole term
 * is checked on the rows it finds (any text that contains the term contains each of its pieces:
 * the answer is the same). Which pieces are common is read off the planner's own sample of the
 * indexed text (the index expression's histogram in pg_stats, kept by ANALYZE).
 */

/**
 * A piece found in more of the sampled texts than this share is left to the row check. A piece
 * in most texts filters out few rows while its trigrams' posting lists are the longest; a rarer
 * one still narrows what the index finds, and the rows it saves cost more than its lists.
 */
export const COMMON_PIECE_SHARE = 0.5;
/** Fewer sampled texts than this say too little: the whole term goes to the index. */
export const MIN_SAMPLE = 20;
/** Pieces shorter than this give the index no trigram within them, which would scan it all. */
const MIN_PIECE_LENGTH = 3;

/**
 * The pieces of `term` to ask the index for, or null to ask it for the whole term (as without a
 * sample). Pieces are the term's runs of letters and digits (pg_trgm's words); a piece is common
 * when more than COMMON_PIECE_SHARE of `sample` contains it, case-insensitively. Null when no
 * piece is common (nothing to gain) or when no piece of at least three characters would remain.
 */
export function searchIndexPieces(term: string, sample: readonly string[]): string[] | null {
  if (sample.length < MIN_SAMPLE) return null;
  const pieces = [...new Set(term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  if (pieces.length < 2) return null;
  const texts = sample.map((text) => text.toLowerCase());
  const share = (piece: string) => texts.filter((text) => text.includes(piece)).length / texts.length;
  const rare = pieces.filter((piece) => share(piece) <= COMMON_PIECE_SHARE);
  if (rare.length === pieces.length) return null;
  const indexed = rare.filter((piece) => piece.length >= MIN_PIECE_LENGTH);
  return indexed.length ? indexed : null;
}

/** How long a process keeps an index's sample: it only changes when the table is analyzed. */
export const SAMPLE_KEPT_MS = 60_000;

type Kept = { sample: Promise<string[]>; until: number };
/** By database (its client object: an app's, or a test file's), then by index. */
let keptSamples = new WeakMap<object, Map<string, Kept>>();
/** Forgets the kept samples (tests that analyze a table and search it at once). */
export const forgetSearchSamples = () => {
  keptSamples = new WeakMap();
};

/**
 * The planner's sample of an expression index's text: the histogram and most common values
 * ANALYZE keeps for it, up to the statistics target (about 100 values by default). None before
 * the table is first analyzed.
 */
export function searchSample(db: DbOrTx, indexName: string, now = Date.now()): Promise<string[]> {
  let ofDb = keptSamples.get(db);
  if (!ofDb) keptSamples.set(db, (ofDb = new Map()));
  const kept = ofDb.get(indexName);
  if (kept && kept.until > now) return kept.sample;
  // The most common values are left out of the histogram: a sample has both.
  const sample = sqlRows<{ values: string[] }>(
    db,
    sql`select coalesce(histogram_bounds::text::text[], '{}') || coalesce(most_common_vals::text::text[], '{}') as values
      from pg_stats where schemaname = current_schema() and tablename = ${indexName} and attname = 'expr'`,
  ).then((rows) => rows[0]?.values ?? []);
  ofDb.set(indexName, { sample, until: now + SAMPLE_KEPT_MS });
  // A failed read is not kept: the next search asks again.
  sample.catch(() => ofDb.delete(indexName));
  return sample;
}
