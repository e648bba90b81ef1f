import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTenant, createTestApp, type Tenant, type TestApp } from '../../test/helpers.js';
import { catalogProducts, customerOrders, inventoryLocations, procurementProducts, productDescriptions } from './schema/index.js';
import { wholeRows } from './whole-rows.js';

/**
 * wholeRows must give what drizzle's own select gives, value for value and type for type
 * (numerics as text, timestamps as dates, JSON as objects, nulls), on both databases: the demo
 * shop fills every kind of column these tables have.
 */
let app: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app, {}, { demoData: true });
}, 120_000);
afterAll(async () => app?.close());

const tables: [string, PgTable & { companyId: never; id: never }][] = [
  ['catalog_products', catalogProducts as never],
  ['customer_orders', customerOrders as never],
  ['inventory_locations', inventoryLocations as never],
  ['procurement_products', procurementProducts as never],
  ['product_descriptions', productDescriptions as never],
];

describe('wholeRows', () => {
  it.each(tables)('reads %s as the query builder does', async (_name, table) => {
    const db = app.deps.database.db;
    const t = table as unknown as typeof catalogProducts;
    const expected = await db.select().from(t).where(eq(t.companyId, tenant.companyId)).orderBy(asc(t.id));
    expect(expected.length).toBeGreaterThan(0);
    const rows = wholeRows(t);
    const read = await rows.read(db, sql`select ${rows.columns} from ${t} where ${t.companyId} = ${tenant.companyId} order by ${t.id}`);
    expect(read).toStrictEqual(expected);
  });

  it('decodes nothing it was not given: an empty result is an empty list', async () => {
    const rows = wholeRows(catalogProducts);
    expect(await rows.read(app.deps.database.db, sql`select ${rows.columns} from ${catalogProducts} where false`)).toEqual([]);
  });
});
