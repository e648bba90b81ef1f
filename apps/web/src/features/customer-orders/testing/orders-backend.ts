import {
  MESSAGES,
  ORDER_ITEM_MESSAGES,
  type BackorderResponse,
  type OrderInternalStatus,
  type OrderItemResponse,
  type OrderResponse,
  type ProcurementOrderItemListRow,
  type ProductLiteResponse,
  type SyncOrdersResponse,
  type TransactionResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 5000;

type Recorded = { method: string; path: string; query: Record<string, string>; body: unknown };
type SyncAnswer = { status: 200; body: SyncOrdersResponse; orders?: OrderResponse[] } | { status: 400 | 502; body: { detail: string } };

export const createOrderItem = (overrides: Partial<OrderItemResponse> = {}): OrderItemResponse => {
  const id = overrides.id ?? ++nextId;
  const quantity = overrides.quantity ?? 1;
  const picked = overrides.qty_picked ?? 0;
  return {
    id,
    order: 0,
    product: id + 100000,
    product__stock_proxy_parent: null,
    prod_sku: `SKU-${id}`,
    prod_name: `Product ${id}`,
    quantity,
    qty_picked: picked,
    qty_remaining: quantity - picked,
    qty_backordered: 0,
    price: 10,
    inventory_transactions: [],
    ...overrides,
  };
};

export const createCustomerOrder = (overrides: Partial<OrderResponse> = {}): OrderResponse => {
  const id = overrides.id ?? ++nextId;
  const order: OrderResponse = {
    id,
    order_number: String(1000 + id),
    source: 'woocommerce',
    storefront_status: 'processing',
    internal_status: 'open',
    customer_name: `Customer ${id}`,
    customer_email: `customer${id}@example.com`,
    shipping_address: {},
    currency: 'SEK',
    total: 100,
    notes: '',
    created_at: NOW,
    delivered_at: null,
    synced_at: NOW,
    updated_at: NOW,
    order_items: [],
    ...overrides,
  };
  order.order_items = order.order_items.map((item) => ({ ...item, order: order.id }));
  return order;
};

export const createPickTransaction = (overrides: Partial<TransactionResponse> = {}): TransactionResponse => ({
  id: ++nextId,
  product: 1,
  product_sku: 'SKU',
  product_name: 'Product',
  location: 1,
  location_abbreviation_slug: 'A1',
  inventory_action: 'STOCK_OUT',
  quantity: 1,
  delta: -1,
  comments: '',
  move_id: null,
  order_item: null,
  procurement_order_item: null,
  account: testUser.id,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});

/** A purchase order line as GET /procurement/order_items/ lists it. */
export const createIncomingLine = (overrides: Partial<ProcurementOrderItemListRow> = {}): ProcurementOrderItemListRow => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    order: id + 200000,
    order_number: `PO-${String(id).padStart(6, '0')}`,
    order_status: 'open',
    supplier_name: 'Acme Garden',
    product: 1,
    product_sku: 'SKU',
    product_name: 'Product',
    procurement_product: null,
    quantity: 10,
    quantity_received: 0,
    unit_cost_sek: null,
    reserved: 0,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

type OrderingField = 'created_at' | 'delivered_at' | 'order_number' | 'total' | 'internal_status';

/**
 * An in-memory customer-orders back end answering like the API: list filters and ordering as
 * spec §4, PUT of status and notes, backorders per order line (one per line; the quantity is what
 * remains to pick) and their reservation against purchase order lines (refused beyond what is free),
 * the pick ledger rows by id, and a sync whose answer a test sets. `requests`
 * records every call.
 */
export function createCustomerOrdersBackend({
  orders = [] as OrderResponse[],
  transactions = [] as TransactionResponse[],
  incomingLines = [] as ProcurementOrderItemListRow[],
  products = [] as ProductLiteResponse[],
} = {}) {
  const state = {
    /** The catalog the product picker searches (GET /catalog/products2/). */
    products: [...products],
    incomingLines: incomingLines.map((line) => structuredClone(line)),
    orders: orders.map((order) => structuredClone(order)),
    transactions: [...transactions],
    backorders: [] as BackorderResponse[],
    sync: { status: 200, body: { message: 'No orders to sync.', created: 0, updated: 0, unknown_skus: [] } } as SyncAnswer,
    /** Set to hold the sync's answer until the test resolves it (to see the running state). */
    syncGate: null as Promise<void> | null,
    requests: [] as Recorded[],
  };

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    });
    return url;
  };
  const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
  const findItem = (id: number) => {
    for (const order of state.orders) {
      const item = order.order_items.find((i) => i.id === id);
      if (item) return { order, item };
    }
    return null;
  };
  const inRange = (value: string | null, from: string | null, to: string | null) => {
    if (!from && !to) return true;
    if (!value) return false;
    const time = Date.parse(value);
    return (!from || time >= Date.parse(from)) && (!to || time <= Date.parse(to));
  };

  const handlers = [
    http.get(apiUrl('/customers/orders/sync'), async ({ request }) => {
      await record(request);
      if (state.syncGate) await state.syncGate;
      const answer = state.sync;
      if (answer.status === 200) {
        for (const order of answer.orders ?? []) if (!state.orders.some((o) => o.order_number === order.order_number)) state.orders.push(order);
      }
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
    http.get(apiUrl('/customers/orders/'), async ({ request }) => {
      const url = await record(request);
      const q = (name: string) => url.searchParams.get(name);
      const search = (q('search') ?? '').toLowerCase();
      const ordering = q('ordering') ?? '-created_at';
      const field = ordering.replace(/^-/, '') as OrderingField;
      const sign = ordering.startsWith('-') ? -1 : 1;
      const rows = state.orders
        .filter(
          (o) =>
            (!q('order_number') || o.order_number === q('order_number')) &&
            (!q('internal_status') || o.internal_status === q('internal_status')) &&
            inRange(o.created_at, q('created_at__gte'), q('created_at__lte')) &&
            inRange(o.delivered_at, q('delivered_at__gte'), q('delivered_at__lte')) &&
            (!search ||
              [o.order_number, o.customer_name, o.customer_email, ...o.order_items.map((i) => i.prod_sku)].some((text) => text.toLowerCase().includes(search))),
        )
        .sort((a, b) => sign * String(a[field] ?? '').localeCompare(String(b[field] ?? ''), undefined, { numeric: true }));
      const limit = Number(q('limit') ?? 25);
      const offset = Number(q('offset') ?? 0);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.get(apiUrl('/customers/orders/:id/'), async ({ request, params }) => {
      await record(request);
      const order = state.orders.find((o) => o.id === Number(params.id));
      return order ? HttpResponse.json(order) : notFound();
    }),
    http.put(apiUrl('/customers/orders/:id/'), async ({ request, params }) => {
      await record(request);
      const order = state.orders.find((o) => o.id === Number(params.id));
      if (!order) return notFound();
      const body = (await request.json()) as { internal_status?: OrderInternalStatus; notes?: string };
      if (body.internal_status === 'cancelled' && order.order_items.some((i) => i.qty_picked > 0)) {
        return HttpResponse.json({ internal_status: ['An order with picked items cannot be cancelled.'] }, { status: 400 });
      }
      if (body.internal_status) {
        order.internal_status = body.internal_status;
        order.delivered_at = body.internal_status === 'delivered' ? NOW : null;
      }
      if (body.notes !== undefined) order.notes = body.notes;
      order.updated_at = new Date().toISOString();
      return HttpResponse.json(order);
    }),
    http.put(apiUrl('/customers/order_items/:id/'), async ({ request, params }) => {
      await record(request);
      const found = findItem(Number(params.id));
      if (!found) return notFound();
      const body = (await request.json()) as { product: number | null };
      if (body.product !== null && !state.products.some((p) => p.id === body.product)) {
        return HttpResponse.json({ product: [`Invalid pk "${body.product}" - object does not exist.`] }, { status: 400 });
      }
      if (found.item.qty_picked > 0) {
        return HttpResponse.json({ product: [ORDER_ITEM_MESSAGES.picked] }, { status: 400 });
      }
      found.item.product = body.product;
      found.order.updated_at = new Date().toISOString();
      return HttpResponse.json(found.order);
    }),
    http.get(apiUrl('/catalog/products2/'), async ({ request }) => {
      const url = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json(page(state.products.filter((p) => p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search))));
    }),
    http.get(apiUrl('/catalog/products/inventories/transactions/'), async ({ request }) => {
      const url = await record(request);
      const ids = (url.searchParams.get('inventory_transaction_ids') ?? '').split(',').map(Number);
      return HttpResponse.json({ results: state.transactions.filter((t) => ids.includes(t.id)) });
    }),
    http.get(apiUrl('/customers/backorders/'), async ({ request }) => {
      const url = await record(request);
      const orderNumber = url.searchParams.get('order_number');
      return HttpResponse.json(page(state.backorders.filter((b) => !orderNumber || b.order_number === orderNumber)));
    }),
    http.post(apiUrl('/customers/backorders/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { order_item: number };
      const found = findItem(Number(body.order_item));
      const product = found?.item.product ?? null;
      if (!found || product === null) return HttpResponse.json({ order_item: [`Invalid pk "${body.order_item}" - object does not exist.`] }, { status: 400 });
      const { order, item } = found;
      if (state.backorders.some((b) => b.order_item === item.id)) {
        return HttpResponse.json({ order_item: ['This order item is already backordered.'] }, { status: 400 });
      }
      const backorder: BackorderResponse = {
        id: ++nextId,
        product,
        product_sku: item.prod_sku,
        product_name: item.prod_name,
        quantity: item.qty_remaining,
        order_number: order.order_number,
        order_item: item.id,
        status: 'open',
        reserved_order_item: null,
        reserved_order_number: null,
        ready_at: null,
        comments: '',
        created_at: NOW,
      };
      state.backorders.push(backorder);
      item.qty_backordered = backorder.quantity;
      return HttpResponse.json(backorder, { status: 201 });
    }),
    http.get(apiUrl('/procurement/order_items/'), async ({ request }) => {
      const url = await record(request);
      const product = url.searchParams.get('product');
      const statuses = url.searchParams.get('order__status__in')?.split(',');
      return HttpResponse.json(
        page(state.incomingLines.filter((line) => (!product || line.product === Number(product)) && (!statuses || statuses.includes(line.order_status)))),
      );
    }),
    http.post(apiUrl('/customers/backorders/:id/reserve/'), async ({ request, params }) => {
      await record(request);
      const backorder = state.backorders.find((b) => b.id === Number(params.id));
      if (!backorder) return notFound();
      const body = (await request.json()) as { procurement_order_item: number };
      const line = state.incomingLines.find((l) => l.id === Number(body.procurement_order_item) && l.product === backorder.product);
      if (!line)
        return HttpResponse.json({ procurement_order_item: [`Invalid pk "${body.procurement_order_item}" - object does not exist.`] }, { status: 400 });
      const free = line.quantity - line.quantity_received - line.reserved;
      if (free < backorder.quantity) {
        return HttpResponse.json({ procurement_order_item: [`Not enough incoming: ${free} of this line is neither received nor reserved.`] }, { status: 400 });
      }
      line.reserved += backorder.quantity;
      Object.assign(backorder, { status: 'reserved', reserved_order_item: line.id, reserved_order_number: line.order_number });
      return HttpResponse.json({ message: MESSAGES.reserved, backorder });
    }),
    http.delete(apiUrl('/customers/backorders/:id/'), async ({ request, params }) => {
      await record(request);
      const backorder = state.backorders.find((b) => b.id === Number(params.id));
      if (!backorder) return notFound();
      state.backorders = state.backorders.filter((b) => b !== backorder);
      const found = backorder.order_item === null ? null : findItem(backorder.order_item);
      if (found) found.item.qty_backordered = 0;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { state, handlers };
}
