import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  PUBLISH_NOTHING,
  SELECTION_EXPORT_DAYS,
  type JobResponse,
  type ProductTaxonomiesResponse,
  type PublishResponse,
  type PublishResult,
  type PublishValidationResponse,
} from '@kontor/contract';
import {
  catalogProductCategories,
  catalogProducts,
  catalogCategoryTaxonomies,
  googleTaxonomyItems,
  notifications,
  backgroundJobs,
  catalogImages,
  catalogProductImages,
  productDescriptions,
  catalogProductTaxonomies,
} from '../../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../../test/helpers.js';
import { sharedDataFile } from '../../../../test/shared-data.js';
import { readFile } from 'node:fs/promises';
import { importTaxonomyFile } from '../../taxonomies/import.js';
import { insertProduct } from '../catalog.factories.js';
import { insertProcurementProduct, insertSupplier } from '../../procurement/procurement.factories.js';
import { exportFiles } from './export-files.js';
import { CSV_COLUMNS, META_COLUMNS } from './feed-format.js';
import { removeExpiredSelectionFiles } from './publish.service.js';

let app: TestApp;
const db = () => app.deps.database.db;
const post = (tenant: Tenant | null, url: string, payload: unknown) => as(app, tenant, { method: 'POST', url, payload: payload as object });
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const put = (tenant: Tenant | null, url: string, payload: unknown) => as(app, tenant, { method: 'PUT', url, payload: payload as object });

const PUBLISH = '/api/catalog/products/publish/';
const VALIDATE = '/api/catalog/products/publish/validate/';
const taxonomiesUrl = (id: number) => `/api/catalog/products/${id}/taxonomies/`;
/** The path of an export URL (the app answers under PUBLIC_URL http://kontor.test). */
const pathOf = (url: string) => new URL(url).pathname;

async function publish(tenant: Tenant, body: object): Promise<{ response: PublishResponse; job: JobResponse; result: PublishResult }> {
  const res = await post(tenant, PUBLISH, body);
  expect(res.statusCode, res.body).toBe(200);
  const response = res.json<PublishResponse>();
  await app.jobs.waitFor(response.job.id);
  const job = (await get(tenant, `/api/jobs/${response.job.id}/`)).json<JobResponse>();
  return { response, job, result: job.result as PublishResult };
}

async function fetchExport(url: string) {
  const res = await app.inject({ method: 'GET', url: pathOf(url) });
  return res;
}

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'g:additional_image_link', parseTagValue: false });
type GoogleItem = Record<string, string | string[]>;
const googleItems = (text: string): GoogleItem[] => (xml.parse(text) as { rss: { channel: { item?: GoogleItem[] } } }).rss.channel.item ?? [];

