import { MARKUP_NAME_TAKEN, MarkupBody, PRODUCT_TYPES, type MarkupResponse } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 700;

export const createMarkup = (overrides: Partial<MarkupResponse> = {}): MarkupResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    name: `Markup ${id}`,
    percent: 40,
    cost_from: null,
    cost_to: null,
    product_type: null,
    priority: 0,
    is_default: false,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

type Request = { method: string; path: string; query: Record<string, string>; body: unknown };

/** A DRF 400 body from the contract's own validation, as the API answers it. */
function validate(body: unknown) {
  const parsed = MarkupBody.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return { error: HttpResponse.json(errors, { status: 400 }) };
}

/**
 * An in-memory markups back end answering like the API: list with offset/limit/search (name),
 * create, update, delete, unique names, one default rule. `requests` records every call.
 */
export function createMarkupsBackend({ markups = [] as MarkupResponse[], failList = false } = {}) {
  const state = { markups: [...markups], requests: [] as Request[] };

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
    if (state.markups.some((m) => m.id !== id && m.name.toLowerCase() === data.name.toLowerCase())) {
      return HttpResponse.json({ name: [MARKUP_NAME_TAKEN] }, { status: 400 });
    }
    if (data.is_default) for (const other of state.markups) other.is_default = false;
    const existing = state.markups.find((m) => m.id === id);
    const row = createMarkup({
      ...(id === null ? {} : { id }),
      created_at: existing?.created_at ?? NOW,
      name: data.name,
      percent: Number(data.percent),
      cost_from: data.cost_from == null ? null : Number(data.cost_from),
      cost_to: data.cost_to == null ? null : Number(data.cost_to),
      product_type: data.product_type ?? null,
      priority: data.priority ?? existing?.priority ?? 0,
      is_default: data.is_default ?? false,
      updated_at: new Date().toISOString(),
    });
    if (existing) Object.assign(existing, row);
    else state.markups.push(row);
    return HttpResponse.json(existing ?? row, { status: existing ? 200 : 201 });
  };

  const handlers = [
    http.get(apiUrl('/catalog/product-types/'), () =>
      HttpResponse.json({ count: PRODUCT_TYPES.length, next: null, previous: null, results: PRODUCT_TYPES.map((type) => ({ ...type })) }),
    ),
    http.get(apiUrl('/catalog/markups/'), async ({ request }) => {
      const url = await record(request);
      if (failList) return HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 });
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const rows = state.markups.filter((m) => m.name.toLowerCase().includes(search)).sort((a, b) => a.priority - b.priority || a.id - b.id);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.post(apiUrl('/catalog/markups/'), async ({ request }) => {
      await record(request);
      return save(null, await request.json());
    }),
    http.put(apiUrl('/catalog/markups/:id/'), async ({ params, request }) => {
      await record(request);
      const id = Number(params.id);
      if (!state.markups.some((m) => m.id === id)) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return save(id, await request.json());
    }),
    http.delete(apiUrl('/catalog/markups/:id/'), async ({ params, request }) => {
      await record(request);
      const before = state.markups.length;
      state.markups = state.markups.filter((m) => m.id !== Number(params.id));
      if (state.markups.length === before) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { state, handlers };
}
