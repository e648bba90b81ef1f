import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facebookTaxonomyItems, googleTaxonomyItems } from '../../db/schema/index.js';

/**
 * Imports the channels' official taxonomy files (DESIGN §5, `npm run import:taxonomy`):
 * Google's `taxonomy-with-ids.<locale>.txt` (`ID - A > B > C` lines, a '#' version line first)
 * and Meta's product category CSV (`category_id,category`, lowercase 'a > b > c' paths).
 * One locale fills one slug column, matched by the channel's id, so importing the en-US and
 * the sv-SE file in either order gives each item both slugs.
 */

export type TaxonomyChannel = 'google' | 'facebook';
export type TaxonomyLocale = 'en-US' | 'sv-SE';
export const TAXONOMY_LOCALES: readonly TaxonomyLocale[] = ['en-US', 'sv-SE'];

export type TaxonomyRow = { taxonomyId: number; slug: string; level: number };
export type ImportReport = { read: number; inserted: number; updated: number; unchanged: number };

/** A line the importer cannot read; nothing is written when one is found. */
export class TaxonomyFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const SEPARATOR = ' > ';
const INT4_MAX = 2_147_483_647;
// Enough rows per INSERT to be quick, few enough to stay far below PostgreSQL's 65,535 bind parameters.
const BATCH_SIZE = 1000;

/** The locale a file name names (`taxonomy-with-ids.sv-SE.txt`, `fb_product_categories_en_US.txt`), if any. */
export function localeFromFileName(file: string): TaxonomyLocale | undefined {
  const name = path.basename(file).replace(/_/g, '-').toLowerCase();
  return TAXONOMY_LOCALES.find((locale) => name.includes(`.${locale.toLowerCase()}.`) || name.includes(`-${locale.toLowerCase()}.`));
}

function taxonomyRow(lineNumber: number, rawId: string, rawPath: string, seen: Map<number, number>): TaxonomyRow {
  const taxonomyId = Number(rawId);
  if (!/^\d+$/.test(rawId) || taxonomyId < 1 || taxonomyId > INT4_MAX) throw new TaxonomyFileError(lineNumber, `'${rawId}' is not a valid category id.`);
  const names = rawPath.split(SEPARATOR).map((name) => name.trim());
  if (names.some((name) => name === '')) throw new TaxonomyFileError(lineNumber, `the path '${rawPath}' has an empty category name.`);
  // Two rows for one id would make the upsert touch one item twice; the file is wrong, not the database.
  const first = seen.get(taxonomyId);
  if (first !== undefined) throw new TaxonomyFileError(lineNumber, `id ${taxonomyId} already appeared on line ${first}.`);
  seen.set(taxonomyId, lineNumber);
  return { taxonomyId, slug: names.join(SEPARATOR), level: names.length - 1 };
}

/** Google's `ID - A > B > C` lines; '#' lines are comments, blank lines are skipped. */
export function parseGoogleTaxonomy(text: string): TaxonomyRow[] {
  const rows: TaxonomyRow[] = [];
  const seen = new Map<number, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, index) => {
      const lineNumber = index + 1;
      if (line.trim() === '' || line.startsWith('#')) return;
      const match = /^(\S+) - (.+)$/.exec(line);
      if (!match) throw new TaxonomyFileError(lineNumber, `expected 'ID - Category > Subcategory', got '${line}'.`);
      rows.push(taxonomyRow(lineNumber, match[1]!, match[2]!, seen));
    });
  return rows;
}

/** One CSV record's fields (RFC 4180 quoting: "a, b" and "" for a quote inside quotes). */
function csvFields(line: string, lineNumber: number): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= line.length) throw new TaxonomyFileError(lineNumber, 'a quoted field is not closed.');
        if (line[i] === '"' && line[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else field += line[i++];
      }
      if (i < line.length && line[i] !== ',') throw new TaxonomyFileError(lineNumber, 'unexpected text after a quoted field.');
    } else {
      const end = line.indexOf(',', i);
      field = end === -1 ? line.slice(i) : line.slice(i, end);
      i = end === -1 ? line.length : end;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i += 1; // the comma
  }
}

