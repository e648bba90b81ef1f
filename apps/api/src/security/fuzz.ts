import fc from 'fast-check';
import type { RegisteredRoute } from '../http/route-table.js';

/**
 * Request generators for the property-based fuzzer (fuzz.test.ts), built from the contract's zod
 * schemas that each route declares. For every field the generator mixes values the schema accepts
 * (so requests get past validation and reach the services and the database) with hostile ones:
 * wrong types, numbers at and beyond their bounds, empty and 100k-character strings, unicode (NUL,
 * lone surrogates, RTL override, emoji), SQL and HTML fragments, missing and unknown fields.
 */

/** The parts of zod 4's internals the walker reads: `schema._zod.def` and, for checks, their own def. */
type ZodLike = { _zod: { def: ZodDef } };
type ZodDef = {
  type: string;
  checks?: ZodLike[];
  check?: string;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  options?: ZodLike[];
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  items?: ZodLike[];
  left?: ZodLike;
  getter?: () => ZodLike;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
};

/** What the generators draw on besides the schema: ids that exist in the database, and plausible words. */
export type FuzzContext = {
  /** Ids of rows that exist: an id field mostly draws from these, so requests reach real rows. */
  ids: readonly number[];
  /** Words a valid-looking string field may take (names, skus, URLs, enum-like values). */
  words: readonly string[];
  /** The route's own field names (its query's keys without lookups): what `ordering` may name. */
  fields?: readonly string[];
  /** The caller's own user and company: what `account` and `company` fields must name. */
  self?: { userId: number; companyId: number };
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The client address: varied so that per-IP rate limits do not answer every case with a 429. */
  remoteAddress: string;
  /** Which generator made it, for the failure report and the statistics. */
  kind: string;
};

const isZod = (s: unknown): s is ZodLike => typeof s === 'object' && s !== null && '_zod' in s;
const defOf = (s: ZodLike): ZodDef => s._zod.def;

const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;
/** Longest string the generators build on purpose: far beyond every column and every contract bound. */
export const HUGE_LENGTH = 100_000;

type Bounds = {
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  int: boolean;
  format?: string;
  patterns: RegExp[];
};

/** A string's or a number's bounds, read from its checks (and from itself: z.email() is its own check). */
function boundsOf(schema: ZodLike): Bounds {
  const def = defOf(schema);
  const bounds: Bounds = { int: false, patterns: [] };
  for (const check of [def, ...(def.checks ?? []).map(defOf)]) {
    switch (check.check) {
      case 'min_length':
        bounds.minLength = Math.max(bounds.minLength ?? 0, check.minimum ?? 0);
        break;
      case 'max_length':
        bounds.maxLength = Math.min(bounds.maxLength ?? Infinity, check.maximum ?? Infinity);
        break;
      case 'length_equals':
        bounds.minLength = bounds.maxLength = check.length;
        break;
      case 'greater_than':
        bounds.min = Number(check.value);
        bounds.minExclusive = !check.inclusive;
        break;
      case 'less_than':
        bounds.max = Number(check.value);
        bounds.maxExclusive = !check.inclusive;
        break;
      case 'number_format':
        if (check.format?.includes('int')) bounds.int = true;
        break;
      case 'string_format':
        if (check.format === 'regex' && check.pattern) bounds.patterns.push(check.pattern);
        else bounds.format = check.format;
        break;
    }
  }
  return bounds;
}

// ---- Hostile values ----

