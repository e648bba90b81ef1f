import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OrderPage, OrderResponse } from '@kontor/contract';
import { customerOrders, inventoryTransactions, storefrontConnections } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLocation, insertProduct } from '../catalog/catalog.factories.js';
import { stockIn } from '../inventory/inventory.fixtures.js';
import { insertBackorder } from '../procurement/procurement.factories.js';
import { insertOrder } from './customers.factories.js';
import { ORDER_MESSAGES, refreshOrderStatus } from './orders.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const ORDERS = '/api/customers/orders/';
const STOREFRONT = '/api/customers/storefront/';
type Method = 'GET' | 'PUT';
const call = (tenant: Tenant | null, method: Method, url: string, payload?: unknown) =>
  as(app, tenant, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A pick as the ledger records it: a STOCK_OUT linked to the order item. */
async function insertPick(companyId: number, productId: number, locationId: number, orderItemId: number, quantity: string) {
  const [row] = await db()
    .insert(inventoryTransactions)
    .values({ companyId, productId, locationId, inventoryAction: 'STOCK_OUT', quantity, delta: `-${quantity}`, orderItemId })
    .returning();
  return row!;
}

async function list(tenant: Tenant, query: string): Promise<OrderPage> {
  const res = await call(tenant, 'GET', `${ORDERS}?${query}`);
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json();
}
const numbers = (page: OrderPage) => page.results.map((o) => o.order_number);

describe('order status and GET /api/customers/orders/{id}/', () => {
  it('derives picked quantities, backorders and the status from the ledger', async () => {
    const tenant = await createTenant(app);
    const parent = await insertProduct(db(), tenant.companyId, { sku: 'TEE', name: 'Tee' });
    const product = await insertProduct(db(), tenant.companyId, { sku: 'TEE-M', name: 'Tee M', stockProxyParentId: parent.id });
    const location = await insertLocation(db(), tenant.companyId);
    const { order, items } = await insertOrder(db(), tenant.companyId, { total: '30' }, [
      { productId: product.id, prodSku: 'TEE-M', prodName: 'Tee M', quantity: 3, price: 10 },
      { prodSku: 'GONE', prodName: 'Not in catalog', quantity: 1 },
    ]);
    const pick = await insertPick(tenant.companyId, product.id, location.id, items[0]!.id, '2');
    await insertBackorder(db(), tenant.companyId, product.id, { orderItemId: items[0]!.id, quantity: '1', orderNumber: order.orderNumber });
    expect((await refreshOrderStatus(db(), order.id))?.order.internalStatus).toBe('partially_picked');

    const res = await call(tenant, 'GET', `${ORDERS}${order.id}/`);
    expect(res.statusCode).toBe(200);
    const body: OrderResponse = res.json();
    expect(body).toMatchObject({ id: order.id, order_number: order.orderNumber, internal_status: 'partially_picked', total: 30, delivered_at: null });
    expect(body.order_items).toEqual([
      expect.objectContaining({
        id: items[0]!.id,
        product: product.id,
        product__stock_proxy_parent: parent.id,
        quantity: 3,
        qty_picked: 2,
        qty_remaining: 1,
        qty_backordered: 1,
        inventory_transactions: [pick.id],
      }),
      expect.objectContaining({
        id: items[1]!.id,
        product: null,
        product__stock_proxy_parent: null,
        qty_picked: 0,
        qty_remaining: 1,
        inventory_transactions: [],
      }),
    ]);

    await insertPick(tenant.companyId, product.id, location.id, items[0]!.id, '1');
    await db().update(customerOrders).set({ internalStatus: 'cancelled' }).where(eq(customerOrders.id, order.id));
    expect((await refreshOrderStatus(db(), order.id))?.order.internalStatus).toBe('cancelled');
  });

  it('answers 401 without a token and 404 for another company or an unknown id', async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const { order } = await insertOrder(db(), other.companyId);
    expect((await call(null, 'GET', `${ORDERS}${order.id}/`)).statusCode).toBe(401);
    expect((await call(tenant, 'GET', `${ORDERS}${order.id}/`)).statusCode).toBe(404);
    expect((await call(tenant, 'GET', `${ORDERS}999999/`)).statusCode).toBe(404);
  });
});

