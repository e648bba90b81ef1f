import {
  MARGIN_BANDS,
  PRODUCT_TYPES,
  type LocationResponse,
  type ProcurementProductWithOnOrder,
  type ProductDescriptionResponse,
  type ProductInventories,
  type ProductResponse,
  type SupplierOptionResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { descriptionResponse, locationResponse, productResponse } from '@/test/catalog-fixtures';
import { page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 700;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The pricing figures the API derives (DESIGN §5), so an edit in a test changes them like the server does. */
function priced(product: ProductResponse): ProductResponse {
  const totalCost = round2((product.procurement_cost ?? 0) + product.cost_shipping + product.cost_packaging_labour + product.cost_packaging_material);
  const excl = (incl: number | null) => (incl === null ? null : round2(incl / (1 + product.vat / 100)));
  const marginOf = (incl: number | null) => (incl === null ? null : round2(excl(incl)! - totalCost));
  const price = product.price_manual_override ?? product.price_calculated_automatically;
  const priceExcl = excl(price);
  const margin = marginOf(price);
  return {
    ...product,
    price,
    total_cost: totalCost,
    margin,
    margin_percent: margin === null || !priceExcl ? null : round2((100 * margin) / priceExcl),
    price_details: {
      sale: { incl: product.price_on_sale, excl: excl(product.price_on_sale), margin: marginOf(product.price_on_sale) },
      manual: { incl: product.price_manual_override, excl: excl(product.price_manual_override), margin: marginOf(product.price_manual_override) },
      auto: {
        incl: product.price_calculated_automatically,
        excl: excl(product.price_calculated_automatically),
        margin: marginOf(product.price_calculated_automatically),
      },
    },
  };
}

export const createCatalogProduct = (overrides: Partial<ProductResponse> = {}): ProductResponse =>
  priced(productResponse(overrides.id ?? ++nextId, { price: 125, price_calculated_automatically: 125, procurement_cost: 60, ...overrides }));

export const createLocationOption = (overrides: Partial<LocationResponse> = {}): LocationResponse => locationResponse(overrides.id ?? ++nextId, overrides);

export const createDescription = (overrides: Partial<ProductDescriptionResponse> & { product: number }): ProductDescriptionResponse =>
  descriptionResponse(overrides.id ?? ++nextId, overrides);

export const createSupplierProduct = (overrides: Partial<ProcurementProductWithOnOrder> & { catalog_product: number }): ProcurementProductWithOnOrder => {
  const id = ++nextId;
  return {
    id,
    sku: `SUP-${id}`,
    name: `Supplier product ${id}`,
    stock_details: '5',
    stock_quantity: 5,
    cost: 60,
    cost_currency_id: 1,
    cost_currency: 'SEK',
    cost_sek: 60,
    supplier: 1,
    supplier_name: 'Nordic Tools',
    urls: [],
    image_urls: [],
    image: null,
    product_type: 'simple',
    status: 'active',
    skipped: false,
    category: null,
    category_name: null,
    description: '',
    brand: '',
    ean: '',
    created_at: NOW,
    updated_at: NOW,
    on_order: 0,
    ...overrides,
  };
};

type Recorded = { method: string; path: string; query: Record<string, string>; body: unknown };
type Failure = { status: number; body: unknown };

const inBand = (product: ProductResponse, value: string) => {
  const band = MARGIN_BANDS.find((candidate) => candidate.value === value);
  if (!band) return true;
  if (band.value === 'negative') return product.margin !== null && product.margin < 0;
  const percent = product.margin_percent;
  if (percent === null || (product.margin ?? 0) < 0) return false;
  return (band.from === null || percent >= band.from) && (band.to === null || percent < band.to);
};

/**
 * An in-memory catalog answering like the API for the product grid: the list with its filters,
 * the bulk PUT (re-pricing like the server) and DELETE, inventories, procurement data,
 * descriptions and the option lists. `requests` records every call; `failNext` makes the next
 * write answer with the given status and body.
 */
export function createCatalogBackend({
  products = [] as ProductResponse[],
  locations = [] as LocationResponse[],
  inventories = [] as ProductInventories[],
  supplierProducts = [] as ProcurementProductWithOnOrder[],
  descriptions = [] as ProductDescriptionResponse[],
  suppliers = [] as SupplierOptionResponse[],
  /** Answer full pages with this as an estimated count (`count_is_estimate`), as the API does for long lists. */
  estimatedCount = undefined as number | undefined,
} = {}) {
  const state = {
    products: products.map((product) => ({ ...product })),
    descriptions: descriptions.map((description) => ({ ...description })),
    requests: [] as Recorded[],
    failNext: null as Failure | null,
  };

  const record = async (request: Request) => {
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
  const takeFailure = () => {
    const failure = state.failNext;
    state.failNext = null;
    return failure ? HttpResponse.json(failure.body as object, { status: failure.status }) : null;
  };
  const idsOf = (url: URL) => (url.searchParams.get('product_ids') ?? '').split(',').filter(Boolean).map(Number);

  const handlers = [
    http.get(apiUrl('/catalog/products/'), async ({ request }) => {
      const url = await record(request);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const band = url.searchParams.get('margin_band');
      const override = url.searchParams.get('price_override');
      let rows = state.products.filter((p) => !search || p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search));
      if (band) rows = rows.filter((p) => inBand(p, band));
      if (override) rows = rows.filter((p) => (p.price_manual_override !== null) === (override === 'Yes'));
      const ordering = url.searchParams.get('ordering');
      // Like the API: `field` or `-field`, empty values last either way.
      const field = (ordering ?? 'sku').replace(/^-/, '') as keyof ProductResponse;
      const sign = ordering?.startsWith('-') ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const [x, y] = [a[field], b[field]];
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
      });
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const next = offset + limit < rows.length ? `${url.origin}${url.pathname}?offset=${offset + limit}` : null;
      const results = rows.slice(offset, offset + limit);
      if (estimatedCount !== undefined && results.length === limit) {
        return HttpResponse.json({ ...page(results, estimatedCount), next, count_is_estimate: true });
      }
      return HttpResponse.json({ ...page(results, rows.length), next });
    }),
    http.put(apiUrl('/catalog/products/'), async ({ request }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const body = (await request.json()) as { products: ({ id: number } & Record<string, unknown>)[] };
      const saved = body.products.map(({ id, ...patch }) => {
        const index = state.products.findIndex((p) => p.id === id);
        const numeric = Object.fromEntries(
          Object.entries(patch).map(([key, value]) => [key, typeof value === 'string' && key !== 'name' ? Number(value) : value]),
        );
        state.products[index] = priced({ ...state.products[index]!, ...numeric, edited_at: NOW });
        return state.products[index]!;
      });
      return HttpResponse.json({ products: saved });
    }),
    http.delete(apiUrl('/catalog/products/'), async ({ request }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const { products: ids } = (await request.json()) as { products: number[] };
      const stocked = state.products.filter((p) => ids.includes(p.id) && p.qty_in_stock > 0);
      if (stocked.length) {
        return HttpResponse.json(
          { detail: `Product ${stocked[0]!.sku} has stock or stock history and cannot be deleted; archive it instead.` },
          { status: 409 },
        );
      }
      state.products = state.products.filter((p) => !ids.includes(p.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/catalog/products/inventories/'), async ({ request }) => {
      const url = await record(request);
      const ids = idsOf(url);
      return HttpResponse.json({
        results: ids.map((id) => inventories.find((row) => row.product_id === id) ?? { product_id: id, total: 0, inventories: [] }),
      });
    }),
    http.get(apiUrl('/procurement/products/with_procurement_order_and_backorder_data/'), async ({ request }) => {
      const url = await record(request);
      const ids = idsOf(url);
      return HttpResponse.json({
        result: {
          procurement_products: supplierProducts.filter((row) => ids.includes(row.catalog_product!)),
          backorders: { count: 0, next: null, previous: null, results: [] },
        },
      });
    }),
    http.get(apiUrl('/catalog/product_descriptions/'), async ({ request }) => {
      const url = await record(request);
      const ids = (url.searchParams.get('product__in') ?? '').split(',').filter(Boolean).map(Number);
      const language = url.searchParams.get('language');
      return HttpResponse.json(page(state.descriptions.filter((d) => ids.includes(d.product) && (!language || d.language === language))));
    }),
    http.post(apiUrl('/catalog/product_descriptions/'), async ({ request }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const body = (await request.json()) as Partial<ProductDescriptionResponse> & { product: number };
      const created = createDescription(body);
      state.descriptions.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(apiUrl('/catalog/product_descriptions/:id/'), async ({ request, params }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const index = state.descriptions.findIndex((d) => d.id === Number(params.id));
      state.descriptions[index] = { ...state.descriptions[index]!, ...((await request.json()) as Partial<ProductDescriptionResponse>) };
      return HttpResponse.json(state.descriptions[index]);
    }),
    http.get(apiUrl('/catalog/product-types/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(page(PRODUCT_TYPES.map((type) => ({ value: type.value, name: type.name }))));
    }),
    http.get(apiUrl('/suppliers/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(page(suppliers));
    }),
    http.get(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(page(locations));
    }),
  ];

  return { state, handlers };
}