/** Strings that have broken servers: SQL and HTML fragments, unicode edge cases, numbers in disguise. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  "' OR 1=1 --",
  "'; drop table catalog_products; --",
  '"; DROP TABLE users; --',
  "1' AND pg_sleep(0) IS NULL --",
  "%' OR '%'='",
  '%',
  '_',
  '\\',
  "'",
  '"',
  '`',
  '$1',
  '::text',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '😀👍🏽🇸🇪',
  'שלום עולם',
  '\u202egnp.exe',
  'Ω≈ç√∫˜µ≤≥÷',
  'ǅǈ ﬁ ß İ',
  '\ufeff',
  '\u200b\u200c\u200d',
  '\r\n\r\n',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-0',
  '0x1F',
  '1_000',
  ' 7 ',
  '٣',
  '１２３',
  '2147483648',
  '-2147483649',
  '99999999999',
  '9223372036854775808',
  '1.7976931348623157e309',
  '0.0000000001',
  '1,2,3',
  '1,,2',
  ',',
  'a,b',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '2024-01-01T25:61:61+99:00',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

const HUGE_STRINGS: readonly string[] = [
  'a'.repeat(HUGE_LENGTH),
  '😀'.repeat(HUGE_LENGTH / 2),
  "'".repeat(10_000),
  '\u0000'.repeat(1000),
  '1'.repeat(400),
  '%'.repeat(5000),
];

/** Numbers a JSON body may carry that no schema here means to accept. */
const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  -0.5,
  0.001,
  1.5,
  2 ** 31,
  INT4_MAX,
  INT4_MIN - 1,
  99_999_999_999,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any JSON value, leaning on the hostile ones. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [1, 'a', {}], { id: 1 }, { '': '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Keys no contract declares, and keys that mean something elsewhere (Django pagination, prototypes). */
export const EXTRA_KEYS: readonly string[] = [
  'unknown_field',
  'id',
  'company',
  'company_id',
  'account',
  'is_admin',
  'page',
  'page_size',
  'format',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  'a.b',
  "name' --",
  '<b>',
  '😀',
  'x'.repeat(300),
];

/** A value of the schema's own kind that breaks its bounds, or one of another kind. */
function hostileFor(schema: ZodLike): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const near: fc.Arbitrary<unknown>[] = [];
  if (def.type === 'string') {
    const b = boundsOf(schema);
    if (b.maxLength !== undefined && b.maxLength < HUGE_LENGTH) near.push(fc.constant('x'.repeat(b.maxLength + 1)), fc.constant('é'.repeat(b.maxLength + 1)));
    if (b.minLength) near.push(fc.constant('x'.repeat(b.minLength - 1)));
    near.push(hostileString);
  } else if (def.type === 'number') {
    const b = boundsOf(schema);
    if (b.min !== undefined) near.push(fc.constantFrom(b.min - 1, b.minExclusive ? b.min : b.min - 0.5, b.min - 1e-9));
    if (b.max !== undefined) near.push(fc.constantFrom(b.max + 1, b.maxExclusive ? b.max : b.max + 0.5, b.max * 10));
    if (b.int) near.push(fc.constantFrom(0.5, 1.1, -2.5));
    near.push(hostileNumber);
    // A coercing number (paths, query strings) takes strings too.
    near.push(fc.constantFrom('1e3', ' 12 ', '0x10', 'abc', '', '12abc'));
  } else if (def.type === 'array') {
    const b = boundsOf(schema);
    if (b.maxLength !== undefined && b.maxLength < 5000 && def.element)
      near.push(fc.array(validValue(def.element, EMPTY), { minLength: b.maxLength + 1, maxLength: b.maxLength + 1 }));
    near.push(fc.constantFrom<unknown>([], [null], [[]], ['a', 1, null, {}]));
  } else if (def.type === 'enum' || def.type === 'literal') {
    const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
    const strings = values.filter((v): v is string => typeof v === 'string');
    if (strings.length) near.push(fc.constantFrom(...strings.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, v.slice(0, -1)])));
  }
  return near.length ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...near) }, { weight: 1, arbitrary: hostileJson }) : hostileJson;
}

// ---- Valid-looking values ----

const EMPTY: FuzzContext = { ids: [], words: [] };
const MAX_DEPTH = 4;

/** An address every validator takes (fast-check's emailAddress() makes RFC-valid ones zod refuses). */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,12}[a-z0-9]$/), fc.constantFrom('shop.test', 'example.com', 'kontor.se'))
  .map(([local, domain]) => `${local}@${domain}`);

const isoDateTime = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());

function validString(schema: ZodLike, ctx: FuzzContext): fc.Arbitrary<string> {
  const b = boundsOf(schema);
  const min = b.minLength ?? 0;
  const max = b.maxLength ?? 200;
  const fits = (s: string) => s.length >= min && s.length <= max && b.patterns.every((p) => new RegExp(p.source, p.flags.replace('g', '')).test(s));
  switch (b.format) {
    case 'email':
      return plainEmail.filter((s) => s.length <= max);
    case 'url':
      return fc.webUrl().filter((s) => s.length <= max);
    case 'datetime':
      return isoDateTime;
    case 'date':
      return isoDateTime.map((s) => s.slice(0, 10));
    case 'uuid':
    case 'guid':
      return fc.uuid();
  }
  if (b.patterns.length) {
    // stringMatching takes no flags; without `i` the pattern still matches (one case of it).
    const [first] = b.patterns;
    return fc.stringMatching(new RegExp(first!.source), { size: 'xsmall' }).filter(fits);
  }
  const words = ctx.words.filter(fits);
  const options: fc.Arbitrary<string>[] = [fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 24)) })];
  if (words.length) options.push(fc.constantFrom(...words), fc.constantFrom(...words));
  if (max <= HUGE_LENGTH) options.push(fc.constant('x'.repeat(max)), fc.constant('é'.repeat(max)));
  options.push(fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 12)) }).filter(fits));
  return fc.oneof(...options);
}

