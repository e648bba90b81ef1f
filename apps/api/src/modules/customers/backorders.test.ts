import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, type BackorderResponse, type ProcurementOrderItemResponse } from '@kontor/contract';
import { customerBackorders, notifications, procurementOrders } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLocation, insertProduct } from '../catalog/catalog.factories.js';
import { levelOf, stockIn } from '../inventory/inventory.fixtures.js';
import { insertProcurementOrder, insertSupplier } from '../procurement/procurement.factories.js';
import { insertOrder } from './customers.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const BACKORDERS = '/api/customers/backorders/';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (tenant: Tenant | null, method: Method, url: string, payload?: unknown) =>
  as(app, tenant, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A company with a product, a location, a supplier and an order W-1001 for 5 of the product. */
async function shop() {
  const tenant = await createTenant(app);
  const product = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
  const location = await insertLocation(db(), tenant.companyId, { abbreviationSlug: 'LAG-A' });
  const supplier = await insertSupplier(db(), tenant.companyId);
  const { order, items } = await insertOrder(db(), tenant.companyId, { orderNumber: 'W-1001' }, [
    { productId: product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: 5 },
  ]);
  return { tenant, product, location, supplier, order, item: items[0]! };
}

async function createBackorder(tenant: Tenant, body: Record<string, unknown>): Promise<BackorderResponse> {
  const res = await call(tenant, 'POST', BACKORDERS, body);
  if (res.statusCode !== 201) throw new Error(`backorder: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A purchase order line for `quantity` of the product, through the procurement API. */
async function poLine(tenant: Tenant, supplierId: number, productId: number, quantity: number): Promise<ProcurementOrderItemResponse> {
  const order = await call(tenant, 'POST', '/api/procurement/orders/', { supplier: supplierId });
  if (order.statusCode !== 201) throw new Error(`po: ${order.statusCode} ${order.body}`);
  const res = await call(tenant, 'POST', '/api/procurement/order_items/', { order: order.json().id, product: productId, quantity });
  if (res.statusCode !== 201) throw new Error(`po line: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The order's first line as GET /customers/orders/{id}/ answers it. */
async function firstLineOf(tenant: Tenant, orderId: number) {
  const res = await call(tenant, 'GET', `/api/customers/orders/${orderId}/`);
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().order_items[0];
}

const reserve = (tenant: Tenant | null, id: number, line: number) => call(tenant, 'POST', `${BACKORDERS}${id}/reserve/`, { procurement_order_item: line });
const receive = (tenant: Tenant, line: number, location: number, quantity: number) =>
  call(tenant, 'POST', `/api/procurement/order_items/${line}/receive/`, { location, quantity });
const backorderRows = (companyId: number) => db().select().from(customerBackorders).where(eq(customerBackorders.companyId, companyId));
const backorderRow = async (id: number) => (await db().select().from(customerBackorders).where(eq(customerBackorders.id, id)))[0]!;

describe('POST /api/customers/backorders/', () => {
  it('backorders what is left to pick by default, then refuses more than is left', async () => {
    const s = await shop();
    await stockIn(app, s.tenant, s.product.id, s.location.id, 1);
    const picked = await call(
      s.tenant,
      'GET',
      `/api/customers/order_items/${s.item.id}/actions/pick/?location_id=${s.location.id}&product_id=${s.product.id}&quantity=1`,
    );
    expect(picked.statusCode, picked.body).toBe(200);

    const first = await call(s.tenant, 'POST', BACKORDERS, { order_item: s.item.id, quantity: 1, comments: 'Supplier late' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      product: s.product.id,
      product_sku: 'HOSE-20',
      product_name: 'Garden hose',
      quantity: 1,
      order_number: 'W-1001',
      order_item: s.item.id,
      status: 'open',
      reserved_order_item: null,
      reserved_order_number: null,
      ready_at: null,
      comments: 'Supplier late',
    });
    // 5 ordered, 1 picked, 1 backordered: 3 are left.
    const rest = await createBackorder(s.tenant, { order_item: s.item.id });
    expect(rest.quantity).toBe(3);

    const before = await backorderRows(s.tenant.companyId);
    const more = await call(s.tenant, 'POST', BACKORDERS, { order_item: s.item.id });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ order_item: ['Nothing of this order item is left to backorder.'] });
    expect(await backorderRows(s.tenant.companyId)).toEqual(before);

    const line = await firstLineOf(s.tenant, s.order.id);
    expect(line).toMatchObject({ qty_picked: 1, qty_backordered: 4 });
  });

  it('refuses more than is left, a line without a product, a cancelled order and another company’s line; nothing is written', async () => {
    const s = await shop();
    const other = await shop();
    const tooMuch = await call(s.tenant, 'POST', BACKORDERS, { order_item: s.item.id, quantity: 6 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ quantity: ['Ensure this value is less than or equal to 5 (what is left to pick and not yet backordered).'] });

    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [{ prodSku: 'UNKNOWN', quantity: 1 }]);
    const noProduct = await call(s.tenant, 'POST', BACKORDERS, { order_item: items[0]!.id });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json()).toEqual({ order_item: ['This order item has no catalog product to backorder.'] });

    const theirs = await call(s.tenant, 'POST', BACKORDERS, { order_item: other.item.id });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({ order_item: [`Invalid pk "${other.item.id}" - object does not exist.`] });

    const missing = await call(s.tenant, 'POST', BACKORDERS, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ order_item: ['This field is required.'] });

    const { items: cancelledItems } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1003', internalStatus: 'cancelled' }, [
      { productId: s.product.id, quantity: 1 },
    ]);
    const closed = await call(s.tenant, 'POST', BACKORDERS, { order_item: cancelledItems[0]!.id });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ order_item: ['This order is cancelled; nothing of it can be backordered.'] });

    expect((await call(null, 'POST', BACKORDERS, { order_item: s.item.id })).statusCode).toBe(401);
    expect(await backorderRows(s.tenant.companyId)).toEqual([]);
    expect(await backorderRows(other.tenant.companyId)).toEqual([]);
  });
});

