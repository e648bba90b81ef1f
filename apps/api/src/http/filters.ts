import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@kontor/contract';
import { badRequest } from './errors.js';

export type FieldType = 'int' | 'text' | 'date' | 'bool' | 'numeric';
/** A column, or an SQL expression over columns (e.g. first name || ' ' || last name). */
export type FilterField = {
  column: AnyPgColumn | SQL;
  type: FieldType;
  /** For enum-like text fields: any other value is a 400, as Django's ChoiceFilter answers. */
  choices?: readonly string[];
};

export type ListSpec = {
  /** Fields that `?field=`, `field__lookup=` and `ordering=` may name. */
  fields: Record<string, FilterField>;
  /**
   * What `search=` looks in: text columns or expressions (matched with ILIKE), or a condition
   * built from the LIKE pattern, for a match the planner should see as more than a column (e.g.
   * an indexed lookup in another table).
   */
  search?: (AnyPgColumn | SQL | ((pattern: string) => SQL))[];
  /** Field names accepted by `ordering`. */
  ordering?: string[];
  /** Applied when `ordering` is absent; always ends with a unique column for stable pages. */
  defaultOrdering: SQL[];
};

const LOOKUPS = ['icontains', 'in', 'isnull', 'gte', 'lte'] as const;
const PAGING_KEYS = new Set(['limit', 'offset', 'search', 'ordering']);
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// ISO 8601 date or date-time (a space may stand for the T, as Django accepts).
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function parseValue(raw: string, type: FieldType): { ok: true; value: unknown } | { ok: false; message: string } {
  switch (type) {
    case 'int': {
      // Integer columns are int4: a larger value would make Postgres fail the whole query (a 500).
      if (!/^-?\d{1,15}$/.test(raw)) return { ok: false, message: 'Enter a whole number.' };
      const n = Number(raw);
      return n >= INT4_MIN && n <= INT4_MAX ? { ok: true, value: n } : { ok: false, message: `Ensure this value is between ${INT4_MIN} and ${INT4_MAX}.` };
    }
    case 'numeric':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(raw) ? { ok: true, value: raw } : { ok: false, message: 'Enter a number.' };
    case 'bool': {
      const v = raw.toLowerCase();
      if (['true', '1'].includes(v)) return { ok: true, value: true };
      if (['false', '0'].includes(v)) return { ok: true, value: false };
      return { ok: false, message: 'Must be true or false.' };
    }
    case 'date': {
      // `new Date()` alone takes '1' for the year 2001; only ISO forms are dates. Without an
      // offset the value is UTC (the server's clock zone must not change what a filter means).
      const invalid = { ok: false, message: 'Enter a valid date/time.' } as const;
      const iso = raw.trim().replace(' ', 'T');
      const m = ISO_DATE.exec(iso);
      if (!m) return invalid;
      // JavaScript rolls 2024-02-30 over to March 1st; Django refuses it.
      const [y, mo, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
      const calendar = new Date(Date.UTC(y, mo - 1, day));
      if (calendar.getUTCMonth() !== mo - 1 || calendar.getUTCDate() !== day) return invalid;
      const d = new Date(iso.length === 10 || m[1] ? iso : `${iso}Z`);
      return Number.isNaN(d.getTime()) ? invalid : { ok: true, value: d };
    }
    case 'text':
      return { ok: true, value: raw };
  }
}

function parseFieldValue(raw: string, field: FilterField): ReturnType<typeof parseValue> {
  const parsed = parseValue(raw, field.type);
  if (parsed.ok && field.choices && !field.choices.includes(String(parsed.value))) {
    return { ok: false, message: `Select a valid choice. ${raw} is not one of the available choices.` };
  }
  return parsed;
}

/**
 * Turns a DRF-style querystring into a WHERE and an ORDER BY for one list. Keys that the
 * list does not declare are a 400 (the contract's strict query schema catches most of them
 * before this; this is the second line for lists built without one).
 */
export function buildListQuery(query: Record<string, unknown>, spec: ListSpec): { where: SQL | undefined; orderBy: SQL[] } {
  // Query keys are the client's: `__proto__` or `constructor` must name no field, nor set a prototype.
  const errors: FieldErrors = Object.create(null);
  const fieldOf = (name: string) => (Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined);
  const conditions: SQL[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    // django-filter skips a filter whose value is empty, so `?email__icontains=` lists everything.
    if (PAGING_KEYS.has(key) || rawValue === undefined || rawValue === null || rawValue === '') continue;
    const raw = String(rawValue);
    // A field across a relation is declared by its Django path (`order__status`), so the
    // lookup starts after the longest declared name.
    const segments = key.split('__');
    const nested = segments.length > 1 && fieldOf(`${segments[0]}__${segments[1]}`) !== undefined;
    const [name, lookup = 'exact', ...rest] = nested ? [`${segments[0]}__${segments[1]}`, ...segments.slice(2)] : segments;
    const field = name ? fieldOf(name) : undefined;
    if (!field || rest.length > 0 || (lookup !== 'exact' && !(LOOKUPS as readonly string[]).includes(lookup))) {
      errors[key] = ['Unknown filter field.'];
      continue;
    }
    if (lookup === 'isnull') {
      const v = parseValue(raw, 'bool');
      if (!v.ok) errors[key] = [v.message];
      else conditions.push(v.value ? isNull(field.column) : isNotNull(field.column));
      continue;
    }
    if (lookup === 'icontains') {
      // Postgres has no ILIKE for numbers or dates; Django casts them to text the same way.
      const target = field.type === 'text' ? field.column : sql`(${field.column})::text`;
      conditions.push(ilike(target, `%${escapeLike(raw)}%`));
      continue;
    }
    if (lookup === 'in') {
      const parts = raw.split(',').filter((p) => p !== '');
      const values = parts.map((p) => parseFieldValue(p, field));
      const bad = values.find((v) => !v.ok);
      if (bad && !bad.ok) errors[key] = [bad.message];
      else if (parts.length > 1000) errors[key] = ['At most 1000 values.'];
      else if (parts.length === 0) conditions.push(sql`false`);
      else {
        const list = values.map((v) => (v as { value: unknown }).value);
        // inArray's overloads take a column or an expression, not the union of both.
        conditions.push(field.column instanceof SQL ? inArray(field.column, list) : inArray(field.column, list));
      }
      continue;
    }
    const v = parseFieldValue(raw, field);
    if (!v.ok) {
      errors[key] = [v.message];
      continue;
    }
    const op = lookup === 'gte' ? gte : lookup === 'lte' ? lte : eq;
    // A column maps the value to its driver form (Date -> ISO); an expression binds it as is.
    conditions.push(field.column instanceof SQL ? op(field.column, v.value) : op(field.column, v.value));
  }

  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (search && spec.search?.length) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(...spec.search.map((c) => (typeof c === 'function' ? c(pattern) : ilike(c, pattern))))!);
  }

  let orderBy = spec.defaultOrdering;
  if (typeof query.ordering === 'string' && query.ordering.trim()) {
    const allowed = new Set(spec.ordering ?? []);
    const parts = query.ordering
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = parts.filter((p) => !allowed.has(p.replace(/^-/, '')) || !fieldOf(p.replace(/^-/, '')));
    if (unknown.length) errors.ordering = [`Unknown ordering field: ${unknown.join(', ')}.`];
    // Descending puts empty values last too (PostgreSQL puts them first): "highest price first"
    // must not open with every product that has no price. A NOT NULL column sorts plainly, so a
    // btree index on it still serves the order backwards.
    else
      orderBy = [
        ...parts.map((p) => {
          if (!p.startsWith('-')) return asc(spec.fields[p]!.column);
          const column = spec.fields[p.slice(1)]!.column;
          return column instanceof SQL || !column.notNull ? sql`${column} desc nulls last` : desc(column);
        }),
        ...spec.defaultOrdering,
      ];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return { where: conditions.length ? and(...conditions) : undefined, orderBy };
}
