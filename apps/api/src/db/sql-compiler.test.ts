import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, integer, jsonb, numeric, pgEnum, pgSchema, pgTable, pgView, PgDialect, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { catalogProducts, customerOrders, inventoryLevels, inventoryLocations } from './schema/index.js';
import { compileSql, useFastSqlCompiler } from './sql-compiler.js';

// A scratch schema with what the app's own tables lack: an enum, a view, a table in a schema.
const mood = pgEnum('mood', ['sad', 'ok']);
const archive = pgSchema('archive');
const notes = archive.table('notes', { id: serial('id').primaryKey(), body: text('body').notNull(), mood: mood('mood'), data: jsonb('data') });
const noteView = pgView('note_view').as((qb) => qb.select({ id: notes.id }).from(notes));
const plain = pgTable('plain', { id: serial('id').primaryKey(), at: timestamp('at', { withTimezone: true }), price: numeric('price'), n: integer('n') });

const db = drizzle.mock();
const dialect = new PgDialect();

/** compileSql must write exactly what drizzle writes: text, parameters, typings. */
function expectSameAsDrizzle(query: SQL, invokeSource?: 'indexes') {
  const expected = dialect.sqlToQuery(query, invokeSource);
  expect(compileSql(dialect, query, invokeSource)).toStrictEqual(expected);
  return expected;
}

describe('compileSql', () => {
  it('writes what drizzle writes for the query builder: selects, joins, subqueries, CTEs, aggregates', () => {
    const other = alias(inventoryLocations, 'other');
    const stock = db
      .select({ productId: inventoryLevels.productId, total: sql<string>`sum(${inventoryLevels.quantity})`.as('total') })
      .from(inventoryLevels)
      .groupBy(inventoryLevels.productId)
      .as('stock');
    const recent = db.$with('recent').as(db.select({ id: customerOrders.id }).from(customerOrders).where(eq(customerOrders.companyId, 7)).limit(5));
    const statements: SQL[] = [
      db.select().from(catalogProducts).where(eq(catalogProducts.companyId, 1)).limit(25).offset(50).getSQL(),
      db
        .select({ id: catalogProducts.id, total: stock.total, location: other.name })
        .from(catalogProducts)
        .leftJoin(stock, eq(stock.productId, catalogProducts.id))
        .innerJoin(other, eq(other.id, catalogProducts.defaultLocationId))
        .where(
          and(
            eq(catalogProducts.companyId, 3),
            or(ilike(catalogProducts.name, "%o'ak%"), inArray(catalogProducts.id, [1, 2, 3])),
            isNull(catalogProducts.archivedAt),
            undefined,
          ),
        )
        .orderBy(asc(catalogProducts.sku), desc(catalogProducts.id))
        .getSQL(),
      db.with(recent).select({ n: count() }).from(recent).getSQL(),
      db.select({ id: notes.id, mood: notes.mood }).from(notes).where(eq(notes.mood, 'ok')).getSQL(),
      db.select().from(noteView).getSQL(),
    ];
    for (const statement of statements) expectSameAsDrizzle(statement);
  });

  it('writes what drizzle writes for inserts, updates and deletes, with mapped and typed parameters', () => {
    const at = new Date('2026-11-27T12:34:56.789Z');
    const statements: SQL[] = [
      db
        .insert(notes)
        .values([
          { body: 'a', mood: 'sad', data: { nested: [1, 'two'] } },
          { body: "it's", data: null },
        ])
        .onConflictDoUpdate({ target: notes.id, set: { body: sql`excluded.body` } })
        .returning({ id: notes.id })
        .getSQL(),
      db
        .update(plain)
        .set({ at, price: '12.50', n: sql`${plain.n} + ${1}` })
        .where(eq(plain.id, 9))
        .returning()
        .getSQL(),
      db
        .delete(plain)
        .where(and(eq(plain.at, at), inArray(plain.n, [4, 5])))
        .getSQL(),
    ];
    for (const statement of statements) {
      const { typings } = expectSameAsDrizzle(statement);
      expect(typings?.length).toBeGreaterThan(0);
    }
  });

  it('writes what drizzle writes for SQL templates: values, arrays, identifiers, raw text, nested and inlined SQL', () => {
    const ids = [1, 2, 3];
    const statements: SQL[] = [
      sql`select ${catalogProducts.id} from ${catalogProducts} where ${catalogProducts.id} in ${ids} and ${catalogProducts.sku} = ${'SKU-1'} and x = ${null} and y = ${true}`,
      sql`select * from ${sql.identifier('odd "name"')} where ${sql.join([sql`a = ${1}`, sql`b = ${'two'}`, undefined], sql` and `)} ${sql.raw('order by 1')}`,
      sql`select ${sql`${1} + ${sql`${2}`}`.inlineParams()}, ${'x'}, ${new Date('2026-01-02T03:04:05.006Z')}, ${{ key: 'value' }}`,
      sql`select ${sql.placeholder('id')}, ${sql`${sql.placeholder('other')}`.inlineParams()}`,
      sql`select ${[sql`${1}`, [2, 3]]}`,
    ];
    for (const statement of statements) expectSameAsDrizzle(statement);
    expect(expectSameAsDrizzle(sql`select 1`)).toStrictEqual({ sql: 'select 1', params: [] });
  });

  it("writes an index's columns bare, as drizzle does for invokeSource 'indexes'", () => {
    expectSameAsDrizzle(sql`${catalogProducts.sku}, lower(${catalogProducts.name})`, 'indexes');
  });
});

describe('useFastSqlCompiler', () => {
  it('is on, with the check, for every database the tests open', () => {
    // The whole suite's statements are compared with drizzle's only because of this.
    expect(process.env.NODE_ENV).toBe('test');
  });

  it('fails a statement whose text differs from what drizzle writes, when checking', () => {
    const checked = new PgDialect();
    // Stands in for a drizzle release that writes SQL differently.
    checked.sqlToQuery = () => ({ sql: 'select 2', params: [] });
    useFastSqlCompiler(checked, { check: true });
    expect(() => checked.sqlToQuery(sql`select 1`)).toThrow(/compileSql wrote .*select 1.* where drizzle writes .*select 2/);

    const unchecked = new PgDialect();
    unchecked.sqlToQuery = () => ({ sql: 'select 2', params: [] });
    useFastSqlCompiler(unchecked, { check: false });
    expect(unchecked.sqlToQuery(sql`select 1`)).toStrictEqual({ sql: 'select 1', params: [] });
  });
});