describe('GET /api/customers/backorders/', () => {
  it('lists the company’s waiting backorders newest first, filters them, and leaves resolved ones out', async () => {
    const s = await shop();
    const other = await shop();
    const first = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 1 });
    const second = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const resolved = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 1 });
    await db().update(customerBackorders).set({ resolvedAt: new Date() }).where(eq(customerBackorders.id, resolved.id));
    await createBackorder(other.tenant, { order_item: other.item.id });

    const res = await call(s.tenant, 'GET', BACKORDERS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.json().results.map((b: BackorderResponse) => b.id)).toEqual([second.id, first.id]);

    await db().update(customerBackorders).set({ status: 'reserved' }).where(eq(customerBackorders.id, first.id));
    const reserved = await call(s.tenant, 'GET', `${BACKORDERS}?status=reserved`);
    expect(reserved.json().results.map((b: BackorderResponse) => b.id)).toEqual([first.id]);
    const byItem = await call(s.tenant, 'GET', `${BACKORDERS}?order_item=${s.item.id}&product=${s.product.id}&order_number=W-1001`);
    expect(byItem.json().count).toBe(2);
    const bad = await call(s.tenant, 'GET', `${BACKORDERS}?status=lost`);
    expect(bad.statusCode).toBe(400);
    expect((await call(null, 'GET', BACKORDERS)).statusCode).toBe(401);
  });
});

