import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inventoryTransactions } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { usesPostgres } from '../../../test/test-database.js';
import { checkInventory } from './check.service.js';
import { levelOf, location, product, productRow, stockIn } from './inventory.fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const CLIENTS = 50;
const START = 30;

/**
 * 50 clients move stock between two locations and take stock out, asking for far more than
 * there is (about 85 units out of A against 30 in it). Whatever the interleaving: no level
 * goes below zero, each accepted call is in the ledger, each refused one changed nothing, and
 * the levels equal the ledger.
 */
async function demandMoreThanStock(concurrently: boolean) {
  const tenant = await createTenant(app);
  const p = await product(app, tenant);
  const a = await location(app, tenant, { name: 'A', abbreviation_slug: 'A' });
  const b = await location(app, tenant, { name: 'B', abbreviation_slug: 'B' });
  await stockIn(app, tenant, p.id, a.id, START);

  const kinds = Array.from({ length: CLIENTS }, (_, i) => (['a_to_b', 'out_of_a', 'b_to_a'] as const)[i % 3]!);
  const call = (kind: (typeof kinds)[number]) => {
    if (kind === 'out_of_a') {
      return as(app, tenant, {
        method: 'POST',
        url: '/api/catalog/inventory_transactions/',
        payload: { product: p.id, location: a.id, quantity: 2, inventory_action: 'STOCK_OUT' },
      });
    }
    const [from, to, quantity] = kind === 'a_to_b' ? [a.id, b.id, 3] : [b.id, a.id, 2];
    return as(app, tenant, {
      method: 'POST',
      url: '/api/catalog/inventory_transactions/move/',
      payload: { product: p.id, from_location: from, to_location: to, quantity },
    });
  };
  const responses = concurrently
    ? await Promise.all(kinds.map(call))
    : await kinds.reduce(async (done, kind) => [...(await done), await call(kind)], Promise.resolve([] as Awaited<ReturnType<typeof call>>[]));

  const accepted = { a_to_b: 0, out_of_a: 0, b_to_a: 0 };
  const acceptedIds: number[] = [];
  responses.forEach((res, i) => {
    if (res.statusCode === 201) {
      accepted[kinds[i]!] += 1;
      const body = res.json();
      acceptedIds.push(...(body.move_id ? [body.stock_out.id, body.stock_in.id] : [body.id]));
    } else {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().quantity[0]).toMatch(/^Not enough stock: [\d.]+ available at [AB]\.$/);
    }
  });
  const refused = CLIENTS - accepted.a_to_b - accepted.out_of_a - accepted.b_to_a;
  expect(refused).toBeGreaterThan(0);
  expect(accepted.a_to_b + accepted.out_of_a).toBeGreaterThan(0);

  const ledger = await app.deps.database.db.select().from(inventoryTransactions).where(eq(inventoryTransactions.productId, p.id));
  // The opening receipt plus exactly the accepted calls' rows: nothing refused left a trace.
  expect(ledger.map((r) => r.id).sort((x, y) => x - y)).toEqual([ledger[0]!.id, ...acceptedIds].sort((x, y) => x - y));
  const expectedA = START - 3 * accepted.a_to_b - 2 * accepted.out_of_a + 2 * accepted.b_to_a;
  const expectedB = 3 * accepted.a_to_b - 2 * accepted.b_to_a;
  expect(await levelOf(app, p.id, a.id)).toBe(expectedA);
  expect(await levelOf(app, p.id, b.id)).toBe(expectedB);
  expect(expectedA).toBeGreaterThanOrEqual(0);
  expect(expectedB).toBeGreaterThanOrEqual(0);
  expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(expectedA + expectedB);
  expect((await checkInventory(app.deps.database.db, { companyId: tenant.companyId })).problems).toEqual([]);
}

// PGlite is one connection and runs transactions one after another, so true concurrency is
// only exercised on PostgreSQL (the api-postgres project); PGlite runs the same flow in order.
if (usesPostgres()) {
  describe('ledger under 50 concurrent clients (PostgreSQL)', () => {
    it('keeps every level at or above zero and equal to the ledger', async () => {
      await demandMoreThanStock(true);
    });
  });
} else {
  describe('ledger under a stream of 50 clients, one at a time (PGlite)', () => {
    it('keeps every level at or above zero and equal to the ledger', async () => {
      await demandMoreThanStock(false);
    });
  });
}