function validNumber(schema: ZodLike, ctx: FuzzContext): fc.Arbitrary<number> {
  const b = boundsOf(schema);
  const lo = b.min === undefined ? -1e9 : b.minExclusive ? (b.int ? Math.floor(b.min) + 1 : b.min + 0.01) : b.min;
  const hi = b.max === undefined ? 1e9 : b.maxExclusive ? (b.int ? Math.ceil(b.max) - 1 : b.max - 0.01) : b.max;
  if (lo > hi) return fc.constant(lo);
  if (b.int) {
    const min = Math.ceil(lo);
    const max = Math.floor(hi);
    const ids = ctx.ids.filter((id) => id >= min && id <= max);
    const small = fc.integer({ min: Math.max(min, Math.min(0, max)), max: Math.min(max, Math.max(min, 50)) });
    return fc.oneof(
      // An id field mostly names a row that exists, else the case stops at a 404 or "Invalid pk".
      { weight: ids.length ? 6 : 0, arbitrary: ids.length ? fc.constantFrom(...ids) : small },
      { weight: 2, arbitrary: small },
      { weight: 1, arbitrary: fc.constantFrom(min, max) },
      { weight: 1, arbitrary: fc.integer({ min, max }) },
    );
  }
  const [wholeMin, wholeMax] = [Math.ceil(Math.max(lo, -1e6)), Math.floor(Math.min(hi, 1e6))];
  return fc.oneof(
    fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }),
    wholeMin <= wholeMax ? fc.integer({ min: wholeMin, max: wholeMax }) : fc.constant(lo),
    fc.constantFrom(lo, hi),
  );
}

/** May the key be left out? (zod's own `optin` also marks a preprocessed field optional, which it is not.) */
function isOptional(schema: ZodLike): boolean {
  const def = defOf(schema);
  if (['optional', 'default', 'prefault', 'catch'].includes(def.type)) return true;
  if (def.type === 'pipe') return isOptional(pipeSide(def));
  if (def.type === 'readonly' && def.innerType) return isOptional(def.innerType);
  return false;
}

const requiredKeysOf = (shape: Record<string, ZodLike>) => Object.keys(shape).filter((k) => !isOptional(shape[k]!));