/**
 * Meta's `category_id,category` CSV. The header is required: it is how a wrong file (a Google
 * one given to --facebook) is told apart before anything is written. No path contains a line break.
 */
export function parseFacebookTaxonomy(text: string): TaxonomyRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvFields(lines[0] ?? '', 1).map((h) => h.trim().toLowerCase());
  if (header.length !== 2 || header[0] !== 'category_id' || header[1] !== 'category') {
    throw new TaxonomyFileError(1, `expected the header 'category_id,category', got '${lines[0] ?? ''}'.`);
  }
  const rows: TaxonomyRow[] = [];
  const seen = new Map<number, number>();
  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    if (line.trim() === '') return;
    const fields = csvFields(line, lineNumber);
    if (fields.length !== 2) throw new TaxonomyFileError(lineNumber, `expected 2 fields (category_id,category), got ${fields.length}.`);
    rows.push(taxonomyRow(lineNumber, fields[0]!.trim(), fields[1]!.trim(), seen));
  });
  return rows;
}

/**
 * Upserts the rows by the channel's id in one transaction, set-based: each batch is one
 * INSERT ... ON CONFLICT DO UPDATE that only touches an item whose slug (of this locale) or
 * level differs, so a re-import rewrites nothing and leaves updated_at alone.
 */
export async function importTaxonomyRows(db: Db, channel: TaxonomyChannel, locale: TaxonomyLocale, rows: TaxonomyRow[]): Promise<ImportReport> {
  const table = channel === 'google' ? googleTaxonomyItems : facebookTaxonomyItems;
  const slugColumn = locale === 'sv-SE' ? table.slugSv : table.slugEn;
  const slugOf = (slug: string) => (locale === 'sv-SE' ? { slugSv: slug } : { slugEn: slug });
  const newSlug = locale === 'sv-SE' ? { slugSv: sql`excluded.slug_sv` } : { slugEn: sql`excluded.slug_en` };
  const report: ImportReport = { read: rows.length, inserted: 0, updated: 0, unchanged: 0 };
  await db.transaction(async (tx: Tx) => {
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = rows.slice(start, start + BATCH_SIZE);
      // Known before the upsert, so a returned row can be told apart as inserted or updated.
      const existing = await tx
        .select({ taxonomyId: table.taxonomyId })
        .from(table)
        .where(
          inArray(
            table.taxonomyId,
            batch.map((r) => r.taxonomyId),
          ),
        );
      const existed = new Set(existing.map((r) => r.taxonomyId));
      const written = await tx
        .insert(table)
        .values(batch.map((r) => ({ taxonomyId: r.taxonomyId, level: r.level, ...slugOf(r.slug) })))
        .onConflictDoUpdate({
          target: table.taxonomyId,
          set: { ...newSlug, level: sql`excluded.level`, updatedAt: sql`now()` },
          setWhere: sql`${slugColumn} is distinct from excluded.${sql.raw(slugColumn.name)} or ${table.level} is distinct from excluded.level`,
        })
        .returning({ taxonomyId: table.taxonomyId });
      const inserted = written.filter((r) => !existed.has(r.taxonomyId)).length;
      report.inserted += inserted;
      report.updated += written.length - inserted;
      report.unchanged += batch.length - written.length;
    }
  });
  return report;
}

/** Parses a whole file first (a bad line writes nothing), then imports it. */
export async function importTaxonomyFile(db: Db, channel: TaxonomyChannel, locale: TaxonomyLocale, text: string): Promise<ImportReport> {
  const rows = channel === 'google' ? parseGoogleTaxonomy(text) : parseFacebookTaxonomy(text);
  return importTaxonomyRows(db, channel, locale, rows);
}
