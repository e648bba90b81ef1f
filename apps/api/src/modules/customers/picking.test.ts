import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { PickResponse, UnpickResponse } from '@kontor/contract';
import { auditEvents, customerBackorders, customerOrderItems, customerOrders, inventoryTransactions } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLocation, insertProduct } from '../catalog/catalog.factories.js';
import { checkInventory } from '../inventory/check.service.js';
import { levelOf, productRow, stockIn } from '../inventory/inventory.fixtures.js';
import { notAPickOf } from '../inventory/ledger.service.js';
import { insertOrder } from './customers.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const ITEMS = '/api/customers/order_items/';

type PickParams = { location_id: number; product_id: number; quantity: number | string };
const pickUrl = (itemId: number, q: PickParams) =>
  `${ITEMS}${itemId}/actions/pick/?location_id=${q.location_id}&product_id=${q.product_id}&quantity=${q.quantity}`;
const unpickUrl = (itemId: number, transactionId: number) => `${ITEMS}${itemId}/actions/unpick/?inventory_transaction_id=${transactionId}`;
const pick = (tenant: Tenant | null, itemId: number, q: PickParams, method: 'GET' | 'POST' = 'GET') => as(app, tenant, { method, url: pickUrl(itemId, q) });
const unpick = (tenant: Tenant | null, itemId: number, transactionId: number, method: 'GET' | 'POST' = 'GET') =>
  as(app, tenant, { method, url: unpickUrl(itemId, transactionId) });

const ledgerOf = (productId: number) =>
  db().select().from(inventoryTransactions).where(eq(inventoryTransactions.productId, productId)).orderBy(asc(inventoryTransactions.id));
const itemRowOf = async (itemId: number) => (await db().select().from(customerOrderItems).where(eq(customerOrderItems.id, itemId)))[0]!;
const orderStatus = async (orderId: number) => (await db().select().from(customerOrders).where(eq(customerOrders.id, orderId)))[0]!.internalStatus;

/** A company with a product (5 in stock at LAG-A) and an order for 3 of it (order W-1001). */
async function shop(stock = 5, ordered = 3) {
  const tenant = await createTenant(app);
  const product = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
  const location = await insertLocation(db(), tenant.companyId, { abbreviationSlug: 'LAG-A' });
  if (stock > 0) await stockIn(app, tenant, product.id, location.id, stock);
  const { order, items } = await insertOrder(db(), tenant.companyId, { orderNumber: 'W-1001' }, [
    { productId: product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: ordered },
  ]);
  return { tenant, product, location, order, item: items[0]! };
}

/** What a refused call must leave alone: the ledger, the level, qty_in_stock and the order's status. */
async function snapshot(s: Awaited<ReturnType<typeof shop>>) {
  return {
    ledger: await ledgerOf(s.product.id),
    level: await levelOf(app, s.product.id, s.location.id),
    qtyInStock: (await productRow(app, s.product.id)).qtyInStock,
    status: await orderStatus(s.order.id),
  };
}

