import { z } from 'zod';

/** Ids are PostgreSQL integers: anything above int4 can exist nowhere, so it is a 400, not a 500. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * A primary key in a JSON body. `Id` coerces (right for paths and query strings), which turns
 * a missing body field into NaN and a confusing message; this keeps DRF's words instead.
 */
export const PkValue = z
  .number({
    error: (issue) => (issue.input === undefined || issue.input === null ? undefined : `Incorrect type. Expected pk value, received ${typeof issue.input}.`),
  })
  .int('Incorrect type. Expected pk value.')
  .positive('Invalid pk - object does not exist.')
  .max(2_147_483_647, 'Invalid pk - object does not exist.');

export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** DRF error body: {"detail": "..."} or {"field": ["message", ...]}. */
export const ErrorDetail = z.object({ detail: z.string() });
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

/** `{count, next, previous, results}`, DRF's limit/offset page. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
    count_is_estimate: z.boolean().optional(),
  });
export type Page<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
  count_is_estimate?: boolean;
};

export const Timestamp = z.string();

/**
 * A query parameter sent empty (`?limit=&location=`) counts as not sent, as django-filter skips an
 * empty filter (ADR 0006): clients build their query strings from forms with unset fields.
 */
export const unlessBlank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A query value that is 'true' or 'false' (DRF boolean filters). */
export const BoolString = z.enum(['true', 'false', 'True', 'False', '1', '0']);

/** Lookups a list may declare per field (Django style). */
export type Lookup = 'exact' | 'icontains' | 'in' | 'isnull' | 'gte' | 'lte';
export type FilterDeclaration = Record<string, readonly Lookup[]>;

type LookupKey<F extends string, L extends Lookup> = L extends 'exact' ? F : `${F}__${L}`;
type FilterKeys<D extends FilterDeclaration> = { [F in keyof D & string]: LookupKey<F, D[F][number]> }[keyof D & string];
const pagingShape = {
  limit: unlessBlank(z.coerce.number().int().min(1)),
  offset: unlessBlank(z.coerce.number().int().min(0)),
  search: z.string().max(200).optional(),
  ordering: z.string().max(200).optional(),
};
type ListQueryShape<D extends FilterDeclaration, E extends z.ZodRawShape> = typeof pagingShape & { [K in FilterKeys<D>]: z.ZodOptional<z.ZodString> } & E;

/**
 * Builds the zod querystring schema for a DRF-style list: limit/offset, search,
 * ordering and the declared lookups `field`, `field__icontains`, ... Unknown keys
 * fail validation (strict), which the API answers with a 400.
 */
export const listQuery = <const D extends FilterDeclaration, E extends z.ZodRawShape = Record<never, never>>(
  filters: D,
  extra?: E,
): z.ZodObject<ListQueryShape<D, E>, z.core.$strict> => {
  const shape: Record<string, z.ZodType> = { ...pagingShape, ...(extra ?? {}) };
  for (const [field, lookups] of Object.entries(filters)) {
    for (const lookup of lookups) {
      const key = lookup === 'exact' ? field : `${field}__${lookup}`;
      shape[key] = lookup === 'isnull' ? BoolString.optional() : z.string().max(1000).optional();
    }
  }
  return z.strictObject(shape) as unknown as z.ZodObject<ListQueryShape<D, E>, z.core.$strict>;
};
