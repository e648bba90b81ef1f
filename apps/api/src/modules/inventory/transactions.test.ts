import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { TransactionResponse } from '@kontor/contract';
import { inventoryLocations, inventoryTransactionHistory, inventoryTransactions, notifications } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { checkInventory } from './check.service.js';
import { levelOf, location, postTransaction, product, productRow, stockIn } from './inventory.fixtures.js';

let app: TestApp;
let other: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const TX = '/api/catalog/inventory_transactions/';
const MOVE = '/api/catalog/inventory_transactions/move/';
const ledgerCount = async (productId: number) =>
  (await db().select({ n: count() }).from(inventoryTransactions).where(eq(inventoryTransactions.productId, productId)))[0]!.n;

/** A company with one product and two locations, ready for stock. */
async function shop(restockLevel = '0') {
  const tenant = await createTenant(app);
  const p = await product(app, tenant, { sku: 'KNT-1', name: 'Spade', qtyRestockLevel: restockLevel });
  const a = await location(app, tenant, { name: 'Hall A', abbreviation_slug: 'LAG-A' });
  const b = await location(app, tenant, { name: 'Hall B', abbreviation_slug: 'LAG-B' });
  return { tenant, p, a, b };
}

describe('POST /api/catalog/inventory_transactions/', () => {
  it('STOCK_IN adds, STOCK_OUT subtracts, STOCK_TAKING sets the count and keeps the delta', async () => {
    const { tenant, p, a } = await shop();
    const first = await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: '10.5', inventory_action: 'STOCK_IN', comments: 'PO-1' });
    expect(first.statusCode).toBe(201);
    const body: TransactionResponse = first.json();
    expect(body).toMatchObject({
      product: p.id,
      product_sku: 'KNT-1',
      product_name: 'Spade',
      location: a.id,
      location_abbreviation_slug: 'LAG-A',
      inventory_action: 'STOCK_IN',
      quantity: 10.5,
      delta: 10.5,
      comments: 'PO-1',
      move_id: null,
      order_item: null,
      account: tenant.user.id,
    });
    expect(await levelOf(app, p.id, a.id)).toBe(10.5);
    const out = (await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 3, inventory_action: 'STOCK_OUT' })).json();
    expect(out).toMatchObject({ quantity: 3, delta: -3 });
    expect(await levelOf(app, p.id, a.id)).toBe(7.5);
    const count = (await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 5, inventory_action: 'STOCK_TAKING' })).json();
    expect(count).toMatchObject({ inventory_action: 'STOCK_TAKING', quantity: 5, delta: -2.5 });
    expect(await levelOf(app, p.id, a.id)).toBe(5);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(5);
    const [loc] = await db().select().from(inventoryLocations).where(eq(inventoryLocations.id, a.id));
    // Stamped by the database's clock, as the count's ledger row is: the same moment.
    const [countRow] = await db().select().from(inventoryTransactions).where(eq(inventoryTransactions.id, count.id));
    expect(loc!.stocktakingPerfomedAt).toEqual(countRow!.createdAt);
    // A count of zero is a valid count.
    const zero = await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 0, inventory_action: 'STOCK_TAKING' });
    expect(zero.statusCode).toBe(201);
    expect(zero.json().delta).toBe(-5);
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);
  });

  it('never takes a level below zero, and a refused write changes nothing', async () => {
    const { tenant, p, a, b } = await shop();
    await stockIn(app, tenant, p.id, a.id, 2);
    const before = await ledgerCount(p.id);
    const res = await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 3, inventory_action: 'STOCK_OUT' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ quantity: ['Not enough stock: 2 available at LAG-A.'] });
    const empty = await postTransaction(app, tenant, { product: p.id, location: b.id, quantity: 1, inventory_action: 'STOCK_OUT' });
    expect(empty.json()).toEqual({ quantity: ['Not enough stock: 0 available at LAG-B.'] });
    expect(await levelOf(app, p.id, a.id)).toBe(2);
    expect(await levelOf(app, p.id, b.id)).toBeNull();
    expect(await ledgerCount(p.id)).toBe(before);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(2);
  });

  it('answers DRF 400s for zero, negative, too precise and missing values', async () => {
    const { tenant, p, a } = await shop();
    const post = (body: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: TX, payload: body });
    expect((await post({ product: p.id, location: a.id, quantity: 0, inventory_action: 'STOCK_IN' })).json()).toEqual({
      quantity: ['Ensure this value is greater than 0.'],
    });
    expect((await post({ product: p.id, location: a.id, quantity: 0, inventory_action: 'STOCK_OUT' })).json()).toEqual({
      quantity: ['Ensure this value is greater than 0.'],
    });
    expect((await post({ product: p.id, location: a.id, quantity: -1, inventory_action: 'STOCK_IN' })).json()).toEqual({
      quantity: ['Ensure this value is greater than or equal to 0.'],
    });
    expect((await post({ product: p.id, location: a.id, quantity: '1.234', inventory_action: 'STOCK_IN' })).json()).toEqual({
      quantity: ['Ensure that there are no more than 2 decimal places.'],
    });
    const missing = await post({ quantity: 1 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['inventory_action', 'location', 'product']);
    expect((await post({ product: p.id, location: a.id, quantity: 1, inventory_action: 'STOCK_LOST' })).statusCode).toBe(400);
    expect(await ledgerCount(p.id)).toBe(0);
  });

  it('refuses another company’s product or location as an invalid pk, and obsolete targets', async () => {
    const { tenant, p, a } = await shop();
    const foreignProduct = await product(app, other);
    const foreignLocation = await location(app, other, { name: `F ${Date.now()}` });
    const res = await postTransaction(app, tenant, { product: foreignProduct.id, location: foreignLocation.id, quantity: 1, inventory_action: 'STOCK_IN' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      product: [`Invalid pk "${foreignProduct.id}" - object does not exist.`],
      location: [`Invalid pk "${foreignLocation.id}" - object does not exist.`],
    });
    expect(await levelOf(app, foreignProduct.id, foreignLocation.id)).toBeNull();

    await stockIn(app, tenant, p.id, a.id, 4);
    await as(app, tenant, { method: 'PUT', url: `/api/catalog/inventory_locations/${a.id}/`, payload: { obsolete: true } });
    const into = await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 1, inventory_action: 'STOCK_IN' });
    expect(into.statusCode).toBe(400);
    expect(into.json()).toEqual({ location: ['This location is obsolete.'] });
    // Emptying an obsolete location is still possible.
    expect((await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 4, inventory_action: 'STOCK_OUT' })).statusCode).toBe(201);
    expect(await levelOf(app, p.id, a.id)).toBe(0);
  });

  it('qty_in_stock counts only locations that are for stock', async () => {
    const { tenant, p, a } = await shop();
    const returns = await location(app, tenant, { name: 'Returns', not_for_stock: true });
    await stockIn(app, tenant, p.id, a.id, 6);
    await stockIn(app, tenant, p.id, returns.id, 2);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(6);
    const inv = (await as(app, tenant, { method: 'GET', url: `/api/catalog/products/inventories/?product_ids=${p.id}` })).json();
    expect(inv.results[0].total).toBe(6);
  });

  it('answers the inventories of a page of products: each level by location, the stock total, nothing of another company', async () => {
    const { tenant, p, a, b } = await shop();
    const returns = await location(app, tenant, { name: 'Returns', abbreviation_slug: 'AAA-RET', not_for_stock: true });
    const empty = await product(app, tenant, { sku: 'KNT-2', name: 'Rake' });
    await stockIn(app, tenant, p.id, b.id, 2.5);
    await stockIn(app, tenant, p.id, a.id, 4);
    await stockIn(app, tenant, p.id, returns.id, 1);
    const other = await shop();
    await stockIn(app, other.tenant, other.p.id, other.a.id, 9);
    const url = `/api/catalog/products/inventories/?product_ids=${empty.id},${other.p.id},${p.id}`;
    expect((await as(app, tenant, { method: 'GET', url })).json()).toEqual({
      results: [
        {
          product_id: p.id,
          total: 6.5,
          inventories: [
            { location_id: returns.id, abbreviation_slug: 'AAA-RET', accumulated_quantity: 1 },
            { location_id: a.id, abbreviation_slug: 'LAG-A', accumulated_quantity: 4 },
            { location_id: b.id, abbreviation_slug: 'LAG-B', accumulated_quantity: 2.5 },
          ],
        },
        { product_id: empty.id, total: 0, inventories: [] },
      ].sort((x, y) => x.product_id - y.product_id),
    });
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', TX],
      ['POST', TX],
      ['PUT', `${TX}1/`],
      ['POST', MOVE],
      ['GET', '/api/catalog/products/inventories/?product_ids=1'],
      ['GET', '/api/catalog/products/inventories/transactions/?inventory_transaction_ids=1'],
    ] as const) {
      expect((await as(app, null, { method, url })).statusCode).toBe(401);
    }
  });
});

