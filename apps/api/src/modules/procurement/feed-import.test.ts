import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FeedBody, FeedImportResult, FeedResponse, JobResponse } from '@kontor/contract';
import { catalogProducts, currencies, notifications, procurementCategories, procurementFeeds, procurementProducts } from '../../db/schema/index.js';
import { outboundPolicy } from '../../lib/outbound.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from '../catalog/catalog.factories.js';
import { FeedImportError } from './feed-import/errors.js';
import { startFeedServer, type FeedReply, type FeedServer } from './feed-import/feed-server.fixture.js';
import { importFeed, importFeedFromStream } from './feed-import/import.js';
import { runDueFeeds } from './feeds.service.js';
import { insertFeed, insertProcurementProduct, insertSupplier } from './procurement.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
let server: FeedServer;
const currencyIds = new Map<string, number>();

beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
  server = await startFeedServer();
  for (const c of await app.deps.database.db.select().from(currencies)) currencyIds.set(c.code, c.id);
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

const FEEDS = '/api/procurement/feeds/';
const db = () => app.deps.database.db;
let pathSeq = 0;
const nextPath = (ext: string) => `/feed-${(pathSeq += 1)}.${ext}`;

const CSV_MAPPING = {
  sku: 'sku',
  name: 'name',
  cost: 'price',
  stock_details: 'stock',
  category: 'category',
  url: 'link',
  image_urls: 'images',
  description: 'description',
  brand: 'brand',
  ean: 'ean',
};
const CSV_HEADER = 'sku,name,price,stock,category,link,images,description,brand,ean';
const csv = (...lines: string[]) => `${[CSV_HEADER, ...lines].join('\r\n')}\r\n`;

const V1 = csv(
  'A1,"Spade, large",12.50,In stock: 12 pcs,Garden > Tools > Spades,https://s.test/a1,"https://s.test/a1.jpg, https://s.test/a1b.jpg","Steel ""pro"" spade",Gröna,7350000000011',
  'A2,Rake,"8,40",Out of stock,Garden > Tools,https://s.test/a2,https://s.test/a2.jpg,,Gröna,',
  'A3,Hose,abc,In stock: 3,Garden > Water,,,,,',
  ',No SKU,1,,,,,,,',
  'A4,Seeds,1.99,In stock: 100,Garden > Seeds,,,,,',
  'A4,Seeds (new),2.05,In stock: 90,Garden > Seeds,,,,,',
);

type Setup = { feed: FeedResponse; supplierId: number; path: string };

/** A supplier and a feed of it (created through the API) that the test server serves at a fresh path. */
async function setupFeed(tenant: Tenant, reply: FeedReply, body: Partial<FeedBody> = {}, supplier: Parameters<typeof insertSupplier>[2] = {}): Promise<Setup> {
  const ext = (body.format ?? 'CSV').toLowerCase();
  const path = nextPath(ext);
  server.set(path, reply);
  const { id: supplierId } = await insertSupplier(db(), tenant.companyId, supplier);
  const res = await as(app, tenant, {
    method: 'POST',
    url: FEEDS,
    payload: { supplier: supplierId, name: `Feed ${path}`, url: server.url(path), format: 'CSV', column_mapping: CSV_MAPPING, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { feed: res.json(), supplierId, path };
}

/** "Run now", then the job once it has finished, as the API answers it. */
async function run(tenant: Tenant, feedId: number): Promise<JobResponse> {
  const res = await as(app, tenant, { method: 'POST', url: `${FEEDS}${feedId}/run/` });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as JobResponse;
  await app.jobs.waitFor(id);
  const job = await as(app, tenant, { method: 'GET', url: `/api/jobs/${id}/` });
  expect(job.statusCode).toBe(200);
  return job.json();
}

const products = (supplierId: number) =>
  db().select().from(procurementProducts).where(eq(procurementProducts.supplierId, supplierId)).orderBy(asc(procurementProducts.sku));
const categories = (supplierId: number) =>
  db().select().from(procurementCategories).where(eq(procurementCategories.supplierId, supplierId)).orderBy(asc(procurementCategories.path));
const bySku = async (supplierId: number) => new Map((await products(supplierId)).map((p) => [p.sku, p]));
const notesOf = (tenant: Tenant, feedName: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.receiverUserId, tenant.user.id), like(notifications.title, `Feed '${feedName}'%`)))
    .orderBy(asc(notifications.id));
/** Everything an import could touch for the supplier, to prove a failed one changed nothing. */
const snapshot = async (setup: Setup) => ({
  products: await products(setup.supplierId),
  categories: await categories(setup.supplierId),
  catalog: await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, me.companyId)).orderBy(asc(catalogProducts.id)),
});