describe('GET|POST /api/customers/order_items/{id}/actions/pick/', () => {
  it('takes the goods out as a STOCK_OUT linked to the line and answers the spec message and the order', async () => {
    const s = await shop();
    const res = await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body: PickResponse = res.json();
    expect(body.result).toBe('Picked 2x[HOSE-20]Garden hose for order W-1001.');
    expect(body.order).toMatchObject({ id: s.order.id, internal_status: 'partially_picked' });
    expect(body.order.order_items[0]).toMatchObject({ id: s.item.id, qty_picked: 2, qty_remaining: 1, inventory_transactions: [body.inventory_transaction] });

    const ledger = await ledgerOf(s.product.id);
    expect(ledger.at(-1)).toMatchObject({
      id: body.inventory_transaction,
      inventoryAction: 'STOCK_OUT',
      quantity: '2.00',
      delta: '-2.00',
      locationId: s.location.id,
      orderItemId: s.item.id,
      accountId: s.tenant.user.id,
      comments: 'Picked for order #W-1001',
    });
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(3);
    expect((await productRow(app, s.product.id)).qtyInStock).toBe('3.00');
    expect(await orderStatus(s.order.id)).toBe('partially_picked');
    expect((await checkInventory(db(), { companyId: s.tenant.companyId })).problems).toEqual([]);
  });

  it('accepts POST, and the last pick makes the order picked and resolves the line’s backorders', async () => {
    const s = await shop();
    const [backorder] = await db()
      .insert(customerBackorders)
      .values({ companyId: s.tenant.companyId, productId: s.product.id, quantity: '1', orderNumber: 'W-1001', orderItemId: s.item.id })
      .returning();
    const first = await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: '1.5' }, 'POST');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toBe('Picked 1.5x[HOSE-20]Garden hose for order W-1001.');
    const [stillOpen] = await db().select().from(customerBackorders).where(eq(customerBackorders.id, backorder!.id));
    expect(stillOpen!.resolvedAt).toBeNull();
    expect(first.json().order.order_items[0]).toMatchObject({ qty_picked: 1.5, qty_remaining: 1.5, qty_backordered: 1 });

    const last = await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: '1.5' }, 'POST');
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().order.internal_status).toBe('picked');
    // The answer is the order as it committed: the line's backorder resolved, so none backordered.
    expect(last.json().order.order_items[0]).toMatchObject({ qty_picked: 3, qty_remaining: 0, qty_backordered: 0 });
    expect((await as(app, s.tenant, { method: 'GET', url: `/api/customers/orders/${s.order.id}/` })).json().order_items[0].qty_backordered).toBe(0);
    const [resolved] = await db().select().from(customerBackorders).where(eq(customerBackorders.id, backorder!.id));
    expect(resolved!.resolvedAt).toBeInstanceOf(Date);
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(2);
  });

  it('moves the order’s updated_at and history only when its status changes', async () => {
    const s = await shop(5, 3);
    const orderRow = async () => (await db().select().from(customerOrders).where(eq(customerOrders.id, s.order.id)))[0]!;
    const statusEvents = async () =>
      (
        await db()
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.entity, 'customer_order'), eq(auditEvents.entityId, s.order.id)))
      ).length;
    const before = await orderRow();
    const eventsBefore = await statusEvents();
    const at = { location_id: s.location.id, product_id: s.product.id, quantity: 1 };

    expect((await pick(s.tenant, s.item.id, at)).statusCode).toBe(200);
    const opened = await orderRow();
    expect(opened.internalStatus).toBe('partially_picked');
    expect(opened.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await statusEvents()).toBe(eventsBefore + 1);

    // Still partially picked: the order row is not written again.
    const second = await pick(s.tenant, s.item.id, at);
    expect(second.statusCode).toBe(200);
    expect((second.json() as PickResponse).order).toMatchObject({ internal_status: 'partially_picked', updated_at: opened.updatedAt.toISOString() });
    expect((await orderRow()).updatedAt).toEqual(opened.updatedAt);
    expect(await statusEvents()).toBe(eventsBefore + 1);
  });

  it('lets a variation pick from the product it takes its stock from', async () => {
    const tenant = await createTenant(app);
    const parent = await insertProduct(db(), tenant.companyId, { sku: 'TEE', name: 'T-shirt' });
    const variation = await insertProduct(db(), tenant.companyId, { sku: 'TEE-M', name: 'T-shirt M', stockProxyParentId: parent.id });
    const location = await insertLocation(db(), tenant.companyId, { abbreviationSlug: 'LAG-B' });
    await stockIn(app, tenant, parent.id, location.id, 4);
    const { order, items } = await insertOrder(db(), tenant.companyId, { orderNumber: 'W-2001' }, [
      { productId: variation.id, prodSku: 'TEE-M', prodName: 'T-shirt M', quantity: 1 },
    ]);
    const res = await pick(tenant, items[0]!.id, { location_id: location.id, product_id: parent.id, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('Picked 1x[TEE-M]T-shirt M for order W-2001.');
    expect(res.json().order.internal_status).toBe('picked');
    expect(await levelOf(app, parent.id, location.id)).toBe(3);
    expect((await ledgerOf(parent.id)).at(-1)).toMatchObject({ inventoryAction: 'STOCK_OUT', orderItemId: items[0]!.id });
    expect(await orderStatus(order.id)).toBe('picked');
  });

  it('refuses more than remains to pick, more than the level, another product, an obsolete location and a closed order; nothing changes', async () => {
    const s = await shop(5, 3);
    const before = await snapshot(s);
    const base = { location_id: s.location.id, product_id: s.product.id };

    const overOrder = await pick(s.tenant, s.item.id, { ...base, quantity: 4 });
    expect(overOrder.statusCode).toBe(400);
    expect(overOrder.json()).toEqual({ quantity: ['Cannot pick more than remains to pick: 3 of 3 left.'] });

    const zero = await pick(s.tenant, s.item.id, { ...base, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ quantity: ['Ensure this value is greater than 0.'] });

    const other = await insertProduct(db(), s.tenant.companyId, { sku: 'RAKE' });
    const wrongProduct = await pick(s.tenant, s.item.id, { ...base, product_id: other.id, quantity: 1 });
    expect(wrongProduct.statusCode).toBe(400);
    expect(wrongProduct.json()).toEqual({ product_id: ['Pick the order item’s product, or the product it takes its stock from.'] });

    const obsolete = await insertLocation(db(), s.tenant.companyId, { obsolete: true });
    const obsoleteRes = await pick(s.tenant, s.item.id, { ...base, location_id: obsolete.id, quantity: 1 });
    expect(obsoleteRes.statusCode).toBe(400);
    expect(obsoleteRes.json()).toEqual({ location_id: ['This location is obsolete.'] });

    const empty = await insertLocation(db(), s.tenant.companyId, { abbreviationSlug: 'EMPTY' });
    const noStock = await pick(s.tenant, s.item.id, { ...base, location_id: empty.id, quantity: 1 });
    expect(noStock.statusCode).toBe(400);
    expect(noStock.json()).toEqual({ quantity: ['Not enough stock: 0 available at EMPTY.'] });
    expect(await levelOf(app, s.product.id, empty.id)).toBeNull();

    expect(await snapshot(s)).toEqual(before);

    await db().update(customerOrders).set({ internalStatus: 'cancelled' }).where(eq(customerOrders.id, s.order.id));
    const cancelled = await pick(s.tenant, s.item.id, { ...base, quantity: 1 });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json()).toEqual({ non_field_errors: ['This order is cancelled; its items cannot be picked or unpicked.'] });
    expect(await snapshot(s)).toEqual({ ...before, status: 'cancelled' });
  });

  it('refuses more than the level even when the order wants more', async () => {
    const s = await shop(2, 5);
    const before = await snapshot(s);
    const res = await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ quantity: ['Not enough stock: 2 available at LAG-A.'] });
    expect(await snapshot(s)).toEqual(before);
  });

  it('refuses a line without a catalog product', async () => {
    const s = await shop();
    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [{ prodSku: 'UNKNOWN', quantity: 1 }]);
    const res = await pick(s.tenant, items[0]!.id, { location_id: s.location.id, product_id: s.product.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ product_id: ['This order item has no catalog product to pick.'] });
  });

  it('answers 404 for another company’s item, 400 for its location or product, and 401 without a token', async () => {
    const s = await shop();
    const other = await shop();
    const theirs = await pick(s.tenant, other.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 1 });
    expect(theirs.statusCode).toBe(404);
    const theirLocation = await pick(s.tenant, s.item.id, { location_id: other.location.id, product_id: s.product.id, quantity: 1 });
    expect(theirLocation.statusCode).toBe(400);
    expect(theirLocation.json()).toEqual({ location_id: [`Invalid pk "${other.location.id}" - object does not exist.`] });
    const theirProduct = await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: other.product.id, quantity: 1 });
    expect(theirProduct.statusCode).toBe(400);
    expect(theirProduct.json()).toEqual({ product_id: [`Invalid pk "${other.product.id}" - object does not exist.`] });
    expect((await pick(null, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 1 })).statusCode).toBe(401);
    expect((await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 'x' })).statusCode).toBe(400);
    expect(await levelOf(app, other.product.id, other.location.id)).toBe(5);
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(5);
  });
});