/** The schema under its optional, nullable and default wrappers. */
/** Wrappers whose values are their inner schema's: a generator goes straight to the inner one. */
const PASS_THROUGH_WRAPPERS = new Set(['optional', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

function unwrap(schema: ZodLike): ZodLike {
  const def = defOf(schema);
  return ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'].includes(def.type) && def.innerType ? unwrap(def.innerType) : schema;
}

const idArb = (ctx: FuzzContext) => (ctx.ids.length ? fc.oneof(fc.constantFrom(...ctx.ids), fc.integer({ min: 1, max: 50 })) : fc.integer({ min: 1, max: 50 }));

/**
 * A plain string field says little in its schema (a list filter is `z.string()` whatever it
 * filters), so its name tells what a server would take: ids for `product` or `id__in`, dates for
 * `created_at__gte`, field names for `ordering`. Without these most "valid" list queries would
 * be refused for a filter value of the wrong kind and never reach the database.
 */
function hintFor(key: string, ctx: FuzzContext): fc.Arbitrary<string> | undefined {
  const name = key.toLowerCase();
  if (name === 'ordering' && ctx.fields?.length) {
    const field = fc.constantFrom(...ctx.fields).chain((f) => fc.constantFrom(f, `-${f}`));
    return fc.array(field, { minLength: 1, maxLength: 2 }).map((fs) => fs.join(','));
  }
  if (/__in$|_ids$/.test(name)) return fc.array(idArb(ctx), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(','));
  if (/(_at|date|_before|_after|_from|_to)(__gte|__lte)?$|__(gte|lte)$/.test(name))
    return fc.oneof(
      isoDateTime,
      isoDateTime.map((d) => d.slice(0, 10)),
      idArb(ctx).map(String),
    );
  if (/(^|_)(id|product|location|supplier|category|order|item|type|company|account|user|parent|classification|image|feed)$/.test(name))
    return idArb(ctx).map(String);
  if (/url/.test(name)) return fc.oneof(fc.webUrl({ validSchemes: ['https', 'http'] }), fc.constant('https://shop.test/image.png'));
  if (/email|username/.test(name)) return fc.oneof(plainEmail, fc.constantFrom(...ctx.words.filter((w) => w.includes('@')), 'ada@shop.test'));
  if (/language|lang$/.test(name)) return fc.constantFrom('sv', 'en', 'no', 'da', 'SV', 'EN');
  return undefined;
}

/** An object field's value: by its name's hint (for plain strings) or by its schema. */
function fieldArb(key: string, schema: ZodLike, ctx: FuzzContext, bySchema: fc.Arbitrary<unknown>, hintWeight = 3): fc.Arbitrary<unknown> {
  const own = ctx.self && (/^(account|user|receiver_user_id)$/.test(key) ? ctx.self.userId : key === 'company' ? ctx.self.companyId : undefined);
  if (own !== undefined) return fc.oneof({ weight: hintWeight, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: bySchema });
  const leaf = unwrap(schema);
  const b = defOf(leaf).type === 'string' ? boundsOf(leaf) : undefined;
  const hint = b && !b.format && !b.patterns.length ? hintFor(key, ctx) : undefined;
  if (!hint) return bySchema;
  const max = b?.maxLength ?? Infinity;
  return fc.oneof({ weight: hintWeight, arbitrary: hint.filter((v) => v.length <= max) }, { weight: 1, arbitrary: bySchema });
}

/**
 * A record of the object's fields: every key (the optional ones present at random), or, for an
 * object of many optional keys (a list's query), the required keys and at most two others.
 */
function recordArb(shape: Record<string, ZodLike>, model: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const required = requiredKeysOf(shape);
  const optional = Object.keys(shape).filter((k) => !required.includes(k));
  const full = fc.record(model, { requiredKeys: required });
  const records =
    optional.length <= 3
      ? full
      : fc.oneof(
          { weight: 1, arbitrary: full },
          {
            weight: 2,
            arbitrary: fc
              .subarray(optional, { maxLength: 2 })
              .chain((keys) => fc.record(Object.fromEntries([...required, ...keys].map((k) => [k, model[k]!])))),
          },
        );
  // A confirmation field (`password2`) mostly repeats its field, or every form is refused for it.
  const confirmations = Object.keys(shape).filter((k) => k.endsWith('2') && k.slice(0, -1) in shape);
  if (!confirmations.length) return records;
  return fc.tuple(records, fc.boolean(), fc.boolean(), fc.boolean()).map(([record, ...copy]) => {
    const out = { ...record };
    for (const k of confirmations) if ((copy[0] || copy[1] || copy[2]) && k.slice(0, -1) in out) out[k] = out[k.slice(0, -1)];
    return out;
  });
}

/** Money and quantities: a JSON number or the same number as text, at most 2 decimals. */
const decimalValue: fc.Arbitrary<unknown> = fc
  .integer({ min: 0, max: 1_000_000 })
  .chain((cents) => fc.constantFrom<unknown>(cents / 100, String(cents / 100), Math.round(cents / 100)));

/**
 * The side of a pipe that says what it takes: its input schema, unless that is only a preprocess
 * step or a custom check (`z.preprocess(fn, schema)`, `z.custom().pipe(schema)`), then its output.
 */
function pipeSide(def: ZodDef): ZodLike {
  const kind = def.in ? defOf(def.in).type : 'transform';
  const out = def.out;
  return ['transform', 'custom', 'any', 'unknown'].includes(kind) && out && defOf(out).type !== 'transform' ? out : def.in!;
}

/** A value the schema should accept (transforms and refinements aside, which the walker cannot see into). */
export function validValue(schema: ZodLike, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: ZodLike | undefined) => (s ? validValue(s, ctx, depth + 1) : fc.constant(undefined));
  if (PASS_THROUGH_WRAPPERS.has(def.type)) return inner(def.innerType);
  switch (def.type) {
    case 'string':
      return validString(schema, ctx);
    case 'number':
      return validNumber(schema, ctx);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'array': {
      const b = boundsOf(schema);
      const minLength = b.minLength ?? 0;
      return fc.array(inner(def.element), { minLength, maxLength: Math.max(minLength, Math.min(b.maxLength ?? 4, 4)) });
    }
    case 'object': {
      const shape = def.shape ?? {};
      if (depth > MAX_DEPTH) return fc.constant({});
      const model = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fieldArb(k, v, ctx, inner(v))]));
      return recordArb(shape, model);
    }
    case 'record':
      return fc.dictionary(
        def.keyType && defOf(def.keyType).type === 'string' ? (inner(def.keyType) as fc.Arbitrary<string>) : fc.string({ maxLength: 10 }),
        inner(def.valueType),
        {
          maxKeys: 3,
        },
      );
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'union': {
      const options = def.options ?? [];
      // A number or a numeric string (the contract's decimals): the string is a number in text.
      const numbers = options.map(unwrap).filter((o) => defOf(o).type === 'number');
      if (numbers.length && options.some((o) => defOf(unwrap(o)).type === 'string')) {
        return numbers.every((o) => boundsOf(o).int) ? fc.integer({ min: 0, max: 100_000 }).chain((n) => fc.constantFrom<unknown>(n, String(n))) : decimalValue;
      }
      return fc.oneof(...options.map(inner));
    }
    case 'intersection':
      return inner(def.left);
    case 'nullable':
      return fc.oneof({ weight: 3, arbitrary: inner(def.innerType) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'pipe':
      return inner(pipeSide(def));
    case 'lazy':
      return depth > MAX_DEPTH || !def.getter ? fc.constant(null) : inner(def.getter());
    default:
      // any, unknown, custom, transform, date, bigint...: any JSON will do.
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * A value that is mostly valid with a hostile part: each field is valid four times in five, objects
 * sometimes lose a required key or gain unknown ones, arrays sometimes break their length bounds.
 */
export function mixedValue(schema: ZodLike, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: ZodLike) => mixedValue(s, ctx, depth + 1);
  const withHostile = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileFor(schema) });
  if (PASS_THROUGH_WRAPPERS.has(def.type)) return def.innerType ? inner(def.innerType) : hostileJson;
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      if (depth > MAX_DEPTH) return fc.constant({});
      const required = requiredKeysOf(shape);
      const model = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fieldArb(k, v, ctx, inner(v), 1)]));
      const record = recordArb(shape, model);
      const dropped = required.length
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant<string[]>([]) },
            { weight: 1, arbitrary: fc.subarray(required, { minLength: 1, maxLength: Math.min(2, required.length) }) },
          )
        : fc.constant<string[]>([]);
      const extra = fc.oneof(
        { weight: 5, arbitrary: fc.constant<Record<string, unknown>>({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostileJson, { minKeys: 1, maxKeys: 2 }) },
      );
      const object = fc.tuple(record, dropped, extra).map(([value, drop, more]) => {
        const out: Record<string, unknown> = { ...value };
        for (const key of drop) delete out[key];
        // defineProperty: a '__proto__' key must become an own key, as JSON.parse would make it.
        for (const [key, v] of Object.entries(more)) Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        return out;
      });
      return fc.oneof({ weight: 9, arbitrary: object }, { weight: 1, arbitrary: hostileJson });
    }
    case 'array': {
      const b = boundsOf(schema);
      const minLength = b.minLength ?? 0;
      const element = def.element ? inner(def.element) : hostileJson;
      return withHostile(fc.array(element, { minLength, maxLength: Math.max(minLength, Math.min(b.maxLength ?? 4, 4)) }));
    }
    case 'record':
      return withHostile(
        fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...EXTRA_KEYS)), def.valueType ? inner(def.valueType) : hostileJson, {
          maxKeys: 3,
        }),
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'nullable':
      return fc.oneof({ weight: 3, arbitrary: def.innerType ? inner(def.innerType) : hostileJson }, { weight: 1, arbitrary: fc.constant(null) });
    case 'pipe':
      return inner(pipeSide(def));
    case 'lazy':
      return depth > MAX_DEPTH || !def.getter ? hostileJson : inner(def.getter());
    default:
      return withHostile(validValue(schema, ctx, depth));
  }
}