describe('DELETE /api/customers/backorders/{id}/', () => {
  it('removes the company’s backorder; another company’s is a 404 and 401 without a token', async () => {
    const s = await shop();
    const other = await shop();
    const mine = await createBackorder(s.tenant, { order_item: s.item.id });
    const theirs = await createBackorder(other.tenant, { order_item: other.item.id });
    expect((await call(s.tenant, 'DELETE', `${BACKORDERS}${theirs.id}/`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `${BACKORDERS}${mine.id}/`)).statusCode).toBe(401);
    const res = await call(s.tenant, 'DELETE', `${BACKORDERS}${mine.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await backorderRows(s.tenant.companyId)).toEqual([]);
    expect(await backorderRows(other.tenant.companyId)).toHaveLength(1);
  });

  it('is a 404 for a resolved backorder the list hides: a cancelled order’s comes back when it is reopened, a picked line’s when it falls short', async () => {
    const s = await shop();
    const backorder = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    expect((await call(s.tenant, 'PUT', `/api/customers/orders/${s.order.id}/`, { internal_status: 'cancelled' })).statusCode).toBe(200);
    const gone = await call(s.tenant, 'DELETE', `${BACKORDERS}${backorder.id}/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Not found.' });
    expect(await backorderRow(backorder.id)).toMatchObject({ resolution: 'order_cancelled' });
    expect((await call(s.tenant, 'PUT', `/api/customers/orders/${s.order.id}/`, { internal_status: 'open' })).statusCode).toBe(200);
    expect((await call(s.tenant, 'GET', BACKORDERS)).json().results.map((b: BackorderResponse) => b.id)).toEqual([backorder.id]);

    await stockIn(app, s.tenant, s.product.id, s.location.id, 5);
    const pick = await call(
      s.tenant,
      'POST',
      `/api/customers/order_items/${s.item.id}/actions/pick/?location_id=${s.location.id}&product_id=${s.product.id}&quantity=5`,
    );
    expect(pick.statusCode, pick.body).toBe(200);
    expect((await call(s.tenant, 'DELETE', `${BACKORDERS}${backorder.id}/`)).statusCode).toBe(404);
    expect(await backorderRow(backorder.id)).toMatchObject({ resolution: 'picked' });
  });
});

describe('POST /api/customers/backorders/{id}/reserve/', () => {
  it('reserves against an incoming line of the same product', async () => {
    const s = await shop();
    const backorder = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 3 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 4);
    const res = await reserve(s.tenant, backorder.id, line.id);
    expect(res.statusCode, res.body).toBe(200);
    const [po] = await db().select().from(procurementOrders).where(eq(procurementOrders.id, line.order));
    expect(res.json()).toEqual({
      message: MESSAGES.reserved,
      backorder: { ...backorder, status: 'reserved', reserved_order_item: line.id, reserved_order_number: po!.internalOrderNumber },
    });
    expect(res.json().message).toBe('Reserved is done successfully');
  });

  it('refuses another product, a closed order, too little incoming and another company’s line; nothing changes', async () => {
    const s = await shop();
    const other = await shop();
    const backorder = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 3 });
    const rake = await insertProduct(db(), s.tenant.companyId, { sku: 'RAKE' });
    const rakeLine = await poLine(s.tenant, s.supplier.id, rake.id, 5);
    const wrong = await reserve(s.tenant, backorder.id, rakeLine.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ procurement_order_item: ['This purchase order line is for another product.'] });

    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 4);
    const taken = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    expect((await reserve(s.tenant, taken.id, line.id)).statusCode).toBe(200);
    const short = await reserve(s.tenant, backorder.id, line.id);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ procurement_order_item: ['Not enough incoming: 2 of this line is neither received nor reserved.'] });

    const cancelledLine = await poLine(s.tenant, s.supplier.id, s.product.id, 10);
    await db().update(procurementOrders).set({ status: 'cancelled' }).where(eq(procurementOrders.id, cancelledLine.order));
    const closed = await reserve(s.tenant, backorder.id, cancelledLine.id);
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ procurement_order_item: ['This purchase order is not open: only open or partially received orders take reservations.'] });

    const theirLine = await poLine(other.tenant, other.supplier.id, other.product.id, 10);
    const theirs = await reserve(s.tenant, backorder.id, theirLine.id);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({ procurement_order_item: [`Invalid pk "${theirLine.id}" - object does not exist.`] });

    expect(await backorderRow(backorder.id)).toMatchObject({ status: 'open', reservedOrderItemId: null });
    const theirBackorder = await createBackorder(other.tenant, { order_item: other.item.id });
    expect((await reserve(s.tenant, theirBackorder.id, line.id)).statusCode).toBe(404);
    expect((await reserve(null, backorder.id, line.id)).statusCode).toBe(401);
  });
});

