import {
  MESSAGES,
  type LocationResponse,
  type ProcurementOrderDetailResponse,
  type ProcurementOrderItemResponse,
  type ProcurementOrderStatus,
  type ProductLiteResponse,
  type SupplierOptionResponse,
  type TransactionResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 900;

export const createSupplier = (overrides: Partial<SupplierOptionResponse> = {}): SupplierOptionResponse => {
  const id = overrides.id ?? ++nextId;
  return { id, name: `Supplier ${id}`, name_abbrev: `S${id}`, ...overrides };
};

export const createLocation = (overrides: Partial<LocationResponse> = {}): LocationResponse => {
  const id = overrides.id ?? ++nextId;
  const name = overrides.name ?? `Shelf ${id}`;
  return {
    id,
    name,
    name_slug: name.toLowerCase().replace(/\s+/g, '-'),
    abbreviation_slug: `S${id}`,
    content: '',
    comment: '',
    stocktaking_perfomed_at: null,
    obsolete: false,
    not_for_stock: false,
    type: null,
    type_name: null,
    account: null,
    company: testUser.company,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

type Recorded = { method: string; path: string; query: Record<string, string>; body: unknown };
type OrderState = Omit<ProcurementOrderDetailResponse, 'items_count' | 'quantity_total' | 'quantity_received_total' | 'status'> & {
  status: ProcurementOrderStatus;
};

const cents = (n: number | string) => Math.round(Number(n) * 100);
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An in-memory purchase-order back end answering like the API (ADR 0009): numbering PO-000001...,
 * items merged per product, quantity never below received, receipts capped at what remains,
 * status following the receipts. `requests` records every call.
 */
export function createOrdersBackend({
  suppliers = [] as SupplierOptionResponse[],
  products = [] as ProductLiteResponse[],
  locations = [] as LocationResponse[],
  unitCosts = {} as Record<number, number>,
} = {}) {
  const state = {
    suppliers: [...suppliers],
    products: [...products],
    locations: [...locations],
    orders: [] as OrderState[],
    transactions: [] as TransactionResponse[],
    requests: [] as Recorded[],
    counter: 0,
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
  const derivedStatus = (order: OrderState): ProcurementOrderStatus => {
    if (order.status === 'cancelled') return 'cancelled';
    const received = order.items.reduce((sum, item) => sum + cents(item.quantity_received), 0);
    if (received === 0) return 'open';
    return order.items.every((item) => cents(item.quantity_received) >= cents(item.quantity)) ? 'received' : 'partially_received';
  };
  const detail = (order: OrderState): ProcurementOrderDetailResponse => ({
    ...order,
    status: derivedStatus(order),
    items_count: order.items.length,
    quantity_total: round(order.items.reduce((sum, item) => sum + item.quantity, 0)),
    quantity_received_total: round(order.items.reduce((sum, item) => sum + item.quantity_received, 0)),
  });
  const findItem = (id: number) => {
    for (const order of state.orders) {
      const item = order.items.find((i) => i.id === id);
      if (item) return { order, item };
    }
    return null;
  };
  const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

  /** Puts an order straight into the state (as a seed would). */
  const addOrder = (overrides: Partial<OrderState> & { supplier: number }, items: Partial<ProcurementOrderItemResponse>[] = []) => {
    const supplier = state.suppliers.find((s) => s.id === overrides.supplier);
    const id = ++nextId;
    const order: OrderState = {
      id,
      supplier_name: supplier?.name ?? '',
      internal_order_number: `PO-${String(++state.counter).padStart(6, '0')}`,
      status: 'open',
      comments: '',
      account: testUser.id,
      created_at: NOW,
      updated_at: NOW,
      items: [],
      ...overrides,
    };
    for (const item of items) {
      const product = state.products.find((p) => p.id === item.product)!;
      order.items.push({
        id: ++nextId,
        order: id,
        product: product.id,
        product_sku: product.sku,
        product_name: product.name,
        procurement_product: null,
        quantity: 1,
        quantity_received: 0,
        unit_cost_sek: unitCosts[product.id] ?? null,
        receipts: [],
        created_at: NOW,
        updated_at: NOW,
        ...item,
      });
    }
    state.orders.unshift(order);
    return detail(order);
  };

  const handlers = [
    http.get(apiUrl('/suppliers/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(page(state.suppliers));
    }),
    http.get(apiUrl('/catalog/products2/'), async ({ request }) => {
      const url = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json(page(state.products.filter((p) => p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search))));
    }),
    http.get(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
      const url = await record(request);
      const obsolete = url.searchParams.get('obsolete');
      return HttpResponse.json(page(state.locations.filter((l) => !obsolete || l.obsolete === (obsolete === 'Yes'))));
    }),
    http.get(apiUrl('/procurement/orders/'), async ({ request }) => {
      const url = await record(request);
      const supplier = url.searchParams.get('supplier');
      const status = url.searchParams.get('status');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows = state.orders
        .map(detail)
        .filter(
          (o) =>
            (!supplier || o.supplier === Number(supplier)) &&
            (!status || o.status === status) &&
            (o.internal_order_number.toLowerCase().includes(search) || o.supplier_name.toLowerCase().includes(search)),
        )
        .map(({ items: _items, ...order }) => order);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.get(apiUrl('/procurement/orders/:id/'), async ({ request, params }) => {
      await record(request);
      const order = state.orders.find((o) => o.id === Number(params.id));
      return order ? HttpResponse.json(detail(order)) : notFound();
    }),
    http.post(apiUrl('/procurement/orders/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { supplier: number; internal_order_number?: string; comments?: string };
      if (!state.suppliers.some((s) => s.id === body.supplier)) {
        return HttpResponse.json({ supplier: [`Invalid pk "${body.supplier}" - object does not exist.`] }, { status: 400 });
      }
      if (body.internal_order_number && state.orders.some((o) => o.internal_order_number === body.internal_order_number)) {
        return HttpResponse.json({ internal_order_number: ['A procurement order with this internal order number already exists.'] }, { status: 400 });
      }
      const created = addOrder({
        supplier: body.supplier,
        comments: body.comments ?? '',
        ...(body.internal_order_number ? { internal_order_number: body.internal_order_number } : {}),
      });
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(apiUrl('/procurement/orders/:id/'), async ({ request, params }) => {
      await record(request);
      const order = state.orders.find((o) => o.id === Number(params.id));
      if (!order) return notFound();
      const body = (await request.json()) as { status?: ProcurementOrderStatus; comments?: string };
      if (body.status === 'cancelled' && order.items.some((i) => i.quantity_received > 0)) {
        return HttpResponse.json({ status: ['An order with received goods cannot be cancelled.'] }, { status: 400 });
      }
      if (body.status) order.status = body.status === 'cancelled' ? 'cancelled' : 'open';
      if (body.comments !== undefined) order.comments = body.comments;
      return HttpResponse.json(detail(order));
    }),
    http.delete(apiUrl('/procurement/orders/:id/'), async ({ request, params }) => {
      await record(request);
      const order = state.orders.find((o) => o.id === Number(params.id));
      if (!order) return notFound();
      if (order.items.some((i) => i.quantity_received > 0)) {
        return HttpResponse.json({ detail: 'This order has received goods and cannot be deleted.' }, { status: 409 });
      }
      state.orders = state.orders.filter((o) => o !== order);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/procurement/order_items/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { order: number; product: number; quantity: string };
      const order = state.orders.find((o) => o.id === body.order);
      const product = state.products.find((p) => p.id === body.product);
      if (!order || !product) return HttpResponse.json({ product: [`Invalid pk "${body.product}" - object does not exist.`] }, { status: 400 });
      let item = order.items.find((i) => i.product === product.id);
      if (item) item.quantity = round(item.quantity + Number(body.quantity));
      else {
        item = {
          id: ++nextId,
          order: order.id,
          product: product.id,
          product_sku: product.sku,
          product_name: product.name,
          procurement_product: null,
          quantity: Number(body.quantity),
          quantity_received: 0,
          unit_cost_sek: unitCosts[product.id] ?? null,
          receipts: [],
          created_at: NOW,
          updated_at: NOW,
        };
        order.items.push(item);
      }
      return HttpResponse.json({ ...item, message: MESSAGES.ordered }, { status: 201 });
    }),
    http.put(apiUrl('/procurement/order_items/:id/'), async ({ request, params }) => {
      await record(request);
      const found = findItem(Number(params.id));
      if (!found) return notFound();
      const body = (await request.json()) as { quantity: string };
      if (cents(body.quantity) < cents(found.item.quantity_received)) {
        return HttpResponse.json(
          { quantity: [`Ensure this value is greater than or equal to the quantity already received (${found.item.quantity_received.toFixed(2)}).`] },
          { status: 400 },
        );
      }
      found.item.quantity = Number(body.quantity);
      return HttpResponse.json(found.item);
    }),
    http.delete(apiUrl('/procurement/order_items/:id/'), async ({ request, params }) => {
      await record(request);
      const found = findItem(Number(params.id));
      if (!found) return notFound();
      found.order.items = found.order.items.filter((i) => i !== found.item);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/procurement/order_items/:id/receive/'), async ({ request, params }) => {
      await record(request);
      const found = findItem(Number(params.id));
      if (!found) return notFound();
      const body = (await request.json()) as { location: number; quantity: string; comments: string };
      const { order, item } = found;
      if (order.status === 'cancelled') return HttpResponse.json({ non_field_errors: ['This order is cancelled.'] }, { status: 400 });
      const remaining = cents(item.quantity) - cents(item.quantity_received);
      if (cents(body.quantity) > remaining) {
        return HttpResponse.json(
          {
            quantity: [`Cannot receive more than was ordered: ${(remaining / 100).toFixed(2)} of ${item.quantity.toFixed(2)} left to receive.`],
          },
          { status: 400 },
        );
      }
      const location = state.locations.find((l) => l.id === body.location);
      if (!location || location.obsolete) return HttpResponse.json({ location: ['This location is obsolete.'] }, { status: 400 });
      const transaction: TransactionResponse = {
        id: ++nextId,
        product: item.product,
        product_sku: item.product_sku,
        product_name: item.product_name,
        location: location.id,
        location_abbreviation_slug: location.abbreviation_slug,
        inventory_action: 'STOCK_IN',
        quantity: Number(body.quantity),
        delta: Number(body.quantity),
        comments: body.comments ? `Received on ${order.internal_order_number}: ${body.comments}` : `Received on ${order.internal_order_number}`,
        move_id: null,
        order_item: null,
        procurement_order_item: item.id,
        account: testUser.id,
        created_at: NOW,
        updated_at: NOW,
      };
      state.transactions.push(transaction);
      item.quantity_received = round(item.quantity_received + Number(body.quantity));
      item.receipts.push({
        id: ++nextId,
        location: location.id,
        location_abbreviation_slug: location.abbreviation_slug,
        quantity: Number(body.quantity),
        transaction: transaction.id,
        account: testUser.id,
        created_at: NOW,
      });
      return HttpResponse.json({ item, transaction }, { status: 201 });
    }),
  ];
  return { state, handlers, addOrder };
}