/** A product that every channel takes: title, description, price, image, link. */
async function insertPublishable(tenant: Tenant, overrides: Partial<typeof catalogProducts.$inferInsert> = {}) {
  const product = await insertProduct(db(), tenant.companyId, {
    priceCalculatedAutomatically: '199.00',
    url: 'https://shop.test/p/1',
    imageUrls: ['https://cdn.shop.test/p1.jpg'],
    qtyInStock: '3',
    packagingWeight: '1.250',
    ...overrides,
  });
  await db()
    .insert(productDescriptions)
    .values({ companyId: tenant.companyId, productId: product.id, language: 'SV', content: '<p>Bra <b>spade</b> &amp; skaft</p>' });
  return product;
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('the demo catalog on Google Merchant Center', () => {
  let tenant: Tenant;
  let google: PublishResult;
  let feedText: string;
  let startedAt: Date;
  const realEn = sharedDataFile('taxonomies/taxonomy-with-ids.en-US.txt');
  const realSv = sharedDataFile('taxonomies/taxonomy-with-ids.sv-SE.txt');

  beforeAll(async () => {
    // With the official files present, the demo's categories are checked against the real taxonomy.
    if (realEn && realSv) {
      await importTaxonomyFile(db(), 'google', 'en-US', await readFile(realEn, 'utf8'));
      await importTaxonomyFile(db(), 'google', 'sv-SE', await readFile(realSv, 'utf8'));
    }
    tenant = await createTenant(app, {}, { demoData: true });
    const { response, job, result } = await publish(tenant, { action: 'google_merchant' });
    expect(job.status, job.error ?? '').toBe('succeeded');
    google = result;
    startedAt = new Date(job.started_at!);
    const res = await fetchExport(response.urls[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    feedText = res.body;
  }, 120_000);

  it('parses as XML, and every item has the fields Google requires', async () => {
    expect(XMLValidator.validate(feedText)).toBe(true);
    const items = googleItems(feedText);
    expect(items.length).toBe(google.publishable);
    expect(google.total).toBe(300);
    expect(google.publishable + google.rejected).toBe(300);
    expect(google.publishable).toBeGreaterThan(0);
    for (const item of items) {
      for (const field of ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:availability', 'g:price', 'g:brand', 'g:condition']) {
        expect(item[field], `${String(item['g:id'])} ${field}`).toBeTruthy();
      }
      expect(String(item['g:price'])).toMatch(/^\d+\.\d{2} SEK$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(String(item['g:title']).length).toBeLessThanOrEqual(150);
      expect(String(item['g:link'])).toMatch(/^https?:\/\//);
      expect(String(item['g:image_link'])).toMatch(/^http:\/\/kontor\.test\/api\/media\//);
      expect(String(item['g:product_type'])).toContain(' > ');
      expect(String(item['g:shipping_weight'])).toMatch(/^\d+(\.\d+)? kg$/);
    }
    // A GTIN names one product: Google refuses items that share one.
    const gtins = items.map((i) => i['g:gtin']).filter(Boolean);
    expect(gtins.length).toBeGreaterThan(0);
    expect(new Set(gtins).size).toBe(gtins.length);
  });

  it("names google_product_category ids that exist in the taxonomy (the official file's, when present)", async () => {
    const items = googleItems(feedText);
    const ids = [...new Set(items.map((i) => Number(i['g:google_product_category'])))];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    const known = await db()
      .select({ taxonomyId: googleTaxonomyItems.taxonomyId })
      .from(googleTaxonomyItems)
      .where(inArray(googleTaxonomyItems.taxonomyId, ids));
    expect(known.map((k) => k.taxonomyId).sort()).toEqual([...ids].sort());
    if (realEn) {
      const fileIds = new Set((await readFile(realEn, 'utf8')).split('\n').map((line) => Number(line.split(' - ')[0])));
      expect(ids.filter((id) => !fileIds.has(id))).toEqual([]);
    }
  });

  it("the demo's taxonomy items equal the official files: importing them again changes nothing", async () => {
    if (!realEn || !realSv) return;
    const en = await importTaxonomyFile(db(), 'google', 'en-US', await readFile(realEn, 'utf8'));
    const sv = await importTaxonomyFile(db(), 'google', 'sv-SE', await readFile(realSv, 'utf8'));
    expect([en.inserted, en.updated, sv.inserted, sv.updated]).toEqual([0, 0, 0, 0]);
  });

  it('reports what it left out, marks what it published synced, and tells the user', async () => {
    expect(google.problems.length).toBe(Math.min(google.rejected, 100));
    // The demo has products synced before; this publish marked exactly what it sent.
    const synced = await db()
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, tenant.companyId), gte(catalogProducts.syncedAt, startedAt)));
    expect(synced.length).toBe(google.publishable);
    expect(google.synced).toBe(google.publishable);
    const rejectedIds = new Set(google.problems.map((p) => p.id));
    expect(synced.some((s) => rejectedIds.has(s.id))).toBe(false);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.receiverUserId, tenant.user.id), eq(notifications.kind, 'export')));
    expect(notes.map((n) => n.title)).toEqual([
      `Export ready: Google Merchant Center feed, ${google.publishable} products (${google.rejected} products left out)`,
    ]);
    expect(notes[0]!.message).toBe(google.urls[0]);
  });

  it('the catalog filter "synced to e-commerce" finds the published products', async () => {
    const res = await get(tenant, '/api/catalog/products/?synced_to_ecommerce=Yes&limit=1000');
    expect(res.statusCode, res.body).toBe(200);
    const listed = new Set(res.json<{ results: { sku: string }[] }>().results.map((r) => r.sku));
    const published = googleItems(feedText).map((i) => String(i['g:id']));
    expect(published.filter((sku) => !listed.has(sku))).toEqual([]);
  });
});

