import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@kontor/contract';
import { badRequest } from './errors.js';

export type FieldType = 'int' | 'text' | 'date' | 'bool' | 'numeric';
export type FilterField = { column: AnyPgColumn; type: FieldType };

export type ListSpec = {
  /** Fields that `?field=`, `field__lookup=` and `ordering=` may name. */
  fields: Record<string, FilterField>;
  /** Text columns `search=` looks in. */
  search?: AnyPgColumn[];
  /** Field names accepted by `ordering`. */
  ordering?: string[];
  /** Applied when `ordering` is absent; always ends with a unique column for stable pages. */
  defaultOrdering: SQL[];
};

const LOOKUPS = ['icontains', 'in', 'isnull', 'gte', 'lte'] as const;
const PAGING_KEYS = new Set(['limit', 'offset', 'search', 'ordering']);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseValue(raw: string, type: FieldType): { ok: true; value: unknown } | { ok: false; message: string } {
  switch (type) {
    case 'int':
      return /^-?\d{1,15}$/.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, message: 'Enter a whole number.' };
    case 'numeric':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(raw) ? { ok: true, value: raw } : { ok: false, message: 'Enter a number.' };
    case 'bool': {
      const v = raw.toLowerCase();
      if (['true', '1'].includes(v)) return { ok: true, value: true };
      if (['false', '0'].includes(v)) return { ok: true, value: false };
      return { ok: false, message: 'Must be true or false.' };
    }
    case 'date': {
      const d = new Date(raw);
      return Number.isNaN(d.getTime()) ? { ok: false, message: 'Enter a valid date/time.' } : { ok: true, value: d };
    }
    case 'text':
      return { ok: true, value: raw };
  }
}

/**
 * Turns a DRF-style querystring into a WHERE and an ORDER BY for one list. Keys that the
 * list does not declare are a 400 (the contract's strict query schema catches most of them
 * before this; this is the second line for lists built without one).
 */
export function buildListQuery(query: Record<string, unknown>, spec: ListSpec): { where: SQL | undefined; orderBy: SQL[] } {
  const errors: FieldErrors = {};
  const conditions: SQL[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (PAGING_KEYS.has(key) || rawValue === undefined) continue;
    const raw = String(rawValue);
    const [name, lookup = 'exact', ...rest] = key.split('__');
    const field = name ? spec.fields[name] : undefined;
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
      conditions.push(ilike(field.column, `%${escapeLike(raw)}%`));
      continue;
    }
    if (lookup === 'in') {
      const parts = raw.split(',').filter((p) => p !== '');
      const values = parts.map((p) => parseValue(p, field.type));
      const bad = values.find((v) => !v.ok);
      if (bad && !bad.ok) errors[key] = [bad.message];
      else if (parts.length > 1000) errors[key] = ['At most 1000 values.'];
      else
        conditions.push(
          parts.length
            ? inArray(
                field.column,
                values.map((v) => (v as { value: unknown }).value),
              )
            : sql`false`,
        );
      continue;
    }
    const v = parseValue(raw, field.type);
    if (!v.ok) {
      errors[key] = [v.message];
      continue;
    }
    if (lookup === 'gte') conditions.push(gte(field.column, v.value));
    else if (lookup === 'lte') conditions.push(lte(field.column, v.value));
    else conditions.push(eq(field.column, v.value));
  }

  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (search && spec.search?.length) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(...spec.search.map((c) => ilike(c, pattern)))!);
  }

  let orderBy = spec.defaultOrdering;
  if (typeof query.ordering === 'string' && query.ordering.trim()) {
    const allowed = new Set(spec.ordering ?? []);
    const parts = query.ordering
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = parts.filter((p) => !allowed.has(p.replace(/^-/, '')) || !spec.fields[p.replace(/^-/, '')]);
    if (unknown.length) errors.ordering = [`Unknown ordering field: ${unknown.join(', ')}.`];
    else orderBy = [...parts.map((p) => (p.startsWith('-') ? desc(spec.fields[p.slice(1)]!.column) : asc(spec.fields[p]!.column))), ...spec.defaultOrdering];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return { where: conditions.length ? and(...conditions) : undefined, orderBy };
}
