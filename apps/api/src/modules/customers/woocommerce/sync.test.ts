import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { OrderPage } from '@kontor/contract';
import {
  customerBackorders,
  customerOrderItems,
  customerOrders,
  inventoryTransactions,
  notifications,
  storefrontConnections,
} from '../../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../../test/helpers.js';
import { sharedDataFile } from '../../../../test/shared-data.js';
import { usesPostgres } from '../../../../test/test-database.js';
import { outboundPolicy } from '../../../lib/outbound.js';
import { insertLocation, insertProduct } from '../../catalog/catalog.factories.js';
import { insertBackorder, insertSupplier } from '../../procurement/procurement.factories.js';
import { insertOrder } from '../customers.factories.js';
import { SYNC_MESSAGES, syncOrders } from './sync.service.js';

let app: TestApp;
let store: WooServer;
beforeAll(async () => {
  app = await createTestApp();
  store = await startWooServer();
});
afterAll(async () => {
  await store?.close();
  await app?.close();
});

const db = () => app.deps.database.db;
const SYNC = '/api/customers/orders/sync';
const KEY = 'ck_test';
const SECRET = 'cs_test';

type WooOrderJson = Record<string, unknown> & { id: number; number: string; status: string; line_items: Record<string, unknown>[] };

/** The documented examples when the shared data is there; else a small order of the same shape. */
function exampleOrders(): WooOrderJson[] {
  const file = sharedDataFile('woocommerce', 'orders-list.json');
  if (file) return JSON.parse(readFileSync(file, 'utf8')) as WooOrderJson[];
  const one = (id: number, status: string, lines: [number, string, number, number][]): WooOrderJson => ({
    id,
    number: String(id),
    status,
    currency: 'USD',
    total: '29.35',
    date_created_gmt: '2017-03-22T19:28:02',
    billing: { first_name: 'John', last_name: 'Doe', email: 'john.doe@example.com' },
    shipping: { first_name: 'John', last_name: 'Doe', address_1: '969 Market', city: 'San Francisco', country: 'US' },
    line_items: lines.map(([lineId, sku, quantity, price]) => ({ id: lineId, name: `Line ${lineId}`, sku, quantity, price })),
  });
  return [
    one(727, 'processing', [
      [315, '', 2, 3],
      [316, 'Bar3', 1, 12],
    ]),
    one(723, 'completed', [
      [311, '', 1, 9],
      [313, '', 1, 20],
    ]),
  ];
}

/** A third order, so the orders come on two pages. */
function thirdOrder(base: WooOrderJson, sku: string): WooOrderJson {
  return { ...base, id: 900, number: '900', status: 'processing', line_items: [{ id: 1, name: 'Garden hose', sku, quantity: 3, price: 25 }] };
}

type WooServer = {
  url: string;
  /** The pages of orders the server answers, in order. */
  pages: WooOrderJson[][];
  /** Answer every request with this status (and body) instead. */
  failWith: { status: number; body: string } | null;
  /** Wait this long before answering. */
  delayMs: number;
  /** Announce the next page only in a Link header (no X-WP-TotalPages), as some proxies strip it. */
  linkOnly: boolean;
  requests: string[];
  close: () => Promise<void>;
};