describe('GET /api/customers/orders/', () => {
  it('filters, searches, orders and pages within the company', async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    await insertOrder(db(), other.companyId, { orderNumber: 'A-100', orderedAt: new Date('2026-01-05T10:00:00Z') });
    await insertOrder(db(), tenant.companyId, { orderNumber: 'A-100', orderedAt: new Date('2026-01-05T10:00:00Z'), total: '50', customerName: 'Greta Garbo' }, [
      { prodSku: 'LAMP-1', quantity: 1 },
    ]);
    await insertOrder(db(), tenant.companyId, {
      orderNumber: 'A-200',
      orderedAt: new Date('2026-02-05T10:00:00Z'),
      total: '10',
      internalStatus: 'delivered',
      deliveredAt: new Date('2026-02-10T10:00:00Z'),
      customerEmail: 'nils@example.se',
    });
    await insertOrder(db(), tenant.companyId, { orderNumber: 'B-300', orderedAt: new Date('2026-03-05T10:00:00Z'), total: '30', internalStatus: 'cancelled' });

    const all = await list(tenant, '');
    expect(all.count).toBe(3);
    expect(numbers(all)).toEqual(['B-300', 'A-200', 'A-100']);
    expect(all.results[2]!.order_items).toHaveLength(1);

    expect(numbers(await list(tenant, 'created_at__gte=2026-02-01'))).toEqual(['B-300', 'A-200']);
    expect(numbers(await list(tenant, 'created_at__lte=2026-02-01'))).toEqual(['A-100']);
    expect(numbers(await list(tenant, 'delivered_at__gte=2026-02-09'))).toEqual(['A-200']);
    expect(numbers(await list(tenant, 'delivered_at__lte=2026-02-09'))).toEqual([]);
    expect(numbers(await list(tenant, 'internal_status=cancelled'))).toEqual(['B-300']);
    expect(numbers(await list(tenant, 'internal_status__in=open,delivered'))).toEqual(['A-200', 'A-100']);
    expect(numbers(await list(tenant, 'order_number=A-100'))).toEqual(['A-100']);
    expect(numbers(await list(tenant, 'order_number__icontains=a-'))).toEqual(['A-200', 'A-100']);
    expect(numbers(await list(tenant, 'search=garbo'))).toEqual(['A-100']);
    expect(numbers(await list(tenant, 'search=NILS@'))).toEqual(['A-200']);
    expect(numbers(await list(tenant, 'search=lamp-1'))).toEqual(['A-100']);
    expect(numbers(await list(tenant, 'search=B-3'))).toEqual(['B-300']);
    // The search text is kept with the row (a generated column): a name the sync changes is found by its new value.
    await db().update(customerOrders).set({ customerName: 'Selma Lagerlof' }).where(eq(customerOrders.orderNumber, 'B-300'));
    expect(numbers(await list(tenant, 'search=LAGERLOF'))).toEqual(['B-300']);
    // LIKE's wildcards in the search are literal characters.
    expect(numbers(await list(tenant, 'search=%25'))).toEqual([]);
    expect(numbers(await list(tenant, 'search=_'))).toEqual([]);
    expect(numbers(await list(tenant, 'ordering=total'))).toEqual(['A-200', 'B-300', 'A-100']);
    expect(numbers(await list(tenant, 'ordering=-order_number'))).toEqual(['B-300', 'A-200', 'A-100']);
    expect(numbers(await list(tenant, 'ordering=created_at'))).toEqual(['A-100', 'A-200', 'B-300']);
    expect(numbers(await list(tenant, 'ordering=-delivered_at'))[0]).toBe('A-200');
    expect(numbers(await list(tenant, 'ordering=internal_status'))).toEqual(['B-300', 'A-200', 'A-100']);

    const paged = await list(tenant, 'limit=2&offset=2');
    expect(paged.count).toBe(3);
    expect(numbers(paged)).toEqual(['A-100']);
    expect(paged.previous).toContain('http://kontor.test/api/customers/orders/');
  });

  it('answers 400 for a bad filter value or field and 401 without a token', async () => {
    const tenant = await createTenant(app);
    const bad = await call(tenant, 'GET', `${ORDERS}?internal_status=shipped`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('internal_status');
    expect((await call(tenant, 'GET', `${ORDERS}?created_at__gte=yesterday`)).statusCode).toBe(400);
    expect((await call(tenant, 'GET', `${ORDERS}?ordering=customer_name`)).statusCode).toBe(400);
    expect((await call(tenant, 'GET', `${ORDERS}?customer=1`)).statusCode).toBe(400);
    expect((await call(null, 'GET', ORDERS)).statusCode).toBe(401);
  });
});