describe('validation before publishing', () => {
  let tenant: Tenant;
  let good: number, longTitle: number, noPrice: number, noImage: number, noLink: number, noDescription: number;

  beforeAll(async () => {
    tenant = await createTenant(app);
    good = (await insertPublishable(tenant)).id;
    longTitle = (await insertPublishable(tenant, { name: 'L'.repeat(151) })).id;
    noPrice = (await insertPublishable(tenant, { priceCalculatedAutomatically: null })).id;
    noImage = (await insertPublishable(tenant, { imageUrls: [] })).id;
    noLink = (await insertPublishable(tenant, { url: '' })).id;
    noDescription = (
      await insertProduct(db(), tenant.companyId, { priceCalculatedAutomatically: '10', url: 'https://shop.test/x', imageUrls: ['https://cdn/x.jpg'] })
    ).id;
    // Archived products are never published.
    await insertPublishable(tenant, { archivedAt: new Date() });
  });

  it('Google: names each product it would reject and why, and writes nothing', async () => {
    const res = await post(tenant, VALIDATE, { action: 'google_merchant' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PublishValidationResponse>();
    expect(body).toMatchObject({ action: 'google_merchant', total: 6, publishable: 1, rejected: 5 });
    expect(body.problem_counts).toEqual({ title_too_long: 1, missing_price: 1, missing_image: 1, missing_link: 1, missing_description: 1 });
    expect(Object.fromEntries(body.problems.map((p) => [p.id, p.problems]))).toEqual({
      [longTitle]: ['title_too_long'],
      [noPrice]: ['missing_price'],
      [noImage]: ['missing_image'],
      [noLink]: ['missing_link'],
      [noDescription]: ['missing_description'],
    });
    const jobs = await db().select().from(backgroundJobs).where(eq(backgroundJobs.companyId, tenant.companyId));
    expect(jobs).toEqual([]);
  });

  it('Meta takes titles up to 200 characters; the plain CSV rejects nothing', async () => {
    const meta = (await post(tenant, VALIDATE, { action: 'meta_catalog' })).json<PublishValidationResponse>();
    expect(meta.problems.find((p) => p.id === longTitle)).toBeUndefined();
    expect(meta.publishable).toBe(2);
    const csv = (await post(tenant, VALIDATE, { action: 'csv' })).json<PublishValidationResponse>();
    expect(csv).toMatchObject({ total: 6, publishable: 6, rejected: 0, problems: [] });
  });

  it('limits to the chosen ids', async () => {
    const res = await post(tenant, VALIDATE, { action: 'google_merchant', ids: [good, noImage] });
    expect(res.json<PublishValidationResponse>()).toMatchObject({ total: 2, publishable: 1, rejected: 1 });
  });

  it('the publish leaves out the rejected products and marks only the published one synced', async () => {
    const { job, result } = await publish(tenant, { action: 'google_merchant' });
    expect(job.status).toBe('succeeded');
    expect(result).toMatchObject({ total: 6, publishable: 1, rejected: 5, synced: 1 });
    const items = googleItems((await fetchExport(result.urls[0]!)).body);
    expect(items.map((i) => i['g:id'])).toHaveLength(1);
    const synced = await db()
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, tenant.companyId), isNotNull(catalogProducts.syncedAt)));
    expect(synced.map((s) => s.id)).toEqual([good]);
  });
});

