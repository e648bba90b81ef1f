import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../db/sql-rows.js';
import { createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { location, product, stockIn } from './inventory.fixtures.js';
import { recordTransactions } from './ledger.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

type Updates = { updated: number; hot: number };
const updatesOf = (table: string) => sql`select coalesce(sum(n_tup_upd), 0)::int as updated, coalesce(sum(n_tup_hot_upd), 0)::int as hot
  from pg_stat_xact_user_tables where relname = ${table}`;

/**
 * ADR 0025: a stock write changes no indexed column of catalog_products (no updated_at, and the
 * low-stock index names the stock_low flag, not qty_in_stock), so PostgreSQL writes it as a HOT
 * update: no entry in any of the table's indexes. An index on qty_in_stock, or a stock write
 * that bumps updated_at again, fails this test.
 */
describe('a stock write', () => {
  it('updates the product row without touching its indexes (a HOT update) while it stays on the same side of its restock level', async () => {
    const tenant = await createTenant(app);
    const p = await product(app, tenant, { qtyRestockLevel: '2' });
    const shelf = await location(app, tenant, { name: 'Hot shelf', abbreviation_slug: 'HOT' });
    await stockIn(app, tenant, p.id, shelf.id, 10);

    // The xact view also holds counts of earlier transactions not yet flushed: take the difference.
    const counts = await app.deps.database.db.transaction(async (tx) => {
      const [before] = await sqlRows<Updates>(tx, updatesOf('catalog_products'));
      await recordTransactions(tx, { companyId: tenant.companyId, userId: tenant.user.id }, [
        { productId: p.id, locationId: shelf.id, action: 'STOCK_OUT', quantity: '3' },
      ]);
      const [stock] = await sqlRows<{ qty: string; low: boolean }>(
        tx,
        sql`select qty_in_stock::text as qty, stock_low as low from catalog_products where id = ${p.id}`,
      );
      const [after] = await sqlRows<Updates>(tx, updatesOf('catalog_products'));
      return { stock, updated: after!.updated - before!.updated, hot: after!.hot - before!.hot };
    });
    expect(counts).toEqual({ stock: { qty: '7.00', low: false }, updated: 1, hot: 1 });
  });

  it('keeps stock_low with the stock: set at or below the restock level, cleared above it, never with no level', async () => {
    const tenant = await createTenant(app);
    const p = await product(app, tenant, { qtyRestockLevel: '4' });
    const none = await product(app, tenant);
    const shelf = await location(app, tenant, { name: 'Low shelf', abbreviation_slug: 'LOW' });
    const low = async (id: number) =>
      (await sqlRows<{ low: boolean }>(app.deps.database.db, sql`select stock_low as low from catalog_products where id = ${id}`))[0]!.low;
    expect([await low(p.id), await low(none.id)]).toEqual([true, false]);
    await stockIn(app, tenant, p.id, shelf.id, 5);
    expect(await low(p.id)).toBe(false);
    await app.deps.database.db.transaction((tx) =>
      recordTransactions(tx, { companyId: tenant.companyId, userId: tenant.user.id }, [
        { productId: p.id, locationId: shelf.id, action: 'STOCK_OUT', quantity: '1' },
      ]),
    );
    expect(await low(p.id)).toBe(true);
  });
});