describe('CSV import', () => {
  it('imports the rows, skips and reports broken ones, converts costs, builds the category tree and tells the user', async () => {
    const setup = await setupFeed(me, { body: V1, contentType: 'text/csv' }, { currency: currencyIds.get('EUR')! });
    const job = await run(me, setup.feed.id);
    expect(job).toMatchObject({ kind: 'feed_import', status: 'succeeded', error: null, progress: { done: 3, total: 3 } });
    expect(Object.keys(job).sort()).toEqual(['created_at', 'error', 'finished_at', 'id', 'kind', 'progress', 'result', 'started_at', 'status']);
    const result = job.result as FeedImportResult;
    expect(result).toEqual({
      rows_total: 6,
      created: 3,
      updated: 0,
      unchanged: 0,
      removed: 0,
      skipped: 3,
      error_count: 3,
      errors: [
        { row: 3, sku: 'A3', message: "Cost 'abc' is not a number." },
        { row: 4, message: 'Missing SKU.' },
        { row: 5, sku: 'A4', message: 'Duplicate SKU: row 6 replaces this row.' },
      ],
    });

    const rows = await bySku(setup.supplierId);
    expect([...rows.keys()]).toEqual(['A1', 'A2', 'A4']);
    const cats = await categories(setup.supplierId);
    const catId = (path: string) => cats.find((c) => c.path === path)!.id;
    expect(cats.map((c) => [c.path, c.name, c.depth, c.slug, c.parentId === null ? null : cats.find((p) => p.id === c.parentId)!.path])).toEqual([
      ['Garden', 'Garden', 0, 'garden', null],
      ['Garden > Seeds', 'Seeds', 1, 'garden-seeds', 'Garden'],
      ['Garden > Tools', 'Tools', 1, 'garden-tools', 'Garden'],
      ['Garden > Tools > Spades', 'Spades', 2, 'garden-tools-spades', 'Garden > Tools'],
    ]);
    expect(cats.every((c) => c.latestFeedId === setup.feed.id && c.companyId === me.companyId)).toBe(true);
    expect(rows.get('A1')).toMatchObject({
      name: 'Spade, large',
      description: 'Steel "pro" spade',
      brand: 'Gröna',
      ean: '7350000000011',
      stockDetails: '12 pcs',
      stockQuantity: '12.00',
      cost: '12.5000',
      costCurrencyId: currencyIds.get('EUR'),
      // 12.50 EUR x 11.0 SEK/EUR
      costSek: '137.50',
      urls: ['https://s.test/a1'],
      imageUrls: ['https://s.test/a1.jpg', 'https://s.test/a1b.jpg'],
      categoryId: catId('Garden > Tools > Spades'),
      feedId: setup.feed.id,
      companyId: me.companyId,
      status: 'active',
    });
    expect(rows.get('A2')).toMatchObject({
      stockDetails: 'Out of stock',
      stockQuantity: null,
      cost: '8.4000',
      costSek: '92.40',
      categoryId: catId('Garden > Tools'),
    });
    expect(rows.get('A4')).toMatchObject({ name: 'Seeds (new)', stockQuantity: '90.00', costSek: '22.55' });

    const feed = (await as(app, me, { method: 'GET', url: `${FEEDS}${setup.feed.id}/` })).json() as FeedResponse;
    expect(feed.last_run_at).not.toBeNull();
    expect(feed.last_job).toMatchObject({ id: job.id, status: 'succeeded', result });
    const notes = await notesOf(me, setup.feed.name);
    expect(notes.map((n) => [n.title, n.kind, n.link, n.companyId])).toEqual([
      [`Feed '${setup.feed.name}' imported: 3 created, 0 updated, 0 removed, 3 rows skipped`, 'import', '/procurement/supplier-feed', me.companyId],
    ]);
  });

  it('re-imports: updates, marks vanished rows removed, brings returning ones back, and refreshes mapped catalog costs', async () => {
    const setup = await setupFeed(me, { body: V1 }, { currency: currencyIds.get('EUR')! });
    expect((await run(me, setup.feed.id)).status).toBe('succeeded');
    // A catalog product sold from A1 and from another supplier's cheaper product that has no stock.
    const catalog = await insertProduct(db(), me.companyId, { procurementCost: null });
    const a1 = (await bySku(setup.supplierId)).get('A1')!;
    await db().update(procurementProducts).set({ catalogProductId: catalog.id }).where(eq(procurementProducts.id, a1.id));
    const otherSupplier = await insertSupplier(db(), me.companyId);
    await insertProcurementProduct(db(), me.companyId, otherSupplier.id, { catalogProductId: catalog.id, costSek: '90.00', stockQuantity: '0' });
    const costOf = async () => (await db().select().from(catalogProducts).where(eq(catalogProducts.id, catalog.id)))[0]!.procurementCost;

    server.set(setup.path, {
      body: csv(
        'A1,"Spade, large",13.00,Out of stock,Garden > Tools > Spades,,,,,',
        'A4,Seeds (new),2.05,In stock: 90,Garden > Seeds,,,,,',
        'A5,Trowel,3,In stock: 7,Garden > Tools,,,,,',
      ),
    });
    const a4Before = (await bySku(setup.supplierId)).get('A4')!;
    const second = await run(me, setup.feed.id);
    expect(second.result).toMatchObject({ rows_total: 3, created: 1, updated: 1, unchanged: 1, removed: 1, skipped: 0, error_count: 0, errors: [] });
    let rows = await bySku(setup.supplierId);
    // A4 is as it was: not rewritten.
    expect(rows.get('A4')).toEqual(a4Before);
    expect(rows.get('A1')).toMatchObject({ costSek: '143.00', stockQuantity: null, status: 'active' });
    expect(rows.get('A2')!.status).toBe('removed');
    expect(rows.get('A2')!.removedAt).toBeInstanceOf(Date);
    expect(rows.get('A5')).toMatchObject({ status: 'active', costSek: '33.00' });
    // Nothing in stock: the cheapest active offer.
    expect(await costOf()).toBe('90.00');

    server.set(setup.path, { body: V1 });
    const third = await run(me, setup.feed.id);
    expect(third.result).toMatchObject({ rows_total: 6, created: 0, updated: 2, unchanged: 1, removed: 1, skipped: 3 });
    rows = await bySku(setup.supplierId);
    expect(rows.get('A2')).toMatchObject({ status: 'active', removedAt: null });
    expect(rows.get('A5')!.status).toBe('removed');
    // A1 is in stock again: preferred over the cheaper offer without stock.
    expect(await costOf()).toBe('137.50');
    const titles = (await notesOf(me, setup.feed.name)).map((n) => n.title);
    expect(titles.slice(1)).toEqual([
      `Feed '${setup.feed.name}' imported: 1 created, 1 updated, 1 removed, 0 rows skipped`,
      `Feed '${setup.feed.name}' imported: 0 created, 2 updated, 1 removed, 3 rows skipped`,
    ]);
  });

  it('a product whose row is skipped for a bad value is still in the file: not marked removed, it keeps its last values', async () => {
    const setup = await setupFeed(me, { body: csv('A1,Spade,10.00,In stock: 5,Garden,,,,,', 'A2,Rake,20.00,In stock: 3,Garden,,,,,') });
    expect((await run(me, setup.feed.id)).result).toMatchObject({ created: 2 });
    const before = await bySku(setup.supplierId);
    server.set(setup.path, { body: csv('A1,Spade,N/A,In stock: 5,Garden,,,,,', 'A2,,20.00,In stock: 3,Garden,,,,,', 'A3,Hoe,5.00,In stock: 1,Garden,,,,,') });
    const second = await run(me, setup.feed.id);
    expect(second.result).toMatchObject({ rows_total: 3, created: 1, updated: 0, unchanged: 0, removed: 0, skipped: 2, error_count: 2 });
    expect((second.result as FeedImportResult).errors.map((e) => [e.sku, e.message])).toEqual([
      ['A1', "Cost 'N/A' is not a number."],
      ['A2', 'Missing name.'],
    ]);
    const after = await bySku(setup.supplierId);
    expect([after.get('A1'), after.get('A2')]).toEqual([before.get('A1'), before.get('A2')]);
    // Gone from the file for real: removed.
    server.set(setup.path, { body: csv('A2,Rake,20.00,In stock: 3,Garden,,,,,', 'A3,Hoe,5.00,In stock: 1,Garden,,,,,') });
    expect((await run(me, setup.feed.id)).result).toMatchObject({ removed: 1 });
    expect((await bySku(setup.supplierId)).get('A1')!.status).toBe('removed');
  });

  it('a value that rounds past its column skips its row (cost) or stays unknown (cost in SEK, stock quantity); the import goes on', async () => {
    const setup = await setupFeed(
      me,
      {
        body: csv(
          'A1,Spade,9999999999.99999,In stock: 5,Garden,,,,,',
          'A2,Rake,9999999999.999,In stock: 3,Garden,,,,,',
          'A3,Hoe,9.99,In stock: 999999999999.999 pcs,Garden,,,,,',
          'A4,Trowel,1.23456,In stock: 2.345,Garden,,,,,',
        ),
      },
      { currency: currencyIds.get('SEK')! },
    );
    const job = await run(me, setup.feed.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({
      rows_total: 4,
      created: 3,
      skipped: 1,
      errors: [{ row: 1, sku: 'A1', message: "Cost '9999999999.99999' is too large." }],
    });
    const rows = await bySku(setup.supplierId);
    expect([...rows.keys()]).toEqual(['A2', 'A3', 'A4']);
    expect(rows.get('A2')).toMatchObject({ cost: '9999999999.9990', costSek: null });
    expect(rows.get('A3')).toMatchObject({ stockDetails: '999999999999.999 pcs', stockQuantity: null, costSek: '9.99' });
    // Rounded once, half up, as the columns keep them; the cost in SEK from the cost as stored.
    expect(rows.get('A4')).toMatchObject({ cost: '1.2346', costSek: '1.23', stockQuantity: '2.35' });
  });

  it('a category path too long for the category index skips its row instead of failing the import', async () => {
    // Text that does not compress, past what PostgreSQL's btree index on the path can hold.
    const long = Array.from({ length: 900 }, (_, i) => (i * 2_654_435_761).toString(36).slice(-6)).join(' ');
    const setup = await setupFeed(me, { body: csv(`A1,Spade,9.99,In stock: 5,Garden > ${long},,,,,`, 'A2,Rake,20.00,In stock: 3,Garden,,,,,') });
    const job = await run(me, setup.feed.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({
      rows_total: 2,
      created: 1,
      skipped: 1,
      errors: [{ row: 1, sku: 'A1', message: 'The category is longer than 500 characters.' }],
    });
    expect([...(await bySku(setup.supplierId)).keys()]).toEqual(['A2']);
    expect((await categories(setup.supplierId)).map((c) => c.path)).toEqual(['Garden']);
  });

  it('reads a semicolon file; the supplier currency applies when the feed has none, and unmapped fields keep their values', async () => {
    const setup = await setupFeed(
      me,
      { body: '\uFEFFArtikel;Benämning;Pris\nB1;Kanna;10,00\n' },
      { column_mapping: { sku: 'Artikel', name: 'Benämning', cost: 'Pris' }, options: { delimiter: ';' } },
      { currencyId: currencyIds.get('USD')! },
    );
    expect((await run(me, setup.feed.id)).status).toBe('succeeded');
    expect((await bySku(setup.supplierId)).get('B1')).toMatchObject({ name: 'Kanna', costSek: '95.00', description: '' });
    await db().update(procurementProducts).set({ description: 'written by hand' }).where(eq(procurementProducts.supplierId, setup.supplierId));
    server.set(setup.path, { body: 'Artikel;Benämning;Pris\nB1;Kanna;12,00\n' });
    expect((await run(me, setup.feed.id)).result).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await bySku(setup.supplierId)).get('B1')).toMatchObject({ costSek: '114.00', description: 'written by hand' });
    expect((await run(me, setup.feed.id)).result).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });
});