describe('receiving a reserved purchase order line', () => {
  it('makes its reserved backorders ready, oldest first, as far as the goods cover them, and tells the company', async () => {
    const s = await shop();
    const older = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const younger = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 3 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 5);
    expect((await reserve(s.tenant, older.id, line.id)).statusCode).toBe(200);
    expect((await reserve(s.tenant, younger.id, line.id)).statusCode).toBe(200);

    expect((await receive(s.tenant, line.id, s.location.id, 1)).statusCode).toBe(201);
    expect(await backorderRow(older.id)).toMatchObject({ status: 'reserved', readyAt: null });

    expect((await receive(s.tenant, line.id, s.location.id, 3)).statusCode).toBe(201);
    expect(await backorderRow(older.id)).toMatchObject({ status: 'ready' });
    expect((await backorderRow(older.id)).readyAt).toBeInstanceOf(Date);
    // 4 received, 2 handed to the older one: 2 do not cover the younger one's 3.
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'reserved', readyAt: null });

    expect((await receive(s.tenant, line.id, s.location.id, 1)).statusCode).toBe(201);
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'ready' });
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(5);

    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverUserId, s.tenant.user.id), eq(notifications.kind, 'backorder_received')))
      .orderBy(notifications.id);
    expect(notes.map((n) => n.message)).toEqual([
      expect.stringMatching(/^1 received on .+; 2 customer backorder\(s\) wait for it\.$/),
      expect.stringMatching(/^3 received on .+; 2 customer backorder\(s\) wait for it\. 1 reserved backorder\(s\) are now ready to pick\.$/),
      expect.stringMatching(/^1 received on .+; 2 customer backorder\(s\) wait for it\. 1 reserved backorder\(s\) are now ready to pick\.$/),
    ]);
    expect(notes[0]).toMatchObject({ title: 'Backordered product received: HOSE-20 Garden hose', link: '/customers/pick-and-pack' });

    const ready = await call(s.tenant, 'GET', `${BACKORDERS}?status=ready`);
    expect(ready.json().results.map((b: BackorderResponse) => b.id)).toEqual([younger.id, older.id]);
    expect(ready.json().results[0].ready_at).toEqual(expect.any(String));
    const again = await reserve(s.tenant, older.id, line.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ['This backorder is already ready to pick.'] });
  });

  it('leaves backorders reserved against another line alone', async () => {
    const s = await shop();
    const backorder = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 1 });
    const reservedLine = await poLine(s.tenant, s.supplier.id, s.product.id, 2);
    const otherPo = await insertProcurementOrder(db(), s.tenant.companyId, s.supplier.id);
    const otherLine = await call(s.tenant, 'POST', '/api/procurement/order_items/', { order: otherPo.id, product: s.product.id, quantity: 2 });
    expect((await reserve(s.tenant, backorder.id, reservedLine.id)).statusCode).toBe(200);
    expect((await receive(s.tenant, otherLine.json().id, s.location.id, 2)).statusCode).toBe(201);
    expect(await backorderRow(backorder.id)).toMatchObject({ status: 'reserved', readyAt: null });
  });
});