// ---- Requests ----

/** A query string as a browser would send it, from an object of any values (arrays repeat the key). */
export function toQueryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return new URLSearchParams({ q: scalarText(query) }).toString();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(wellFormed(key), wellFormed(scalarText(v)));
  }
  return params.toString();
}

const scalarText = (v: unknown): string => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Lone surrogates cannot be percent-encoded as UTF-8; URLSearchParams makes them U+FFFD, so does this. */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A path segment, percent-encoded; a lone surrogate becomes the invalid UTF-8 bytes of one, to be hostile still. */
export function encodeSegment(value: unknown): string {
  const text = scalarText(value);
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ue000')).replace(
    /%EE%80%80/g,
    '%ED%A0%80',
  );
}

/** Path parameter values that are not ids, or ids no int4 column can hold. */
const HOSTILE_PATH_VALUES: readonly string[] = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '١',
  '１',
  '99999999999',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  'NaN',
  'null',
  "1' OR '1'='1",
  '1;DROP TABLE users',
  '<script>',
  '%00',
  '..',
  '.',
  '😀',
  'x'.repeat(199),
  'x'.repeat(201),
];
/** Raw path text that is no valid percent-encoding at all. */
const BROKEN_PATH_TEXT: readonly string[] = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF', '%00'];

const pagingAbuse: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom('limit', 'offset', 'page', 'page_size', 'ordering', 'search', 'format', 'limit[]', 'offset[0]'),
  fc.constantFrom(
    '99999999999',
    '9007199254740991',
    '9007199254740993',
    '99999999999999999999',
    '1e9',
    '1e308',
    '-1',
    '0',
    '1001',
    '100000',
    '2147483648',
    '',
    'NaN',
    'all',
    '-id',
    'id,-id,id',
    'password_hash',
    '(select 1)',
  ),
  { minKeys: 1, maxKeys: 3 },
);

