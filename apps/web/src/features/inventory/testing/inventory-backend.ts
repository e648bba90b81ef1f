import type {
  InventoryAction,
  LocationResponse,
  LocationTypeResponse,
  ProductLiteResponse,
  ProductResponse,
  StocktakingRow,
  TransactionResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { locationResponse, productResponse } from '@/test/catalog-fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 500;
const NO_PRICE = { incl: null, excl: null, margin: null };

export const createLocation = (overrides: Partial<LocationResponse> = {}): LocationResponse => locationResponse(overrides.id ?? ++nextId, overrides);

export const createLocationType = (overrides: Partial<LocationTypeResponse> = {}): LocationTypeResponse => ({
  id: ++nextId,
  name: `Type ${nextId}`,
  location_count: 0,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});

export const createProduct = (overrides: Partial<ProductResponse> = {}): ProductResponse =>
  productResponse(overrides.id ?? ++nextId, {
    price: 100,
    price_calculated_automatically: 100,
    margin: 80,
    margin_percent: 100,
    price_details: { sale: NO_PRICE, manual: NO_PRICE, auto: { incl: 100, excl: 80, margin: 80 } },
    ...overrides,
  });

type Level = { product: number; location: number; quantity: number; counted_at: string | null };
type Request = { method: string; path: string; query: Record<string, string>; body: unknown };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An in-memory inventory back end answering like the API: levels per (product, location),
 * a ledger, moves, stocktaking, locations and their types. `requests` records every call.
 */
export function createInventoryBackend({
  locations = [] as LocationResponse[],
  types = [] as LocationTypeResponse[],
  products = [] as ProductResponse[],
  levels = [] as Omit<Level, 'counted_at'>[],
} = {}) {
  const state = {
    locations: [...locations],
    types: [...types],
    products: [...products],
    levels: levels.map((level) => ({ ...level, counted_at: null as string | null })),
    transactions: [] as TransactionResponse[],
    requests: [] as Request[],
  };

  const record = async (request: globalThis.Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    });
    return url;
  };
  const level = (product: number, location: number) => {
    let row = state.levels.find((l) => l.product === product && l.location === location);
    if (!row) {
      row = { product, location, quantity: 0, counted_at: null };
      state.levels.push(row);
    }
    return row;
  };
  const slug = (location: number) => state.locations.find((l) => l.id === location)?.abbreviation_slug ?? '';
  const syncStock = () => {
    for (const product of state.products) {
      product.qty_in_stock = round(state.levels.filter((l) => l.product === product.id).reduce((sum, l) => sum + l.quantity, 0));
    }
  };
  const addTransaction = (body: { product: number; location: number; inventory_action: InventoryAction; quantity: number; comments: string }) => {
    const row = level(body.product, body.location);
    const delta = body.inventory_action === 'STOCK_IN' ? body.quantity : body.inventory_action === 'STOCK_OUT' ? -body.quantity : body.quantity - row.quantity;
    row.quantity = round(row.quantity + delta);
    if (body.inventory_action === 'STOCK_TAKING') row.counted_at = new Date().toISOString();
    const product = state.products.find((p) => p.id === body.product);
    const transaction: TransactionResponse = {
      id: ++nextId,
      product: body.product,
      product_sku: product?.sku ?? '',
      product_name: product?.name ?? '',
      location: body.location,
      location_abbreviation_slug: slug(body.location),
      inventory_action: body.inventory_action,
      quantity: body.quantity,
      delta: round(delta),
      comments: body.comments,
      move_id: null,
      order_item: null,
      procurement_order_item: null,
      account: testUser.id,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    state.transactions.unshift(transaction);
    syncStock();
    return transaction;
  };
  const paginate = <T>(url: URL, rows: T[], defaultLimit = 25) => {
    const limit = Number(url.searchParams.get('limit') ?? defaultLimit);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return page(rows.slice(offset, offset + limit), rows.length);
  };
  const inventoriesOf = (productId: number) => {
    const rows = state.levels.filter((l) => l.product === productId && l.quantity !== 0);
    return {
      product_id: productId,
      total: round(rows.reduce((sum, l) => sum + l.quantity, 0)),
      inventories: rows.map((l) => ({ location_id: l.location, abbreviation_slug: slug(l.location), accumulated_quantity: l.quantity })),
    };
  };

  const handlers = [
    // ---- location types
    http.get(apiUrl('/catalog/inventory_location_types/'), async ({ request }) => {
      const url = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json(
        paginate(
          url,
          state.types.filter((t) => t.name.toLowerCase().includes(search)),
        ),
      );
    }),
    http.post(apiUrl('/catalog/inventory_location_types/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { name: string };
      if (!body.name.trim()) return HttpResponse.json({ name: ['This field may not be blank.'] }, { status: 400 });
      const type = createLocationType({ name: body.name.trim() });
      state.types.push(type);
      return HttpResponse.json(type, { status: 201 });
    }),
    http.put(apiUrl('/catalog/inventory_location_types/:id/'), async ({ request, params }) => {
      await record(request);
      const type = state.types.find((t) => t.id === Number(params.id));
      if (!type) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      type.name = ((await request.json()) as { name: string }).name;
      return HttpResponse.json(type);
    }),
    http.delete(apiUrl('/catalog/inventory_location_types/:id/'), async ({ request, params }) => {
      await record(request);
      state.types = state.types.filter((t) => t.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiUrl('/catalog/inventory_location_types/'), async ({ request }) => {
      await record(request);
      const { ids } = (await request.json()) as { ids: number[] };
      state.types = state.types.filter((t) => !ids.includes(t.id));
      return new HttpResponse(null, { status: 204 });
    }),
    // ---- locations
    http.get(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
      const url = await record(request);
      const obsolete = url.searchParams.get('obsolete');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows = state.locations.filter(
        (l) =>
          (!obsolete || l.obsolete === (obsolete.toLowerCase() === 'yes')) &&
          (l.name.toLowerCase().includes(search) || l.abbreviation_slug.toLowerCase().includes(search)),
      );
      return HttpResponse.json(paginate(url, rows, 50));
    }),
    http.post(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Partial<LocationResponse> & { name: string };
      const location = createLocation({ ...body, abbreviation_slug: body.abbreviation_slug || body.name });
      state.locations.push(location);
      return HttpResponse.json(location, { status: 201 });
    }),
    http.put(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { locations: (Partial<LocationResponse> & { id: number })[] };
      const saved = body.locations.map((change) => {
        const location = state.locations.find((l) => l.id === change.id)!;
        Object.assign(location, change);
        if (!location.abbreviation_slug) location.abbreviation_slug = location.name;
        return location;
      });
      return HttpResponse.json({ locations: saved });
    }),
    http.delete(apiUrl('/catalog/inventory_locations/:id/'), async ({ request, params }) => {
      await record(request);
      const id = Number(params.id);
      if (state.levels.some((l) => l.location === id) || state.transactions.some((t) => t.location === id)) {
        return HttpResponse.json({ detail: 'This location holds stock or has transactions; mark it obsolete instead.' }, { status: 409 });
      }
      state.locations = state.locations.filter((l) => l.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    // ---- products
    http.get(apiUrl('/catalog/products/inventories/'), async ({ request }) => {
      const url = await record(request);
      const ids = (url.searchParams.get('product_ids') ?? '').split(',').map(Number);
      return HttpResponse.json({ results: ids.map(inventoriesOf) });
    }),
    http.get(apiUrl('/catalog/products/'), async ({ request }) => {
      const url = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const id = url.searchParams.get('id');
      const low = url.searchParams.get('low_stock') === 'Yes';
      const rows = state.products.filter(
        (p) =>
          (!id || p.id === Number(id)) &&
          (!low || p.qty_in_stock <= p.qty_restock_level) &&
          (p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search)),
      );
      return HttpResponse.json(paginate(url, rows));
    }),
    http.get(apiUrl('/catalog/products2/'), async ({ request }) => {
      const url = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const id = url.searchParams.get('id');
      const rows: ProductLiteResponse[] = state.products
        .filter((p) => (!id || p.id === Number(id)) && (p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search)))
        .map(({ id, sku, name, product_type, qty_in_stock }) => ({ id, sku, name, product_type, qty_in_stock }));
      return HttpResponse.json(paginate(url, rows));
    }),
    // ---- ledger
    http.get(apiUrl('/catalog/inventory_transactions/'), async ({ request }) => {
      const url = await record(request);
      const product = url.searchParams.get('product');
      const location = url.searchParams.get('location');
      const action = url.searchParams.get('inventory_action');
      const rows = state.transactions.filter(
        (t) => (!product || t.product === Number(product)) && (!location || t.location === Number(location)) && (!action || t.inventory_action === action),
      );
      return HttpResponse.json(paginate(url, rows));
    }),
    http.post(apiUrl('/catalog/inventory_transactions/move/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { product: number; from_location: number; to_location: number; quantity: string; comments: string };
      const quantity = Number(body.quantity);
      const available = level(body.product, body.from_location).quantity;
      if (quantity > available) {
        return HttpResponse.json({ quantity: [`Not enough stock: ${available.toFixed(2)} available at ${slug(body.from_location)}.`] }, { status: 400 });
      }
      const stockOut = addTransaction({
        product: body.product,
        location: body.from_location,
        inventory_action: 'STOCK_OUT',
        quantity,
        comments: body.comments,
      });
      const stockIn = addTransaction({ product: body.product, location: body.to_location, inventory_action: 'STOCK_IN', quantity, comments: body.comments });
      return HttpResponse.json({ move_id: 'move-1', stock_out: stockOut, stock_in: stockIn }, { status: 201 });
    }),
    http.post(apiUrl('/catalog/inventory_transactions/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { product: number; location: number; inventory_action: InventoryAction; quantity: string; comments: string };
      const quantity = Number(body.quantity);
      if (body.inventory_action === 'STOCK_OUT' && quantity > level(body.product, body.location).quantity) {
        return HttpResponse.json(
          { quantity: [`Not enough stock: ${level(body.product, body.location).quantity.toFixed(2)} available at ${slug(body.location)}.`] },
          { status: 400 },
        );
      }
      return HttpResponse.json(addTransaction({ ...body, quantity }), { status: 201 });
    }),
    http.put(apiUrl('/catalog/inventory_transactions/:id/'), async ({ request, params }) => {
      await record(request);
      const transaction = state.transactions.find((t) => t.id === Number(params.id));
      if (!transaction) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const body = (await request.json()) as { quantity?: string; location?: number; comments?: string };
      // Undo the old effect, then apply the new one.
      level(transaction.product, transaction.location).quantity -= transaction.delta;
      if (body.location !== undefined) {
        transaction.location = body.location;
        transaction.location_abbreviation_slug = slug(body.location);
      }
      if (body.quantity !== undefined) transaction.quantity = Number(body.quantity);
      if (body.comments !== undefined) transaction.comments = body.comments;
      const row = level(transaction.product, transaction.location);
      transaction.delta = transaction.inventory_action === 'STOCK_OUT' ? -transaction.quantity : transaction.quantity;
      row.quantity = round(row.quantity + transaction.delta);
      syncStock();
      return HttpResponse.json(transaction);
    }),
    // ---- stocktaking
    http.get(apiUrl('/catalog/stocktaking/'), async ({ request }) => {
      const url = await record(request);
      const location = url.searchParams.get('location');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows: StocktakingRow[] = state.levels
        .filter((l) => !location || l.location === Number(location))
        .map((l) => {
          const product = state.products.find((p) => p.id === l.product)!;
          return {
            product_id: l.product,
            sku: product.sku,
            name: product.name,
            location_id: l.location,
            abbreviation_slug: slug(l.location),
            quantity: l.quantity,
            performed_stocktaking: l.counted_at,
          };
        })
        .filter((row) => row.sku.toLowerCase().includes(search) || row.name.toLowerCase().includes(search));
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json({
        count: rows.length,
        next: null,
        previous: null,
        result: {
          inventory_locations: state.locations.map(({ id, name, name_slug, abbreviation_slug, obsolete, stocktaking_perfomed_at }) => ({
            id,
            name,
            name_slug,
            abbreviation_slug,
            obsolete,
            stocktaking_perfomed_at,
          })),
          products: rows.slice(offset, offset + limit),
        },
      });
    }),
  ];
  return { state, handlers };
}