describe('cancelling a customer order', () => {
  it('resolves its backorders, freeing their reservations for others, and reopening the order brings them back unreserved', async () => {
    const s = await shop();
    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [
      { productId: s.product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: 3 },
    ]);
    const cancelled = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 4 });
    const waiting = await createBackorder(s.tenant, { order_item: items[0]!.id, quantity: 3 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 7);
    expect((await reserve(s.tenant, cancelled.id, line.id)).statusCode).toBe(200);
    expect((await reserve(s.tenant, waiting.id, line.id)).statusCode).toBe(200);

    const cancel = await call(s.tenant, 'PUT', `/api/customers/orders/${s.order.id}/`, { internal_status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await backorderRow(cancelled.id)).toMatchObject({ resolution: 'order_cancelled', resolvedAt: expect.any(Date) });
    expect((await call(s.tenant, 'GET', BACKORDERS)).json().results.map((b: BackorderResponse) => b.id)).toEqual([waiting.id]);
    const lineNow = await call(s.tenant, 'GET', `/api/procurement/order_items/?order=${line.order}`);
    expect(lineNow.json().results[0]).toMatchObject({ id: line.id, reserved: 3 });

    // The older backorder of the cancelled order no longer stands first in line for the goods.
    expect((await receive(s.tenant, line.id, s.location.id, 3)).statusCode).toBe(201);
    expect(await backorderRow(waiting.id)).toMatchObject({ status: 'ready' });

    const reopen = await call(s.tenant, 'PUT', `/api/customers/orders/${s.order.id}/`, { internal_status: 'open' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(await backorderRow(cancelled.id)).toMatchObject({ status: 'open', reservedOrderItemId: null, readyAt: null, resolvedAt: null, resolution: null });
    expect((await call(s.tenant, 'GET', BACKORDERS)).json().results.map((b: BackorderResponse) => b.id)).toEqual([waiting.id, cancelled.id]);
    // The later order was not touched.
    expect(await backorderRow(waiting.id)).toMatchObject({ status: 'ready', resolvedAt: null });
  });
});

describe('goods freed on a purchase order line pass to the next reserved backorder', () => {
  /** W-1001 (older backorder, 2) and W-1002 (younger, 2) reserved on one line of 4, of which 2 are received: the older one is ready. */
  async function readyAndWaiting() {
    const s = await shop();
    const { order: later, items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [
      { productId: s.product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: 2 },
    ]);
    const ready = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const waiting = await createBackorder(s.tenant, { order_item: items[0]!.id, quantity: 2 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 4);
    expect((await reserve(s.tenant, ready.id, line.id)).statusCode).toBe(200);
    expect((await reserve(s.tenant, waiting.id, line.id)).statusCode).toBe(200);
    expect((await receive(s.tenant, line.id, s.location.id, 2)).statusCode).toBe(201);
    expect(await backorderRow(ready.id)).toMatchObject({ status: 'ready' });
    expect(await backorderRow(waiting.id)).toMatchObject({ status: 'reserved', readyAt: null });
    return { ...s, later, ready, waiting, line };
  }
  const freedNotes = (s: Awaited<ReturnType<typeof shop>>) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverUserId, s.tenant.user.id), eq(notifications.kind, 'backorder_ready')));

  it('cancelling the order of a ready backorder makes the next reserved one ready at once, and tells the company', async () => {
    const s = await readyAndWaiting();
    const cancel = await call(s.tenant, 'PUT', `/api/customers/orders/${s.order.id}/`, { internal_status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await backorderRow(s.ready.id)).toMatchObject({ resolution: 'order_cancelled' });
    expect(await backorderRow(s.waiting.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
    const [po] = await db().select().from(procurementOrders).where(eq(procurementOrders.id, s.line.order));
    expect((await freedNotes(s)).map((n) => [n.title, n.message, n.link])).toEqual([
      [
        'Backorder ready to pick: HOSE-20 Garden hose',
        `Goods received on ${po!.internalOrderNumber} are free for the next backorders (one before them was cancelled, removed, picked or unpicked): 1 reserved backorder(s) are now ready to pick.`,
        '/customers/pick-and-pack',
      ],
    ]);
  });

  it('deleting a ready backorder makes the next reserved one ready at once', async () => {
    const s = await readyAndWaiting();
    expect((await call(s.tenant, 'DELETE', `${BACKORDERS}${s.ready.id}/`)).statusCode).toBe(204);
    expect(await backorderRow(s.waiting.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
    expect(await freedNotes(s)).toHaveLength(1);
  });

  it('deleting a reserved backorder the received goods did not cover lets the younger one behind it have them', async () => {
    const s = await shop();
    const older = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 3 });
    const younger = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 5);
    expect((await reserve(s.tenant, older.id, line.id)).statusCode).toBe(200);
    expect((await reserve(s.tenant, younger.id, line.id)).statusCode).toBe(200);
    expect((await receive(s.tenant, line.id, s.location.id, 2)).statusCode).toBe(201);
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'reserved' });

    expect((await call(s.tenant, 'DELETE', `${BACKORDERS}${older.id}/`)).statusCode).toBe(204);
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
  });

  it('an open backorder’s delete or a cancel with nothing received touches no other backorder and tells no one', async () => {
    const s = await shop();
    const open = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 1 });
    const reserved = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 2);
    expect((await reserve(s.tenant, reserved.id, line.id)).statusCode).toBe(200);
    expect((await call(s.tenant, 'DELETE', `${BACKORDERS}${open.id}/`)).statusCode).toBe(204);
    expect(await backorderRow(reserved.id)).toMatchObject({ status: 'reserved' });
    expect((await call(s.tenant, 'PUT', `/api/customers/orders/${s.order.id}/`, { internal_status: 'cancelled' })).statusCode).toBe(200);
    expect(await backorderRow(reserved.id)).toMatchObject({ status: 'reserved', resolution: 'order_cancelled', readyAt: null });
    expect(await freedNotes(s)).toEqual([]);
  });
});