/** Bodies no JSON route can take: broken JSON, other content types, shapes other than an object. */
const brokenBody: fc.Arbitrary<{ payload: string | Buffer; contentType: string | undefined; kind: string }> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'nul',
      '[1,2',
      '"unterminated',
      '{"a":1}{"b":2}',
      '\u0000',
      '\ufeff{}',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
    )
    .map((payload) => ({ payload, contentType: 'application/json', kind: 'malformed-json' })),
  fc
    .constantFrom('[]', '[{}]', 'null', '0', '"text"', 'true', '['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(2000) + '1' + '}'.repeat(2000))
    .map((payload) => ({ payload, contentType: 'application/json', kind: 'json-not-object' })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/jsonx',
        '',
      ),
      fc.constantFrom('a=1&b=2', '{"a":1}', '<a>1</a>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', ''),
    )
    .map(([contentType, payload]) => ({ payload, contentType: contentType || undefined, kind: 'wrong-content-type' })),
  fc.constant({ payload: Buffer.alloc(1024 * 1024 + 10, 'a'), contentType: 'application/json', kind: 'too-large' }),
  fc.constant({ payload: Buffer.from([0xff, 0xfe, 0x7b, 0x7d, 0xc3, 0x28]), contentType: 'application/json', kind: 'invalid-utf8' }),
);

/** A tiny valid PNG (1x1), so an upload route sometimes gets a real image among the garbage. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const multipartPart = (ctx: FuzzContext) =>
  fc.oneof(
    fc.record({
      name: fc.constantFrom('files', 'file', 'image', 'urls', 'classification', 'procurement_product', 'product', 'unknown', '', '"', 'a\u0000b'),
      value: fc.oneof(
        hostileString,
        fc.constantFrom(
          ...ctx.ids.slice(0, 50).map(String),
          'https://shop.test/a.png',
          'http://127.0.0.1:9/x.png',
          'https://shop.test/a.png,https://shop.test/b.png',
        ),
      ),
    }),
    fc.record({
      name: fc.constantFrom('files', 'file', 'image', 'other'),
      filename: fc.constantFrom('a.png', '../../../etc/passwd', 'a\u0000.png', 'é😀.png', '', '.png', 'x'.repeat(300) + '.png', 'a"b.png', 'a.exe'),
      contentType: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', ''),
      data: fc.oneof(
        fc.constant(PNG_1X1),
        fc.constant(Buffer.alloc(0)),
        fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
        fc.constant(PNG_1X1.subarray(0, 30)),
      ),
    }),
  );

function multipartBody(parts: ({ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer })[], boundary: string) {
  const chunks: Buffer[] = [];
  const header = (s: string) => Buffer.from(s, 'utf8');
  for (const part of parts) {
    if ('value' in part) chunks.push(header(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${wellFormed(part.value)}\r\n`));
    else {
      chunks.push(
        header(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
        ),
        part.data,
        header('\r\n'),
      );
    }
  }
  chunks.push(header(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * A form as the upload routes take it (they have no zod body to read it from): an image under
 * `files` or `file`, with some of the text fields they know, holding ids or URLs.
 */
const wellFormedParts = (ctx: FuzzContext) =>
  fc
    .tuple(
      fc.constantFrom('files', 'file'),
      fc.array(fc.constant(PNG_1X1), { minLength: 0, maxLength: 2 }),
      fc.subarray(['procurement_product', 'classification', 'urls']),
      idArb(ctx),
      fc.constantFrom('https://shop.test/a.png', 'https://shop.test/a.png\nhttps://shop.test/b.png', 'ftp://x', ''),
    )
    .map(([fileField, files, textFields, id, urls]) => [
      ...textFields.map((name) => ({ name, value: name === 'urls' ? urls : String(id) })),
      ...files.map((data, i) => ({ name: fileField, filename: `image-${i}.png`, contentType: 'image/png', data })),
    ]);