describe('GET|POST /api/customers/order_items/{id}/actions/unpick/', () => {
  it('deletes the pick, gives the level back and the order follows', async () => {
    const s = await shop();
    const picked: PickResponse = (await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 3 })).json();
    expect(picked.order.internal_status).toBe('picked');
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(2);

    const res = await unpick(s.tenant, s.item.id, picked.inventory_transaction);
    expect(res.statusCode, res.body).toBe(200);
    const body: UnpickResponse = res.json();
    expect(body.result).toBe('UnPicked [HOSE-20]Garden hose for order W-1001.');
    expect(body.order.internal_status).toBe('open');
    expect(body.order.order_items[0]).toMatchObject({ qty_picked: 0, qty_remaining: 3, inventory_transactions: [] });
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(5);
    expect((await productRow(app, s.product.id)).qtyInStock).toBe('5.00');
    expect((await ledgerOf(s.product.id)).map((r) => r.id)).not.toContain(picked.inventory_transaction);
    expect(await orderStatus(s.order.id)).toBe('open');
    expect((await checkInventory(db(), { companyId: s.tenant.companyId })).problems).toEqual([]);
  });

  it('unpicks one of two picks by POST: partially picked again', async () => {
    const s = await shop();
    const base = { location_id: s.location.id, product_id: s.product.id };
    const first: PickResponse = (await pick(s.tenant, s.item.id, { ...base, quantity: 1 })).json();
    await pick(s.tenant, s.item.id, { ...base, quantity: 2 });
    const res = await unpick(s.tenant, s.item.id, first.inventory_transaction, 'POST');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.internal_status).toBe('partially_picked');
    expect(res.json().order.order_items[0]).toMatchObject({ qty_picked: 2, qty_remaining: 1 });
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(3);
  });

  it('refuses a transaction that is not a pick of this item; nothing changes', async () => {
    const s = await shop();
    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [{ productId: s.product.id, prodSku: 'HOSE-20', quantity: 1 }]);
    const otherPick: PickResponse = (await pick(s.tenant, items[0]!.id, { location_id: s.location.id, product_id: s.product.id, quantity: 1 })).json();
    const receipt = (await ledgerOf(s.product.id))[0]!;
    const before = await snapshot(s);

    for (const id of [otherPick.inventory_transaction, receipt.id]) {
      const res = await unpick(s.tenant, s.item.id, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ inventory_transaction_id: [notAPickOf] });
    }
    const missing = await unpick(s.tenant, s.item.id, 99_999_999);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ inventory_transaction_id: ['Invalid pk "99999999" - object does not exist.'] });
    expect(await snapshot(s)).toEqual(before);
  });

  it('refuses a delivered order; answers 404 for another company’s item and 401 without a token', async () => {
    const s = await shop();
    const picked: PickResponse = (await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 3 })).json();
    const other = await shop();
    expect((await unpick(other.tenant, s.item.id, picked.inventory_transaction)).statusCode).toBe(404);
    expect((await unpick(null, s.item.id, picked.inventory_transaction)).statusCode).toBe(401);
    await db().update(customerOrders).set({ internalStatus: 'delivered' }).where(eq(customerOrders.id, s.order.id));
    const delivered = await unpick(s.tenant, s.item.id, picked.inventory_transaction);
    expect(delivered.statusCode).toBe(400);
    expect(delivered.json()).toEqual({ non_field_errors: ['This order is delivered; its items cannot be picked or unpicked.'] });
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(2);
    expect((await ledgerOf(s.product.id)).map((r) => r.id)).toContain(picked.inventory_transaction);
  });
});