describe('low stock', () => {
  it('tells every user of the company once, and again only after the product recovered', async () => {
    const { tenant, p, a } = await shop('5');
    const colleague = await createStaffUser(app, tenant);
    const lowNotices = async () =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.companyId, tenant.companyId), eq(notifications.kind, 'low_stock')));
    await stockIn(app, tenant, p.id, a.id, 10);
    expect(await lowNotices()).toHaveLength(0);
    await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 5, inventory_action: 'STOCK_OUT' });
    const first = await lowNotices();
    expect(first.map((n) => n.receiverUserId).sort()).toEqual([tenant.user.id, colleague.user.id].sort());
    expect(first[0]).toMatchObject({ title: 'Low stock: KNT-1 Spade', message: '5 left, restock level 5.', link: `/catalog/inventory?product=${p.id}` });
    expect((await productRow(app, p.id)).lowStockNotifiedAt).not.toBeNull();
    // Further drops while low say nothing new.
    await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 2, inventory_action: 'STOCK_OUT' });
    expect(await lowNotices()).toHaveLength(2);
    // Back above the level clears the mark; the next drop is announced again.
    await stockIn(app, tenant, p.id, a.id, 10);
    expect((await productRow(app, p.id)).lowStockNotifiedAt).toBeNull();
    await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 1, inventory_action: 'STOCK_TAKING' });
    expect(await lowNotices()).toHaveLength(4);
    expect((await lowNotices()).filter((n) => n.receiverUserId === other.user.id)).toHaveLength(0);
  });

  it('says nothing for a product without a restock level', async () => {
    const { tenant, p, a } = await shop('0');
    await stockIn(app, tenant, p.id, a.id, 1);
    await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 1, inventory_action: 'STOCK_OUT' });
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, tenant.companyId), eq(notifications.kind, 'low_stock')));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/catalog/inventory_transactions/', () => {
  it('lists the company’s ledger newest first, with the filters of the spec', async () => {
    const { tenant, p, a, b } = await shop();
    const p2 = await product(app, tenant);
    const t1 = await stockIn(app, tenant, p.id, a.id, 5);
    const t2 = await stockIn(app, tenant, p2.id, b.id, 5);
    const t3 = (await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 1, inventory_action: 'STOCK_OUT' })).json();
    await stockIn(app, other, (await product(app, other)).id, (await location(app, other, { name: `O ${Date.now()}` })).id, 1);
    const ids = async (query: string) => (await as(app, tenant, { method: 'GET', url: `${TX}${query}` })).json().results.map((t: TransactionResponse) => t.id);
    expect(await ids('')).toEqual([t3.id, t2.id, t1.id]);
    expect(await ids(`?product=${p.id}`)).toEqual([t3.id, t1.id]);
    expect(await ids(`?location=${b.id}`)).toEqual([t2.id]);
    expect(await ids('?inventory_action=STOCK_OUT')).toEqual([t3.id]);
    expect(await ids('?inventory_action__in=STOCK_IN')).toEqual([t2.id, t1.id]);
    const unknownAction = await as(app, tenant, { method: 'GET', url: `${TX}?inventory_action=STOCK_LOST` });
    expect(unknownAction.statusCode).toBe(400);
    expect(unknownAction.json()).toEqual({ inventory_action: ['Select a valid choice. STOCK_LOST is not one of the available choices.'] });
    expect(await ids(`?id__in=${t1.id},${t3.id}`)).toEqual([t3.id, t1.id]);
    // Whole-second times: the API answers milliseconds, the column keeps microseconds.
    for (const [t, day] of [
      [t1, 1],
      [t2, 2],
      [t3, 3],
    ] as const) {
      await db()
        .update(inventoryTransactions)
        .set({ createdAt: new Date(Date.UTC(2030, 0, day)) })
        .where(eq(inventoryTransactions.id, t.id));
    }
    expect(await ids('?created_at__gte=2030-01-02')).toEqual([t3.id, t2.id]);
    expect(await ids(`?created_at__lte=${encodeURIComponent('2030-01-01T00:00:00Z')}`)).toEqual([t1.id]);
    const page = (await as(app, tenant, { method: 'GET', url: `${TX}?limit=2` })).json();
    expect(page.count).toBe(3);
    expect(page.next).toBe('http://kontor.test/api/catalog/inventory_transactions/?limit=2&offset=2');
    expect((await as(app, tenant, { method: 'GET', url: `${TX}?product=abc` })).statusCode).toBe(400);
    expect((await as(app, tenant, { method: 'GET', url: `${TX}?sku=1` })).json()).toEqual({ sku: ['Unknown field.'] });
  });

  it('GET by ids answers only the company’s rows', async () => {
    const { tenant, p, a } = await shop();
    const mine = await stockIn(app, tenant, p.id, a.id, 1);
    const foreign = await stockIn(app, other, (await product(app, other)).id, (await location(app, other, { name: `O2 ${Date.now()}` })).id, 1);
    const res = await as(app, tenant, {
      method: 'GET',
      url: `/api/catalog/products/inventories/transactions/?inventory_transaction_ids=${mine.id},${foreign.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((t: TransactionResponse) => t.id)).toEqual([mine.id]);
    expect(res.json().results[0]).toEqual(mine);
    expect((await as(app, tenant, { method: 'GET', url: '/api/catalog/products/inventories/transactions/?inventory_transaction_ids=a,b' })).json()).toEqual({
      inventory_transaction_ids: ['Enter a comma-separated list of ids.'],
    });
  });
});

describe('PUT /api/catalog/inventory_transactions/{id}/', () => {
  it('re-applies a changed quantity, location or action and keeps the old values in the history', async () => {
    const { tenant, p, a, b } = await shop();
    const receipt = await stockIn(app, tenant, p.id, a.id, 10);
    const put = (id: number, body: Record<string, unknown>) => as(app, tenant, { method: 'PUT', url: `${TX}${id}/`, payload: body });

    const more = await put(receipt.id, { quantity: 12, comments: 'recounted the pallet' });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ quantity: 12, delta: 12, comments: 'recounted the pallet' });
    expect(await levelOf(app, p.id, a.id)).toBe(12);

    const moved = await put(receipt.id, { location: b.id });
    expect(moved.json()).toMatchObject({ location: b.id, location_abbreviation_slug: 'LAG-B', delta: 12 });
    expect(await levelOf(app, p.id, a.id)).toBe(0);
    expect(await levelOf(app, p.id, b.id)).toBe(12);

    const history = await db().select().from(inventoryTransactionHistory).where(eq(inventoryTransactionHistory.transactionId, receipt.id));
    expect(history.map((h) => [h.oldLocationId, h.oldInventoryAction, Number(h.oldQuantity), Number(h.oldDelta), h.oldComments])).toEqual([
      [a.id, 'STOCK_IN', 10, 10, ''],
      [a.id, 'STOCK_IN', 12, 12, 'recounted the pallet'],
    ]);
    expect(history[0]!.changedBy).toBe(tenant.user.id);

    // Turning the receipt into an issue would need stock that is not there.
    await postTransaction(app, tenant, { product: p.id, location: b.id, quantity: 5, inventory_action: 'STOCK_OUT' });
    const refused = await put(receipt.id, { inventory_action: 'STOCK_OUT' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ quantity: ['Not enough stock: 7 available at LAG-B.'] });
    expect(await levelOf(app, p.id, b.id)).toBe(7);
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);
  });

  it('a count is re-measured against the level before it', async () => {
    const { tenant, p, a } = await shop();
    await stockIn(app, tenant, p.id, a.id, 10);
    const counted = (await postTransaction(app, tenant, { product: p.id, location: a.id, quantity: 8, inventory_action: 'STOCK_TAKING' })).json();
    expect(counted.delta).toBe(-2);
    await stockIn(app, tenant, p.id, a.id, 5);
    expect(await levelOf(app, p.id, a.id)).toBe(13);
    // The count should have been 9: one more than recorded, so the level now is one more too.
    const res = await as(app, tenant, { method: 'PUT', url: `${TX}${counted.id}/`, payload: { quantity: 9 } });
    expect(res.json()).toMatchObject({ quantity: 9, delta: -1 });
    expect(await levelOf(app, p.id, a.id)).toBe(14);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(14);
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);
  });

  it('refuses a one-sided edit of a move, zero quantities, and other companies’ rows', async () => {
    const { tenant, p, a, b } = await shop();
    await stockIn(app, tenant, p.id, a.id, 10);
    const move = (await as(app, tenant, { method: 'POST', url: MOVE, payload: { product: p.id, from_location: a.id, to_location: b.id, quantity: 4 } })).json();
    const half = await as(app, tenant, { method: 'PUT', url: `${TX}${move.stock_in.id}/`, payload: { quantity: 5 } });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({
      non_field_errors: ['This transaction is one half of a stock move; only its comments can be edited. Move the stock back instead.'],
    });
    expect(await levelOf(app, p.id, b.id)).toBe(4);
    const comment = await as(app, tenant, { method: 'PUT', url: `${TX}${move.stock_in.id}/`, payload: { comments: 'for the window display' } });
    expect(comment.json()).toMatchObject({ comments: 'for the window display', quantity: 4 });

    const receipt = await stockIn(app, tenant, p.id, a.id, 1);
    expect((await as(app, tenant, { method: 'PUT', url: `${TX}${receipt.id}/`, payload: { quantity: 0 } })).json()).toEqual({
      quantity: ['Ensure this value is greater than 0.'],
    });
    const foreignLocation = await location(app, other, { name: `O3 ${Date.now()}` });
    expect((await as(app, tenant, { method: 'PUT', url: `${TX}${receipt.id}/`, payload: { location: foreignLocation.id } })).json()).toEqual({
      location: [`Invalid pk "${foreignLocation.id}" - object does not exist.`],
    });
    expect((await as(app, other, { method: 'PUT', url: `${TX}${receipt.id}/`, payload: { comments: 'mine' } })).statusCode).toBe(404);
    expect((await as(app, tenant, { method: 'PUT', url: `${TX}${receipt.id}/`, payload: { product: p.id } })).json()).toEqual({ product: ['Unknown field.'] });
  });
});

describe('POST /api/catalog/inventory_transactions/move/', () => {
  it('moves stock atomically: a STOCK_OUT and a STOCK_IN sharing a move_id', async () => {
    const { tenant, p, a, b } = await shop();
    await stockIn(app, tenant, p.id, a.id, 10);
    const res = await as(app, tenant, {
      method: 'POST',
      url: MOVE,
      payload: { product: p.id, from_location: a.id, to_location: b.id, quantity: '2.5', comments: 'refill' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.move_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.stock_out).toMatchObject({
      inventory_action: 'STOCK_OUT',
      location: a.id,
      quantity: 2.5,
      delta: -2.5,
      move_id: body.move_id,
      comments: 'refill',
    });
    expect(body.stock_in).toMatchObject({ inventory_action: 'STOCK_IN', location: b.id, quantity: 2.5, delta: 2.5, move_id: body.move_id });
    expect([await levelOf(app, p.id, a.id), await levelOf(app, p.id, b.id)]).toEqual([7.5, 2.5]);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(10);
  });

  it('refuses more than the source holds, other companies’ and obsolete targets, and changes nothing', async () => {
    const { tenant, p, a, b } = await shop();
    await stockIn(app, tenant, p.id, a.id, 3);
    const before = await ledgerCount(p.id);
    const move = (payload: Record<string, unknown>) =>
      as(app, tenant, { method: 'POST', url: MOVE, payload: { product: p.id, from_location: a.id, ...payload } });
    const levels = async () => [await levelOf(app, p.id, a.id), await levelOf(app, p.id, b.id)];

    const tooMuch = await move({ to_location: b.id, quantity: 4 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ quantity: ['Not enough stock: 3 available at LAG-A.'] });
    expect(await levels()).toEqual([3, null]);

    const foreign = await location(app, other, { name: `O4 ${Date.now()}` });
    const cross = await move({ to_location: foreign.id, quantity: 1 });
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual({ to_location: [`Invalid pk "${foreign.id}" - object does not exist.`] });
    expect(await levelOf(app, p.id, foreign.id)).toBeNull();

    await as(app, tenant, { method: 'PUT', url: `/api/catalog/inventory_locations/${b.id}/`, payload: { obsolete: true } });
    const obsolete = await move({ to_location: b.id, quantity: 1 });
    expect(obsolete.statusCode).toBe(400);
    expect(obsolete.json()).toEqual({ to_location: ['This location is obsolete.'] });
    expect(await levels()).toEqual([3, null]);

    expect((await move({ to_location: a.id, quantity: 1 })).json()).toEqual({ to_location: ['The target must differ from the source.'] });
    expect((await move({ to_location: 999_999, quantity: 0 })).json()).toMatchObject({ quantity: ['Ensure this value is greater than 0.'] });
    expect(await ledgerCount(p.id)).toBe(before);
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(3);
  });
});

describe('GET /api/catalog/products/inventories/', () => {
  it('answers each requested product’s levels and stock total; others are absent', async () => {
    const { tenant, p, a, b } = await shop();
    const empty = await product(app, tenant);
    const returns = await location(app, tenant, { name: 'Returns', abbreviation_slug: 'RET', not_for_stock: true });
    await stockIn(app, tenant, p.id, a.id, 4);
    await stockIn(app, tenant, p.id, b.id, 2);
    await postTransaction(app, tenant, { product: p.id, location: b.id, quantity: 2, inventory_action: 'STOCK_OUT' });
    await stockIn(app, tenant, p.id, returns.id, 1);
    const foreign = await product(app, other);
    const res = await as(app, tenant, { method: 'GET', url: `/api/catalog/products/inventories/?product_ids=${p.id},${empty.id},${foreign.id},999999` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          product_id: p.id,
          total: 4,
          inventories: [
            { location_id: a.id, abbreviation_slug: 'LAG-A', accumulated_quantity: 4 },
            { location_id: b.id, abbreviation_slug: 'LAG-B', accumulated_quantity: 0 },
            { location_id: returns.id, abbreviation_slug: 'RET', accumulated_quantity: 1 },
          ],
        },
        { product_id: empty.id, total: 0, inventories: [] },
      ],
    });
    expect((await as(app, tenant, { method: 'GET', url: '/api/catalog/products/inventories/' })).json()).toEqual({ product_ids: ['This field is required.'] });
    expect((await as(app, tenant, { method: 'GET', url: '/api/catalog/products/inventories/?product_ids=1;2' })).statusCode).toBe(400);
  });

  it('answers 400, not 500, for an id beyond int4 (found by fuzzing)', async () => {
    const tenant = await createTenant(app);
    for (const url of [
      '/api/catalog/products/inventories/?product_ids=1,2147483648',
      '/api/catalog/products/inventories/transactions/?inventory_transaction_ids=9999999999',
    ]) {
      const res = await as(app, tenant, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json())).toEqual([['Enter valid ids.']]);
    }
  });

  it('coexists with the catalog’s GET /catalog/products/{id}/ (static path wins over the parameter)', async () => {
    const { tenant, p } = await shop();
    const inventories = await as(app, tenant, { method: 'GET', url: `/api/catalog/products/inventories/?product_ids=${p.id}` });
    expect(inventories.json().results[0].product_id).toBe(p.id);
    const detail = await as(app, tenant, { method: 'GET', url: `/api/catalog/products/${p.id}/` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: p.id, sku: 'KNT-1' });
  });
});