describe('feed contents', () => {
  let tenant: Tenant;
  let product: typeof catalogProducts.$inferSelect;

  beforeAll(async () => {
    tenant = await createTenant(app, { company: { name: 'Gröna Fingrar AB' } });
    product = await insertPublishable(tenant, { name: 'Spade "Pro" & <Co>', priceCalculatedAutomatically: '249.00', priceOnSale: '199.00', qtyInStock: '0' });
    const supplier = await insertSupplier(db(), tenant.companyId);
    await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: product.id, brand: 'Fiskars', ean: '6411501234567' });
    await insertPublishable(tenant, { name: '=HYPERLINK("http://evil")', sku: '-SKU' });
  });

  it('Google: escapes text, gives sale price, availability, brand and GTIN from the supplier offer', async () => {
    const { result } = await publish(tenant, { action: 'google_merchant', ids: [product.id] });
    const text = (await fetchExport(result.urls[0]!)).body;
    expect(XMLValidator.validate(text)).toBe(true);
    const [item] = googleItems(text);
    expect(item).toMatchObject({
      'g:id': product.sku,
      'g:title': 'Spade "Pro" & <Co>',
      'g:description': 'Bra spade & skaft',
      'g:price': '249.00 SEK',
      'g:sale_price': '199.00 SEK',
      'g:availability': 'out_of_stock',
      'g:brand': 'Fiskars',
      'g:gtin': '6411501234567',
      'g:shipping_weight': '1.25 kg',
      'g:image_link': 'https://cdn.shop.test/p1.jpg',
    });
    expect(item!['g:identifier_exists']).toBeUndefined();
  });

  it('Meta: a CSV with the required columns; the company is the brand when no supplier names one', async () => {
    const { result } = await publish(tenant, { action: 'meta_catalog' });
    const res = await fetchExport(result.urls[0]!);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...META_COLUMNS]);
    expect(rows).toHaveLength(2);
    const own = rows.find((r) => r.id === '-SKU')!; // a feed keeps ids exactly
    expect(own).toMatchObject({ brand: 'Gröna Fingrar AB', availability: 'in stock', condition: 'new', price: '199.00 SEK' });
    expect(rows.find((r) => r.id === product.sku)).toMatchObject({ brand: 'Fiskars', availability: 'out of stock', sale_price: '199.00 SEK' });
  });

  it('plain CSV: every catalog field, formulas defused', async () => {
    const { result } = await publish(tenant, { action: 'csv' });
    expect(result.synced).toBe(0);
    const rows = parseCsv((await fetchExport(result.urls[0]!)).body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    const evil = rows.find((r) => r.sku === "'-SKU")!;
    expect(evil.name).toBe('\'=HYPERLINK("http://evil")');
    expect(rows.find((r) => r.id === String(product.id))).toMatchObject({
      price: '249.00',
      price_on_sale: '199.00',
      packaging_weight: '1.250',
      brand: 'Fiskars',
    });
  });

  it('keeps one URL per company and action: a second publish replaces the file', async () => {
    const first = await publish(tenant, { action: 'google_merchant' });
    await db().update(catalogProducts).set({ name: 'Renamed spade' }).where(eq(catalogProducts.id, product.id));
    const second = await publish(tenant, { action: 'google_merchant' });
    expect(second.response.urls).toEqual(first.response.urls);
    const text = (await fetchExport(second.response.urls[0]!)).body;
    expect(googleItems(text).map((i) => i['g:title'])).toContain('Renamed spade');
  });

  it('a selection marks nothing synced to e-commerce: its file is not what the channel fetches', async () => {
    const hoe = await insertPublishable(tenant, { sku: 'HOE-1', name: 'Hoe' });
    const selection = await publish(tenant, { action: 'google_merchant', ids: [hoe.id] });
    expect(selection.result).toMatchObject({ total: 1, publishable: 1, synced: 0 });
    const [row] = await db().select({ syncedAt: catalogProducts.syncedAt }).from(catalogProducts).where(eq(catalogProducts.id, hoe.id));
    expect(row!.syncedAt).toBeNull();
  });

  it('a selection gets a file of its own: the channel feed keeps every product, and the next full publish its URL', async () => {
    const rake = await insertPublishable(tenant, { sku: 'RAKE-9', name: 'Rake' });
    const feed = await publish(tenant, { action: 'google_merchant' });
    const feedSkus = googleItems((await fetchExport(feed.response.urls[0]!)).body).map((i) => i['g:id']);
    expect(feedSkus).toEqual(expect.arrayContaining(['RAKE-9', product.sku]));

    const selection = await publish(tenant, { action: 'google_merchant', ids: [rake.id] });
    expect(selection.job.status).toBe('succeeded');
    expect(selection.response.urls[0]).not.toBe(feed.response.urls[0]);
    expect(selection.result).toMatchObject({ total: 1, publishable: 1, urls: selection.response.urls });
    expect(googleItems((await fetchExport(selection.response.urls[0]!)).body).map((i) => i['g:id'])).toEqual(['RAKE-9']);
    // What a channel fetches on its schedule still lists every product.
    expect(googleItems((await fetchExport(feed.response.urls[0]!)).body).map((i) => i['g:id'])).toEqual(feedSkus);
    expect((await publish(tenant, { action: 'google_merchant' })).response.urls).toEqual(feed.response.urls);

    // A selection's file is kept SELECTION_EXPORT_DAYS; the channel feed however long.
    const files = exportFiles(app.deps.config);
    const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
    expect(await removeExpiredSelectionFiles(db(), files, days(SELECTION_EXPORT_DAYS - 1))).toBe(0);
    expect((await fetchExport(selection.response.urls[0]!)).statusCode).toBe(200);
    expect(await removeExpiredSelectionFiles(db(), files, days(SELECTION_EXPORT_DAYS + 1))).toBeGreaterThanOrEqual(1);
    expect((await fetchExport(selection.response.urls[0]!)).statusCode).toBe(404);
    expect((await fetchExport(feed.response.urls[0]!)).statusCode).toBe(200);
  });

  it('uses attached library images first, as absolute media URLs', async () => {
    const [image] = await db()
      .insert(catalogImages)
      .values({
        companyId: tenant.companyId,
        title: 'x',
        storageKey: 'abcdefghijklmnopqrstuvwx.png',
        thumbnailKey: 'abcdefghijklmnopqrstuvwy.webp',
        contentType: 'image/png',
        size: 1,
        width: 1,
        height: 1,
      })
      .returning();
    await db().insert(catalogProductImages).values({ companyId: tenant.companyId, productId: product.id, imageId: image!.id });
    const { result } = await publish(tenant, { action: 'google_merchant', ids: [product.id] });
    const [item] = googleItems((await fetchExport(result.urls[0]!)).body);
    expect(item!['g:image_link']).toBe('http://kontor.test/api/media/abcdefghijklmnopqrstuvwx.png');
    expect(item!['g:additional_image_link']).toEqual(['https://cdn.shop.test/p1.jpg']);
  });
});

