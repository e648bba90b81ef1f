import {
  CATEGORY_PATH_SEPARATOR,
  type CatalogCategoryResponse,
  type ProcurementCategoryResponse,
  type ProcurementProductResponse,
  type SupplierOptionResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 900;

export const createSupplierOption = (overrides: Partial<SupplierOptionResponse> = {}): SupplierOptionResponse => {
  const id = overrides.id ?? ++nextId;
  return { id, name: `Supplier ${id}`, name_abbrev: `S${id}`, ...overrides };
};

export const createProcurementProduct = (overrides: Partial<ProcurementProductResponse> = {}): ProcurementProductResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    sku: `P-${id}`,
    name: `Supplier product ${id}`,
    stock_details: '12',
    stock_quantity: 12,
    cost: 10,
    cost_currency_id: 2,
    cost_currency: 'EUR',
    cost_sek: 115.5,
    supplier: 1,
    supplier_name: 'Nordic Tools',
    urls: [`https://supplier.example.com/p/${id}`],
    image_urls: [],
    image: null,
    product_type: 'simple',
    status: 'active',
    skipped: false,
    category: null,
    category_name: null,
    catalog_product: null,
    description: '',
    brand: '',
    ean: '',
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

export const createProcurementCategory = (overrides: Partial<ProcurementCategoryResponse> = {}): ProcurementCategoryResponse => {
  const id = overrides.id ?? ++nextId;
  const name = overrides.name ?? `Category ${id}`;
  const path = overrides.path ?? name;
  return {
    id,
    name,
    supplier: 1,
    supplier_name: 'Nordic Tools',
    url: '',
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    products: 0,
    created_at: NOW,
    updated_at: NOW,
    url_local: '',
    depth: path.split(CATEGORY_PATH_SEPARATOR).length - 1,
    description: '',
    description_html: '',
    db_id: null,
    last_date_scraped: null,
    account: testUser.id,
    company: testUser.company,
    parent: null,
    latest_feed: null,
    urls: [],
    child_category_urls: [],
    product_urls: [],
    catalog_categories_auto_create: [],
    path,
    ...overrides,
  };
};

export const createCatalogCategory = (overrides: Partial<CatalogCategoryResponse> = {}): CatalogCategoryResponse => {
  const id = overrides.id ?? ++nextId;
  const title = overrides.title ?? `Catalog category ${id}`;
  return {
    id,
    title,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    parent: null,
    created_at: NOW,
    updated_at: NOW,
    procurement_category_ids: [],
    account: testUser.id,
    company: testUser.company,
    url: `http://localhost/api/catalog/categories/${id}/`,
    url_local: '',
    db_id: null,
    sub_title: '',
    include_root_in_slug: false,
    order: 0,
    image: null,
    default_category: false,
    news_category: false,
    active: true,
    visible: true,
    comments: '',
    lft: 1,
    rght: 2,
    tree_id: 1,
    level: 0,
    products_count: 0,
    google_taxonomy: null,
    facebook_taxonomy: null,
    ...overrides,
  };
};

/** What the handlers read from the bodies (the contract's input types take ids as unknown, since it coerces them). */
type CreateBody = { supplier: number; name: string; parent?: number | null; description?: string; url?: string };
type UpdateBody = { name?: string; description?: string; url?: string; catalog_categories_auto_create?: number[] };

type RecordedRequest = { method: string; path: string; query: Record<string, string>; body: unknown };

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
const slice = <T>(rows: T[], url: URL, defaultLimit: number) => {
  const limit = Number(url.searchParams.get('limit') ?? defaultLimit);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return page(rows.slice(offset, offset + limit), rows.length);
};
const includes = (text: string, search: string) => text.toLowerCase().includes(search.toLowerCase());

/**
 * An in-memory procurement back end answering like the API: the product grid with its filters,
 * skip/unskip, add to catalog (409 when one is already mapped, and then nothing changes),
 * supplier categories and the catalog categories they map to. `requests` records every call.
 */
export function createProcurementBackend({
  suppliers = [] as SupplierOptionResponse[],
  products = [] as ProcurementProductResponse[],
  categories = [] as ProcurementCategoryResponse[],
  catalogCategories = [] as CatalogCategoryResponse[],
} = {}) {
  const state = {
    suppliers: [...suppliers],
    products: products.map((row) => ({ ...row })),
    categories: categories.map((row) => ({ ...row })),
    catalogCategories: [...catalogCategories],
    requests: [] as RecordedRequest[],
    /** Answer DELETE of a category with this instead of deleting it. */
    deleteFailure: null as { status: number; body: Record<string, string> } | null,
    nextCatalogProduct: 5000,
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

  const supplierName = (id: number) => state.suppliers.find((s) => s.id === id)?.name ?? '';

  const handlers = [
    http.get(apiUrl('/suppliers/'), async ({ request }) => {
      const url = await record(request);
      return HttpResponse.json(slice(state.suppliers, url, 25));
    }),

    http.get(apiUrl('/procurement/products/'), async ({ request }) => {
      const url = await record(request);
      const q = (name: string) => url.searchParams.get(name) ?? '';
      const rows = state.products.filter(
        (row) =>
          (!q('wishlist') || row.skipped === (q('wishlist') === 'Skipped')) &&
          (!q('mapped') || (row.catalog_product !== null) === (q('mapped') === 'Yes')) &&
          (!q('supplier') || row.supplier === Number(q('supplier'))) &&
          (!q('created_at__gte') || row.created_at >= q('created_at__gte')) &&
          (!q('created_at__lte') || row.created_at <= q('created_at__lte')) &&
          (!q('search') || [row.sku, row.name, row.brand, row.ean].some((text) => includes(text, q('search')))),
      );
      return HttpResponse.json(slice(rows, url, 25));
    }),
    http.post(apiUrl('/procurement/products/add-to-catalog/'), async ({ request }) => {
      await record(request);
      const { ids } = (await request.json()) as { ids: number[] };
      const chosen = state.products.filter((row) => ids.includes(row.id));
      if (chosen.length !== new Set(ids).size) return notFound();
      if (chosen.some((row) => row.catalog_product !== null)) {
        return HttpResponse.json({ detail: 'Could not add product(s). Some might already be in your catalog.' }, { status: 409 });
      }
      const created = chosen.map((row) => {
        row.catalog_product = ++state.nextCatalogProduct;
        return { id: row.catalog_product, sku: row.sku, procurement_product: row.id };
      });
      return HttpResponse.json({ created, message: 'Product(s) added' }, { status: 201 });
    }),
    ...(['skip', 'unskip'] as const).map((action) =>
      http.post(apiUrl(`/procurement/products/${action}/`), async ({ request }) => {
        await record(request);
        const { ids } = (await request.json()) as { ids: number[] };
        const skipped = action === 'skip';
        let updated = 0;
        for (const row of state.products) {
          if (ids.includes(row.id) && row.skipped !== skipped) {
            row.skipped = skipped;
            updated += 1;
          }
        }
        return HttpResponse.json({ updated });
      }),
    ),

    http.get(apiUrl('/procurement/categories/'), async ({ request }) => {
      const url = await record(request);
      const q = (name: string) => url.searchParams.get(name) ?? '';
      const rows = state.categories
        .filter((row) => (!q('supplier') || row.supplier === Number(q('supplier'))) && (!q('search') || includes(row.path, q('search'))))
        .sort((a, b) => a.path.localeCompare(b.path));
      return HttpResponse.json(slice(rows, url, 50));
    }),
    http.get(apiUrl('/procurement/categories/:id/'), async ({ request, params }) => {
      await record(request);
      const row = state.categories.find((c) => c.id === Number(params.id));
      return row ? HttpResponse.json(row) : notFound();
    }),
    http.post(apiUrl('/procurement/categories/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as CreateBody;
      const parent = body.parent ? state.categories.find((c) => c.id === body.parent) : undefined;
      const path = parent ? `${parent.path}${CATEGORY_PATH_SEPARATOR}${body.name}` : body.name;
      if (state.categories.some((c) => c.supplier === body.supplier && c.path === path)) {
        return HttpResponse.json({ name: ['This supplier already has a category with this path.'] }, { status: 400 });
      }
      const row = createProcurementCategory({
        name: body.name,
        path,
        supplier: body.supplier,
        supplier_name: supplierName(body.supplier),
        parent: parent?.id ?? null,
        description: body.description ?? '',
        url: body.url ?? '',
      });
      state.categories.push(row);
      return HttpResponse.json(row, { status: 201 });
    }),
    http.patch(apiUrl('/procurement/categories/:id/'), async ({ request, params }) => {
      await record(request);
      const row = state.categories.find((c) => c.id === Number(params.id));
      if (!row) return notFound();
      const body = (await request.json()) as UpdateBody;
      if (body.name !== undefined) {
        row.path = row.path.slice(0, row.path.length - row.name.length) + body.name;
        row.name = body.name;
      }
      if (body.description !== undefined) row.description = body.description;
      if (body.url !== undefined) row.url = body.url;
      if (body.catalog_categories_auto_create !== undefined) row.catalog_categories_auto_create = [...body.catalog_categories_auto_create];
      return HttpResponse.json(row);
    }),
    http.delete(apiUrl('/procurement/categories/:id/'), async ({ request, params }) => {
      await record(request);
      if (state.deleteFailure) return HttpResponse.json(state.deleteFailure.body, { status: state.deleteFailure.status });
      const before = state.categories.length;
      state.categories = state.categories.filter((c) => c.id !== Number(params.id));
      return state.categories.length === before ? notFound() : new HttpResponse(null, { status: 204 });
    }),

    http.get(apiUrl('/catalog/categories/'), async ({ request }) => {
      const url = await record(request);
      const q = (name: string) => url.searchParams.get(name) ?? '';
      const ids = q('id__in') ? q('id__in').split(',').map(Number) : null;
      const rows = state.catalogCategories
        .filter((row) => (!ids || ids.includes(row.id)) && (!q('search') || includes(row.title, q('search'))))
        .sort((a, b) => a.title.localeCompare(b.title));
      return HttpResponse.json(slice(rows, url, 25));
    }),
  ];

  return { state, handlers };
}
