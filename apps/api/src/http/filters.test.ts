import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { boolean, integer, numeric, PgDialect, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../../test/test-database.js';
import { AppError } from './errors.js';
import { buildListQuery, type ListSpec } from './filters.js';

/** A table of this test only: one column per field type the helper knows. */
const items = pgTable('filter_test_items', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
  qty: integer('qty').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const spec: ListSpec = {
  fields: {
    id: { column: items.id, type: 'int' },
    name: { column: items.name, type: 'text' },
    note: { column: items.note, type: 'text' },
    qty: { column: items.qty, type: 'int' },
    price: { column: items.price, type: 'numeric' },
    active: { column: items.active, type: 'bool' },
    created_at: { column: items.createdAt, type: 'date' },
    label: { column: sql`(${items.name} || ' #' || ${items.qty})`, type: 'text' },
  },
  search: [items.name, items.note],
  ordering: ['name', 'qty', 'created_at', 'label'],
  defaultOrdering: [asc(items.id)],
};

const ROWS = [
  { name: 'Blue mug', note: 'kitchen', qty: 5, price: '19.90', active: true, createdAt: new Date('2024-01-10T08:00:00Z') },
  { name: '100% wool scarf', note: null, qty: 0, price: '249.00', active: false, createdAt: new Date('2024-02-01T00:00:00Z') },
  { name: 'snake_case sign', note: 'garden', qty: 12, price: '99.50', active: true, createdAt: new Date('2024-02-29T23:30:00Z') },
  { name: 'Red mug', note: 'Kitchen, back shelf', qty: 5, price: '21.00', active: true, createdAt: new Date('2024-03-15T12:00:00Z') },
  { name: 'Back\\slash poster', note: null, qty: -2, price: '5.00', active: false, createdAt: new Date('2023-12-31T23:59:59Z') },
];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql.raw(`create table filter_test_items (
      id serial primary key, name text not null, note text, qty integer not null,
      price numeric(12,2) not null, active boolean not null, created_at timestamptz not null)`),
  );
  await database.db.insert(items).values(ROWS);
});
afterAll(async () => database?.close());

/** Runs the list query and answers the matching names in the resulting order. */
async function names(query: Record<string, unknown>): Promise<string[]> {
  const { where, orderBy } = buildListQuery(query, spec);
  const rows = await database.db
    .select({ name: items.name })
    .from(items)
    .where(where)
    .orderBy(...orderBy);
  return rows.map((r) => r.name);
}