describe('bad input, authentication and other companies', () => {
  let tenant: Tenant;
  let other: Tenant;
  let product: number;

  beforeAll(async () => {
    tenant = await createTenant(app);
    other = await createTenant(app);
    product = (await insertPublishable(tenant)).id;
  });

  it.each([
    [{ action: 'amazon' }, 'action'],
    [{}, 'action'],
    [{ action: 'csv', ids: [] }, 'ids'],
    [{ action: 'csv', ids: ['x'] }, 'ids'],
    [{ action: 'csv', language: 'FI' }, 'language'],
    [{ action: 'csv', extra: 1 }, 'extra'],
  ])('400 for %j, nothing started', async (body, field) => {
    for (const url of [PUBLISH, VALIDATE]) {
      const res = await post(tenant, url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await db().select().from(backgroundJobs).where(eq(backgroundJobs.companyId, tenant.companyId))).toEqual([]);
  });

  it('400 when there is nothing to publish', async () => {
    const empty = await createTenant(app);
    const res = await post(empty, PUBLISH, { action: 'google_merchant' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: PUBLISH_NOTHING });
  });

  it('401 without a token', async () => {
    expect((await post(null, PUBLISH, { action: 'csv' })).statusCode).toBe(401);
    expect((await post(null, VALIDATE, { action: 'csv' })).statusCode).toBe(401);
    expect((await get(null, taxonomiesUrl(product))).statusCode).toBe(401);
    expect((await put(null, taxonomiesUrl(product), { google_taxonomy: null, facebook_taxonomy: null })).statusCode).toBe(401);
  });

  it("404 for another company's product ids, and nothing is published", async () => {
    for (const url of [PUBLISH, VALIDATE]) {
      const res = await post(other, url, { action: 'csv', ids: [product] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: `No product with id ${product}.` });
    }
    expect(await db().select().from(backgroundJobs).where(eq(backgroundJobs.companyId, other.companyId))).toEqual([]);
  });

  it('exports answer without a token, but only for a real token and file name', async () => {
    const { response } = await publish(tenant, { action: 'csv' });
    const url = pathOf(response.urls[0]!);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const token = url.split('/')[3]!;
    for (const bad of [
      `/api/exports/${token}/other.csv`,
      `/api/exports/${token}/..%2F..%2Fjwt-secret`,
      `/api/exports/${'A'.repeat(32)}/catalog.csv`,
      `/api/exports/..%2F..%2F/catalog.csv`,
      `/api/exports/${token}/google-merchant.xml`,
    ]) {
      expect((await app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
    }
  });

  it('a publish that fails tells the user, keeps the products unsynced and leaves no file', async () => {
    const failing = await createTenant(app);
    const id = (await insertPublishable(failing)).id;
    // The exports folder cannot be made: a file stands where it should be.
    const exportsDir = path.join(app.deps.config.dataDir, 'exports');
    rmSync(exportsDir, { recursive: true, force: true });
    writeFileSync(exportsDir, 'not a folder');
    try {
      const { job, response } = await publish(failing, { action: 'meta_catalog' });
      expect(job.status).toBe('failed');
      expect(job.error).toBe('The job failed because of an internal error.');
      const [row] = await db().select({ syncedAt: catalogProducts.syncedAt }).from(catalogProducts).where(eq(catalogProducts.id, id));
      expect(row!.syncedAt).toBeNull();
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.receiverUserId, failing.user.id), eq(notifications.kind, 'export')));
      expect(notes.map((n) => n.title)).toEqual(['Export failed: Meta catalog feed']);
      rmSync(exportsDir, { force: true });
      mkdirSync(exportsDir);
      expect((await fetchExport(response.urls[0]!)).statusCode).toBe(404);
    } finally {
      rmSync(exportsDir, { recursive: true, force: true });
    }
  });

  it('a publish whose last transaction fails leaves the channel the previous file, and marks nothing synced', async () => {
    const failing = await createTenant(app);
    const first = await insertPublishable(failing, { sku: 'FIRST-1' });
    const before = await publish(failing, { action: 'google_merchant' });
    expect(before.job.status).toBe('succeeded');
    const second = await insertPublishable(failing, { sku: 'SECOND-1' });
    // The export record's update, in the job's last transaction, fails for this company only.
    await db().execute(sql.raw(`create function refuse_export() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
    await db().execute(
      sql.raw(
        `create trigger refuse_export before update on catalog_exports for each row when (new.company_id = ${failing.companyId}) execute function refuse_export()`,
      ),
    );
    try {
      const { job } = await publish(failing, { action: 'google_merchant' });
      expect(job.status).toBe('failed');
      expect(googleItems((await fetchExport(before.response.urls[0]!)).body).map((i) => i['g:id'])).toEqual(['FIRST-1']);
      const synced = await db()
        .select({ id: catalogProducts.id })
        .from(catalogProducts)
        .where(and(eq(catalogProducts.companyId, failing.companyId), isNotNull(catalogProducts.syncedAt)));
      expect(synced.map((s) => s.id)).toEqual([first.id]);
      expect(second.id).not.toBe(first.id);
      const exportsDir = path.join(app.deps.config.dataDir, 'exports', before.response.urls[0]!.split('/')[5]!);
      expect(readdirSync(exportsDir)).toEqual(['google-merchant.xml']);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_export on catalog_exports'));
      await db().execute(sql.raw('drop function refuse_export()'));
    }
  });
});

describe("a product's own channel categories", () => {
  let tenant: Tenant;
  let other: Tenant;
  let product: number;
  let garden: number, tools: number;
  let gardenItem: number, toolsItem: number;
  let metaItem: number;

  beforeAll(async () => {
    await importTaxonomyFile(
      db(),
      'google',
      'en-US',
      '536 - Home & Garden\n689 - Home & Garden > Lawn & Garden\n3173 - Home & Garden > Lawn & Garden > Gardening > Gardening Tools',
    );
    await importTaxonomyFile(db(), 'facebook', 'en-US', 'category_id,category\n118,patio & garden');
    const ids = await db()
      .select()
      .from(googleTaxonomyItems)
      .where(inArray(googleTaxonomyItems.taxonomyId, [689, 3173]));
    gardenItem = ids.find((i) => i.taxonomyId === 689)!.id;
    toolsItem = ids.find((i) => i.taxonomyId === 3173)!.id;
    tenant = await createTenant(app);
    other = await createTenant(app);
    const facebook = await as(app, tenant, { method: 'GET', url: '/api/taxonomies/facebook/?taxonomy_id=118' });
    metaItem = facebook.json<{ results: { id: number }[] }>().results[0]!.id;
    const root = await post(tenant, '/api/catalog/categories/', { title: 'Trädgård', google_taxonomy: gardenItem, facebook_taxonomy: metaItem });
    expect(root.statusCode, root.body).toBe(201);
    garden = root.json<{ id: number }>().id;
    const child = await post(tenant, '/api/catalog/categories/', { title: 'Redskap', parent: garden });
    expect(child.statusCode, child.body).toBe(201);
    tools = child.json<{ id: number }>().id;
    product = (await insertPublishable(tenant)).id;
    await db().insert(catalogProductCategories).values({ productId: product, categoryId: tools });
  });

  it('inherits from the nearest mapped category up the tree', async () => {
    const res = await get(tenant, taxonomiesUrl(product));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductTaxonomiesResponse>()).toMatchObject({
      product,
      google_taxonomy: null,
      facebook_taxonomy: null,
      effective_google_taxonomy: { id: gardenItem, taxonomy_id: 689, slug_en: 'Home & Garden > Lawn & Garden' },
      effective_facebook_taxonomy: { id: metaItem, taxonomy_id: 118 },
      google_inherited_from: { id: garden, title: 'Trädgård' },
      facebook_inherited_from: { id: garden, title: 'Trädgård' },
    });
    // A mapping on the child category is nearer.
    await db().insert(catalogCategoryTaxonomies).values({ categoryId: tools, companyId: tenant.companyId, googleTaxonomyId: toolsItem });
    const nearer = (await get(tenant, taxonomiesUrl(product))).json<ProductTaxonomiesResponse>();
    expect(nearer.effective_google_taxonomy?.taxonomy_id).toBe(3173);
    expect(nearer.google_inherited_from).toEqual({ id: tools, title: 'Redskap' });
    expect(nearer.facebook_inherited_from).toEqual({ id: garden, title: 'Trädgård' });
  });

  it('an own choice overrides the categories, in the feed too; null inherits again', async () => {
    const res = await put(tenant, taxonomiesUrl(product), { google_taxonomy: gardenItem, facebook_taxonomy: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductTaxonomiesResponse>()).toMatchObject({
      google_taxonomy: gardenItem,
      effective_google_taxonomy: { taxonomy_id: 689 },
      google_inherited_from: null,
      facebook_taxonomy: null,
      facebook_inherited_from: { id: garden },
    });
    const { result } = await publish(tenant, { action: 'google_merchant', ids: [product] });
    const [item] = googleItems((await fetchExport(result.urls[0]!)).body);
    expect(item!['g:google_product_category']).toBe('689');
    expect(item!['g:product_type']).toBe('Trädgård > Redskap');

    const back = await put(tenant, taxonomiesUrl(product), { google_taxonomy: null, facebook_taxonomy: null });
    expect(back.json<ProductTaxonomiesResponse>()).toMatchObject({ google_taxonomy: null, effective_google_taxonomy: { taxonomy_id: 3173 } });
    expect(await db().select().from(catalogProductTaxonomies).where(eq(catalogProductTaxonomies.productId, product))).toEqual([]);
  });

  it('400 for an item that does not exist or a bad body, and nothing changes', async () => {
    const missing = await put(tenant, taxonomiesUrl(product), { google_taxonomy: 99_999_999, facebook_taxonomy: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ google_taxonomy: ['Invalid pk "99999999" - object does not exist.'] });
    for (const body of [
      { google_taxonomy: 'x', facebook_taxonomy: null },
      { google_taxonomy: null },
      { google_taxonomy: null, facebook_taxonomy: null, x: 1 },
    ]) {
      expect((await put(tenant, taxonomiesUrl(product), body)).statusCode).toBe(400);
    }
    expect(await db().select().from(catalogProductTaxonomies).where(eq(catalogProductTaxonomies.productId, product))).toEqual([]);
  });

  it("404 for another company's product, and nothing is written", async () => {
    expect((await get(other, taxonomiesUrl(product))).statusCode).toBe(404);
    expect((await put(other, taxonomiesUrl(product), { google_taxonomy: gardenItem, facebook_taxonomy: null })).statusCode).toBe(404);
    expect((await get(tenant, taxonomiesUrl(2_000_000_000))).statusCode).toBe(404);
    expect(await db().select().from(catalogProductTaxonomies).where(eq(catalogProductTaxonomies.productId, product))).toEqual([]);
  });
});
