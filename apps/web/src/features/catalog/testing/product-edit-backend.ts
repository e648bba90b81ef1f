import {
  BulkUpdateProductsBody,
  CreateProductDescriptionBody,
  DESCRIPTION_LANGUAGE_TAKEN,
  PRODUCT_TYPES,
  UpdateProductDescriptionBody,
  UpdateProductTaxonomiesBody,
  type FileUrlResponse,
  type LocationResponse,
  type PriceRow,
  type ProcurementProductWithOnOrder,
  type ProductDescriptionResponse,
  type ProductInventories,
  type ProductResponse,
  type ProductTaxonomiesResponse,
  type TaxonomyRef,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { descriptionResponse, locationResponse, productResponse } from '@/test/catalog-fixtures';
import { page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 3000;

/** The markup this back end's pricing uses for every product. */
export const TEST_MARKUP_PERCENT = 40;

const round2 = (n: number) => Math.round(n * 100) / 100;
const priceRow = (incl: number | null, vat: number, totalCost: number): PriceRow => {
  if (incl === null) return { incl: null, excl: null, margin: null };
  const excl = round2(incl / (1 + vat / 100));
  return { incl, excl, margin: round2(excl - totalCost) };
};

/** The pricing figures as the API derives them (DESIGN §5), with one markup for every product. */
export function priced(product: ProductResponse): ProductResponse {
  const totalCost = round2((product.procurement_cost ?? 0) + product.cost_shipping + product.cost_packaging_labour + product.cost_packaging_material);
  const auto = product.procurement_cost === null ? null : Math.round(totalCost * (1 + TEST_MARKUP_PERCENT / 100) * (1 + product.vat / 100));
  const price = product.price_manual_override ?? auto;
  const effective = priceRow(price, product.vat, totalCost);
  return {
    ...product,
    total_cost: totalCost,
    price_calculated_automatically: auto,
    price,
    margin: effective.margin,
    margin_percent: effective.excl ? round2(((effective.margin ?? 0) / effective.excl) * 100) : null,
    price_details: {
      sale: priceRow(product.price_on_sale, product.vat, totalCost),
      manual: priceRow(product.price_manual_override, product.vat, totalCost),
      auto: priceRow(auto, product.vat, totalCost),
    },
  };
}

export const createProduct = (overrides: Partial<ProductResponse> = {}): ProductResponse =>
  priced(
    productResponse(overrides.id ?? ++nextId, {
      price_details: { sale: priceRow(null, 25, 0), manual: priceRow(null, 25, 0), auto: priceRow(null, 25, 0) },
      ...overrides,
    }),
  );

export const createLocation = (overrides: Partial<LocationResponse> = {}): LocationResponse =>
  locationResponse(overrides.id ?? ++nextId, { name_slug: `shelf-${overrides.id ?? nextId}`, ...overrides });

export const createDescription = (overrides: Partial<ProductDescriptionResponse> & { product: number }): ProductDescriptionResponse =>
  descriptionResponse(overrides.id ?? ++nextId, overrides);

export const createMappedProcurementProduct = (
  overrides: Partial<ProcurementProductWithOnOrder> & { catalog_product: number },
): ProcurementProductWithOnOrder => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    sku: `SUP-${id}`,
    name: `Supplier product ${id}`,
    stock_details: '',
    stock_quantity: null,
    cost: null,
    cost_currency_id: null,
    cost_currency: null,
    cost_sek: null,
    supplier: 1,
    supplier_name: 'Supplier',
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
    on_order: 0,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

/** A taxonomy item as GET /taxonomies/{channel}/ lists it. */
export type TaxonomyRow = TaxonomyRef & { level: number };
export const createTaxonomyRow = (overrides: Partial<TaxonomyRow> & Pick<TaxonomyRow, 'slug_en'>): TaxonomyRow => {
  const id = overrides.id ?? ++nextId;
  return { id, taxonomy_id: id + 10_000, slug_sv: overrides.slug_en, level: 0, ...overrides };
};

type Channel = 'google' | 'facebook';
/** A product's own channel categories and what its nearest mapped category gives it (the server walks the tree; here it is given). */
export type ProductTaxonomies = {
  google_taxonomy: number | null;
  facebook_taxonomy: number | null;
  inherited?: Partial<Record<Channel, { category: { id: number; title: string }; item: number }>>;
};

type Request = { method: string; path: string; query: Record<string, string>; body: unknown };

const drfErrors = (error: z.ZodError) => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return HttpResponse.json(errors, { status: 400 });
};

/** Numbers the contract hands over as exact strings come back as JSON numbers, as the API answers. */
const asNumber = (value: unknown) => (typeof value === 'string' ? Number(value) : value);
const NUMERIC_FIELDS = new Set([
  'vat',
  'cost_shipping',
  'cost_packaging_labour',
  'cost_packaging_material',
  'price_manual_override',
  'price_on_sale',
  'packaging_weight',
  'qty_restock_level',
  'qty_restock_amount',
]);

/**
 * An in-memory back end for the product edit screen: the product and its bulk PUT (all-or-nothing,
 * errors keyed `products.<i>.<field>`, SKUs unique), the options, inventories, supplier mapping,
 * file URLs, descriptions per language and the product's channel categories (with the taxonomy
 * lists the pickers search). `requests` records every call; `failNext` makes one call fail.
 */
export function createProductEditBackend({
  products = [] as ProductResponse[],
  locations = [] as LocationResponse[],
  inventories = [] as ProductInventories[],
  procurement = [] as ProcurementProductWithOnOrder[],
  descriptions = [] as ProductDescriptionResponse[],
  fileUrls = [] as FileUrlResponse[],
  taxonomyItems = { google: [], facebook: [] } as Record<Channel, TaxonomyRow[]>,
  productTaxonomies = {} as Record<number, ProductTaxonomies>,
} = {}) {
  const state = {
    products: [...products],
    descriptions: [...descriptions],
    productTaxonomies: { ...productTaxonomies },
    requests: [] as Request[],
    /** The next request with this method and path answers this instead. */
    failNext: null as { method: string; path: string; status: number; body?: unknown } | null,
  };

  const ref = (channel: Channel, id: number | null | undefined): TaxonomyRef | null => {
    const item = taxonomyItems[channel].find((row) => row.id === id);
    return item ? { id: item.id, taxonomy_id: item.taxonomy_id, slug_en: item.slug_en, slug_sv: item.slug_sv } : null;
  };
  const taxonomiesOf = (product: number): ProductTaxonomiesResponse => {
    const own = state.productTaxonomies[product] ?? { google_taxonomy: null, facebook_taxonomy: null };
    const inherited = (channel: Channel, mine: number | null) => (mine === null ? (own.inherited?.[channel] ?? null) : null);
    const google = inherited('google', own.google_taxonomy);
    const facebook = inherited('facebook', own.facebook_taxonomy);
    return {
      product,
      google_taxonomy: own.google_taxonomy,
      facebook_taxonomy: own.facebook_taxonomy,
      effective_google_taxonomy: ref('google', own.google_taxonomy ?? google?.item),
      effective_facebook_taxonomy: ref('facebook', own.facebook_taxonomy ?? facebook?.item),
      google_inherited_from: google?.category ?? null,
      facebook_inherited_from: facebook?.category ?? null,
    };
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
  const takeFailure = (method: string, path: string) => {
    const failure = state.failNext;
    if (!failure || failure.method !== method || failure.path !== path) return null;
    state.failNext = null;
    return HttpResponse.json(failure.body ?? null, { status: failure.status });
  };
  const ids = (url: URL, name: string) => (url.searchParams.get(name) ?? '').split(',').filter(Boolean).map(Number);

  const handlers = [
    http.get(apiUrl('/catalog/product-types/'), () =>
      HttpResponse.json({ count: PRODUCT_TYPES.length, next: null, previous: null, results: PRODUCT_TYPES.map((type) => ({ ...type })) }),
    ),
    http.get(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(page(locations.filter((l) => !l.obsolete)));
    }),
    http.get(apiUrl('/catalog/products/inventories/'), async ({ request }) => {
      const url = await record(request);
      const wanted = ids(url, 'product_ids');
      return HttpResponse.json({ results: inventories.filter((row) => wanted.includes(row.product_id)) });
    }),
    http.get(apiUrl('/procurement/products/with_procurement_order_and_backorder_data/'), async ({ request }) => {
      const url = await record(request);
      const wanted = ids(url, 'product_ids');
      return HttpResponse.json({
        result: {
          procurement_products: procurement.filter((row) => wanted.includes(row.catalog_product ?? 0)),
          backorders: { count: 0, next: null, previous: null, results: [] },
        },
      });
    }),
    http.get(apiUrl('/catalog/file_urls/'), async ({ request }) => {
      const url = await record(request);
      const product = Number(url.searchParams.get('product'));
      return HttpResponse.json(page(fileUrls.filter((f) => f.product === product).sort((x, y) => x.priority - y.priority || x.id - y.id)));
    }),
    http.get(apiUrl('/catalog/products/:id/taxonomies/'), async ({ params, request }) => {
      await record(request);
      const id = Number(params.id);
      return state.products.some((p) => p.id === id) ? HttpResponse.json(taxonomiesOf(id)) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.put(apiUrl('/catalog/products/:id/taxonomies/'), async ({ params, request }) => {
      const url = await record(request);
      const failure = takeFailure('PUT', url.pathname.replace(/^\/api/, ''));
      if (failure) return failure;
      const id = Number(params.id);
      const parsed = UpdateProductTaxonomiesBody.safeParse(await request.json());
      if (!parsed.success) return drfErrors(parsed.error);
      const { google_taxonomy, facebook_taxonomy } = parsed.data;
      state.productTaxonomies[id] = {
        ...state.productTaxonomies[id],
        google_taxonomy: google_taxonomy === null ? null : Number(google_taxonomy),
        facebook_taxonomy: facebook_taxonomy === null ? null : Number(facebook_taxonomy),
      };
      return HttpResponse.json(taxonomiesOf(id));
    }),
    http.get(apiUrl('/taxonomies/:channel/'), async ({ params, request }) => {
      const url = await record(request);
      const items = taxonomyItems[params.channel as Channel];
      const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const id = url.searchParams.get('id');
      const rows = items
        .filter((item) => (id === null ? words.every((word) => `${item.slug_en} ${item.slug_sv}`.toLowerCase().includes(word)) : item.id === Number(id)))
        .map((item) => ({ ...item, linked: false, link_id: null }));
      return HttpResponse.json(page(rows.slice(0, Number(url.searchParams.get('limit') ?? 25)), rows.length));
    }),
    http.get(apiUrl('/catalog/products/:id/'), async ({ params, request }) => {
      await record(request);
      const product = state.products.find((p) => p.id === Number(params.id));
      return product ? HttpResponse.json(product) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.put(apiUrl('/catalog/products/'), async ({ request }) => {
      await record(request);
      const parsed = BulkUpdateProductsBody.safeParse(await request.json());
      if (!parsed.success) return drfErrors(parsed.error);
      const rows = parsed.data.products;
      for (const [index, row] of rows.entries()) {
        if (!state.products.some((p) => p.id === row.id)) return HttpResponse.json({ [`products.${index}.id`]: ['Not found.'] }, { status: 400 });
        if (row.sku !== undefined && state.products.some((p) => p.id !== row.id && p.sku === row.sku)) {
          return HttpResponse.json({ [`products.${index}.sku`]: ['A product with this SKU already exists.'] }, { status: 400 });
        }
      }
      const saved = rows.map(({ id, ...patch }) => {
        const index = state.products.findIndex((p) => p.id === id);
        const changes = Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, NUMERIC_FIELDS.has(key) ? asNumber(value) : value]));
        const next = priced({ ...state.products[index]!, ...changes, edited_at: new Date().toISOString(), updated_at: new Date().toISOString() });
        state.products[index] = next;
        return next;
      });
      return HttpResponse.json({ products: saved });
    }),
    http.get(apiUrl('/catalog/product_descriptions/'), async ({ request }) => {
      const url = await record(request);
      const wanted = [...ids(url, 'product__in'), ...ids(url, 'product')];
      const language = url.searchParams.get('language');
      return HttpResponse.json(page(state.descriptions.filter((d) => wanted.includes(d.product) && (!language || d.language === language))));
    }),
    http.post(apiUrl('/catalog/product_descriptions/'), async ({ request }) => {
      await record(request);
      const parsed = CreateProductDescriptionBody.safeParse(await request.json());
      if (!parsed.success) return drfErrors(parsed.error);
      const body = parsed.data;
      if (state.descriptions.some((d) => d.product === body.product && d.language === body.language)) {
        return HttpResponse.json({ language: [DESCRIPTION_LANGUAGE_TAKEN] }, { status: 400 });
      }
      const row = createDescription({ ...body, updated_at: new Date().toISOString() });
      state.descriptions.push(row);
      return HttpResponse.json(row, { status: 201 });
    }),
    http.put(apiUrl('/catalog/product_descriptions/:id/'), async ({ params, request }) => {
      await record(request);
      const row = state.descriptions.find((d) => d.id === Number(params.id));
      if (!row) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const parsed = UpdateProductDescriptionBody.safeParse(await request.json());
      if (!parsed.success) return drfErrors(parsed.error);
      Object.assign(row, parsed.data, { updated_at: new Date().toISOString() });
      return HttpResponse.json(row);
    }),
  ];
  return { state, handlers };
}