/** The AppError a bad query raises, for its status and DRF field errors. */
function errorOf(query: Record<string, unknown>, listSpec: ListSpec = spec): AppError {
  try {
    buildListQuery(query, listSpec);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe('buildListQuery lookups', () => {
  it('answers no condition and the default ordering for an empty query', async () => {
    const { where, orderBy } = buildListQuery({}, spec);
    expect(where).toBeUndefined();
    expect(orderBy).toBe(spec.defaultOrdering);
    expect(await names({})).toEqual(ROWS.map((r) => r.name));
  });

  it('exact: text, int, numeric, bool and date values', async () => {
    expect(await names({ name: 'Blue mug' })).toEqual(['Blue mug']);
    expect(await names({ name: 'blue mug' })).toEqual([]);
    expect(await names({ qty: '5' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ qty: '-2' })).toEqual(['Back\\slash poster']);
    expect(await names({ price: '99.5' })).toEqual(['snake_case sign']);
    expect(await names({ active: 'false' })).toEqual(['100% wool scarf', 'Back\\slash poster']);
    expect(await names({ active: 'True' })).toEqual(['Blue mug', 'snake_case sign', 'Red mug']);
    expect(await names({ active: '0' })).toEqual(['100% wool scarf', 'Back\\slash poster']);
    expect(await names({ created_at: '2024-03-15T12:00:00Z' })).toEqual(['Red mug']);
    expect(await names({ name__exact: 'Red mug' })).toEqual(['Red mug']);
  });

  it('icontains: any case, on text columns, expressions and (cast to text) numbers', async () => {
    expect(await names({ name__icontains: 'MUG' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ note__icontains: 'kitchen' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ label__icontains: 'mug #5' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ qty__icontains: '2' })).toEqual(['snake_case sign', 'Back\\slash poster']);
  });

  it('icontains and search take %, _ and \\ literally', async () => {
    expect(await names({ name__icontains: '%' })).toEqual(['100% wool scarf']);
    expect(await names({ name__icontains: '_' })).toEqual(['snake_case sign']);
    expect(await names({ name__icontains: '\\' })).toEqual(['Back\\slash poster']);
    // As wildcards these would match "Blue mug" and "Red mug".
    expect(await names({ name__icontains: 'e%g' })).toEqual([]);
    expect(await names({ name__icontains: 'm_g' })).toEqual([]);
    expect(await names({ search: '0% w' })).toEqual(['100% wool scarf']);
    expect(await names({ search: 'e_c' })).toEqual(['snake_case sign']);
    expect(await names({ search: 'd%g' })).toEqual([]);
  });

  it('search looks in every search column and ignores surrounding blanks', async () => {
    expect(await names({ search: '  kitchen ' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ search: 'garden' })).toEqual(['snake_case sign']);
    expect(await names({ search: 'SCARF' })).toEqual(['100% wool scarf']);
    expect(await names({ search: '   ' })).toEqual(ROWS.map((r) => r.name));
  });

  it('in: a comma-separated list, typed per field', async () => {
    expect(await names({ qty__in: '0,12' })).toEqual(['100% wool scarf', 'snake_case sign']);
    expect(await names({ name__in: 'Red mug,Blue mug,nothing' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ price__in: '5,21.00' })).toEqual(['Red mug', 'Back\\slash poster']);
    // Only commas: a list of nothing matches nothing.
    expect(await names({ qty__in: ',' })).toEqual([]);
  });

  it('isnull: true and false', async () => {
    expect(await names({ note__isnull: 'true' })).toEqual(['100% wool scarf', 'Back\\slash poster']);
    expect(await names({ note__isnull: 'false' })).toEqual(['Blue mug', 'snake_case sign', 'Red mug']);
  });

  it('gte and lte: numbers, decimals and dates (a date without an offset is UTC)', async () => {
    expect(await names({ qty__gte: '5', qty__lte: '5' })).toEqual(['Blue mug', 'Red mug']);
    expect(await names({ price__gte: '99.50' })).toEqual(['100% wool scarf', 'snake_case sign']);
    expect(await names({ created_at__gte: '2024-02-01', created_at__lte: '2024-03-01' })).toEqual(['100% wool scarf', 'snake_case sign']);
    expect(await names({ created_at__gte: '2024-02-29T23:30' })).toEqual(['snake_case sign', 'Red mug']);
    expect(await names({ created_at__gte: '2024-02-29T23:30:00.001' })).toEqual(['Red mug']);
    expect(await names({ created_at__lte: '2024-01-01T00:59:59+01:00' })).toEqual(['Back\\slash poster']);
    expect(await names({ created_at__lte: '2024-01-01 00:59:58+01:00' })).toEqual([]);
  });

  it('combines filters with AND', async () => {
    expect(await names({ active: 'true', qty__gte: '6' })).toEqual(['snake_case sign']);
    expect(await names({ name__icontains: 'mug', search: 'back shelf' })).toEqual(['Red mug']);
  });

  it('skips a filter whose value is empty, as django-filter does', async () => {
    expect(await names({ qty: '', name__icontains: '', created_at__gte: '', note__isnull: undefined })).toEqual(ROWS.map((r) => r.name));
  });
});

describe('buildListQuery refusals', () => {
  it('answers 400 with one entry per bad value', () => {
    const err = errorOf({ qty: 'five', price__gte: '1,5', active: 'yes', created_at__lte: 'tomorrow', note__isnull: 'maybe', qty__in: '1,x' });
    expect(err.status).toBe(400);
    expect(err.code).toBe('bad_request');
    expect(err.fields).toEqual({
      qty: ['Enter a whole number.'],
      price__gte: ['Enter a number.'],
      active: ['Must be true or false.'],
      created_at__lte: ['Enter a valid date/time.'],
      note__isnull: ['Must be true or false.'],
      qty__in: ['Enter a whole number.'],
    });
  });

  it('refuses dates that are not ISO 8601 or not on the calendar', () => {
    for (const value of ['1', '2024', '2024-1-5', '2024-02-30', '2023-02-29', '2024-13-01', '2024-01-01T25:00', '01/02/2024', '2024-01-01T10:00+2']) {
      expect(errorOf({ created_at__gte: value }).fields, value).toEqual({ created_at__gte: ['Enter a valid date/time.'] });
    }
  });

  it('refuses whole numbers outside a Postgres integer instead of failing the query', () => {
    expect(errorOf({ id: '2147483648' }).fields).toEqual({ id: ['Ensure this value is between -2147483648 and 2147483647.'] });
    expect(errorOf({ qty__in: '1,-2147483649' }).fields).toHaveProperty('qty__in');
    expect(() => buildListQuery({ id: '2147483647' }, spec)).not.toThrow();
  });

  it('refuses more than 1000 values for __in', () => {
    const many = Array.from({ length: 1001 }, (_, i) => String(i)).join(',');
    expect(errorOf({ qty__in: many }).fields).toEqual({ qty__in: ['At most 1000 values.'] });
  });

  it('answers 400 for an unknown field, an unknown lookup or a lookup chain', () => {
    const err = errorOf({ colour: 'red', name__startswith: 'B', qty__gte__lte: '1', __icontains: 'x' });
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({
      colour: ['Unknown filter field.'],
      name__startswith: ['Unknown filter field.'],
      qty__gte__lte: ['Unknown filter field.'],
      __icontains: ['Unknown filter field.'],
    });
  });

  it('takes __proto__, constructor and toString for the unknown fields they are (found by fuzzing)', () => {
    // Parsed from a query string, as Fastify hands it over: own keys, `__proto__` among them.
    const query = JSON.parse('{"__proto__":"1","constructor":"2","toString__in":"3"}') as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(errorOf(query).fields))).toEqual(
      JSON.parse('{"__proto__":["Unknown filter field."],"constructor":["Unknown filter field."],"toString__in":["Unknown filter field."]}'),
    );
    expect(errorOf({ ordering: 'constructor,-hasOwnProperty' }).fields).toEqual({ ordering: ['Unknown ordering field: constructor, -hasOwnProperty.'] });
  });
});