describe('PUT /api/catalog/inventory_transactions/{id}/ on a pick', () => {
  it('refuses to change a pick’s stock (the order line would say something else); its comments can change', async () => {
    const s = await shop();
    const picked: PickResponse = (await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 1 })).json();
    const before = await snapshot(s);
    const url = `/api/catalog/inventory_transactions/${picked.inventory_transaction}/`;
    for (const payload of [{ quantity: 3 }, { inventory_action: 'STOCK_IN' }, { location: (await insertLocation(db(), s.tenant.companyId)).id }]) {
      const res = await as(app, s.tenant, { method: 'PUT', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ['This transaction is a pick for a customer order; only its comments can be edited. Unpick it instead.'],
      });
    }
    expect(await snapshot(s)).toEqual(before);

    const comment = await as(app, s.tenant, { method: 'PUT', url, payload: { comments: 'taken from the shelf by the door' } });
    expect(comment.statusCode).toBe(200);
    expect(comment.json()).toMatchObject({ comments: 'taken from the shelf by the door', quantity: 1, inventory_action: 'STOCK_OUT', order_item: s.item.id });
    // Still a pick of the line: it unpicks.
    expect((await unpick(s.tenant, s.item.id, picked.inventory_transaction)).statusCode).toBe(200);
    expect((await checkInventory(db(), { companyId: s.tenant.companyId })).problems).toEqual([]);
  });
});

