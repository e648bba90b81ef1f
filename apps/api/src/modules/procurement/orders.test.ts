import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { MESSAGES, type ProcurementOrderDetailResponse, type ProcurementOrderItemResponse } from '@kontor/contract';
import { companyCounters, inventoryTransactions, notifications, procurementOrderItems, procurementOrders, procurementReceipts } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { usesPostgres } from '../../../test/test-database.js';
import { insertLocation, insertProduct } from '../catalog/catalog.factories.js';
import { checkInventory } from '../inventory/check.service.js';
import { levelOf, productRow, stockIn } from '../inventory/inventory.fixtures.js';
import { insertBackorder, insertProcurementOrder, insertProcurementProduct, insertSupplier } from './procurement.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const ORDERS = '/api/procurement/orders/';
const ITEMS = '/api/procurement/order_items/';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (tenant: Tenant | null, method: Method, url: string, payload?: unknown) =>
  as(app, tenant, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A company with a supplier, a catalog product and a location. */
async function shop() {
  const tenant = await createTenant(app);
  const supplier = await insertSupplier(db(), tenant.companyId, { name: 'Acme Garden' });
  const product = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
  const location = await insertLocation(db(), tenant.companyId, { abbreviationSlug: 'LAG-A' });
  return { tenant, supplier, product, location };
}

async function createOrder(tenant: Tenant, body: Record<string, unknown>): Promise<ProcurementOrderDetailResponse> {
  const res = await call(tenant, 'POST', ORDERS, body);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function addItem(tenant: Tenant, order: number, product: number, quantity: number | string): Promise<ProcurementOrderItemResponse> {
  const res = await call(tenant, 'POST', ITEMS, { order, product, quantity });
  if (res.statusCode !== 201) throw new Error(`item: ${res.statusCode} ${res.body}`);
  return res.json();
}

const receive = (tenant: Tenant | null, itemId: number, body: Record<string, unknown>) => call(tenant, 'POST', `${ITEMS}${itemId}/receive/`, body);
const orderRow = async (id: number) => (await db().select().from(procurementOrders).where(eq(procurementOrders.id, id)))[0];
const itemRow = async (id: number) => (await db().select().from(procurementOrderItems).where(eq(procurementOrderItems.id, id)))[0];
const ledgerOf = (productId: number) =>
  db().select().from(inventoryTransactions).where(eq(inventoryTransactions.productId, productId)).orderBy(asc(inventoryTransactions.id));

describe('POST /api/procurement/orders/', () => {
  it('numbers orders per company PO-000001, PO-000002... when no number is sent', async () => {
    const { tenant, supplier } = await shop();
    const other = await shop();
    const first = await call(tenant, 'POST', ORDERS, { supplier: supplier.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      supplier: supplier.id,
      supplier_name: 'Acme Garden',
      internal_order_number: 'PO-000001',
      status: 'open',
      comments: '',
      items_count: 0,
      quantity_total: 0,
      quantity_received_total: 0,
      account: tenant.user.id,
      items: [],
    });
    expect((await createOrder(tenant, { supplier: supplier.id, internal_order_number: '', comments: 'Spring' })).internal_order_number).toBe('PO-000002');
    expect((await createOrder(tenant, { supplier: supplier.id, internal_order_number: null })).internal_order_number).toBe('PO-000003');
    expect((await createOrder(other.tenant, { supplier: other.supplier.id })).internal_order_number).toBe('PO-000001');
  });

  it('keeps a sent number (the old client sends 66666 as a number), refuses it twice, and numbers around it', async () => {
    const { tenant, supplier } = await shop();
    const sent = await createOrder(tenant, { supplier: supplier.id, internal_order_number: 66666 });
    expect(sent.internal_order_number).toBe('66666');
    const again = await call(tenant, 'POST', ORDERS, { supplier: supplier.id, internal_order_number: '66666' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ internal_order_number: ['A procurement order with this internal order number already exists.'] });
    // A number typed by hand in the generated series is skipped, not a failure.
    await createOrder(tenant, { supplier: supplier.id, internal_order_number: 'PO-000001' });
    expect((await createOrder(tenant, { supplier: supplier.id })).internal_order_number).toBe('PO-000002');
    // Another company may use the same number.
    const other = await shop();
    expect((await createOrder(other.tenant, { supplier: other.supplier.id, internal_order_number: '66666' })).internal_order_number).toBe('66666');
  });

  it('answers 400 (creating nothing) for a missing or foreign supplier or a bad field, 401 without a token', async () => {
    const { tenant } = await shop();
    const other = await shop();
    const bad = async (body: unknown) => {
      const res = await call(tenant, 'POST', ORDERS, body);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await bad({})).toEqual({ supplier: ['This field is required.'] });
    expect(await bad({ supplier: other.supplier.id })).toEqual({ supplier: [`Invalid pk "${other.supplier.id}" - object does not exist.`] });
    expect(await bad({ supplier: other.supplier.id, colour: 'red' })).toEqual({ colour: ['Unknown field.'] });
    expect(Object.keys(await bad({ supplier: 1, internal_order_number: 'x'.repeat(51) }))).toEqual(['internal_order_number']);
    expect((await call(null, 'POST', ORDERS, { supplier: 1 })).statusCode).toBe(401);
    const [n] = await db().select({ n: count() }).from(procurementOrders).where(eq(procurementOrders.companyId, tenant.companyId));
    expect(n!.n).toBe(0);
    const counters = await db().select().from(companyCounters).where(eq(companyCounters.companyId, tenant.companyId));
    expect(counters).toEqual([]);
  });
});

describe('GET /api/procurement/orders/', () => {
  it('lists the company’s orders with their totals, newest first, with filters, search and ordering', async () => {
    const { tenant, supplier, product } = await shop();
    const staff = await createStaffUser(app, tenant);
    const other = await shop();
    await createOrder(other.tenant, { supplier: other.supplier.id });
    const second = await insertSupplier(db(), tenant.companyId, { name: 'Baltic Bolts' });
    const a = await createOrder(tenant, { supplier: supplier.id });
    const b = await createOrder(tenant, { supplier: second.id, internal_order_number: 'MANUAL-7' });
    const product2 = await insertProduct(db(), tenant.companyId);
    await addItem(tenant, a.id, product.id, 4);
    await addItem(tenant, a.id, product2.id, '1.5');
    await db()
      .update(procurementOrders)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(procurementOrders.id, a.id));

    const res = await call(staff, 'GET', ORDERS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect(body.results[1]).toEqual({
      id: a.id,
      supplier: supplier.id,
      supplier_name: 'Acme Garden',
      internal_order_number: 'PO-000001',
      status: 'open',
      comments: '',
      items_count: 2,
      quantity_total: 5.5,
      quantity_received_total: 0,
      account: tenant.user.id,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: expect.any(String),
    });
    expect(body.results[1]).not.toHaveProperty('items');
    const list = async (query: string) => {
      const r = await call(tenant, 'GET', `${ORDERS}?${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().results.map((o: { id: number }) => o.id);
    };
    expect(await list(`supplier=${second.id}`)).toEqual([b.id]);
    expect(await list('status=open')).toEqual([b.id, a.id]);
    expect(await list('status__in=received,cancelled')).toEqual([]);
    expect(await list('internal_order_number=MANUAL-7')).toEqual([b.id]);
    expect(await list('internal_order_number__icontains=po-')).toEqual([a.id]);
    expect(await list('created_at__lte=2025-06-01')).toEqual([a.id]);
    expect(await list('search=baltic')).toEqual([b.id]);
    expect(await list('search=000001')).toEqual([a.id]);
    expect(await list('ordering=supplier_name')).toEqual([a.id, b.id]);
    expect(await list('ordering=internal_order_number')).toEqual([b.id, a.id]);
    expect(await list('limit=1&offset=1')).toEqual([a.id]);
  });

  it('answers 400 for an unknown filter or a bad status, 401 without a token', async () => {
    const { tenant } = await shop();
    expect((await call(tenant, 'GET', `${ORDERS}?colour=red`)).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await call(tenant, 'GET', `${ORDERS}?status=lost`)).statusCode).toBe(400);
    expect((await call(tenant, 'GET', `${ORDERS}?ordering=comments`)).json()).toEqual({ ordering: ['Unknown ordering field: comments.'] });
    expect((await call(null, 'GET', ORDERS)).statusCode).toBe(401);
  });
});

describe('GET /api/procurement/orders/{id}/', () => {
  it('answers the order with its items and their receipts', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 3);
    const received = (await receive(tenant, item.id, { location: location.id, quantity: 1 })).json();
    const res = await call(tenant, 'GET', `${ORDERS}${order.id}/`);
    expect(res.statusCode).toBe(200);
    const body: ProcurementOrderDetailResponse = res.json();
    expect(body).toMatchObject({ id: order.id, status: 'partially_received', items_count: 1, quantity_total: 3, quantity_received_total: 1 });
    expect(body.items).toEqual([
      {
        id: item.id,
        order: order.id,
        product: product.id,
        product_sku: 'HOSE-20',
        product_name: 'Garden hose',
        procurement_product: null,
        quantity: 3,
        quantity_received: 1,
        unit_cost_sek: null,
        receipts: [
          {
            id: expect.any(Number),
            location: location.id,
            location_abbreviation_slug: 'LAG-A',
            quantity: 1,
            transaction: received.transaction.id,
            account: tenant.user.id,
            created_at: expect.any(String),
          },
        ],
        created_at: item.created_at,
        updated_at: expect.any(String),
      },
    ]);
  });

  it('answers 404 for another company’s order, a missing one or a non-id, 401 without a token', async () => {
    const { tenant } = await shop();
    const other = await shop();
    const theirs = await createOrder(other.tenant, { supplier: other.supplier.id });
    for (const id of [theirs.id, 99999999]) expect((await call(tenant, 'GET', `${ORDERS}${id}/`)).statusCode).toBe(404);
    expect((await call(tenant, 'GET', `${ORDERS}abc/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${ORDERS}${theirs.id}/`)).statusCode).toBe(401);
  });
});

describe('PUT /api/procurement/orders/{id}/', () => {
  it('changes the comments, cancels an order nothing was received on and reopens it', async () => {
    const { tenant, supplier } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const res = await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { comments: 'Call before delivery' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ comments: 'Call before delivery', status: 'open' });
    expect((await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { status: 'cancelled' })).json()).toMatchObject({
      status: 'cancelled',
      comments: 'Call before delivery',
    });
    expect((await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { status: 'open' })).json()).toMatchObject({ status: 'open' });
  });

  it('refuses to cancel after a receipt, or to set a status the receipts do not support, changing nothing', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id, comments: 'as is' });
    const item = await addItem(tenant, order.id, product.id, 2);
    expect((await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { status: 'received' })).json()).toEqual({
      status: ['The status follows the received quantities (this order is open); it can only be set to cancelled, or back from cancelled.'],
    });
    await receive(tenant, item.id, { location: location.id, quantity: 1 });
    const cancel = await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { status: 'cancelled', comments: 'changed' });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toEqual({ status: ['An order with received goods cannot be cancelled.'] });
    expect(await orderRow(order.id)).toMatchObject({ status: 'partially_received', comments: 'as is' });
    expect((await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { status: 'done' })).statusCode).toBe(400);
    expect((await call(tenant, 'PUT', `${ORDERS}${order.id}/`, { supplier: supplier.id })).json()).toEqual({ supplier: ['Unknown field.'] });
  });

  it('answers 404 for another company’s order, 401 without a token', async () => {
    const { tenant } = await shop();
    const other = await shop();
    const theirs = await createOrder(other.tenant, { supplier: other.supplier.id });
    expect((await call(tenant, 'PUT', `${ORDERS}${theirs.id}/`, { comments: 'mine now' })).statusCode).toBe(404);
    expect((await call(null, 'PUT', `${ORDERS}${theirs.id}/`, { comments: 'x' })).statusCode).toBe(401);
    expect((await orderRow(theirs.id))!.comments).toBe('');
  });
});

describe('DELETE /api/procurement/orders/{id}/', () => {
  it('deletes an order and its items while nothing was received; 409 after a receipt', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 2);
    const res = await call(tenant, 'DELETE', `${ORDERS}${order.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await orderRow(order.id)).toBeUndefined();
    expect(await itemRow(item.id)).toBeUndefined();

    const kept = await createOrder(tenant, { supplier: supplier.id });
    const keptItem = await addItem(tenant, kept.id, product.id, 2);
    await receive(tenant, keptItem.id, { location: location.id, quantity: 2 });
    const refused = await call(tenant, 'DELETE', `${ORDERS}${kept.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This order has received goods and cannot be deleted.' });
    expect(await orderRow(kept.id)).toBeDefined();
  });

  it('answers 404 for another company’s order, 401 without a token', async () => {
    const { tenant } = await shop();
    const other = await shop();
    const theirs = await createOrder(other.tenant, { supplier: other.supplier.id });
    expect((await call(tenant, 'DELETE', `${ORDERS}${theirs.id}/`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `${ORDERS}${theirs.id}/`)).statusCode).toBe(401);
    expect(await orderRow(theirs.id)).toBeDefined();
  });
});

describe('POST /api/procurement/order_items/', () => {
  it('adds a product with its procurement product at the order’s supplier, and adds to the quantity when it is there already', async () => {
    const { tenant, supplier, product } = await shop();
    const elsewhere = await insertSupplier(db(), tenant.companyId);
    await insertProcurementProduct(db(), tenant.companyId, elsewhere.id, { catalogProductId: product.id, costSek: '10' });
    await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: product.id, costSek: '12', status: 'removed' });
    const preferred = await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: product.id, costSek: '15.50' });
    const order = await createOrder(tenant, { supplier: supplier.id });
    const res = await call(tenant, 'POST', ITEMS, { order: order.id, product: product.id, quantity: '2.5' });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      order: order.id,
      product: product.id,
      product_sku: 'HOSE-20',
      product_name: 'Garden hose',
      procurement_product: preferred.id,
      quantity: 2.5,
      quantity_received: 0,
      unit_cost_sek: 15.5,
      receipts: [],
      message: 'ordered is added successfully',
    });
    expect(item.message).toBe(MESSAGES.ordered);
    const again = (await call(tenant, 'POST', ITEMS, { order: order.id, product: product.id, quantity: 3 })).json();
    expect(again).toMatchObject({ id: item.id, quantity: 5.5 });
    const detail = (await call(tenant, 'GET', `${ORDERS}${order.id}/`)).json();
    expect(detail).toMatchObject({ items_count: 1, quantity_total: 5.5 });
  });

  it('puts a received order back to partially received when a product is added', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 1);
    await receive(tenant, item.id, { location: location.id, quantity: 1 });
    expect((await orderRow(order.id))!.status).toBe('received');
    await addItem(tenant, order.id, (await insertProduct(db(), tenant.companyId)).id, 1);
    expect((await orderRow(order.id))!.status).toBe('partially_received');
  });

  it('answers 400 (adding nothing) for another company’s order or product, a cancelled order, an archived product or a bad quantity; 401 without a token', async () => {
    const { tenant, supplier, product } = await shop();
    const other = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const theirOrder = await createOrder(other.tenant, { supplier: other.supplier.id });
    const archived = await insertProduct(db(), tenant.companyId, { archivedAt: new Date() });
    const cancelled = await createOrder(tenant, { supplier: supplier.id });
    await call(tenant, 'PUT', `${ORDERS}${cancelled.id}/`, { status: 'cancelled' });
    const bad = async (body: unknown) => {
      const res = await call(tenant, 'POST', ITEMS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json();
    };
    expect(await bad({ order: theirOrder.id, product: other.product.id, quantity: 1 })).toEqual({
      order: [`Invalid pk "${theirOrder.id}" - object does not exist.`],
      product: [`Invalid pk "${other.product.id}" - object does not exist.`],
    });
    expect(await bad({ order: cancelled.id, product: product.id, quantity: 1 })).toEqual({ order: ['This order is cancelled.'] });
    expect(await bad({ order: order.id, product: archived.id, quantity: 1 })).toEqual({ product: ['This product is archived.'] });
    expect(await bad({ order: order.id, product: product.id, quantity: 0 })).toEqual({ quantity: ['Ensure this value is greater than 0.'] });
    expect(await bad({ order: order.id, product: product.id, quantity: -1 })).toHaveProperty('quantity');
    expect(await bad({ order: order.id, product: product.id, quantity: '1.234' })).toEqual({
      quantity: ['Ensure that there are no more than 2 decimal places.'],
    });
    expect(await bad({ order: order.id, product: product.id })).toEqual({ quantity: ['This field is required.'] });
    expect((await call(null, 'POST', ITEMS, { order: order.id, product: product.id, quantity: 1 })).statusCode).toBe(401);
    const [n] = await db().select({ n: count() }).from(procurementOrderItems).where(eq(procurementOrderItems.companyId, tenant.companyId));
    expect(n!.n).toBe(0);
  });
});

describe('PUT and DELETE /api/procurement/order_items/{id}/', () => {
  it('changes the quantity, never below what was received', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 5);
    const res = await call(tenant, 'PUT', `${ITEMS}${item.id}/`, { quantity: '7.25' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, quantity: 7.25 });
    await receive(tenant, item.id, { location: location.id, quantity: 3 });
    const below = await call(tenant, 'PUT', `${ITEMS}${item.id}/`, { quantity: '2.99' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ quantity: ['Ensure this value is greater than or equal to the quantity already received (3).'] });
    expect((await itemRow(item.id))!.quantity).toBe('7.25');
    // Lowering it to what was received completes the order.
    expect((await call(tenant, 'PUT', `${ITEMS}${item.id}/`, { quantity: 3 })).json()).toMatchObject({ quantity: 3, quantity_received: 3 });
    expect((await orderRow(order.id))!.status).toBe('received');
    expect((await call(tenant, 'PUT', `${ITEMS}${item.id}/`, { quantity: 0 })).statusCode).toBe(400);
    expect((await call(tenant, 'PUT', `${ITEMS}${item.id}/`, { quantity: 4, product: 1 })).json()).toEqual({ product: ['Unknown field.'] });
  });

  it('deletes an item nothing was received on; 409 once something was', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 5);
    const other = await addItem(tenant, order.id, (await insertProduct(db(), tenant.companyId)).id, 1);
    await receive(tenant, item.id, { location: location.id, quantity: 5 });
    expect((await orderRow(order.id))!.status).toBe('partially_received');
    const refused = await call(tenant, 'DELETE', `${ITEMS}${item.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This item has received goods and cannot be deleted.' });
    expect((await call(tenant, 'DELETE', `${ITEMS}${other.id}/`)).statusCode).toBe(204);
    expect(await itemRow(other.id)).toBeUndefined();
    // What is left was received in full.
    expect((await orderRow(order.id))!.status).toBe('received');
  });

  it('answers 404 for another company’s item and 401 without a token, changing nothing', async () => {
    const { tenant } = await shop();
    const other = await shop();
    const theirOrder = await createOrder(other.tenant, { supplier: other.supplier.id });
    const theirs = await addItem(other.tenant, theirOrder.id, other.product.id, 2);
    expect((await call(tenant, 'PUT', `${ITEMS}${theirs.id}/`, { quantity: 9 })).statusCode).toBe(404);
    expect((await call(tenant, 'DELETE', `${ITEMS}${theirs.id}/`)).statusCode).toBe(404);
    expect((await call(null, 'PUT', `${ITEMS}${theirs.id}/`, { quantity: 9 })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `${ITEMS}${theirs.id}/`)).statusCode).toBe(401);
    expect((await itemRow(theirs.id))!.quantity).toBe('2.00');
  });
});

describe('POST /api/procurement/order_items/{id}/receive/', () => {
  it('keeps a receipt’s stock as received: its ledger row’s quantity, location and action cannot be edited alone', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 10);
    // A ledger row before the receipt's: the receipt's own id and its ledger row's id differ (a check that compared them passed by chance).
    await stockIn(app, tenant, product.id, location.id, 1);
    const received = (await receive(tenant, item.id, { location: location.id, quantity: 10 })).json();
    const url = `/api/catalog/inventory_transactions/${received.transaction.id}/`;
    // The row says it is a receipt, and of which line, wherever the ledger answers it, so the edit dialog can say so before a save.
    expect(received.transaction).toMatchObject({ procurement_order_item: item.id, order_item: null });
    const byId = await call(tenant, 'GET', `/api/catalog/products/inventories/transactions/?inventory_transaction_ids=${received.transaction.id}`);
    expect(byId.json().results).toMatchObject([{ id: received.transaction.id, procurement_order_item: item.id }]);
    const listed = (await call(tenant, 'GET', `/api/catalog/inventory_transactions/?product=${product.id}`)).json();
    expect(listed.results.map((t: { procurement_order_item: number | null }) => t.procurement_order_item)).toEqual([item.id, null]);
    const before = { ledger: await ledgerOf(product.id), item: await itemRow(item.id), level: await levelOf(app, product.id, location.id) };
    for (const payload of [{ quantity: 2 }, { inventory_action: 'STOCK_OUT' }]) {
      const res = await call(tenant, 'PUT', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: [
          'This transaction is a receipt of a purchase order; only its comments can be edited. Book a correction as a new transaction instead.',
        ],
      });
    }
    expect({ ledger: await ledgerOf(product.id), item: await itemRow(item.id), level: await levelOf(app, product.id, location.id) }).toEqual(before);
    const comment = await call(tenant, 'PUT', url, { comments: 'two boxes dented' });
    expect(comment.statusCode).toBe(200);
    expect(comment.json()).toMatchObject({ comments: 'two boxes dented', quantity: 10, procurement_order_item: item.id });
  });

  it('books a STOCK_IN: the level, qty_in_stock and the ledger go up, in partial receipts, and the order follows', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 10);

    const first = await receive(tenant, item.id, { location: location.id, quantity: 4 });
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body.item).toMatchObject({ id: item.id, quantity: 10, quantity_received: 4 });
    expect(body.item.receipts).toHaveLength(1);
    expect(body.transaction).toMatchObject({
      product: product.id,
      location: location.id,
      inventory_action: 'STOCK_IN',
      quantity: 4,
      delta: 4,
      comments: 'Received on PO-000001',
      account: tenant.user.id,
    });
    expect(await levelOf(app, product.id, location.id)).toBe(4);
    expect(Number((await productRow(app, product.id)).qtyInStock)).toBe(4);
    expect((await orderRow(order.id))!.status).toBe('partially_received');

    const second = await receive(tenant, item.id, { location: location.id, quantity: '6', comments: 'pallet 2' });
    expect(second.statusCode).toBe(201);
    expect(second.json().transaction.comments).toBe('Received on PO-000001: pallet 2');
    expect(second.json().item).toMatchObject({ quantity_received: 10 });
    expect(await levelOf(app, product.id, location.id)).toBe(10);
    expect(Number((await productRow(app, product.id)).qtyInStock)).toBe(10);
    expect((await orderRow(order.id))!.status).toBe('received');

    const ledger = await ledgerOf(product.id);
    expect(ledger.map((r) => [r.inventoryAction, r.quantity, r.locationId])).toEqual([
      ['STOCK_IN', '4.00', location.id],
      ['STOCK_IN', '6.00', location.id],
    ]);
    const receipts = await db().select().from(procurementReceipts).where(eq(procurementReceipts.orderItemId, item.id)).orderBy(asc(procurementReceipts.id));
    expect(receipts.map((r) => r.transactionId)).toEqual(ledger.map((r) => r.id));
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);
  });

  it('refuses more than was ordered and changes nothing', async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 5);
    await receive(tenant, item.id, { location: location.id, quantity: 3 });
    const res = await receive(tenant, item.id, { location: location.id, quantity: '2.01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ quantity: ['Cannot receive more than was ordered: 2 of 5 left to receive.'] });
    expect(await levelOf(app, product.id, location.id)).toBe(3);
    expect(Number((await productRow(app, product.id)).qtyInStock)).toBe(3);
    expect((await itemRow(item.id))!.quantityReceived).toBe('3.00');
    expect(await ledgerOf(product.id)).toHaveLength(1);
    expect((await orderRow(order.id))!.status).toBe('partially_received');
  });

  it('surfaces the ledger’s refusal of an obsolete or foreign location, refuses a cancelled order and a bad body, changing nothing', async () => {
    const { tenant, supplier, product, location } = await shop();
    const other = await shop();
    const obsolete = await insertLocation(db(), tenant.companyId, { obsolete: true });
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 5);
    const bad = async (body: Record<string, unknown>, itemId = item.id) => {
      const res = await receive(tenant, itemId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json();
    };
    expect(await bad({ location: obsolete.id, quantity: 1 })).toEqual({ location: ['This location is obsolete.'] });
    expect(await bad({ location: other.location.id, quantity: 1 })).toEqual({ location: [`Invalid pk "${other.location.id}" - object does not exist.`] });
    expect(await bad({ location: location.id, quantity: 0 })).toEqual({ quantity: ['Ensure this value is greater than 0.'] });
    expect(await bad({ quantity: 1 })).toEqual({ location: ['This field is required.'] });
    expect(await bad({ location: location.id, quantity: 1, product: product.id })).toEqual({ product: ['Unknown field.'] });
    const cancelled = await createOrder(tenant, { supplier: supplier.id });
    const cancelledItem = await addItem(tenant, cancelled.id, product.id, 1);
    await call(tenant, 'PUT', `${ORDERS}${cancelled.id}/`, { status: 'cancelled' });
    expect(await bad({ location: location.id, quantity: 1 }, cancelledItem.id)).toEqual({ non_field_errors: ['This order is cancelled.'] });
    expect(await ledgerOf(product.id)).toEqual([]);
    expect(await levelOf(app, product.id, obsolete.id)).toBeNull();
    expect((await itemRow(item.id))!.quantityReceived).toBe('0.00');
    expect(await db().select().from(procurementReceipts).where(eq(procurementReceipts.companyId, tenant.companyId))).toEqual([]);
  });

  it('answers 404 for another company’s item and 401 without a token', async () => {
    const { tenant, location } = await shop();
    const other = await shop();
    const theirOrder = await createOrder(other.tenant, { supplier: other.supplier.id });
    const theirs = await addItem(other.tenant, theirOrder.id, other.product.id, 2);
    expect((await receive(tenant, theirs.id, { location: location.id, quantity: 1 })).statusCode).toBe(404);
    expect((await receive(null, theirs.id, { location: other.location.id, quantity: 1 })).statusCode).toBe(401);
    expect(await ledgerOf(other.product.id)).toEqual([]);
  });

  it('tells the company when goods that customers wait for arrive', async () => {
    const { tenant, supplier, product, location } = await shop();
    await insertBackorder(db(), tenant.companyId, product.id, { quantity: '2' });
    const order = await createOrder(tenant, { supplier: supplier.id });
    const item = await addItem(tenant, order.id, product.id, 5);
    await receive(tenant, item.id, { location: location.id, quantity: 2 });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverUserId, tenant.user.id), eq(notifications.kind, 'backorder_received')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'Backordered product received: HOSE-20 Garden hose',
      message: '2 received on PO-000001; 1 customer backorder(s) wait for it.',
    });
  });

  // PGlite is one connection and runs the requests one after another; PostgreSQL runs them at once.
  it(`never receives more than was ordered under 10 ${usesPostgres() ? 'concurrent' : 'queued'} requests`, async () => {
    const { tenant, supplier, product, location } = await shop();
    const order = await insertProcurementOrder(db(), tenant.companyId, supplier.id, { internalOrderNumber: 'RACE-1' });
    const item = await addItem(tenant, order.id, product.id, 5);
    const responses = await Promise.all(Array.from({ length: 10 }, () => receive(tenant, item.id, { location: location.id, quantity: 1 })));
    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().quantity[0]).toBe('Cannot receive more than was ordered: 0 of 5 left to receive.');
    }
    expect((await itemRow(item.id))!.quantityReceived).toBe('5.00');
    expect(await levelOf(app, product.id, location.id)).toBe(5);
    expect(Number((await productRow(app, product.id)).qtyInStock)).toBe(5);
    expect(await ledgerOf(product.id)).toHaveLength(5);
    expect(await db().select().from(procurementReceipts).where(eq(procurementReceipts.orderItemId, item.id))).toHaveLength(5);
    expect((await orderRow(order.id))!.status).toBe('received');
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);
  });
});