describe('buildListQuery ordering', () => {
  it('orders by allowed fields, descending with -, several at once, then by the default', async () => {
    expect(await names({ ordering: 'name' })).toEqual(['100% wool scarf', 'Back\\slash poster', 'Blue mug', 'Red mug', 'snake_case sign']);
    expect(await names({ ordering: '-qty,name' })).toEqual(['snake_case sign', 'Blue mug', 'Red mug', '100% wool scarf', 'Back\\slash poster']);
    expect(await names({ ordering: ' qty , -created_at ' })).toEqual(['Back\\slash poster', '100% wool scarf', 'Red mug', 'Blue mug', 'snake_case sign']);
    expect(await names({ ordering: '-label' })).toHaveLength(5);
    // Equal qty: the default ordering (id) breaks the tie, so pages are stable.
    const { orderBy } = buildListQuery({ ordering: 'qty' }, spec);
    expect(orderBy).toHaveLength(2);
    expect(orderBy[1]).toBe(spec.defaultOrdering[0]);
  });

  it('keeps the default ordering for a blank ordering', () => {
    expect(buildListQuery({ ordering: '  ' }, spec).orderBy).toBe(spec.defaultOrdering);
  });

  it('answers 400 naming every field that may not be ordered by', () => {
    expect(errorOf({ ordering: 'price,-note,name' }).fields).toEqual({ ordering: ['Unknown ordering field: price, -note.'] });
    expect(errorOf({ ordering: 'password' }).fields).toEqual({ ordering: ['Unknown ordering field: password.'] });
    expect(errorOf({ ordering: '--name' }).fields).toEqual({ ordering: ['Unknown ordering field: --name.'] });
  });

  it('refuses any ordering on a list that allows none', () => {
    const { ordering: _ordering, ...noOrdering } = spec;
    expect(errorOf({ ordering: 'name' }, noOrdering).fields).toEqual({ ordering: ['Unknown ordering field: name.'] });
  });

  it('reports bad filters and a bad ordering together', () => {
    expect(errorOf({ qty: 'x', ordering: 'nope' }).fields).toEqual({ qty: ['Enter a whole number.'], ordering: ['Unknown ordering field: nope.'] });
  });
});

describe('buildListQuery SQL', () => {
  it('binds every value as a parameter, never into the SQL text', () => {
    const { where } = buildListQuery({ name: "x'; drop table users; --", search: '50%_off' }, spec);
    const query = new PgDialect().sqlToQuery(where!);
    expect(query.sql).not.toContain('drop table');
    expect(query.params).toEqual(["x'; drop table users; --", '%50\\%\\_off%', '%50\\%\\_off%']);
  });
});