describe('purchase order changes and the reservations on them', () => {
  it('a lowered line keeps its oldest reservations as far as it covers them; a cancelled or deleted one releases them all', async () => {
    const s = await shop();
    const older = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 1 });
    const younger = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 5);
    expect((await reserve(s.tenant, older.id, line.id)).statusCode).toBe(200);
    expect((await reserve(s.tenant, younger.id, line.id)).statusCode).toBe(200);

    const lowered = await call(s.tenant, 'PUT', `/api/procurement/order_items/${line.id}/`, { quantity: 2 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({ quantity: 2 });
    expect((await call(s.tenant, 'GET', `/api/procurement/order_items/?order=${line.order}`)).json().results[0]).toMatchObject({ id: line.id, reserved: 1 });
    expect(await backorderRow(older.id)).toMatchObject({ status: 'reserved', reservedOrderItemId: line.id });
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'open', reservedOrderItemId: null });

    // Released, it can be reserved elsewhere: on a line that is then cancelled...
    const second = await poLine(s.tenant, s.supplier.id, s.product.id, 2);
    expect((await reserve(s.tenant, younger.id, second.id)).statusCode).toBe(200);
    expect((await call(s.tenant, 'PUT', `/api/procurement/orders/${second.order}/`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'open', reservedOrderItemId: null });

    // ...or deleted, line or whole order.
    const third = await poLine(s.tenant, s.supplier.id, s.product.id, 2);
    expect((await reserve(s.tenant, younger.id, third.id)).statusCode).toBe(200);
    expect((await call(s.tenant, 'DELETE', `/api/procurement/order_items/${third.id}/`)).statusCode).toBe(204);
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'open', reservedOrderItemId: null });
    expect((await call(s.tenant, 'DELETE', `/api/procurement/orders/${line.order}/`)).statusCode).toBe(204);
    expect(await backorderRow(older.id)).toMatchObject({ status: 'open', reservedOrderItemId: null });
    expect((await call(s.tenant, 'GET', `${BACKORDERS}?status=open`)).json().results.map((b: BackorderResponse) => b.id)).toEqual([younger.id, older.id]);
  });
});