describe('XML and JSON imports', () => {
  it('XML: items by element name, attributes, entities, CDATA, repeated images and a currency per row', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<feed><items>
  <item id="X1"><title>Fish &amp; Chips</title><price>10</price><currency>USD</currency><desc><![CDATA[<p>Hot</p>]]></desc>
    <images><image>https://s.test/x1.jpg</image><image>https://s.test/x1b.jpg</image></images><cat>Food &gt; Fast</cat></item>
  <item id="X2"><title>Tea</title><price>20</price></item>
  <item id="X3"><title>Odd</title><price>5</price><currency>XXX</currency></item>
</items></feed>`;
    const setup = await setupFeed(
      me,
      { body: xml, contentType: 'application/xml' },
      {
        format: 'XML',
        options: { item: 'item' },
        column_mapping: { sku: '@id', name: 'title', cost: 'price', currency: 'currency', description: 'desc', image_urls: 'images.image', category: 'cat' },
      },
    );
    const job = await run(me, setup.feed.id);
    expect(job.result).toMatchObject({ rows_total: 3, created: 2, skipped: 1, errors: [{ row: 3, sku: 'X3', message: "Unknown currency 'XXX'." }] });
    const rows = await bySku(setup.supplierId);
    expect(rows.get('X1')).toMatchObject({
      name: 'Fish & Chips',
      description: '<p>Hot</p>',
      costSek: '95.00',
      costCurrencyId: currencyIds.get('USD'),
      imageUrls: ['https://s.test/x1.jpg', 'https://s.test/x1b.jpg'],
    });
    // No currency on the row, none on the feed or the supplier: SEK.
    expect(rows.get('X2')).toMatchObject({ costSek: '20.00', costCurrencyId: currencyIds.get('SEK') });
    expect((await categories(setup.supplierId)).map((c) => c.path)).toEqual(['Food', 'Food > Fast']);
  });

  it('JSON: the list at a dotted path, nested keys and arrays', async () => {
    const doc = {
      meta: { count: 2 },
      data: {
        items: [
          { id: 'J1', title: 'Lamp', price: { amount: 10 }, stock: 'In stock: 4', images: ['https://s.test/j1.jpg'] },
          { id: 'J2', title: 'Bulb', price: { amount: '1.5' }, stock: 'Backorder', images: [] },
        ],
      },
    };
    const setup = await setupFeed(
      me,
      { body: JSON.stringify(doc), contentType: 'application/json' },
      {
        format: 'JSON',
        options: { path: 'data.items' },
        column_mapping: { sku: 'id', name: 'title', cost: 'price.amount', stock_details: 'stock', image_urls: 'images' },
      },
      { currencyId: currencyIds.get('GBP')! },
    );
    const job = await run(me, setup.feed.id);
    expect(job.result).toMatchObject({ rows_total: 2, created: 2, skipped: 0 });
    const rows = await bySku(setup.supplierId);
    expect(rows.get('J1')).toMatchObject({ costSek: '128.00', stockDetails: '4', stockQuantity: '4.00', imageUrls: ['https://s.test/j1.jpg'] });
    expect(rows.get('J2')).toMatchObject({ costSek: '19.20', stockDetails: 'Backorder', stockQuantity: null, imageUrls: [] });
  });

  it('a lone surrogate (a JSON escape or an XML character reference) is stored as U+FFFD, as bytes that are not UTF-8 are', async () => {
    // Written by hand: JSON.stringify would not write these escapes as they are.
    const json = '[{"id": "S1", "title": "Lamp \\ud800 A", "img": ["https://s.test/\\udfff.jpg"]}, {"id": "S2", "title": "Pair \\ud83d\\ude00"}]';
    const fromJson = await setupFeed(
      me,
      { body: json, contentType: 'application/json' },
      { name: 'Surrogates JSON', format: 'JSON', column_mapping: { sku: 'id', name: 'title', image_urls: 'img' } },
    );
    expect((await run(me, fromJson.feed.id)).result).toMatchObject({ rows_total: 2, created: 2, skipped: 0 });
    const jsonRows = await bySku(fromJson.supplierId);
    expect(jsonRows.get('S1')).toMatchObject({ name: 'Lamp \uFFFD A', imageUrls: ['https://s.test/\uFFFD.jpg'] });
    expect(jsonRows.get('S2')).toMatchObject({ name: 'Pair 😀' });

    const xml = '<feed><item><sku>X1</sku><title>Lamp &#xD800; B</title></item></feed>';
    const fromXml = await setupFeed(
      me,
      { body: xml, contentType: 'application/xml' },
      { name: 'Surrogates XML', format: 'XML', options: { item: 'item' }, column_mapping: { sku: 'sku', name: 'title' } },
    );
    expect((await run(me, fromXml.feed.id)).result).toMatchObject({ rows_total: 1, created: 1 });
    expect((await bySku(fromXml.supplierId)).get('X1')).toMatchObject({ name: 'Lamp \uFFFD B' });
  });

  it('an XML file is read in the encoding it declares when the server names no charset; a named charset wins', async () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<feed><item><sku>L1</sku><title>Trädgårdsspade Ö</title></item></feed>', 'latin1');
    const declared = await setupFeed(
      me,
      { body: latin1, contentType: 'application/xml' },
      { name: 'Latin-1 XML', format: 'XML', options: { item: 'item' }, column_mapping: { sku: 'sku', name: 'title' } },
    );
    expect((await run(me, declared.feed.id)).result).toMatchObject({ rows_total: 1, created: 1 });
    expect((await bySku(declared.supplierId)).get('L1')).toMatchObject({ name: 'Trädgårdsspade Ö' });

    // The server says UTF-8 and sends UTF-8, whatever the file's first line claims.
    const utf8 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<feed><item><sku>U1</sku><title>Grönsak</title></item></feed>', 'utf8');
    const named = await setupFeed(
      me,
      { body: utf8, contentType: 'application/xml; charset=utf-8' },
      { name: 'Named UTF-8 XML', format: 'XML', options: { item: 'item' }, column_mapping: { sku: 'sku', name: 'title' } },
    );
    expect((await run(me, named.feed.id)).result).toMatchObject({ rows_total: 1, created: 1 });
    expect((await bySku(named.supplierId)).get('U1')).toMatchObject({ name: 'Grönsak' });
  });

  it('the declared encoding is read even when the first bytes to arrive end inside the XML declaration', async () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<feed><item><sku>L2</sku><title>Trädgårdsspade Ö</title></item></feed>', 'latin1');
    const setup = await setupFeed(
      me,
      { body: latin1, contentType: 'application/xml', holdAfter: 12 },
      { name: 'Latin-1 XML sent slowly', format: 'XML', options: { item: 'item' }, column_mapping: { sku: 'sku', name: 'title' } },
    );
    const started = await as(app, me, { method: 'POST', url: `${FEEDS}${setup.feed.id}/run/` });
    expect(started.statusCode).toBe(202);
    // The first 12 bytes ('<?xml versio') have been read before the rest comes.
    await vi.waitFor(async () => expect(server.hits(setup.path)).toBe(1));
    await new Promise((r) => setTimeout(r, 100));
    server.release();
    await app.jobs.waitFor((started.json() as JobResponse).id);
    expect((await bySku(setup.supplierId)).get('L2')).toMatchObject({ name: 'Trädgårdsspade Ö' });
  });

  it('a NUL character (a JSON \\u0000, a NUL byte in a CSV) is stored as U+FFFD: PostgreSQL stores none, and the import would fail whole', async () => {
    const json = '[{"id": "N1", "title": "A\\u0000B", "cat": "Lamps\\u0000"}, {"id": "N2", "title": "ok"}]';
    const fromJson = await setupFeed(
      me,
      { body: json, contentType: 'application/json' },
      { name: 'NUL JSON', format: 'JSON', column_mapping: { sku: 'id', name: 'title', category: 'cat' } },
    );
    expect((await run(me, fromJson.feed.id)).result).toMatchObject({ rows_total: 2, created: 2, skipped: 0 });
    const jsonRows = await bySku(fromJson.supplierId);
    expect(jsonRows.get('N1')).toMatchObject({ name: 'A\uFFFDB' });
    expect(jsonRows.get('N2')).toMatchObject({ name: 'ok' });

    const fromCsv = await setupFeed(me, { body: csv('C1,Rake\u0000 wide,1,,,,,,,', 'C2,Hoe,2,,,,,,,') });
    expect((await run(me, fromCsv.feed.id)).result).toMatchObject({ rows_total: 2, created: 2 });
    expect((await bySku(fromCsv.supplierId)).get('C1')).toMatchObject({ name: 'Rake\uFFFD wide' });
  });
});

describe('a failed import changes nothing', () => {
  /** A feed imported once from V1, then served broken: the run fails, with this message, and every row stays as it was. */
  async function expectFailure(reply: FeedReply, message: string | RegExp, body: Partial<FeedBody> = {}) {
    const setup = await setupFeed(me, { body: V1 }, { currency: currencyIds.get('EUR')! });
    expect((await run(me, setup.feed.id)).status).toBe('succeeded');
    const before = await snapshot(setup);
    expect(before.products).toHaveLength(3);
    server.set(setup.path, reply);
    if (body.format) {
      const put = await as(app, me, {
        method: 'PUT',
        url: `${FEEDS}${setup.feed.id}/`,
        payload: { supplier: setup.supplierId, name: setup.feed.name, url: setup.feed.url, format: body.format, column_mapping: CSV_MAPPING, ...body },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const job = await run(me, setup.feed.id);
    expect(job.status).toBe('failed');
    expect(job.result).toBeNull();
    expect(job.error).toMatch(message);
    expect(await snapshot(setup)).toEqual(before);
    const notes = await notesOf(me, setup.feed.name);
    expect(notes.at(-1)!.title).toBe(`Feed '${setup.feed.name}' failed: ${job.error}`);
    const feed = (await as(app, me, { method: 'GET', url: `${FEEDS}${setup.feed.id}/` })).json() as FeedResponse;
    expect(feed.last_job).toMatchObject({ id: job.id, status: 'failed', error: job.error });
    return job;
  }

  /** 2,000 new rows: a half-written import would show. */
  const bigCsv = csv(...Array.from({ length: 2000 }, (_, i) => `N${i},New product ${i},${i}.25,In stock: ${i},Garden > New,,,,,`));

  it('malformed XML', async () => {
    await expectFailure(
      { body: '<catalog><product><sku>N1</sku><name>x</name></product><product><sku>N2</name></product></catalog>' },
      'The file is not valid XML: <sku> is closed by </name>.',
      { format: 'XML', options: { item: 'product' } },
    );
  });

  it('malformed JSON', async () => {
    await expectFailure({ body: '{"products": [{"sku": "N1", "name": "x"},' }, /^The file is not valid JSON: /, {
      format: 'JSON',
      options: { path: 'products' },
    });
  });

  it('a CSV without the mapped sku column', async () => {
    await expectFailure({ body: 'article,name\nN1,x\n' }, /^The file has no column 'sku'/);
  });

  it('a file with no rows', async () => {
    await expectFailure({ body: `${CSV_HEADER}\n` }, 'The file has no products; nothing was changed.');
  });

  it('a connection dropped after the headers and half the body (Content-Length)', async () => {
    await expectFailure({ body: bigCsv, dropAfter: Math.floor(bigCsv.length / 2) }, /^The connection was closed before the whole file was received/);
  });

  it('a connection dropped in the middle of a chunked body', async () => {
    await expectFailure(
      { body: bigCsv, dropAfter: Math.floor(bigCsv.length / 2), contentLength: false },
      /^The connection was closed before the whole file was received/,
    );
  });

  it('HTTP 500 from the feed server', async () => {
    await expectFailure({ status: 500, body: 'boom' }, 'The feed server answered HTTP 500 Internal Server Error.');
  });

  it('a feed server that is not there', async () => {
    const closed = await startFeedServer();
    const nothing = closed.url('/nothing.csv');
    await closed.close();
    const setup = await setupFeed(me, { body: V1 });
    await as(app, me, {
      method: 'PUT',
      url: `${FEEDS}${setup.feed.id}/`,
      payload: { supplier: setup.supplierId, name: setup.feed.name, url: nothing, format: 'CSV', column_mapping: CSV_MAPPING },
    });
    const job = await run(me, setup.feed.id);
    expect(job).toMatchObject({ status: 'failed', error: 'Could not connect to the feed server (ECONNREFUSED).' });
    expect(await products(setup.supplierId)).toEqual([]);
  });

  it('a download that takes longer than the timeout', async () => {
    const path = nextPath('csv');
    server.set(path, { body: V1, holdAfter: 10 });
    const supplier = await insertSupplier(db(), me.companyId);
    const feed = await insertFeed(db(), me.companyId, supplier.id, { url: server.url(path), columnMapping: { sku: 'sku', name: 'name' } });
    const error = await importFeed(db(), feed, { timeoutMs: 300, outbound: outboundPolicy(app.deps.config) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedImportError);
    expect((error as Error).message).toBe('The feed server did not send the whole file within 0.3 s.');
    server.release();
    expect(await products(supplier.id)).toEqual([]);
  });
});

describe('jobs of imports', () => {
  it('shows live progress while the file is read, and a second "Run now" answers the same job', async () => {
    const body = csv(...Array.from({ length: 3000 }, (_, i) => `P${i},Product ${i},1,,,,,,,`));
    const setup = await setupFeed(me, { body, holdAfter: Math.floor(body.length / 2) });
    const started = await as(app, me, { method: 'POST', url: `${FEEDS}${setup.feed.id}/run/` });
    expect(started.statusCode).toBe(202);
    const job = started.json() as JobResponse;
    // The job may already have read rows by the time the answer is written; it cannot have finished.
    expect(job).toMatchObject({ kind: 'feed_import', progress: { total: null }, result: null, error: null, finished_at: null });
    expect(job.progress.done).toBeLessThan(3000);
    expect(['queued', 'running']).toContain(job.status);

    let live: JobResponse = job;
    for (let i = 0; i < 100 && !(live.status === 'running' && live.progress.done > 0); i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      live = (await as(app, me, { method: 'GET', url: `/api/jobs/${job.id}/` })).json();
    }
    expect(live.status).toBe('running');
    expect(live.started_at).not.toBeNull();
    expect(live.progress.total).toBeNull();
    expect(live.progress.done).toBeGreaterThan(0);
    expect(live.progress.done).toBeLessThan(3000);

    const again = await as(app, me, { method: 'POST', url: `${FEEDS}${setup.feed.id}/run/` });
    expect(again.statusCode).toBe(202);
    expect(again.json().id).toBe(job.id);
    const listed = (await as(app, me, { method: 'GET', url: `${FEEDS}?supplier=${setup.supplierId}` })).json();
    expect(listed.results[0].last_job).toMatchObject({ id: job.id, status: 'running' });

    server.release();
    await app.jobs.waitFor(job.id);
    const done = (await as(app, me, { method: 'GET', url: `/api/jobs/${job.id}/` })).json() as JobResponse;
    expect(done).toMatchObject({ status: 'succeeded', progress: { done: 3000, total: 3000 }, result: { rows_total: 3000, created: 3000 } });
    expect(done.finished_at).not.toBeNull();
    // After it finished, a new run is a new job.
    server.set(setup.path, { body });
    const next = await as(app, me, { method: 'POST', url: `${FEEDS}${setup.feed.id}/run/` });
    expect(next.json().id).not.toBe(job.id);
    await app.jobs.waitFor(next.json().id);
  });

  it("another company's job is a 404; without a token a 401", async () => {
    const setup = await setupFeed(me, { body: V1 });
    const job = await run(me, setup.feed.id);
    expect((await as(app, other, { method: 'GET', url: `/api/jobs/${job.id}/` })).statusCode).toBe(404);
    expect((await as(app, other, { method: 'POST', url: `${FEEDS}${setup.feed.id}/run/` })).statusCode).toBe(404);
    expect((await as(app, null, { method: 'POST', url: `${FEEDS}${setup.feed.id}/run/` })).statusCode).toBe(401);
    expect((await as(app, me, { method: 'POST', url: `${FEEDS}999999/run/` })).json()).toEqual({ detail: 'Not found.' });
  });

  it('the scheduler moves a feed on as it queues its run: a run that takes its process down is not queued again at the next round', async () => {
    const tenant = await createTenant(app);
    const setup = await setupFeed(tenant, { body: V1, holdAfter: 10 }, { schedule: 'daily' });
    const now = new Date();
    expect(await runDueFeeds(db(), app.jobs, app.log, now)).toBeGreaterThanOrEqual(1);
    // Still downloading (the server holds the file back): were the process killed now, the feed would not be due again for a day.
    const [feed] = await db().select().from(procurementFeeds).where(eq(procurementFeeds.id, setup.feed.id));
    expect(feed!.nextRunAt!.getTime()).toBe(now.getTime() + 24 * 3_600_000);
    expect(feed!.lastRunAt).toBeNull();
    // Released only once the download has begun: a request that came after would wait for the next release.
    await vi.waitFor(() => expect(server.hits(setup.path)).toBe(1), { timeout: 10_000 });
    server.release();
    await app.jobs.whenIdle();
    const done = (await as(app, tenant, { method: 'GET', url: `${FEEDS}${setup.feed.id}/` })).json() as FeedResponse;
    expect(done.last_job).toMatchObject({ status: 'succeeded' });
    expect(Date.parse(done.next_run_at!) - Date.parse(done.last_run_at!)).toBe(24 * 3_600_000);
  });

  it('the scheduler runs due feeds once, and a scheduled run tells every user of the company', async () => {
    const tenant = await createTenant(app);
    const staff = await createStaffUser(app, tenant);
    const setup = await setupFeed(tenant, { body: V1 }, { schedule: 'daily' });
    expect(Date.parse(setup.feed.next_run_at!)).toBeLessThanOrEqual(Date.now());
    await setupFeed(tenant, { body: V1 }, { schedule: 'manual' });

    const started = await runDueFeeds(db(), app.jobs, app.log);
    expect(started).toBeGreaterThanOrEqual(1);
    await app.jobs.whenIdle();
    const feed = (await as(app, tenant, { method: 'GET', url: `${FEEDS}${setup.feed.id}/` })).json() as FeedResponse;
    expect(feed.last_job).toMatchObject({ status: 'succeeded' });
    expect(Date.parse(feed.next_run_at!) - Date.parse(feed.last_run_at!)).toBe(24 * 3_600_000);
    for (const user of [tenant, staff]) {
      expect((await notesOf(user, setup.feed.name)).map((n) => n.title)).toEqual([
        `Feed '${setup.feed.name}' imported: 3 created, 0 updated, 0 removed, 3 rows skipped`,
      ]);
    }
    // Not due any more.
    const before = (await products(setup.supplierId)).length;
    await runDueFeeds(db(), app.jobs, app.log);
    await app.jobs.whenIdle();
    expect((await as(app, tenant, { method: 'GET', url: `${FEEDS}${setup.feed.id}/` })).json().last_job.id).toBe(feed.last_job!.id);
    expect(await products(setup.supplierId)).toHaveLength(before);
  });
});

describe('importFeedFromStream (for the demo seed)', () => {
  it('imports a file given as text or chunks without a job, and records the run on the feed', async () => {
    const supplier = await insertSupplier(db(), me.companyId);
    const feed = await insertFeed(db(), me.companyId, supplier.id, { columnMapping: CSV_MAPPING, currencyId: currencyIds.get('EUR')! });
    const result = await importFeedFromStream(db(), feed, V1);
    expect(result).toMatchObject({ rows_total: 6, created: 3, skipped: 3 });
    const chunks = [Buffer.from(V1.slice(0, 7)), Buffer.from(V1.slice(7))];
    expect(await importFeedFromStream(db(), feed, chunks)).toMatchObject({ created: 0, updated: 0, unchanged: 3, removed: 0 });
    expect((await bySku(supplier.id)).get('A1')!.costSek).toBe('137.50');
    await expect(importFeedFromStream(db(), feed, `${CSV_HEADER}\n`)).rejects.toThrow('The file has no products');
    // Inside a caller's transaction (a seed's), as a savepoint of it.
    const seeded = await insertFeed(db(), me.companyId, supplier.id, { columnMapping: CSV_MAPPING });
    const inTx = await db().transaction((tx) => importFeedFromStream(tx, seeded, csv('S1,Seeded,1,,,,,,,')));
    expect(inTx).toMatchObject({ created: 1 });
    expect((await bySku(supplier.id)).get('S1')).toMatchObject({ feedId: seeded.id, costSek: '1.00' });
  });
});