/** A WooCommerce REST v3 look-alike on 127.0.0.1: basic auth, per_page/page, X-WP-Total(Pages). */
async function startWooServer(): Promise<WooServer> {
  const state: WooServer = { url: '', pages: [], failWith: null, delayMs: 0, linkOnly: false, requests: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    const answer = () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const expected = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"code":"woocommerce_rest_cannot_view","message":"Sorry, you cannot list resources.","data":{"status":401}}');
        return;
      }
      if (state.failWith) {
        res.writeHead(state.failWith.status, { 'content-type': 'application/json' }).end(state.failWith.body);
        return;
      }
      if (url.pathname !== '/wp-json/wc/v3/orders' || !url.searchParams.get('after') || url.searchParams.get('per_page') !== '100') {
        res.writeHead(404).end('{}');
        return;
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      const body = state.pages[page - 1] ?? [];
      const next = new URL(url.toString().replace('http://127.0.0.1', state.url));
      next.searchParams.set('page', String(page + 1));
      const headers: Record<string, string> = state.linkOnly
        ? page < state.pages.length
          ? { link: `<${next.toString()}>; rel="next"` }
          : {}
        : { 'x-wp-total': String(state.pages.flat().length), 'x-wp-totalpages': String(state.pages.length) };
      res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    if (state.delayMs) setTimeout(answer, state.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

async function connectedShop(secret = SECRET) {
  const tenant = await createTenant(app);
  await db().insert(storefrontConnections).values({ companyId: tenant.companyId, storeUrl: store.url, consumerKey: KEY, consumerSecret: secret });
  return tenant;
}

/** A pick of `quantity` for an order line, written to the ledger directly (the sync only reads what was picked). */
const recordPick = (companyId: number, productId: number, locationId: number, orderItemId: number, quantity: number) =>
  db()
    .insert(inventoryTransactions)
    .values({ companyId, productId, locationId, inventoryAction: 'STOCK_OUT', quantity: String(quantity), delta: String(-quantity), orderItemId });
const sync = (tenant: Tenant | null, query = '', method: 'GET' | 'POST' = 'GET') => as(app, tenant, { method, url: `${SYNC}${query}` });
const ordersOf = (companyId: number) =>
  db().select().from(customerOrders).where(eq(customerOrders.companyId, companyId)).orderBy(asc(customerOrders.orderNumber));
const itemsOf = (orderId: number) =>
  db().select().from(customerOrderItems).where(eq(customerOrderItems.orderId, orderId)).orderBy(asc(customerOrderItems.position));
const ctxOf = (tenant: Tenant) => ({
  db: db(),
  readDb: db(),
  user: { id: tenant.user.id, email: tenant.user.email, companyId: tenant.companyId, companyRole: 'Admin' as const },
});

describe('GET|POST /api/customers/orders/sync', () => {
  it('imports both pages, maps the orders and never duplicates on a re-sync', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
    const [first, second] = exampleOrders();
    store.failWith = null;
    store.pages = [[first!, second!], [thirdOrder(first!, 'HOSE-20')]];
    const before = store.requests.length;

    const res = await sync(tenant);
    expect(res.statusCode).toBe(200);
    const unknown = first!.line_items.map((l) => String(l.sku)).filter(Boolean);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Synced 3 orders from the last 7 days: 3 new, 0 updated\./),
      created: 3,
      updated: 0,
      unknown_skus: unknown,
    });
    for (const sku of unknown) expect(res.json().message).toContain(sku);
    const asked = store.requests.slice(before).map((u) => new URL(u, 'http://x').searchParams);
    expect(asked.map((q) => q.get('page'))).toEqual(['1', '2']);
    const after = new Date(asked[0]!.get('after')!).getTime();
    expect(Math.abs(after - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);

    const orders = await ordersOf(tenant.companyId);
    expect(orders.map((o) => o.orderNumber)).toEqual([second!.number, first!.number, '900'].sort());
    const imported = orders.find((o) => o.orderNumber === first!.number)!;
    expect(imported).toMatchObject({
      source: 'woocommerce',
      externalId: String(first!.id),
      storefrontStatus: first!.status,
      internalStatus: 'open',
      customerName: 'John Doe',
      customerEmail: 'john.doe@example.com',
      currency: 'USD',
      total: '29.35',
    });
    expect(imported.orderedAt.toISOString()).toBe(`${String(first!.date_created_gmt)}.000Z`);
    expect(imported.shippingAddress).toMatchObject({ address_1: '969 Market', city: 'San Francisco' });
    const lines = await itemsOf(imported.id);
    expect(lines.map((l) => [l.externalId, l.quantity, l.productId])).toEqual(first!.line_items.map((l) => [String(l.id), `${Number(l.quantity)}.00`, null]));
    // WooCommerce leaves HTML entities in names.
    for (const line of lines) expect(line.prodName).not.toMatch(/&[a-z]+;/);
    const hoseOrder = orders.find((o) => o.orderNumber === '900')!;
    expect((await itemsOf(hoseOrder.id))[0]).toMatchObject({ productId: hose.id, prodSku: 'HOSE-20', quantity: '3.00', price: '25.00' });

    // POST does the same as the spec's GET (DESIGN §3: an unsafe GET is also accepted as POST).
    const again = await sync(tenant, '', 'POST');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
    expect(again.json().message).toMatch(/^Synced 3 orders from the last 7 days: 0 new, 0 updated\./);
    expect(await ordersOf(tenant.companyId)).toHaveLength(3);
    expect(await itemsOf(imported.id)).toHaveLength(lines.length);

    const [connection] = await db().select().from(storefrontConnections).where(eq(storefrontConnections.companyId, tenant.companyId));
    expect(connection!.lastSyncedAt).not.toBeNull();
    const notes = await db().select().from(notifications).where(eq(notifications.receiverUserId, tenant.user.id));
    expect(notes.filter((n) => n.title === 'Order sync finished')).toHaveLength(2);

    const listed = await as(app, tenant, { method: 'GET', url: '/api/customers/orders/?search=HOSE-20' });
    expect((listed.json() as OrderPage).results.map((o) => o.order_number)).toEqual(['900']);
  });

  it('updates changed statuses and lines, keeps picked lines and cancels what the store cancelled', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20' });
    const location = await insertLocation(db(), tenant.companyId);
    const [first, second] = exampleOrders();
    const hoseOrder = thirdOrder(first!, 'HOSE-20');
    hoseOrder.line_items = [...hoseOrder.line_items, { id: 2, name: 'Nozzle', sku: 'NOZZLE', quantity: 1, price: 5 }];
    store.failWith = null;
    store.pages = [[first!, second!, hoseOrder]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({
      created: 3,
      updated: 0,
      unknown_skus: ['NOZZLE', ...first!.line_items.map((l) => String(l.sku)).filter(Boolean)].sort(),
    });

    const orders = await ordersOf(tenant.companyId);
    const hoseRow = orders.find((o) => o.orderNumber === '900')!;
    const [hoseLine] = await itemsOf(hoseRow.id);
    await recordPick(tenant.companyId, hose.id, location.id, hoseLine!.id, 1);

    // A backorder of the first order's first line, which the store's cancel resolves.
    const firstRow = orders.find((o) => o.orderNumber === first!.number)!;
    const backorder = await insertBackorder(db(), tenant.companyId, hose.id, { orderItemId: (await itemsOf(firstRow.id))[0]!.id });

    // The store drops the hose line (picked: it stays) and the nozzle line (not picked: it goes),
    // adds a line, and cancels the first order.
    store.pages = [
      [
        { ...first!, status: 'cancelled' },
        second!,
        { ...hoseOrder, status: 'on-hold', line_items: [{ id: 3, name: 'Sprinkler', sku: 'HOSE-20', quantity: 2, price: 40 }] },
      ],
    ];
    const res = await sync(tenant, '?no_of_days=31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 2 });
    expect(res.json().message).toMatch(/^Synced 3 orders from the last 31 days: 0 new, 2 updated\./);

    const after = await ordersOf(tenant.companyId);
    expect(after.find((o) => o.orderNumber === first!.number)).toMatchObject({ storefrontStatus: 'cancelled', internalStatus: 'cancelled' });
    const [resolved] = await db().select().from(customerBackorders).where(eq(customerBackorders.id, backorder.id));
    expect(resolved).toMatchObject({ resolution: 'order_cancelled', resolvedAt: expect.any(Date) });

    // The store takes its cancel back (paid on a retry): the order is live again, and so is its backorder.
    store.pages = [[{ ...first!, status: 'processing' }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await ordersOf(tenant.companyId)).find((o) => o.orderNumber === first!.number)).toMatchObject({
      storefrontStatus: 'processing',
      internalStatus: 'open',
    });
    const [reopened] = await db().select().from(customerBackorders).where(eq(customerBackorders.id, backorder.id));
    expect(reopened).toMatchObject({ resolution: null, resolvedAt: null, status: 'open' });

    // Cancelled here while the store has it live: a sync leaves it cancelled.
    const order = (await ordersOf(tenant.companyId)).find((o) => o.orderNumber === first!.number)!;
    expect((await as(app, tenant, { method: 'PUT', url: `/api/customers/orders/${order.id}/`, payload: { internal_status: 'cancelled' } })).statusCode).toBe(
      200,
    );
    await sync(tenant, '?no_of_days=31');
    expect((await ordersOf(tenant.companyId)).find((o) => o.id === order.id)!.internalStatus).toBe('cancelled');
    const hoseAfter = after.find((o) => o.orderNumber === '900')!;
    expect(hoseAfter).toMatchObject({ storefrontStatus: 'on-hold', internalStatus: 'partially_picked' });
    expect((await itemsOf(hoseAfter.id)).map((l) => [l.externalId, l.prodSku, l.quantity])).toEqual([
      ['1', 'HOSE-20', '3.00'],
      ['3', 'HOSE-20', '2.00'],
    ]);
  });

  it('keeps a picked line’s product, never lowers the line below what was picked, and a raised line’s backorders wait again', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20' });
    await insertProduct(db(), tenant.companyId, { sku: 'HOSE-30' });
    const location = await insertLocation(db(), tenant.companyId);
    const [first] = exampleOrders();
    const hoseOrder = thirdOrder(first!, 'HOSE-20');
    store.failWith = null;
    store.pages = [[hoseOrder]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 1 });
    const order = (await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!;
    const [line] = await itemsOf(order.id);
    await recordPick(tenant.companyId, hose.id, location.id, line!.id, 2);

    // The store lowers the line to 1 and points it at another product: 2 were picked of HOSE-20.
    store.pages = [[{ ...hoseOrder, line_items: [{ id: 1, name: 'Garden hose 30 m', sku: 'HOSE-30', quantity: 1, price: 25 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await itemsOf(order.id)).map((l) => [l.productId, l.prodSku, l.prodName, l.quantity])).toEqual([[hose.id, 'HOSE-30', 'Garden hose 30 m', '2.00']]);
    expect((await ordersOf(tenant.companyId)).find((o) => o.id === order.id)!.internalStatus).toBe('picked');
    // The line's backorder, resolved by its full pick.
    const [backorder] = await db()
      .insert(customerBackorders)
      .values({
        companyId: tenant.companyId,
        productId: hose.id,
        quantity: '1',
        orderNumber: '900',
        orderItemId: line!.id,
        resolvedAt: new Date(),
        resolution: 'picked',
      })
      .returning();
    const backorderNow = async () => (await db().select().from(customerBackorders).where(eq(customerBackorders.id, backorder!.id)))[0]!;
    store.pages = [[{ ...hoseOrder, line_items: [{ id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 2, price: 26 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect(await backorderNow()).toMatchObject({ resolution: 'picked', resolvedAt: expect.any(Date) });

    // Raised above the picks, the store's quantity holds again, and the line's backorder waits again.
    store.pages = [[{ ...hoseOrder, line_items: [{ id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 4, price: 25 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await itemsOf(order.id)).map((l) => [l.productId, l.quantity])).toEqual([[hose.id, '4.00']]);
    expect((await ordersOf(tenant.companyId)).find((o) => o.id === order.id)!.internalStatus).toBe('partially_picked');
    expect(await backorderNow()).toMatchObject({ status: 'open', resolution: null, resolvedAt: null });
  });

  it('leaves a delivered order’s lines as they are (the goods have left) and updates its header', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20' });
    const location = await insertLocation(db(), tenant.companyId);
    const [first] = exampleOrders();
    const hoseOrder = thirdOrder(first!, 'HOSE-20');
    store.failWith = null;
    store.pages = [[hoseOrder]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 1 });
    const order = (await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!;
    const [line] = await itemsOf(order.id);
    await recordPick(tenant.companyId, hose.id, location.id, line!.id, 3);
    const [backorder] = await db()
      .insert(customerBackorders)
      .values({
        companyId: tenant.companyId,
        productId: hose.id,
        quantity: '1',
        orderNumber: '900',
        orderItemId: line!.id,
        resolvedAt: new Date(),
        resolution: 'picked',
      })
      .returning();
    const put = await as(app, tenant, { method: 'PUT', url: `/api/customers/orders/${order.id}/`, payload: { internal_status: 'delivered' } });
    expect(put.statusCode, put.body).toBe(200);
    const linesBefore = await itemsOf(order.id);

    // The store raises, renames and reprices the line, drops it for another one, or adds one: none of it reaches a delivered order.
    const storeChanges = [
      [{ id: 1, name: 'Garden hose 30 m', sku: 'HOSE-20', quantity: 5, price: 30 }],
      [
        { id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 3, price: 25 },
        { id: 2, name: 'Rake', sku: 'RAKE-1', quantity: 1, price: 9 },
      ],
      [{ id: 3, name: 'Rake', sku: 'RAKE-1', quantity: 1, price: 9 }],
    ];
    for (const [n, lineItems] of storeChanges.entries()) {
      store.pages = [[{ ...hoseOrder, line_items: lineItems, billing: { first_name: 'Jane', last_name: `Doe ${n}`, email: 'jane@example.com' } }]];
      expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
      expect(await itemsOf(order.id)).toEqual(linesBefore);
      const now = (await ordersOf(tenant.companyId)).find((o) => o.id === order.id)!;
      expect(now).toMatchObject({ internalStatus: 'delivered', customerName: `Jane Doe ${n}`, customerEmail: 'jane@example.com' });
    }
    expect((await db().select().from(customerBackorders).where(eq(customerBackorders.id, backorder!.id)))[0]).toMatchObject({
      resolution: 'picked',
      resolvedAt: expect.any(Date),
    });
  });

  it('a raised line’s ready backorder waits again, and the goods its pick took stay counted as taken on the purchase order line', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
    const location = await insertLocation(db(), tenant.companyId);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const [first] = exampleOrders();
    const hoseOrder = thirdOrder(first!, 'HOSE-20');
    store.failWith = null;
    store.pages = [[hoseOrder]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 1 });
    const [storeLine] = await itemsOf((await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!.id);
    const { items } = await insertOrder(db(), tenant.companyId, { orderNumber: 'W-2' }, [{ productId: hose.id, quantity: 3 }]);
    const api = (method: 'POST' | 'GET', url: string, payload?: object) => as(app, tenant, { method, url, ...(payload ? { payload } : {}) });
    const older = (await api('POST', '/api/customers/backorders/', { order_item: storeLine!.id, quantity: 3 })).json();
    const younger = (await api('POST', '/api/customers/backorders/', { order_item: items[0]!.id, quantity: 3 })).json();
    const po = (await api('POST', '/api/procurement/orders/', { supplier: supplier.id })).json();
    const poLine = (await api('POST', '/api/procurement/order_items/', { order: po.id, product: hose.id, quantity: 7 })).json();
    for (const b of [older, younger])
      expect((await api('POST', `/api/customers/backorders/${b.id}/reserve/`, { procurement_order_item: poLine.id })).statusCode).toBe(200);
    const receive = (quantity: number) => api('POST', `/api/procurement/order_items/${poLine.id}/receive/`, { location: location.id, quantity });
    expect((await receive(3)).statusCode).toBe(201);
    const pick = await api('POST', `/api/customers/order_items/${storeLine!.id}/actions/pick/?location_id=${location.id}&product_id=${hose.id}&quantity=3`);
    expect(pick.statusCode, pick.body).toBe(200);
    const backorderOf = async (id: number) => (await db().select().from(customerBackorders).where(eq(customerBackorders.id, id)))[0]!;
    expect(await backorderOf(older.id)).toMatchObject({ resolution: 'picked' });

    // The store raises the line to 5: the backorder waits for 2 again, but the 3 picked have not come back.
    store.pages = [[{ ...hoseOrder, line_items: [{ id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 5, price: 25 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect(await backorderOf(older.id)).toMatchObject({ status: 'open', quantity: '2.00', resolution: null });
    // One more arrives: one is free on the line, not the picked three with it.
    expect((await receive(1)).statusCode).toBe(201);
    expect(await backorderOf(younger.id)).toMatchObject({ status: 'reserved' });
    expect((await receive(2)).statusCode).toBe(201);
    expect(await backorderOf(younger.id)).toMatchObject({ status: 'ready' });
  });

  it('the store’s cancel of an order with a ready backorder hands its received goods to the next reserved backorder', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
    const location = await insertLocation(db(), tenant.companyId);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const [first] = exampleOrders();
    const hoseOrder = thirdOrder(first!, 'HOSE-20');
    store.failWith = null;
    store.pages = [[hoseOrder]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 1 });
    const [storeLine] = await itemsOf((await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!.id);
    const { items } = await insertOrder(db(), tenant.companyId, { orderNumber: 'W-2' }, [{ productId: hose.id, quantity: 2 }]);
    const api = (method: 'POST' | 'GET', url: string, payload?: object) => as(app, tenant, { method, url, ...(payload ? { payload } : {}) });
    const older = (await api('POST', '/api/customers/backorders/', { order_item: storeLine!.id, quantity: 3 })).json();
    const younger = (await api('POST', '/api/customers/backorders/', { order_item: items[0]!.id, quantity: 2 })).json();
    const po = (await api('POST', '/api/procurement/orders/', { supplier: supplier.id })).json();
    const poLine = (await api('POST', '/api/procurement/order_items/', { order: po.id, product: hose.id, quantity: 5 })).json();
    for (const b of [older, younger])
      expect((await api('POST', `/api/customers/backorders/${b.id}/reserve/`, { procurement_order_item: poLine.id })).statusCode).toBe(200);
    expect((await api('POST', `/api/procurement/order_items/${poLine.id}/receive/`, { location: location.id, quantity: 3 })).statusCode).toBe(201);
    const statusOf = async (id: number) => (await db().select().from(customerBackorders).where(eq(customerBackorders.id, id)))[0]!.status;
    expect([await statusOf(older.id), await statusOf(younger.id)]).toEqual(['ready', 'reserved']);

    store.pages = [[{ ...hoseOrder, status: 'cancelled' }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect(await statusOf(younger.id)).toBe('ready');
    const notes = await db().select().from(notifications).where(eq(notifications.receiverUserId, tenant.user.id));
    expect(notes.filter((n) => n.kind === 'backorder_ready').map((n) => n.title)).toEqual(['Backorder ready to pick: HOSE-20 Garden hose']);
  });

  it('a line the store drops hands its ready backorder’s received goods to the next reserved backorder', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
    await insertProduct(db(), tenant.companyId, { sku: 'RAKE-1' });
    const location = await insertLocation(db(), tenant.companyId);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const [first] = exampleOrders();
    const rakeLine = { id: 2, name: 'Rake', sku: 'RAKE-1', quantity: 1, price: 9 };
    const hoseOrder = { ...thirdOrder(first!, 'HOSE-20'), line_items: [...thirdOrder(first!, 'HOSE-20').line_items, rakeLine] };
    store.failWith = null;
    store.pages = [[hoseOrder]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 1 });
    const order = (await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!;
    const [storeLine] = await itemsOf(order.id);
    const { items } = await insertOrder(db(), tenant.companyId, { orderNumber: 'W-2' }, [{ productId: hose.id, quantity: 2 }]);
    const api = (method: 'POST' | 'GET', url: string, payload?: object) => as(app, tenant, { method, url, ...(payload ? { payload } : {}) });
    const older = (await api('POST', '/api/customers/backorders/', { order_item: storeLine!.id, quantity: 3 })).json();
    const younger = (await api('POST', '/api/customers/backorders/', { order_item: items[0]!.id, quantity: 2 })).json();
    const po = (await api('POST', '/api/procurement/orders/', { supplier: supplier.id })).json();
    const poLine = (await api('POST', '/api/procurement/order_items/', { order: po.id, product: hose.id, quantity: 5 })).json();
    for (const b of [older, younger])
      expect((await api('POST', `/api/customers/backorders/${b.id}/reserve/`, { procurement_order_item: poLine.id })).statusCode).toBe(200);
    expect((await api('POST', `/api/procurement/order_items/${poLine.id}/receive/`, { location: location.id, quantity: 3 })).statusCode).toBe(201);
    const backorderOf = async (id: number) => (await db().select().from(customerBackorders).where(eq(customerBackorders.id, id)))[0];
    expect([(await backorderOf(older.id))!.status, (await backorderOf(younger.id))!.status]).toEqual(['ready', 'reserved']);

    // The store drops the hose line (nothing was picked on it): its backorder goes, and the 3 received pass on.
    store.pages = [[{ ...hoseOrder, line_items: [rakeLine] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await itemsOf(order.id)).map((l) => l.prodSku)).toEqual(['RAKE-1']);
    expect(await backorderOf(older.id)).toBeUndefined();
    expect(await backorderOf(younger.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
    const notes = await db().select().from(notifications).where(eq(notifications.receiverUserId, tenant.user.id));
    expect(notes.filter((n) => n.kind === 'backorder_ready').map((n) => n.title)).toEqual(['Backorder ready to pick: HOSE-20 Garden hose']);
  });

  it('cancels under concurrent backorder deletes and receipts without a deadlock, and the freed goods end with the backorders still waiting', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
    const location = await insertLocation(db(), tenant.companyId);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const [first] = exampleOrders();
    // Twenty store orders of one hose, each backordered and reserved on one purchase order line, the first one ready.
    const storeOrders = Array.from({ length: 20 }, (_, n) => ({
      ...first!,
      id: 2001 + n,
      number: String(2001 + n),
      status: 'processing',
      line_items: [{ id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 1, price: 25 }],
    }));
    store.failWith = null;
    store.pages = [storeOrders];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 20 });
    const api = (method: 'POST' | 'DELETE', url: string, payload?: object) => as(app, tenant, { method, url, ...(payload ? { payload } : {}) });
    const po = (await api('POST', '/api/procurement/orders/', { supplier: supplier.id })).json();
    const poLine = (await api('POST', '/api/procurement/order_items/', { order: po.id, product: hose.id, quantity: 40 })).json();
    const backorders: number[] = [];
    for (const order of (await ordersOf(tenant.companyId)).sort((a, b) => Number(a.orderNumber) - Number(b.orderNumber))) {
      const backorder = (await api('POST', '/api/customers/backorders/', { order_item: (await itemsOf(order.id))[0]!.id })).json();
      expect((await api('POST', `/api/customers/backorders/${backorder.id}/reserve/`, { procurement_order_item: poLine.id })).statusCode).toBe(200);
      backorders.push(backorder.id);
    }
    const receive = () => api('POST', `/api/procurement/order_items/${poLine.id}/receive/`, { location: location.id, quantity: 1 });
    expect((await receive()).statusCode).toBe(201);

    // The store cancels the odd ones while the even ones' backorders are deleted, but the last two, and one more arrives.
    store.pages = [storeOrders.map((o, n) => (n % 2 === 0 ? { ...o, status: 'cancelled' } : o))];
    const deletes = backorders.slice(0, 16).filter((_, n) => n % 2 === 1);
    const asked = store.requests.length;
    const syncing = sync(tenant, '?no_of_days=31');
    // The store has answered: the sync is about to write, and the deletes and the receipt come in meanwhile.
    if (usesPostgres()) while (store.requests.length === asked) await new Promise((resolve) => setTimeout(resolve, 1));
    const responses = await Promise.all([syncing, ...deletes.map((id) => api('DELETE', `/api/customers/backorders/${id}/`)), receive()]);
    for (const res of responses) expect(res.statusCode, res.body).toBeLessThan(300);
    const rows = await db().select().from(customerBackorders).where(eq(customerBackorders.companyId, tenant.companyId));
    const of = (n: number) => rows.find((b) => b.id === backorders[n - 1]);
    for (let n = 1; n <= 19; n += 2) expect(of(n), `#${n}`).toMatchObject({ resolution: 'order_cancelled' });
    // 2 received: they end with #18 and #20, whatever came first.
    for (const n of [18, 20]) expect(of(n), `#${n}`).toMatchObject({ status: 'ready', resolvedAt: null });
  });

  it('keeps the product an operator linked a line to while the store’s SKU stays the same', async () => {
    const tenant = await connectedShop();
    const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20' });
    const rake = await insertProduct(db(), tenant.companyId, { sku: 'RAKE-1' });
    const [first] = exampleOrders();
    const order = thirdOrder(first!, '');
    store.failWith = null;
    store.pages = [[order]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ created: 1 });
    const created = (await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!;
    const [line] = await itemsOf(created.id);
    expect(line!.productId).toBeNull();
    const linked = await as(app, tenant, { method: 'PUT', url: `/api/customers/order_items/${line!.id}/`, payload: { product: rake.id } });
    expect(linked.statusCode, linked.body).toBe(200);

    // Renamed at the store, the SKU still blank: the link holds.
    store.pages = [[{ ...order, line_items: [{ id: 1, name: 'Rake, wide', sku: '', quantity: 3, price: 25 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await itemsOf(created.id)).map((l) => [l.prodName, l.productId])).toEqual([['Rake, wide', rake.id]]);
    // Another SKU, unknown here: the line is another thing now, and has no product.
    store.pages = [[{ ...order, line_items: [{ id: 1, name: 'Rake, wide', sku: 'RAKE-X', quantity: 3, price: 25 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await itemsOf(created.id))[0]!.productId).toBeNull();
    // A SKU of the catalog: the store's match.
    store.pages = [[{ ...order, line_items: [{ id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 3, price: 25 }] }]];
    expect((await sync(tenant, '?no_of_days=31')).json()).toMatchObject({ updated: 1 });
    expect((await itemsOf(created.id))[0]!.productId).toBe(hose.id);
  });

  it('stores a line price the store sends with more decimals rounded to cents, and a re-sync of the same order changes nothing', async () => {
    const tenant = await connectedShop();
    const [first] = exampleOrders();
    // WooCommerce answers a line's price as its subtotal over its quantity: 100 / 3 here.
    const order = { ...thirdOrder(first!, 'HOSE-20'), line_items: [{ id: 1, name: 'Garden hose', sku: 'HOSE-20', quantity: 3, price: 33.333333 }] };
    store.failWith = null;
    store.pages = [[order]];
    expect((await sync(tenant)).json()).toMatchObject({ created: 1, updated: 0 });
    const created = (await ordersOf(tenant.companyId)).find((o) => o.orderNumber === '900')!;
    expect((await itemsOf(created.id))[0]!.price).toBe('33.33');

    const again = await sync(tenant);
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
    expect(again.json().message).toMatch(/: 0 new, 0 updated\./);
    expect((await ordersOf(tenant.companyId)).find((o) => o.id === created.id)!.updatedAt).toEqual(created.updatedAt);
  });

  it('answers 502 and changes nothing when the store fails, refuses the keys, times out or sends no JSON', async () => {
    const tenant = await connectedShop();
    const [first] = exampleOrders();
    store.failWith = null;
    store.pages = [[first!]];
    expect((await sync(tenant)).statusCode).toBe(200);
    const snapshot = JSON.stringify(await ordersOf(tenant.companyId));
    store.pages = [[{ ...first!, status: 'completed', total: '1.00' }, thirdOrder(first!, 'X')]];

    store.failWith = { status: 500, body: '{"code":"internal_server_error"}' };
    const failed = await sync(tenant);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toContain('HTTP 500');
    store.failWith = { status: 200, body: '<html>maintenance</html>' };
    expect((await sync(tenant)).json()).toEqual({ detail: 'The storefront did not answer with JSON orders.' });
    store.failWith = { status: 200, body: '{"orders": []}' };
    expect((await sync(tenant)).statusCode).toBe(502);
    store.failWith = null;

    const wrongKeys = await connectedShop('cs_wrong');
    const refused = await sync(wrongKeys);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toContain('HTTP 401');

    store.delayMs = 500;
    try {
      await expect(syncOrders(ctxOf(tenant), 7, { timeoutMs: 100, outbound: outboundPolicy(app.deps.config) })).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('did not answer'),
      });
    } finally {
      store.delayMs = 0;
    }
    expect(JSON.stringify(await ordersOf(tenant.companyId))).toBe(snapshot);
  });

  it('follows the Link header when the store sends no X-WP-TotalPages', async () => {
    const tenant = await connectedShop();
    const [first, second] = exampleOrders();
    store.failWith = null;
    store.linkOnly = true;
    store.pages = [[first!], [second!], [thirdOrder(first!, 'X')]];
    try {
      expect((await sync(tenant)).json()).toMatchObject({ created: 3, updated: 0 });
    } finally {
      store.linkOnly = false;
    }
    expect(await ordersOf(tenant.companyId)).toHaveLength(3);
  });

  it.each([
    ['a lone surrogate (a \\ud800 escape)', '\ud800'],
    ['a NUL character (a \\u0000 escape)', '\u0000'],
  ])('imports an order whose texts hold %s, with U+FFFD in its place', async (_what, broken) => {
    const tenant = await connectedShop();
    const [first] = exampleOrders();
    store.failWith = null;
    store.pages = [
      [
        {
          ...first!,
          billing: { first_name: `Ann${broken}`, last_name: 'Lee', email: 'ann@example.com' },
          shipping: { first_name: 'Ann', last_name: 'Lee', address_1: `Storgatan 1${broken}`, city: 'Lund', country: 'SE' },
          line_items: [{ id: 1, name: `Garden hose ${broken}`, sku: 'HOSE', quantity: 1, price: 25 }],
        },
      ],
    ];
    const res = await sync(tenant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1 });
    const [order] = await ordersOf(tenant.companyId);
    expect(order!.customerName).toBe('Ann\uFFFD Lee');
    expect(order!.shippingAddress).toMatchObject({ address_1: 'Storgatan 1\uFFFD' });
    expect((await itemsOf(order!.id)).map((i) => i.prodName)).toEqual(['Garden hose \uFFFD']);
  });

  it('answers 400 without a connection, 400 for a bad window and 401 without a token', async () => {
    const tenant = await createTenant(app);
    const res = await sync(tenant);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: SYNC_MESSAGES.notConnected });
    const connected = await connectedShop();
    expect((await sync(connected, '?no_of_days=0')).statusCode).toBe(400);
    expect((await sync(connected, '?no_of_days=abc')).statusCode).toBe(400);
    expect((await sync(null)).statusCode).toBe(401);
    // The same by POST.
    expect((await sync(tenant, '', 'POST')).json()).toEqual({ detail: SYNC_MESSAGES.notConnected });
    const badWindow = await sync(connected, '?no_of_days=0', 'POST');
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json()).toHaveProperty('no_of_days');
    expect((await sync(null, '', 'POST')).statusCode).toBe(401);
  });
});