describe('PUT /api/customers/orders/{id}/', () => {
  async function pickedOrder() {
    const tenant = await createTenant(app);
    const product = await insertProduct(db(), tenant.companyId);
    const location = await insertLocation(db(), tenant.companyId);
    const { order, items } = await insertOrder(db(), tenant.companyId, {}, [
      { productId: product.id, quantity: 2 },
      { productId: product.id, quantity: 1 },
    ]);
    const pick = (itemIndex: number, quantity: string) => insertPick(tenant.companyId, product.id, location.id, items[itemIndex]!.id, quantity);
    return { tenant, order, pick };
  }
  const put = (tenant: Tenant | null, id: number, body: unknown) => call(tenant, 'PUT', `${ORDERS}${id}/`, body);

  it('delivers only a fully picked order, stamps delivered_at and reopens to the picked status', async () => {
    const { tenant, order, pick } = await pickedOrder();
    await pick(0, '2');
    await refreshOrderStatus(db(), order.id);
    const early = await put(tenant, order.id, { internal_status: 'delivered' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ internal_status: [ORDER_MESSAGES.deliverUnpicked] });
    expect((await db().select().from(customerOrders).where(eq(customerOrders.id, order.id)))[0]).toMatchObject({
      internalStatus: 'partially_picked',
      deliveredAt: null,
    });

    await pick(1, '1');
    const delivered = await put(tenant, order.id, { internal_status: 'delivered', notes: 'Sent with PostNord' });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ internal_status: 'delivered', notes: 'Sent with PostNord' });
    expect(delivered.json().delivered_at).not.toBeNull();

    const reopened = await put(tenant, order.id, { internal_status: 'open' });
    expect(reopened.json()).toMatchObject({ internal_status: 'picked', delivered_at: null, notes: 'Sent with PostNord' });
  });

  it('cancels only while nothing is picked, and reopens a cancelled order', async () => {
    const { tenant, order, pick } = await pickedOrder();
    const cancelled = await put(tenant, order.id, { internal_status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().internal_status).toBe('cancelled');
    expect((await put(tenant, order.id, { internal_status: 'open' })).json().internal_status).toBe('open');

    await pick(0, '1');
    const refused = await put(tenant, order.id, { internal_status: 'cancelled' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ internal_status: [ORDER_MESSAGES.cancelPicked] });
    expect((await db().select().from(customerOrders).where(eq(customerOrders.id, order.id)))[0]!.internalStatus).toBe('open');
  });

  it('refuses to cancel a delivered order with a message naming what works: back to Open, unpick, then cancel', async () => {
    const tenant = await createTenant(app);
    const product = await insertProduct(db(), tenant.companyId);
    const location = await insertLocation(db(), tenant.companyId);
    await stockIn(app, tenant, product.id, location.id, 1);
    const { order, items } = await insertOrder(db(), tenant.companyId, {}, [{ productId: product.id, quantity: 1 }]);
    const picked = await call(
      tenant,
      'GET',
      `/api/customers/order_items/${items[0]!.id}/actions/pick/?location_id=${location.id}&product_id=${product.id}&quantity=1`,
    );
    expect(picked.statusCode, picked.body).toBe(200);
    expect((await put(tenant, order.id, { internal_status: 'delivered' })).statusCode).toBe(200);

    const refused = await put(tenant, order.id, { internal_status: 'cancelled' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ internal_status: ['A delivered order cannot be cancelled. Set it back to Open first, then unpick its items.'] });
    // "Unpick them first" would send the operator in a circle: a delivered order's picks stay.
    const unpickUrl = `/api/customers/order_items/${items[0]!.id}/actions/unpick/?inventory_transaction_id=${picked.json().inventory_transaction}`;
    expect((await call(tenant, 'GET', unpickUrl)).statusCode).toBe(400);
    // What the message says works.
    expect((await put(tenant, order.id, { internal_status: 'open' })).json().internal_status).toBe('picked');
    expect((await call(tenant, 'GET', unpickUrl)).statusCode).toBe(200);
    const cancelled = await put(tenant, order.id, { internal_status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().internal_status).toBe('cancelled');
  });

  it('answers 400 for an unknown status or field (nothing changed), 401 and cross-company 404', async () => {
    const { tenant, order } = await pickedOrder();
    const other = await createTenant(app);
    expect((await put(tenant, order.id, { internal_status: 'shipped', notes: 'x' })).statusCode).toBe(400);
    expect((await put(tenant, order.id, { total: 1 })).statusCode).toBe(400);
    expect((await db().select().from(customerOrders).where(eq(customerOrders.id, order.id)))[0]!.notes).toBe('');
    expect((await put(null, order.id, { notes: 'x' })).statusCode).toBe(401);
    expect((await put(other, order.id, { notes: 'x' })).statusCode).toBe(404);
  });
});

