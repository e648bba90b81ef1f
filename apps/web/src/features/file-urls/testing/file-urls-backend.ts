import { FILE_URL_DUPLICATE, FileUrlBody, type FileUrlResponse, type ProductLiteResponse } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { createProductLite, page } from '@/test/fixtures';
import { testUser } from '@/test/render';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 900;

/** A catalog product as the product picker lists it (GET /catalog/products2/). */
export const createProduct = (sku: string, name: string): ProductLiteResponse => createProductLite({ id: ++nextId, sku, name });

export const createFileUrl = (product: ProductLiteResponse | null, overrides: Partial<FileUrlResponse> = {}): FileUrlResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    url: `https://files.example.com/${id}.pdf`,
    source_url: '',
    priority: 0,
    title: `File ${id}`,
    removed_from_source: false,
    account: testUser.id,
    company: testUser.company,
    product: product?.id ?? null,
    product_sku: product?.sku ?? null,
    product_name: product?.name ?? null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

type Request = { method: string; path: string; query: Record<string, string>; body: unknown };

/** A DRF 400 body from the contract's own validation, as the API answers it. */
function validate(body: unknown) {
  const parsed = FileUrlBody.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return { error: HttpResponse.json(errors, { status: 400 }) };
}

/**
 * An in-memory file-URL back end answering like the API: list with offset/limit, product,
 * removed_from_source and search (title, URL), by priority then id; create, update (optional
 * fields left out keep their value), delete; one URL per product; the product picker's
 * /catalog/products2/ with search and id. `requests` records every call. `bareBadRequest`
 * makes the next POST a 400 without a body.
 */
export function createFileUrlsBackend({ fileUrls = [] as FileUrlResponse[], products = [] as ProductLiteResponse[], failList = false } = {}) {
  const state = { fileUrls: [...fileUrls], requests: [] as Request[], bareBadRequest: false };

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

  const save = (id: number | null, body: unknown) => {
    const result = validate(body);
    if (result.error) return result.error;
    const data = result.data;
    const existing = state.fileUrls.find((f) => f.id === id);
    const productId = data.product === undefined ? (existing?.product ?? null) : data.product;
    const product = productId === null ? null : products.find((p) => p.id === productId);
    if (product === undefined) return HttpResponse.json({ product: [`Invalid pk "${productId}" - object does not exist.`] }, { status: 400 });
    if (product && state.fileUrls.some((f) => f.id !== id && f.product === product.id && f.url === data.url)) {
      return HttpResponse.json({ url: [FILE_URL_DUPLICATE] }, { status: 400 });
    }
    const row = createFileUrl(product, {
      ...(id === null ? {} : { id }),
      url: data.url,
      source_url: data.source_url ?? existing?.source_url ?? '',
      priority: data.priority ?? existing?.priority ?? 0,
      title: data.title ?? existing?.title ?? '',
      removed_from_source: data.removed_from_source ?? existing?.removed_from_source ?? false,
      created_at: existing?.created_at ?? NOW,
      updated_at: new Date().toISOString(),
    });
    if (existing) Object.assign(existing, row);
    else state.fileUrls.push(row);
    return HttpResponse.json(existing ?? row, { status: existing ? 200 : 201 });
  };

  const handlers = [
    http.get(apiUrl('/catalog/products2/'), ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const id = url.searchParams.get('id');
      const rows = products.filter((p) => (id ? p.id === Number(id) : `${p.sku} ${p.name}`.toLowerCase().includes(search)));
      return HttpResponse.json(page(rows));
    }),
    http.get(apiUrl('/catalog/file_urls/'), async ({ request }) => {
      const url = await record(request);
      if (failList) return HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 });
      const params = url.searchParams;
      const search = (params.get('search') ?? '').toLowerCase();
      const limit = Number(params.get('limit') ?? 25);
      const offset = Number(params.get('offset') ?? 0);
      const rows = state.fileUrls
        .filter((f) => !params.get('product') || f.product === Number(params.get('product')))
        .filter((f) => !params.get('removed_from_source') || String(f.removed_from_source) === params.get('removed_from_source'))
        .filter((f) => `${f.title} ${f.url}`.toLowerCase().includes(search))
        .sort((a, b) => a.priority - b.priority || a.id - b.id);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.post(apiUrl('/catalog/file_urls/'), async ({ request }) => {
      await record(request);
      if (state.bareBadRequest) {
        state.bareBadRequest = false;
        return new HttpResponse(null, { status: 400 });
      }
      return save(null, await request.json());
    }),
    http.put(apiUrl('/catalog/file_urls/:id/'), async ({ params, request }) => {
      await record(request);
      const id = Number(params.id);
      if (!state.fileUrls.some((f) => f.id === id)) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return save(id, await request.json());
    }),
    http.delete(apiUrl('/catalog/file_urls/:id/'), async ({ params, request }) => {
      await record(request);
      const before = state.fileUrls.length;
      state.fileUrls = state.fileUrls.filter((f) => f.id !== Number(params.id));
      if (state.fileUrls.length === before) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { state, handlers };
}
