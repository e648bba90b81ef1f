import {
  pickedMessage,
  unpickedMessage,
  type BackorderResponse,
  type InventoryEntry,
  type OrderInternalStatus,
  type OrderItemResponse,
  type OrderResponse,
  type TransactionResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 5000;

export type PickLocation = { id: number; slug: string };
export type PickProduct = { id: number; sku: string; name: string };
type ItemSeed = { product: PickProduct | null; quantity: number; stockProxyParent?: number; id?: number };
type StoredItem = {
  id: number;
  order: number;
  product: PickProduct | null;
  stockProxyParent: number | null;
  quantity: number;
  backordered: number;
  picks: number[];
};
type StoredOrder = Omit<OrderResponse, 'order_items' | 'internal_status'> & { closed: OrderInternalStatus | null; items: StoredItem[] };
type Recorded = { method: string; path: string; query: Record<string, string>; body: unknown };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An in-memory customer-order back end answering like the API: picks are STOCK_OUT ledger rows
 * linked to the item (qty picked derived from them), capped at what remains and at the level;
 * unpick deletes the row and restores the level; the internal status follows the items.
 */
export function createPickBackend({ locations = [] as PickLocation[], products = [] as PickProduct[] } = {}) {
  const state = {
    orders: [] as StoredOrder[],
    /** product id -> location id -> level */
    levels: new Map<number, Map<number, number>>(),
    transactions: [] as TransactionResponse[],
    backorders: [] as BackorderResponse[],
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

  const level = (productId: number, locationId: number) => state.levels.get(productId)?.get(locationId) ?? 0;
  const setStock = (product: PickProduct | number, locationId: number, quantity: number) => {
    const id = typeof product === 'number' ? product : product.id;
    if (!state.levels.has(id)) state.levels.set(id, new Map());
    state.levels.get(id)!.set(locationId, quantity);
  };
  const picked = (item: StoredItem) => round(item.picks.reduce((sum, id) => sum + (state.transactions.find((t) => t.id === id)?.quantity ?? 0), 0));
  const itemResponse = (item: StoredItem): OrderItemResponse => {
    const qtyPicked = picked(item);
    return {
      id: item.id,
      order: item.order,
      product: item.product?.id ?? null,
      product__stock_proxy_parent: item.stockProxyParent,
      prod_sku: item.product?.sku ?? 'UNKNOWN',
      prod_name: item.product?.name ?? 'Unknown product',
      quantity: item.quantity,
      qty_picked: qtyPicked,
      qty_remaining: round(item.quantity - qtyPicked),
      qty_backordered: item.backordered,
      price: 100,
      inventory_transactions: [...item.picks],
    };
  };
  const orderResponse = (order: StoredOrder): OrderResponse => {
    const { closed, items, ...rest } = order;
    const order_items = items.map(itemResponse);
    const anyPicked = order_items.some((item) => item.qty_picked > 0);
    const allPicked = order_items.every((item) => item.qty_remaining <= 0);
    const internal_status: OrderInternalStatus = closed ?? (allPicked ? 'picked' : anyPicked ? 'partially_picked' : 'open');
    return { ...rest, internal_status, order_items };
  };
  const findItem = (id: number) => {
    for (const order of state.orders) {
      const item = order.items.find((i) => i.id === id);
      if (item) return { order, item };
    }
    return null;
  };
  const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
  const location = (id: number) => locations.find((l) => l.id === id);

  /** Puts an order straight into the state (as a sync would). */
  const addOrder = (overrides: Partial<StoredOrder> & { order_number: string }, items: ItemSeed[] = []) => {
    const id = ++nextId;
    const order: StoredOrder = {
      id,
      source: 'woocommerce',
      storefront_status: 'processing',
      closed: null,
      customer_name: 'Grace Hopper',
      customer_email: 'grace@example.com',
      shipping_address: {},
      currency: 'SEK',
      total: 100,
      notes: '',
      created_at: NOW,
      delivered_at: null,
      synced_at: NOW,
      updated_at: NOW,
      ...overrides,
      items: items.map((seed) => ({
        id: seed.id ?? ++nextId,
        order: id,
        product: seed.product,
        stockProxyParent: seed.stockProxyParent ?? null,
        quantity: seed.quantity,
        backordered: 0,
        picks: [],
      })),
    };
    state.orders.push(order);
    return orderResponse(order);
  };

  const handlers = [
    http.get(apiUrl('/customers/orders/'), async ({ request }) => {
      const url = await record(request);
      const statuses = url.searchParams.get('internal_status__in')?.split(',');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const results = state.orders
        .map(orderResponse)
        .filter((order) => !statuses || statuses.includes(order.internal_status))
        .filter(
          (order) =>
            !search ||
            order.order_number.toLowerCase().includes(search) ||
            order.customer_name.toLowerCase().includes(search) ||
            order.order_items.some((item) => item.prod_sku.toLowerCase().includes(search)),
        )
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      return HttpResponse.json(page(results.slice(0, limit), results.length));
    }),
    http.get(apiUrl('/customers/orders/:id/'), async ({ request, params }) => {
      await record(request);
      const order = state.orders.find((o) => o.id === Number(params.id));
      return order ? HttpResponse.json(orderResponse(order)) : notFound();
    }),
    http.get(apiUrl('/catalog/products/inventories/'), async ({ request }) => {
      const url = await record(request);
      const ids = (url.searchParams.get('product_ids') ?? '').split(',').filter(Boolean).map(Number);
      const results = ids.map((productId) => {
        const inventories: InventoryEntry[] = [...(state.levels.get(productId) ?? new Map<number, number>())].map(([locationId, quantity]) => ({
          location_id: locationId,
          abbreviation_slug: location(locationId)?.slug ?? String(locationId),
          accumulated_quantity: quantity,
        }));
        return { product_id: productId, total: round(inventories.reduce((sum, entry) => sum + entry.accumulated_quantity, 0)), inventories };
      });
      return HttpResponse.json({ results });
    }),
    http.get(apiUrl('/catalog/products/inventories/transactions/'), async ({ request }) => {
      const url = await record(request);
      const ids = (url.searchParams.get('inventory_transaction_ids') ?? '').split(',').filter(Boolean).map(Number);
      return HttpResponse.json({ results: state.transactions.filter((t) => ids.includes(t.id)) });
    }),
    http.get(apiUrl('/customers/order_items/:id/actions/pick/'), async ({ request, params }) => {
      const url = await record(request);
      const found = findItem(Number(params.id));
      if (!found) return notFound();
      const { order, item } = found;
      const locationId = Number(url.searchParams.get('location_id'));
      const productId = Number(url.searchParams.get('product_id'));
      const quantity = Number(url.searchParams.get('quantity'));
      const remaining = round(item.quantity - picked(item));
      if (!(quantity > 0)) return HttpResponse.json({ quantity: ['Ensure this value is greater than 0.'] }, { status: 400 });
      if (quantity > remaining) return HttpResponse.json({ quantity: [`Only ${remaining} left to pick.`] }, { status: 400 });
      const available = level(productId, locationId);
      if (quantity > available) {
        return HttpResponse.json({ quantity: [`Only ${available} in stock at ${location(locationId)?.slug ?? locationId}.`] }, { status: 400 });
      }
      setStock(productId, locationId, round(available - quantity));
      const product = products.find((p) => p.id === productId);
      const transaction: TransactionResponse = {
        id: ++nextId,
        product: productId,
        product_sku: product?.sku ?? '',
        product_name: product?.name ?? '',
        location: locationId,
        location_abbreviation_slug: location(locationId)?.slug ?? '',
        inventory_action: 'STOCK_OUT',
        quantity,
        delta: -quantity,
        comments: `Picked for order ${order.order_number}`,
        move_id: null,
        order_item: item.id,
        procurement_order_item: null,
        account: testUser.id,
        created_at: NOW,
        updated_at: NOW,
      };
      state.transactions.push(transaction);
      item.picks.push(transaction.id);
      const response = orderResponse(order);
      const sku = item.product?.sku ?? '';
      return HttpResponse.json({
        result: pickedMessage(quantity, sku, item.product?.name ?? '', order.order_number),
        inventory_transaction: transaction.id,
        order: response,
      });
    }),
    http.get(apiUrl('/customers/order_items/:id/actions/unpick/'), async ({ request, params }) => {
      const url = await record(request);
      const found = findItem(Number(params.id));
      if (!found) return notFound();
      const { order, item } = found;
      const transactionId = Number(url.searchParams.get('inventory_transaction_id'));
      const transaction = state.transactions.find((t) => t.id === transactionId);
      if (!transaction || !item.picks.includes(transactionId)) {
        return HttpResponse.json({ inventory_transaction_id: ['This is not a pick of this order item.'] }, { status: 400 });
      }
      setStock(transaction.product, transaction.location, round(level(transaction.product, transaction.location) + transaction.quantity));
      state.transactions = state.transactions.filter((t) => t.id !== transactionId);
      item.picks = item.picks.filter((id) => id !== transactionId);
      return HttpResponse.json({ result: unpickedMessage(item.product?.sku ?? '', item.product?.name ?? '', order.order_number), order: orderResponse(order) });
    }),
    http.post(apiUrl('/customers/backorders/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { order_item: number };
      const found = findItem(Number(body.order_item));
      if (!found) return HttpResponse.json({ order_item: ['Invalid pk - object does not exist.'] }, { status: 400 });
      const { order, item } = found;
      const quantity = round(item.quantity - picked(item));
      item.backordered = round(item.backordered + quantity);
      const backorder: BackorderResponse = {
        id: ++nextId,
        product: item.product?.id ?? 0,
        product_sku: item.product?.sku ?? '',
        product_name: item.product?.name ?? '',
        quantity,
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
      return HttpResponse.json(backorder, { status: 201 });
    }),
  ];

  return { state, handlers, addOrder, setStock, level };
}