describe('PUT /api/customers/order_items/{id}/ (link a line to its catalog product)', () => {
  const link = (tenant: Tenant | null, itemId: number, payload: unknown) =>
    as(app, tenant, { method: 'PUT', url: `${ITEMS}${itemId}/`, payload: payload as object });

  /** The shop of `shop()` with a second order whose line the store sent without a SKU. */
  async function unlinkedLine() {
    const s = await shop();
    const { order, items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-2001' }, [
      { prodSku: '', prodName: 'Garden hose 20 m', quantity: 2 },
    ]);
    return { ...s, order, item: items[0]! };
  }

  it('links a line without a product, which can then be picked and its order delivered', async () => {
    const s = await unlinkedLine();
    const res = await link(s.tenant, s.item.id, { product: s.product.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_items[0]).toMatchObject({ id: s.item.id, product: s.product.id, prod_sku: '', qty_remaining: 2 });
    // The same link again changes nothing and answers the same.
    expect((await link(s.tenant, s.item.id, { product: s.product.id })).json().order_items[0].product).toBe(s.product.id);

    expect((await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 2 })).statusCode).toBe(200);
    const delivered = await as(app, s.tenant, { method: 'PUT', url: `/api/customers/orders/${s.order.id}/`, payload: { internal_status: 'delivered' } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().internal_status).toBe('delivered');
  });

  it('unlinks with null, and keeps the product once goods were picked or backordered for the line', async () => {
    const s = await unlinkedLine();
    const other = await insertProduct(db(), s.tenant.companyId, { sku: 'HOSE-30', name: 'Garden hose 30 m' });
    expect((await link(s.tenant, s.item.id, { product: other.id })).statusCode).toBe(200);
    const unlinked = await link(s.tenant, s.item.id, { product: null });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().order_items[0].product).toBeNull();

    expect((await link(s.tenant, s.item.id, { product: s.product.id })).statusCode).toBe(200);
    const picked = await pick(s.tenant, s.item.id, { location_id: s.location.id, product_id: s.product.id, quantity: 1 });
    expect(picked.statusCode).toBe(200);
    const refused = await link(s.tenant, s.item.id, { product: other.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ product: ['Goods were picked for this item; unpick them before changing its product.'] });
    expect((await unpick(s.tenant, s.item.id, picked.json().inventory_transaction)).statusCode).toBe(200);

    const backorder = await as(app, s.tenant, { method: 'POST', url: '/api/customers/backorders/', payload: { order_item: s.item.id, quantity: 1 } });
    expect(backorder.statusCode, backorder.body).toBe(201);
    const backordered = await link(s.tenant, s.item.id, { product: null });
    expect(backordered.statusCode).toBe(400);
    expect(backordered.json()).toEqual({ product: ['This item is backordered; remove its backorder before changing its product.'] });
    expect((await itemRowOf(s.item.id)).productId).toBe(s.product.id);
  });

  it('refuses a closed order’s line, a product that is not there and a bad body, changing nothing', async () => {
    const s = await unlinkedLine();
    for (const payload of [{}, { product: 'x' }, { product: 0 }, { product: s.product.id, prod_sku: 'X' }, { product: 99_999_999 }]) {
      const res = await link(s.tenant, s.item.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([Object.keys(payload).find((k) => k !== 'product') ?? 'product']);
    }
    expect((await link(s.tenant, s.item.id, { product: 99_999_999 })).json()).toEqual({ product: ['Invalid pk "99999999" - object does not exist.'] });

    await db().update(customerOrders).set({ internalStatus: 'cancelled' }).where(eq(customerOrders.id, s.order.id));
    const closed = await link(s.tenant, s.item.id, { product: s.product.id });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ non_field_errors: ['This order is cancelled; its items cannot be changed.'] });
    expect((await itemRowOf(s.item.id)).productId).toBeNull();
  });

  it('answers 404 for another company’s line, 400 for its product, and 401 without a token', async () => {
    const s = await unlinkedLine();
    const other = await unlinkedLine();
    expect((await link(s.tenant, other.item.id, { product: s.product.id })).statusCode).toBe(404);
    const theirProduct = await link(s.tenant, s.item.id, { product: other.product.id });
    expect(theirProduct.statusCode).toBe(400);
    expect(theirProduct.json()).toEqual({ product: [`Invalid pk "${other.product.id}" - object does not exist.`] });
    expect((await link(null, s.item.id, { product: s.product.id })).statusCode).toBe(401);
    expect((await itemRowOf(s.item.id)).productId).toBeNull();
    expect((await itemRowOf(other.item.id)).productId).toBeNull();
  });
});
