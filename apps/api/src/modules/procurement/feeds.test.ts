import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FEED_NAME_TAKEN, type FeedBody, type FeedResponse } from '@kontor/contract';
import { currencies, procurementFeeds, procurementProducts } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertFeed, insertProcurementProduct, insertSupplier } from './procurement.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
let eur: number;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
  eur = (await app.deps.database.db.select().from(currencies).where(eq(currencies.code, 'EUR')))[0]!.id;
});
afterAll(async () => app?.close());

const FEEDS = '/api/procurement/feeds/';
const db = () => app.deps.database.db;
let seq = 0;

const body = (supplier: number, overrides: Partial<FeedBody> = {}): FeedBody => {
  seq += 1;
  return {
    supplier,
    name: `Garden feed ${seq}`,
    url: `https://feeds.example.com/garden-${seq}.csv`,
    format: 'CSV',
    column_mapping: { sku: 'Article', name: 'Title', cost: 'Price', stock_details: '' },
    ...overrides,
  };
};

async function createFeed(tenant: Tenant, payload: FeedBody): Promise<FeedResponse> {
  const res = await as(app, tenant, { method: 'POST', url: FEEDS, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const feedCount = async (companyId: number) =>
  (await db().select({ n: count() }).from(procurementFeeds).where(eq(procurementFeeds.companyId, companyId)))[0]!.n;

describe('creating and reading feeds', () => {
  it('creates a feed with its defaults and reads it back', async () => {
    const supplier = await insertSupplier(db(), me.companyId, { name: 'Nordic Garden AB' });
    const res = await as(app, me, { method: 'POST', url: FEEDS, payload: body(supplier.id, { options: { delimiter: ';' }, currency: eur }) });
    expect(res.statusCode).toBe(201);
    const feed = res.json() as FeedResponse;
    expect(Object.keys(feed).sort()).toEqual([
      'column_mapping',
      'created_at',
      'currency',
      'format',
      'id',
      'last_job',
      'last_run_at',
      'name',
      'next_run_at',
      'options',
      'schedule',
      'supplier',
      'supplier_name',
      'updated_at',
      'url',
    ]);
    expect(feed).toMatchObject({
      supplier: supplier.id,
      supplier_name: 'Nordic Garden AB',
      format: 'CSV',
      // An empty mapping entry means "not mapped".
      column_mapping: { sku: 'Article', name: 'Title', cost: 'Price' },
      options: { delimiter: ';' },
      currency: eur,
      schedule: 'manual',
      next_run_at: null,
      last_run_at: null,
      last_job: null,
    });
    const [row] = await db().select().from(procurementFeeds).where(eq(procurementFeeds.id, feed.id));
    expect(row).toMatchObject({ companyId: me.companyId, accountId: me.user.id });
    const got = await as(app, me, { method: 'GET', url: `${FEEDS}${feed.id}/` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(feed);
  });

  it('a scheduled feed is due at once', async () => {
    const supplier = await insertSupplier(db(), me.companyId);
    const before = Date.now();
    const feed = await createFeed(me, body(supplier.id, { schedule: 'hourly', format: 'XML', options: { item: 'item' } }));
    expect(feed.schedule).toBe('hourly');
    expect(Date.parse(feed.next_run_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(feed.next_run_at!)).toBeLessThanOrEqual(Date.now());
  });

  it('lists with filters, search, ordering and pages of 50; never another company’s', async () => {
    const tenant = await createTenant(app);
    const a = await insertSupplier(db(), tenant.companyId);
    const b = await insertSupplier(db(), tenant.companyId);
    const alpha = await createFeed(tenant, body(a.id, { name: 'Alpha prices', url: 'https://alpha.example.com/all.xml', format: 'XML' }));
    const beta = await createFeed(tenant, body(b.id, { name: 'Beta stock', url: 'https://beta.example.com/stock.json', format: 'JSON' }));
    const otherSupplier = await insertSupplier(db(), other.companyId);
    await createFeed(other, body(otherSupplier.id, { name: 'Alpha elsewhere' }));

    const list = async (query = '') => {
      const res = await as(app, tenant, { method: 'GET', url: `${FEEDS}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; next: string | null; results: FeedResponse[] };
    };
    expect((await list()).results.map((f) => f.id)).toEqual([alpha.id, beta.id]);
    expect((await list(`?supplier=${b.id}`)).results.map((f) => f.id)).toEqual([beta.id]);
    expect((await list('?format=XML')).results.map((f) => f.id)).toEqual([alpha.id]);
    expect((await list('?search=stock.json')).results.map((f) => f.id)).toEqual([beta.id]);
    expect((await list('?search=ALPHA')).results.map((f) => f.id)).toEqual([alpha.id]);
    expect((await list('?name__icontains=beta')).count).toBe(1);
    expect((await list('?ordering=-name')).results.map((f) => f.id)).toEqual([beta.id, alpha.id]);
    const paged = await list('?limit=1');
    expect(paged.count).toBe(2);
    expect(paged.next).toBe('http://kontor.test/api/procurement/feeds/?limit=1&offset=1');

    for (let i = 0; i < 50; i += 1) await insertFeed(db(), tenant.companyId, a.id, { name: `Bulk ${String(i).padStart(2, '0')}` });
    const page = await list();
    expect(page.count).toBe(52);
    expect(page.results).toHaveLength(50);
    expect(page.next).toBe('http://kontor.test/api/procurement/feeds/?limit=50&offset=50');
  });

  it('answers 400 for unknown filters and bad values', async () => {
    for (const query of ['?colour=red', '?format=CSV2', '?supplier=abc', '?ordering=password']) {
      const res = await as(app, me, { method: 'GET', url: `${FEEDS}${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("another company's feed is a 404", async () => {
    const supplier = await insertSupplier(db(), other.companyId);
    const feed = await createFeed(other, body(supplier.id));
    for (const [method, url] of [
      ['GET', `${FEEDS}${feed.id}/`],
      ['DELETE', `${FEEDS}${feed.id}/`],
      ['POST', `${FEEDS}${feed.id}/run/`],
    ] as const) {
      const res = await as(app, me, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const mine = await insertSupplier(db(), me.companyId);
    const put = await as(app, me, { method: 'PUT', url: `${FEEDS}${feed.id}/`, payload: body(mine.id) });
    expect(put.statusCode).toBe(404);
    expect((await as(app, other, { method: 'GET', url: `${FEEDS}${feed.id}/` })).json().name).toBe(feed.name);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', FEEDS],
      ['GET', `${FEEDS}1/`],
      ['POST', FEEDS],
      ['PUT', `${FEEDS}1/`],
      ['DELETE', `${FEEDS}1/`],
      ['POST', `${FEEDS}1/run/`],
    ] as const) {
      expect((await as(app, null, { method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('validation', () => {
  it('answers 400 in DRF form and creates nothing', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const foreign = await insertSupplier(db(), other.companyId);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        {},
        {
          supplier: ['This field is required.'],
          name: ['This field is required.'],
          url: ['This field is required.'],
          format: ['This field is required.'],
          column_mapping: ['This field is required.'],
        },
      ],
      [{ ...body(supplier.id), url: 'ftp://feeds.example.com/a.csv' }, { url: ['Enter a valid URL (http or https).'] }],
      [{ ...body(supplier.id), url: 'not a url' }, { url: ['Enter a valid URL (http or https).'] }],
      [{ ...body(supplier.id), name: '  ' }, { name: ['This field may not be blank.'] }],
      [{ ...body(supplier.id), column_mapping: { name: 'Title' } }, { 'column_mapping.sku': ['This field is required.'] }],
      [{ ...body(supplier.id), column_mapping: { sku: 'a', name: 'b', price: 'c' } }, { 'column_mapping.price': ['Unknown field.'] }],
      [{ ...body(supplier.id), options: { delimiter: 'ab' } }, { 'options.delimiter': ['Enter one character.'] }],
      [{ ...body(supplier.id), options: { path: 'a..b' } }, { 'options.path': ["Enter keys separated by dots, e.g. 'data.items'."] }],
      [{ ...body(supplier.id), supplier: foreign.id }, { supplier: [`Invalid pk "${foreign.id}" - object does not exist.`] }],
      [{ ...body(supplier.id), currency: 999999 }, { currency: ['Invalid pk "999999" - object does not exist.'] }],
      [{ ...body(supplier.id), colour: 'red' }, { colour: ['Unknown field.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await as(app, tenant, { method: 'POST', url: FEEDS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const format = await as(app, tenant, { method: 'POST', url: FEEDS, payload: { ...body(supplier.id), format: 'XLSX' } });
    expect(format.statusCode).toBe(400);
    expect(Object.keys(format.json())).toEqual(['format']);
    expect(await feedCount(tenant.companyId)).toBe(0);

    const first = await createFeed(tenant, body(supplier.id));
    const dup = await as(app, tenant, { method: 'POST', url: FEEDS, payload: body(supplier.id, { name: first.name }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [FEED_NAME_TAKEN] });
    expect(await feedCount(tenant.companyId)).toBe(1);
  });
});

describe('updating and deleting', () => {
  it('PUT changes the feed; options, currency and schedule left out keep their value', async () => {
    const supplier = await insertSupplier(db(), me.companyId);
    const feed = await createFeed(me, body(supplier.id, { options: { delimiter: ';' }, currency: eur, schedule: 'daily' }));
    const res = await as(app, me, {
      method: 'PUT',
      url: `${FEEDS}${feed.id}/`,
      payload: { supplier: supplier.id, name: 'Renamed', url: 'http://127.0.0.1:8080/new.json', format: 'JSON', column_mapping: { sku: 'id', name: 'title' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: feed.id,
      name: 'Renamed',
      url: 'http://127.0.0.1:8080/new.json',
      format: 'JSON',
      column_mapping: { sku: 'id', name: 'title' },
      options: { delimiter: ';' },
      currency: eur,
      schedule: 'daily',
      next_run_at: feed.next_run_at,
    });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(feed.updated_at));

    const lastRun = new Date('2026-01-01T10:00:00Z');
    await db().update(procurementFeeds).set({ lastRunAt: lastRun }).where(eq(procurementFeeds.id, feed.id));
    const weekly = await as(app, me, {
      method: 'PUT',
      url: `${FEEDS}${feed.id}/`,
      payload: { ...body(supplier.id, { name: 'Renamed' }), schedule: 'weekly', currency: null, options: {} },
    });
    expect(weekly.json()).toMatchObject({ schedule: 'weekly', next_run_at: '2026-01-08T10:00:00.000Z', currency: null, options: {} });
    const manual = await as(app, me, { method: 'PUT', url: `${FEEDS}${feed.id}/`, payload: { ...body(supplier.id, { name: 'Renamed' }), schedule: 'manual' } });
    expect(manual.json()).toMatchObject({ schedule: 'manual', next_run_at: null });
  });

  it('PUT answers 400 and changes nothing', async () => {
    const supplier = await insertSupplier(db(), me.companyId);
    const feed = await createFeed(me, body(supplier.id));
    const taken = await createFeed(me, body(supplier.id));
    const foreign = await insertSupplier(db(), other.companyId);
    for (const [payload, errors] of [
      [body(supplier.id, { name: taken.name }), { name: [FEED_NAME_TAKEN] }],
      [body(foreign.id), { supplier: [`Invalid pk "${foreign.id}" - object does not exist.`] }],
      [{ ...body(supplier.id), url: 'javascript:alert(1)' }, { url: ['Enter a valid URL (http or https).'] }],
    ] as const) {
      const res = await as(app, me, { method: 'PUT', url: `${FEEDS}${feed.id}/`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await as(app, me, { method: 'GET', url: `${FEEDS}${feed.id}/` })).json()).toEqual(feed);
  });

  it("moving a feed to another supplier detaches the old supplier's products from it", async () => {
    const first = await insertSupplier(db(), me.companyId);
    const second = await insertSupplier(db(), me.companyId);
    const feed = await createFeed(me, body(first.id));
    const product = await insertProcurementProduct(db(), me.companyId, first.id, { feedId: feed.id });
    const res = await as(app, me, { method: 'PUT', url: `${FEEDS}${feed.id}/`, payload: body(second.id, { name: feed.name }) });
    expect(res.json()).toMatchObject({ supplier: second.id, supplier_name: second.name });
    expect((await db().select().from(procurementProducts).where(eq(procurementProducts.id, product.id)))[0]!.feedId).toBeNull();
  });

  it('DELETE removes the feed and keeps its products', async () => {
    const supplier = await insertSupplier(db(), me.companyId);
    const feed = await createFeed(me, body(supplier.id));
    const product = await insertProcurementProduct(db(), me.companyId, supplier.id, { feedId: feed.id });
    const res = await as(app, me, { method: 'DELETE', url: `${FEEDS}${feed.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await as(app, me, { method: 'GET', url: `${FEEDS}${feed.id}/` })).statusCode).toBe(404);
    const [kept] = await db().select().from(procurementProducts).where(eq(procurementProducts.id, product.id));
    expect(kept).toMatchObject({ id: product.id, feedId: null, status: 'active' });
    expect((await as(app, me, { method: 'DELETE', url: `${FEEDS}${feed.id}/` })).statusCode).toBe(404);
  });
});