/** Bodies for the upload routes (no zod body: multipart/form-data): plausible forms, forms of hostile parts, truncated forms, JSON. */
function multipartArb(ctx: FuzzContext) {
  const boundary = '----kontorfuzz7MA4YWxkTrZu0gW';
  return fc.oneof(
    {
      weight: 4,
      arbitrary: wellFormedParts(ctx).map((parts) => ({
        payload: multipartBody(parts, boundary),
        contentType: `multipart/form-data; boundary=${boundary}`,
        kind: 'multipart-form',
      })),
    },
    {
      weight: 5,
      arbitrary: fc
        .array(multipartPart(ctx), { maxLength: 4 })
        .map((parts) => ({ payload: multipartBody(parts, boundary), contentType: `multipart/form-data; boundary=${boundary}`, kind: 'multipart' })),
    },
    {
      weight: 1,
      arbitrary: fc.array(multipartPart(ctx), { minLength: 1, maxLength: 3 }).chain((parts) => {
        const full = multipartBody(parts, boundary);
        return fc
          .integer({ min: 0, max: full.length - 1 })
          .map((cut) => ({ payload: full.subarray(0, cut), contentType: `multipart/form-data; boundary=${boundary}`, kind: 'multipart-truncated' }));
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 2 })
        .map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', kind: 'multipart-route-json' })),
    },
    { weight: 1, arbitrary: brokenBody },
  );
}

const authHeader = (token: string): fc.Arbitrary<{ authorization?: string; cookie?: string }> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant({ authorization: `Bearer ${token}` }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {},
        { authorization: 'Bearer ' },
        { authorization: 'Bearer garbage' },
        { authorization: `Bearer ${token}x` },
        { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOjF9.' },
        { authorization: `Bearer ${token}`, cookie: 'refresh=garbage; refresh=%00' },
        { cookie: `refresh=${'x'.repeat(5000)}` },
      ),
    },
  );

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

/** The path with its parameters filled: from the params schema (valid, mixed or hostile), or hostile text. */
function pathArb(route: RegisteredRoute, ctx: FuzzContext): fc.Arbitrary<string> {
  const names = paramNames(route.url);
  const wildcard = route.url.endsWith('*');
  if (!names.length && !wildcard) return fc.constant(route.url);
  const schema = isZod(route.schema?.params) ? route.schema.params : undefined;
  const shape = schema ? (defOf(schema).shape ?? {}) : {};
  const value = (name: string) => {
    const field = shape[name];
    const fromSchema = field ? validValue(field, ctx).map(scalarText) : fc.constantFrom('a', 'index.html', 'swagger-ui.css', 'x.csv');
    return fc.oneof(
      { weight: 9, arbitrary: fromSchema.map(encodeSegment) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH_VALUES).map(encodeSegment) },
      { weight: 1, arbitrary: hostileString.map(encodeSegment) },
      { weight: 1, arbitrary: fc.constantFrom(...BROKEN_PATH_TEXT) },
    );
  };
  const parts = [...names.map(value), ...(wildcard ? [value('*')] : [])];
  return fc.tuple(...parts).map((values) => {
    let url = route.url;
    names.forEach((name, i) => {
      url = url.replace(`:${name}`, values[i]!);
    });
    if (wildcard) url = url.replace(/\*$/, values[values.length - 1]!);
    return url;
  });
}

function queryArb(route: RegisteredRoute, ctx: FuzzContext): fc.Arbitrary<{ query: string; kind: string }> {
  const schema = isZod(route.schema?.querystring) ? route.schema.querystring : undefined;
  // A list's valid query mostly asks for a short page: the same code runs for 3 rows as for 100,
  // and reading and serializing full default pages would be most of the run's time.
  const pageable = schema && 'limit' in (defOf(schema).shape ?? {});
  const shortPage = fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) });
  const valid = schema
    ? pageable
      ? fc.tuple(validValue(schema, ctx), shortPage).map(([q, limit]) => ({ limit, ...(q as object) }))
      : validValue(schema, ctx)
    : fc.constant({});
  const mixed = schema
    ? pageable
      ? fc.tuple(mixedValue(schema, ctx), shortPage).map(([q, limit]) => (q !== null && typeof q === 'object' && !Array.isArray(q) ? { limit, ...q } : q))
      : mixedValue(schema, ctx)
    : fc.constant({});
  const rawGarbage = fc.constantFrom(
    '&&&',
    '=',
    '=1',
    'a',
    'a=%zz',
    'a=%E0%A4%A',
    '%=%',
    'a[b]=c',
    'a[]=1&a[]=2',
    'limit=1&limit=2',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    `a=${'b'.repeat(10_000)}`,
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((q) => ({ query: toQueryString(q), kind: 'valid' })) },
    { weight: 4, arbitrary: mixed.map((q) => ({ query: toQueryString(q), kind: 'mixed' })) },
    { weight: 1, arbitrary: fc.tuple(valid, pagingAbuse).map(([q, paging]) => ({ query: toQueryString({ ...(q as object), ...paging }), kind: 'paging' })) },
    { weight: 1, arbitrary: fc.tuple(valid, rawGarbage).map(([q, raw]) => ({ query: [toQueryString(q), raw].filter(Boolean).join('&'), kind: 'raw-query' })) },
  );
}