describe('picking and unpicking a backordered line', () => {
  const pickUrl = (s: Awaited<ReturnType<typeof shop>>, quantity: number) =>
    `/api/customers/order_items/${s.item.id}/actions/pick/?location_id=${s.location.id}&product_id=${s.product.id}&quantity=${quantity}`;
  const unpickUrl = (s: Awaited<ReturnType<typeof shop>>, transaction: number) =>
    `/api/customers/order_items/${s.item.id}/actions/unpick/?inventory_transaction_id=${transaction}`;

  it('a full pick resolves the line’s backorders; an unpick that leaves it short brings them back open and unreserved', async () => {
    const s = await shop();
    await stockIn(app, s.tenant, s.product.id, s.location.id, 5);
    const backorder = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 2 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 2);
    expect((await reserve(s.tenant, backorder.id, line.id)).statusCode).toBe(200);

    const first = await call(s.tenant, 'POST', pickUrl(s, 3));
    expect(first.statusCode, first.body).toBe(200);
    expect(await backorderRow(backorder.id)).toMatchObject({ status: 'reserved', resolvedAt: null });
    const last = await call(s.tenant, 'POST', pickUrl(s, 2));
    expect(last.statusCode, last.body).toBe(200);
    expect(await backorderRow(backorder.id)).toMatchObject({ resolution: 'picked', resolvedAt: expect.any(Date) });
    expect((await call(s.tenant, 'GET', BACKORDERS)).json().results).toEqual([]);

    // Two of five back on the shelf: the line is short again, and its backorder waits again.
    const unpicked = await call(s.tenant, 'POST', unpickUrl(s, last.json().inventory_transaction));
    expect(unpicked.statusCode, unpicked.body).toBe(200);
    expect(unpicked.json().order).toMatchObject({ internal_status: 'partially_picked' });
    expect(unpicked.json().order.order_items[0]).toMatchObject({ qty_picked: 3, qty_backordered: 2 });
    expect(await backorderRow(backorder.id)).toMatchObject({ status: 'open', reservedOrderItemId: null, readyAt: null, resolvedAt: null, resolution: null });
    expect((await call(s.tenant, 'GET', BACKORDERS)).json().results.map((b: BackorderResponse) => b.id)).toEqual([backorder.id]);
    expect((await firstLineOf(s.tenant, s.order.id)).qty_backordered).toBe(2);

    // Picked in full again, it is resolved again; the first pick's unpick of a resolved line reopens it once more.
    const again = await call(s.tenant, 'POST', pickUrl(s, 2));
    expect(again.statusCode, again.body).toBe(200);
    expect(await backorderRow(backorder.id)).toMatchObject({ resolution: 'picked' });
    expect((await call(s.tenant, 'POST', unpickUrl(s, first.json().inventory_transaction))).statusCode).toBe(200);
    expect(await backorderRow(backorder.id)).toMatchObject({ status: 'open', resolution: null });
    expect(await levelOf(app, s.product.id, s.location.id)).toBe(3);
  });

  it('a reopened backorder is for no more than is left to pick', async () => {
    const s = await shop();
    await stockIn(app, s.tenant, s.product.id, s.location.id, 5);
    const backorder = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 4 });
    expect((await call(s.tenant, 'POST', pickUrl(s, 4))).statusCode).toBe(200);
    const last = await call(s.tenant, 'POST', pickUrl(s, 1));
    expect(await backorderRow(backorder.id)).toMatchObject({ resolution: 'picked' });
    // One of five back on the shelf: one is left to pick, and the backorder waits for one, not four.
    const unpicked = await call(s.tenant, 'POST', unpickUrl(s, last.json().inventory_transaction));
    expect(unpicked.statusCode, unpicked.body).toBe(200);
    expect(await backorderRow(backorder.id)).toMatchObject({ status: 'open', resolution: null, quantity: '1.00' });
    expect(unpicked.json().order.order_items[0]).toMatchObject({ qty_remaining: 1, qty_backordered: 1 });
  });

  /** The line's backorder of 3 (older) and another order's of `younger` (W-1002), both reserved on a purchase order line of `incoming`; 3 received. */
  async function readyAndReserved(s: Awaited<ReturnType<typeof shop>>, incoming: number, younger: number) {
    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [
      { productId: s.product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: younger },
    ]);
    const older = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 3 });
    const next = await createBackorder(s.tenant, { order_item: items[0]!.id, quantity: younger });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, incoming);
    for (const b of [older, next]) expect((await reserve(s.tenant, b.id, line.id)).statusCode).toBe(200);
    expect((await receive(s.tenant, line.id, s.location.id, 3)).statusCode).toBe(201);
    expect([(await backorderRow(older.id))!.status, (await backorderRow(next.id))!.status]).toEqual(['ready', 'reserved']);
    // Two more on the shelf for the rest of W-1001's five.
    await stockIn(app, s.tenant, s.product.id, s.location.id, 2);
    return { older, next, line };
  }

  it('an unpick of a ready backorder’s goods passes them to the next reserved backorder of its purchase order line, which is told', async () => {
    const s = await shop();
    const { older, next } = await readyAndReserved(s, 5, 2);
    expect((await call(s.tenant, 'POST', pickUrl(s, 2))).statusCode).toBe(200);
    const last = await call(s.tenant, 'POST', pickUrl(s, 3));
    expect(last.statusCode, last.body).toBe(200);
    expect(await backorderRow(older.id)).toMatchObject({ resolution: 'picked' });

    // The 3 received for it are back on the shelf, and it waits again, unreserved: they are W-1002's now.
    const unpicked = await call(s.tenant, 'POST', unpickUrl(s, last.json().inventory_transaction));
    expect(unpicked.statusCode, unpicked.body).toBe(200);
    expect(await backorderRow(older.id)).toMatchObject({ status: 'open', reservedOrderItemId: null, quantity: '3.00', resolution: null });
    expect(await backorderRow(next.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
    const notes = await db().select().from(notifications).where(eq(notifications.receiverUserId, s.tenant.user.id));
    expect(notes.filter((n) => n.kind === 'backorder_ready').map((n) => n.title)).toEqual(['Backorder ready to pick: HOSE-20 Garden hose']);
  });

  it('an unpick frees no more of a ready backorder’s goods than came back to the shelf; the rest stay taken', async () => {
    const s = await shop();
    const { older, next, line } = await readyAndReserved(s, 7, 3);
    expect((await call(s.tenant, 'POST', pickUrl(s, 4))).statusCode).toBe(200);
    const last = await call(s.tenant, 'POST', pickUrl(s, 1));
    expect(last.statusCode, last.body).toBe(200);

    // One of the three received comes back: the backorder waits for one, and W-1002's three are not covered.
    const unpicked = await call(s.tenant, 'POST', unpickUrl(s, last.json().inventory_transaction));
    expect(unpicked.statusCode, unpicked.body).toBe(200);
    expect(unpicked.json().order.order_items[0]).toMatchObject({ qty_remaining: 1, qty_backordered: 1 });
    expect(await backorderRow(older.id)).toMatchObject({ status: 'open', quantity: '1.00', resolution: null });
    expect(await backorderRow(next.id)).toMatchObject({ status: 'reserved' });
    // One more arrives: two are free on the line (the two still picked for W-1001 are not), still short of three.
    expect((await receive(s.tenant, line.id, s.location.id, 1)).statusCode).toBe(201);
    expect(await backorderRow(next.id)).toMatchObject({ status: 'reserved' });
    expect((await receive(s.tenant, line.id, s.location.id, 1)).statusCode).toBe(201);
    expect(await backorderRow(next.id)).toMatchObject({ status: 'ready' });
  });

  it('a full pick of a line whose reserved backorder held younger ones back lets the goods received pass to them', async () => {
    const s = await shop();
    await stockIn(app, s.tenant, s.product.id, s.location.id, 5);
    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [
      { productId: s.product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: 3 },
    ]);
    const older = await createBackorder(s.tenant, { order_item: s.item.id, quantity: 5 });
    const younger = await createBackorder(s.tenant, { order_item: items[0]!.id, quantity: 3 });
    const line = await poLine(s.tenant, s.supplier.id, s.product.id, 10);
    for (const b of [older, younger]) expect((await reserve(s.tenant, b.id, line.id)).statusCode).toBe(200);
    // 3 received: not enough for the older 5, and the younger 3 waits behind it.
    expect((await receive(s.tenant, line.id, s.location.id, 3)).statusCode).toBe(201);
    expect([(await backorderRow(older.id)).status, (await backorderRow(younger.id)).status]).toEqual(['reserved', 'reserved']);

    // W-1001 is picked in full from the shelf: its backorder is resolved and holds nobody back any more.
    const picked = await call(s.tenant, 'POST', pickUrl(s, 5));
    expect(picked.statusCode, picked.body).toBe(200);
    expect(await backorderRow(older.id)).toMatchObject({ resolution: 'picked' });
    expect(await backorderRow(younger.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
    const notes = await db().select().from(notifications).where(eq(notifications.receiverUserId, s.tenant.user.id));
    expect(notes.filter((n) => n.kind === 'backorder_ready').map((n) => n.title)).toEqual(['Backorder ready to pick: HOSE-20 Garden hose']);
  });

  it('an unpick leaves the resolved backorders of other lines alone', async () => {
    const s = await shop();
    await stockIn(app, s.tenant, s.product.id, s.location.id, 10);
    const { items } = await insertOrder(db(), s.tenant.companyId, { orderNumber: 'W-1002' }, [
      { productId: s.product.id, prodSku: 'HOSE-20', prodName: 'Garden hose', quantity: 1 },
    ]);
    const other = await createBackorder(s.tenant, { order_item: items[0]!.id, quantity: 1 });
    const otherPick = await call(
      s.tenant,
      'POST',
      `/api/customers/order_items/${items[0]!.id}/actions/pick/?location_id=${s.location.id}&product_id=${s.product.id}&quantity=1`,
    );
    expect(otherPick.statusCode, otherPick.body).toBe(200);
    expect(await backorderRow(other.id)).toMatchObject({ resolution: 'picked' });

    const pick = await call(s.tenant, 'POST', pickUrl(s, 2));
    expect(pick.statusCode, pick.body).toBe(200);
    expect((await call(s.tenant, 'POST', unpickUrl(s, pick.json().inventory_transaction))).statusCode).toBe(200);
    // W-1002's line is still picked in full: its backorder stays resolved.
    expect(await backorderRow(other.id)).toMatchObject({ resolution: 'picked', resolvedAt: expect.any(Date) });
  });
});
