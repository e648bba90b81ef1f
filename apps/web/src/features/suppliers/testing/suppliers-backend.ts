import {
  FEED_IMPORT_JOB,
  FEED_NAME_TAKEN,
  type FeedBody,
  type FeedImportResult,
  type FeedResponse,
  type JobResponse,
  SUPPLIER_ABBREV_TAKEN,
  SUPPLIER_NAME_TAKEN,
  type CurrencyResponse,
  type GlobalSupplierProductResponse,
  type GlobalSupplierResponse,
  type SupplierBody,
  type SupplierResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { createJobResponse, page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 900;

export const createCurrency = (overrides: Partial<CurrencyResponse> & { code: string }): CurrencyResponse => ({
  id: ++nextId,
  name: overrides.code,
  rate_to_sek: 1,
  ...overrides,
});

export const createSupplier = (overrides: Partial<SupplierResponse> = {}): SupplierResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    name: `Supplier ${id}`,
    name_abbrev: `S${id}`,
    website: '',
    email: '',
    phone: '',
    currency: null,
    comments: '',
    global_supplier: null,
    feeds_count: 0,
    products_count: 0,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

export const createGlobalSupplier = (overrides: Partial<GlobalSupplierResponse> = {}): GlobalSupplierResponse => {
  const id = overrides.id ?? ++nextId;
  return { id, name: `Directory ${id}`, name_abbrev: `D${id}`, website: '', country: 'Sweden', description: '', brands: [], products_count: 0, ...overrides };
};

export const createGlobalProduct = (
  supplier: GlobalSupplierResponse,
  overrides: Partial<GlobalSupplierProductResponse> = {},
): GlobalSupplierProductResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    supplier: supplier.id,
    supplier_name: supplier.name,
    sku: `GP-${id}`,
    name: `Directory product ${id}`,
    brand: '',
    price: null,
    currency: null,
    currency_code: null,
    url: '',
    image_url: '',
    ...overrides,
  };
};

export const createFeed = (supplier: SupplierResponse, overrides: Partial<FeedResponse> = {}): FeedResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    supplier: supplier.id,
    supplier_name: supplier.name,
    name: `Feed ${id}`,
    url: `https://feeds.example/${id}.csv`,
    format: 'CSV',
    column_mapping: { sku: 'sku', name: 'name' },
    options: {},
    currency: null,
    schedule: 'manual',
    next_run_at: null,
    last_run_at: null,
    last_job: null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

export const createJob = (overrides: Partial<JobResponse> = {}): JobResponse => createJobResponse(FEED_IMPORT_JOB, overrides);

export const createImportResult = (overrides: Partial<FeedImportResult> = {}): FeedImportResult => ({
  rows_total: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  skipped: 0,
  errors: [],
  error_count: 0,
  ...overrides,
});

type Recorded = { method: string; path: string; query: Record<string, string>; body: unknown };

/**
 * An in-memory procurement back end answering like the API: suppliers (with the duplicate
 * 400s and the delete 409), currencies, the supplier options, the global directory, feeds
 * and their import jobs (moved along by the test with `updateJob`). `requests` records every call.
 */