describe('GET/PUT /api/customers/storefront/', () => {
  const body = { store_url: 'https://shop.example.com/', consumer_key: 'ck_123', consumer_secret: 'cs_secret' };

  it('is 404 until set, keeps the secret write-only and keeps it when left out', async () => {
    const tenant = await createTenant(app);
    expect((await call(tenant, 'GET', STOREFRONT)).statusCode).toBe(404);
    const created = await call(tenant, 'PUT', STOREFRONT, body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      platform: 'woocommerce',
      store_url: 'https://shop.example.com',
      consumer_key: 'ck_123',
      has_consumer_secret: true,
      last_synced_at: null,
    });
    expect(created.body).not.toContain('cs_secret');

    const updated = await call(tenant, 'PUT', STOREFRONT, { store_url: 'https://shop.example.com', consumer_key: 'ck_456' });
    expect(updated.statusCode).toBe(200);
    expect((await call(tenant, 'GET', STOREFRONT)).json()).toMatchObject({
      store_url: 'https://shop.example.com',
      consumer_key: 'ck_456',
      has_consumer_secret: true,
    });
    const [row] = await db().select().from(storefrontConnections).where(eq(storefrontConnections.companyId, tenant.companyId));
    expect(row!.consumerSecret).toBe('cs_secret');
  });

  it('asks for the secret again with a new store URL: the old store’s secret is never sent to another host', async () => {
    const tenant = await createTenant(app);
    await call(tenant, 'PUT', STOREFRONT, body);
    const moved = await call(tenant, 'PUT', STOREFRONT, { store_url: 'https://elsewhere.example.net', consumer_key: 'ck_123' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ consumer_secret: ['Enter the consumer secret again for the new store URL.'] });
    expect((await call(tenant, 'GET', STOREFRONT)).json()).toMatchObject({ store_url: 'https://shop.example.com' });
    const withSecret = await call(tenant, 'PUT', STOREFRONT, { store_url: 'https://elsewhere.example.net', consumer_key: 'ck_9', consumer_secret: 'cs_9' });
    expect(withSecret.statusCode).toBe(200);
    const [row] = await db().select().from(storefrontConnections).where(eq(storefrontConnections.companyId, tenant.companyId));
    expect(row).toMatchObject({ storeUrl: 'https://elsewhere.example.net', consumerSecret: 'cs_9' });
  });

  it('answers 400 (nothing stored) for a bad URL, a blank key or a first save without secret; 401 without a token', async () => {
    const tenant = await createTenant(app);
    const badUrl = await call(tenant, 'PUT', STOREFRONT, { ...body, store_url: 'shop.example.com' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toHaveProperty('store_url');
    expect((await call(tenant, 'PUT', STOREFRONT, { ...body, consumer_key: ' ' })).statusCode).toBe(400);
    const noSecret = await call(tenant, 'PUT', STOREFRONT, { store_url: body.store_url, consumer_key: 'ck' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toEqual({ consumer_secret: ['This field is required.'] });
    expect((await call(tenant, 'GET', STOREFRONT)).statusCode).toBe(404);
    expect((await call(null, 'GET', STOREFRONT)).statusCode).toBe(401);
    expect((await call(null, 'PUT', STOREFRONT, body)).statusCode).toBe(401);
  });

  it('is per company', async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    await call(tenant, 'PUT', STOREFRONT, body);
    expect((await call(other, 'GET', STOREFRONT)).statusCode).toBe(404);
  });
});