type Body = { payload?: string | Buffer; contentType?: string | undefined; kind: string };

function bodyArb(route: RegisteredRoute, ctx: FuzzContext): fc.Arbitrary<Body> {
  if (route.method === 'GET') return fc.constant({ kind: 'none' });
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (consumes.includes('multipart/form-data')) return multipartArb(ctx);
  const schema = isZod(route.schema?.body) ? route.schema.body : undefined;
  if (!schema) {
    // No body declared: nothing, or something the route should ignore or refuse.
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      {
        weight: 1,
        arbitrary: hostileJson.map((v): Body => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', kind: 'unexpected-body' })),
      },
      { weight: 1, arbitrary: brokenBody },
    );
  }
  const json =
    (kind: string) =>
    (v: unknown): Body => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', kind });
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, ctx).map(json('valid')) },
    { weight: 5, arbitrary: mixedValue(schema, ctx).map(json('mixed')) },
    { weight: 1, arbitrary: hostileJson.map(json('hostile-json')) },
    { weight: 1, arbitrary: brokenBody },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'no-body' }) },
  );
}

/** Every request the fuzzer may send to one route. */
export function requestArb(route: RegisteredRoute, baseCtx: FuzzContext, token: string): fc.Arbitrary<FuzzRequest> {
  // The route's own field names: `ordering=-name` is only valid with a field of that list.
  const query = isZod(route.schema?.querystring) ? (defOf(route.schema.querystring).shape ?? {}) : {};
  const fields = [...new Set(Object.keys(query).map((k) => k.split('__')[0]!))];
  const ctx = { ...baseCtx, fields };
  const hasQuery = route.method === 'GET' || isZod(route.schema?.querystring);
  return fc
    .record({
      path: pathArb(route, ctx),
      query: hasQuery ? queryArb(route, ctx) : fc.constant({ query: '', kind: 'none' }),
      body: bodyArb(route, ctx),
      auth: authHeader(token),
      remoteAddress: fc.oneof({ weight: 1, arbitrary: fc.constant('127.0.0.1') }, { weight: 9, arbitrary: fc.ipV4() }),
    })
    .map(({ path, query, body, auth, remoteAddress }) => {
      const headers: Record<string, string> = { ...auth };
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        method: route.method,
        url: query.query ? `${path}?${query.query}` : path,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        remoteAddress,
        kind: `query:${query.kind} body:${body.kind}`,
      };
    });
}

// ---- The answer ----

/**
 * DRF's error dialect (DESIGN §3): `{"detail": "..."}`, or field errors `{"field": ["message", ...]}`
 * (nested objects allowed, as DRF nests serializer errors). Anything else is a leak of another shape.
 */
export function isDrfErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body as Record<string, unknown>);
  if (!entries.length) return false;
  if (entries.length === 1 && entries[0]![0] === 'detail') return typeof entries[0]![1] === 'string' && entries[0]![1] !== '';
  return entries.every(
    ([, value]) => (Array.isArray(value) && value.length > 0 && value.every((m) => typeof m === 'string' && m !== '')) || isDrfErrorBody(value),
  );
}

/** zod's own English (its en locale), which is not the dialect: DRF's messages are sentences that end in a full stop. */
const ZOD_DEFAULT_WORDS = [
  /^Invalid input(: |$)/,
  /^Invalid option: /,
  /^Too (big|small): expected /,
  /^Invalid (string|number): must /,
  /^Unrecognized keys?: /,
  /^Invalid (key|value) in /,
  /^Invalid discriminator value/,
  // A format's name ("Invalid email address", "Invalid URL", "Invalid ISO datetime"); DRF's "Invalid pk ..." ends in a full stop.
  /^Invalid [^.]+$/,
];

/** The messages of an error body that are zod's words rather than DRF's. */
export function zodWordsIn(body: unknown): string[] {
  if (typeof body === 'string') return ZOD_DEFAULT_WORDS.some((words) => words.test(body)) ? [body] : [];
  if (Array.isArray(body)) return body.flatMap(zodWordsIn);
  if (body && typeof body === 'object') return Object.values(body).flatMap(zodWordsIn);
  return [];
}

/** A request as a failure message shows it: long strings shortened, bytes summarised. */
export function describeRequest(request: FuzzRequest): string {
  const short = (s: string) => (s.length > 300 ? `${s.slice(0, 200)}... (${s.length} chars)` : s).replace(/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '<token>');
  const payload =
    request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : short(JSON.stringify(request.payload));
  return `${request.method} ${short(request.url)} [${request.kind}] headers=${short(JSON.stringify(request.headers))} body=${payload}`;
}
