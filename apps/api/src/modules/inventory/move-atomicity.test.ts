import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inventoryTransactions } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { checkInventory } from './check.service.js';
import { levelOf, location, product, productRow, stockIn } from './inventory.fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

/**
 * A move whose second half fails after the first half was written must leave nothing behind.
 * The refusals the service checks up front never get that far, so the fault is injected where
 * a real one would strike: a database trigger (this test database only) makes the STOCK_IN
 * insert at the target fail, as a deleted target or a lost connection would.
 */
describe('a move that fails halfway', () => {
  it('leaves both levels, the product total and the ledger unchanged', async () => {
    const tenant = await createTenant(app);
    const p = await product(app, tenant);
    const source = await location(app, tenant, { name: 'Source shelf', abbreviation_slug: 'SRC' });
    const target = await location(app, tenant, { name: 'Target shelf', abbreviation_slug: 'TGT' });
    await stockIn(app, tenant, p.id, source.id, 10);
    const db = app.deps.database.db;
    await db.execute(
      sql.raw(`create function kontor_test_fail_stock_in() returns trigger language plpgsql as $$
        begin
          -- Only once the STOCK_OUT half of the same move is written: the failure is halfway.
          if new.inventory_action = 'STOCK_IN' and new.location_id = ${target.id}
             and exists (select 1 from inventory_transactions t where t.move_id = new.move_id and t.inventory_action = 'STOCK_OUT') then
            raise exception 'injected failure: the target went away';
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw('create trigger kontor_test_fail_stock_in before insert on inventory_transactions for each row execute function kontor_test_fail_stock_in()'),
    );
    try {
      const res = await as(app, tenant, {
        method: 'POST',
        url: '/api/catalog/inventory_transactions/move/',
        payload: { product: p.id, from_location: source.id, to_location: target.id, quantity: 4 },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    } finally {
      await db.execute(sql.raw('drop trigger kontor_test_fail_stock_in on inventory_transactions'));
      await db.execute(sql.raw('drop function kontor_test_fail_stock_in()'));
    }

    expect(await levelOf(app, p.id, source.id)).toBe(10);
    expect((await levelOf(app, p.id, target.id)) ?? 0).toBe(0);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(10);
    const ledger = await db.select().from(inventoryTransactions).where(eq(inventoryTransactions.productId, p.id));
    expect(ledger.map((r) => r.inventoryAction)).toEqual(['STOCK_IN']);
    expect((await checkInventory(db, { companyId: tenant.companyId })).problems).toEqual([]);

    // With the fault gone the same move goes through: the failure above was the injected one.
    const retry = await as(app, tenant, {
      method: 'POST',
      url: '/api/catalog/inventory_transactions/move/',
      payload: { product: p.id, from_location: source.id, to_location: target.id, quantity: 4 },
    });
    expect(retry.statusCode).toBe(201);
    expect([await levelOf(app, p.id, source.id), await levelOf(app, p.id, target.id)]).toEqual([6, 4]);
  });
});