export function createSuppliersBackend({
  suppliers = [] as SupplierResponse[],
  currencies = [] as CurrencyResponse[],
  globalSuppliers = [] as GlobalSupplierResponse[],
  globalProducts = [] as GlobalSupplierProductResponse[],
  feeds = [] as FeedResponse[],
} = {}) {
  const state = {
    feeds: [...feeds],
    jobs: feeds.flatMap((feed) => (feed.last_job ? [{ ...feed.last_job }] : [])),
    suppliers: [...suppliers],
    currencies: [...currencies],
    globalSuppliers: [...globalSuppliers],
    globalProducts: [...globalProducts],
    requests: [] as Recorded[],
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
  const paginate = <T>(url: URL, rows: T[], defaultLimit = 25) => {
    const limit = Number(url.searchParams.get('limit') ?? defaultLimit);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return page(rows.slice(offset, offset + limit), rows.length);
  };
  const matches = (search: string, ...texts: string[]) => texts.some((text) => text.toLowerCase().includes(search.toLowerCase()));
  const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

  /** The server's duplicate checks (case-insensitive), all field errors at once. */
  const validate = (body: SupplierBody, exceptId?: number) => {
    const errors: Record<string, string[]> = {};
    const others = state.suppliers.filter((s) => s.id !== exceptId);
    if (!body.name.trim()) errors.name = ['This field may not be blank.'];
    else if (others.some((s) => s.name.toLowerCase() === body.name.trim().toLowerCase())) errors.name = [SUPPLIER_NAME_TAKEN];
    if (!body.name_abbrev.trim()) errors.name_abbrev = ['This field may not be blank.'];
    else if (others.some((s) => s.name_abbrev.toLowerCase() === body.name_abbrev.trim().toLowerCase())) errors.name_abbrev = [SUPPLIER_ABBREV_TAKEN];
    return Object.keys(errors).length ? HttpResponse.json(errors, { status: 400 }) : null;
  };

  /** A feed as the list answers it: its last job as the runner knows it now. */
  const feedResponse = (feed: FeedResponse): FeedResponse => ({ ...feed, last_job: state.jobs.find((job) => job.id === feed.last_job?.id) ?? feed.last_job });
  const feedFromBody = (body: FeedBody, current?: FeedResponse): FeedResponse | Response => {
    const supplier = state.suppliers.find((s) => s.id === Number(body.supplier));
    if (!supplier) return HttpResponse.json({ supplier: [`Invalid pk "${String(body.supplier)}" - object does not exist.`] }, { status: 400 });
    if (state.feeds.some((f) => f.id !== current?.id && f.name === body.name.trim())) return HttpResponse.json({ name: [FEED_NAME_TAKEN] }, { status: 400 });
    return {
      ...(current ?? createFeed(supplier)),
      supplier: supplier.id,
      supplier_name: supplier.name,
      name: body.name.trim(),
      url: body.url.trim(),
      format: body.format,
      column_mapping: Object.fromEntries(Object.entries(body.column_mapping).filter((e): e is [string, string] => Boolean(e[1]))),
      options: Object.fromEntries(Object.entries(body.options ?? {}).filter((e): e is [string, string] => Boolean(e[1]))),
      currency: body.currency == null ? null : Number(body.currency),
      schedule: body.schedule ?? 'manual',
    };
  };

  /** What the runner would report next: the test moves a job along with this, then looks at the screen. */
  const updateJob = (id: number, changes: Partial<JobResponse>) => {
    const job = state.jobs.find((j) => j.id === id);
    if (!job) throw new Error(`No job ${id}`);
    Object.assign(job, changes);
    if (!(job.status === 'queued' || job.status === 'running')) {
      const feed = state.feeds.find((f) => f.last_job?.id === id);
      if (feed) feed.last_run_at = '2026-03-02T08:30:00.000Z';
    }
  };

  const handlers = [
    http.get(apiUrl('/procurement/feeds/'), async ({ request }) => {
      const url = await record(request);
      const supplier = url.searchParams.get('supplier');
      const search = url.searchParams.get('search') ?? '';
      const rows = byName(state.feeds.filter((f) => (!supplier || f.supplier === Number(supplier)) && matches(search, f.name, f.url)));
      return HttpResponse.json(paginate(url, rows.map(feedResponse), 50));
    }),
    http.post(apiUrl('/procurement/feeds/:id/run/'), async ({ request, params }) => {
      await record(request);
      const feed = state.feeds.find((f) => f.id === Number(params.id));
      if (!feed) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const running = state.jobs.find((j) => j.id === feed.last_job?.id && (j.status === 'queued' || j.status === 'running'));
      const job = running ?? createJob();
      if (!running) state.jobs.push(job);
      feed.last_job = job;
      return HttpResponse.json(job, { status: 202 });
    }),
    http.post(apiUrl('/procurement/feeds/'), async ({ request }) => {
      await record(request);
      const feed = feedFromBody((await request.json()) as FeedBody);
      if (feed instanceof Response) return feed;
      state.feeds.push(feed);
      return HttpResponse.json(feed, { status: 201 });
    }),
    http.put(apiUrl('/procurement/feeds/:id/'), async ({ request, params }) => {
      await record(request);
      const index = state.feeds.findIndex((f) => f.id === Number(params.id));
      if (index < 0) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const feed = feedFromBody((await request.json()) as FeedBody, state.feeds[index]);
      if (feed instanceof Response) return feed;
      state.feeds[index] = feed;
      return HttpResponse.json(feedResponse(feed));
    }),
    http.delete(apiUrl('/procurement/feeds/:id/'), async ({ request, params }) => {
      await record(request);
      state.feeds = state.feeds.filter((f) => f.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/jobs/:id/'), async ({ request, params }) => {
      await record(request);
      const job = state.jobs.find((j) => j.id === Number(params.id));
      return job ? HttpResponse.json({ ...job }) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.get(apiUrl('/currencies/'), async ({ request }) => {
      const url = await record(request);
      return HttpResponse.json(paginate(url, state.currencies));
    }),
    http.get(apiUrl('/suppliers/'), async ({ request }) => {
      const url = await record(request);
      return HttpResponse.json(
        paginate(
          url,
          byName(state.suppliers).map(({ id, name, name_abbrev }) => ({ id, name, name_abbrev })),
        ),
      );
    }),
    http.get(apiUrl('/procurement/suppliers/'), async ({ request }) => {
      const url = await record(request);
      const search = url.searchParams.get('search') ?? '';
      return HttpResponse.json(paginate(url, byName(state.suppliers.filter((s) => matches(search, s.name, s.name_abbrev)))));
    }),
    http.post(apiUrl('/procurement/suppliers/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as SupplierBody;
      const invalid = validate(body);
      if (invalid) return invalid;
      const supplier = createSupplier({
        ...body,
        name: body.name.trim(),
        name_abbrev: body.name_abbrev.trim(),
        currency: body.currency ?? null,
      } as Partial<SupplierResponse>);
      state.suppliers.push(supplier);
      return HttpResponse.json(supplier, { status: 201 });
    }),
    http.put(apiUrl('/procurement/suppliers/:id/'), async ({ request, params }) => {
      await record(request);
      const supplier = state.suppliers.find((s) => s.id === Number(params.id));
      if (!supplier) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const body = (await request.json()) as SupplierBody;
      const invalid = validate(body, supplier.id);
      if (invalid) return invalid;
      Object.assign(supplier, body);
      return HttpResponse.json(supplier);
    }),
    http.delete(apiUrl('/procurement/suppliers/:id/'), async ({ request, params }) => {
      await record(request);
      const supplier = state.suppliers.find((s) => s.id === Number(params.id));
      if (!supplier) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      if (supplier.feeds_count > 0) {
        return HttpResponse.json(
          { detail: `This supplier cannot be deleted while it has ${supplier.feeds_count} feed${supplier.feeds_count === 1 ? '' : 's'}.` },
          { status: 409 },
        );
      }
      state.suppliers = state.suppliers.filter((s) => s.id !== supplier.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/suppliers_global/'), async ({ request }) => {
      const url = await record(request);
      const search = url.searchParams.get('search') ?? '';
      return HttpResponse.json(paginate(url, byName(state.globalSuppliers.filter((s) => matches(search, s.name, s.name_abbrev, s.description, ...s.brands)))));
    }),
    http.get(apiUrl('/suppliers_global/products/'), async ({ request }) => {
      const url = await record(request);
      const supplier = Number(url.searchParams.get('supplier'));
      const search = url.searchParams.get('search') ?? '';
      return HttpResponse.json(paginate(url, byName(state.globalProducts.filter((p) => p.supplier === supplier && matches(search, p.sku, p.name, p.brand)))));
    }),
    http.get(apiUrl('/suppliers_global/:id/'), async ({ request, params }) => {
      await record(request);
      const entry = state.globalSuppliers.find((s) => s.id === Number(params.id));
      return entry ? HttpResponse.json(entry) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.post(apiUrl('/suppliers_global/:id/adopt/'), async ({ request, params }) => {
      await record(request);
      const entry = state.globalSuppliers.find((s) => s.id === Number(params.id));
      if (!entry) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const invalid = validate({ name: entry.name, name_abbrev: entry.name_abbrev });
      if (invalid) return invalid;
      const supplier = createSupplier({ name: entry.name, name_abbrev: entry.name_abbrev, website: entry.website, global_supplier: entry.id });
      state.suppliers.push(supplier);
      return HttpResponse.json(supplier, { status: 201 });
    }),
  ];

  return { state, handlers, updateJob };
}
