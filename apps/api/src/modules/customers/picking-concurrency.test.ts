import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customerOrders, inventoryTransactions } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { usesPostgres } from '../../../test/test-database.js';
import { insertLocation, insertProduct } from '../catalog/catalog.factories.js';
import { checkInventory } from '../inventory/check.service.js';
import { levelOf, productRow, stockIn } from '../inventory/inventory.fixtures.js';
import { insertOrder } from './customers.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const CLIENTS = 50;

/**
 * 50 clients each pick 1 of one order line. Whatever the interleaving, the accepted picks are
 * exactly min(stock, ordered): the line lock serialises picks of the line, so none reads a stale
 * "remaining", and the ledger refuses what the shelf does not hold. Every refusal is a clean 400.
 */
async function fiftyPicks(stock: number, ordered: number, concurrently: boolean) {
  const tenant = await createTenant(app);
  const product = await insertProduct(app.deps.database.db, tenant.companyId, { sku: 'SCARCE', name: 'Scarce thing' });
  const location = await insertLocation(app.deps.database.db, tenant.companyId, { abbreviationSlug: 'LAG-A' });
  await stockIn(app, tenant, product.id, location.id, stock);
  const { order, items } = await insertOrder(app.deps.database.db, tenant.companyId, {}, [
    { productId: product.id, prodSku: 'SCARCE', prodName: 'Scarce thing', quantity: ordered },
  ]);
  const item = items[0]!;
  const call = () =>
    as(app, tenant, {
      method: 'POST',
      url: `/api/customers/order_items/${item.id}/actions/pick/?location_id=${location.id}&product_id=${product.id}&quantity=1`,
    });
  const responses = concurrently
    ? await Promise.all(Array.from({ length: CLIENTS }, call))
    : await Array.from({ length: CLIENTS }).reduce<Promise<Awaited<ReturnType<typeof call>>[]>>(
        async (done) => [...(await done), await call()],
        Promise.resolve([]),
      );

  const expected = Math.min(stock, ordered);
  const accepted = responses.filter((r) => r.statusCode === 200);
  for (const r of responses.filter((x) => x.statusCode !== 200)) {
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().quantity[0]).toMatch(/^(Not enough stock: 0 available at LAG-A\.|Cannot pick more than remains to pick: 0 of \d+ left\.)$/);
  }
  expect(accepted).toHaveLength(expected);

  const picks = await app.deps.database.db
    .select()
    .from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.orderItemId, item.id), eq(inventoryTransactions.inventoryAction, 'STOCK_OUT')));
  expect(picks).toHaveLength(expected);
  expect(picks.map((p) => p.id).sort((a, b) => a - b)).toEqual(accepted.map((r) => r.json().inventory_transaction).sort((a: number, b: number) => a - b));
  expect(await levelOf(app, product.id, location.id)).toBe(stock - expected);
  expect(Number((await productRow(app, product.id)).qtyInStock)).toBe(stock - expected);
  const [row] = await app.deps.database.db.select().from(customerOrders).where(eq(customerOrders.id, order.id));
  expect(row!.internalStatus).toBe(expected === ordered ? 'picked' : 'partially_picked');
  expect((await checkInventory(app.deps.database.db, { companyId: tenant.companyId })).problems).toEqual([]);
}

// PGlite is one connection and runs transactions one after another, so true concurrency is
// only exercised on PostgreSQL (the api-postgres project); PGlite runs the same flow in order.
const mode = usesPostgres() ? '50 concurrent' : '50 queued (PGlite)';
describe(`picking one line under ${mode} clients`, () => {
  it('never takes the level below zero: stock 7, ordered 10, exactly 7 picks succeed', async () => {
    await fiftyPicks(7, 10, usesPostgres());
  });

  it('never picks more than ordered: stock 30, ordered 12, exactly 12 picks succeed', async () => {
    await fiftyPicks(30, 12, usesPostgres());
  });
});
