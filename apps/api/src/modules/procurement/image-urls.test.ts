import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_IMAGE_UPLOAD_BYTES, PAGE_SIZE, type ProcurementImageUrlResponse } from '@kontor/contract';
import { catalogProducts, procurementImageUrls } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { multipartForm, type FormPart } from '../../../test/multipart.js';
import { insertProcurementProduct, insertSupplier } from './procurement.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const URLS = '/api/procurement/image_urls/';
const mediaDir = () => path.join(app.deps.config.dataDir, 'media');
const storedFiles = () => (existsSync(mediaDir()) ? readdirSync(mediaDir()).sort() : []);

/** Small files that start like the real formats. */
const IMAGES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]),
  gif: Buffer.from('GIF89a gif body'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 body')]),
};

type Part = FormPart;

const upload = (tenant: Tenant | null, parts: Part[]) => as(app, tenant, { method: 'POST', url: URLS, ...multipartForm(parts) });
const keyOf = (url: string) => url.split('/api/media/')[1]!;

async function product(tenant: Tenant, overrides: Parameters<typeof insertProcurementProduct>[3] = {}) {
  const supplier = await insertSupplier(db(), tenant.companyId);
  return insertProcurementProduct(db(), tenant.companyId, supplier.id, overrides);
}

describe('POST /api/procurement/image_urls/ with files', () => {
  it('stores each image under a random key, serves it without a token, and counts successes and failures', async () => {
    const me = await createTenant(app);
    const p = await product(me, { sku: 'IMG-1', name: 'Lamp' });
    const before = storedFiles();
    const res = await upload(me, [
      { name: 'procurement_product', value: String(p.id) },
      { name: 'file', filename: 'front.png', contentType: 'image/png', data: IMAGES.png },
      { name: 'file', filename: 'side.webp', data: IMAGES.webp },
      // The name and the header say image; the bytes say HTML.
      { name: 'file', filename: 'evil.png', contentType: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'file', filename: 'back.jpg', data: IMAGES.jpeg },
      { name: 'file', filename: 'anim.gif', data: IMAGES.gif },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.failed).toEqual([{ name: 'evil.png', message: 'Upload a valid image: PNG, JPEG, WebP or GIF.' }]);
    expect(body.created.map((c: ProcurementImageUrlResponse) => [c.content_type, c.size])).toEqual([
      ['image/png', IMAGES.png.length],
      ['image/webp', IMAGES.webp.length],
      ['image/jpeg', IMAGES.jpeg.length],
      ['image/gif', IMAGES.gif.length],
    ]);
    const first: ProcurementImageUrlResponse = body.created[0];
    expect(first).toEqual({
      id: expect.any(Number),
      procurement_product: p.id,
      product_sku: 'IMG-1',
      product_name: 'Lamp',
      url: expect.stringMatching(/^http:\/\/kontor\.test\/api\/media\/[A-Za-z0-9_-]{32}\.png$/),
      source: 'upload',
      content_type: 'image/png',
      size: IMAGES.png.length,
      created_at: expect.any(String),
    });
    expect(storedFiles()).toEqual([...before, ...body.created.map((c: ProcurementImageUrlResponse) => keyOf(c.url))].sort());

    const served = await app.inject({ method: 'GET', url: `/api/media/${keyOf(first.url)}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const webp = await app.inject({ method: 'GET', url: `/api/media/${keyOf(body.created[1].url)}/` });
    expect(webp.headers['content-type']).toBe('image/webp');

    // The grid shows the uploads after the feed's images.
    const grid = (await as(app, me, { method: 'GET', url: `/api/procurement/products/${p.id}/` })).json();
    expect(grid.image_urls).toEqual(body.created.map((c: ProcurementImageUrlResponse) => c.url));
  });

  it('reports a file over 10 MB as a failure without storing it', async () => {
    const me = await createTenant(app);
    const p = await product(me);
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES)]);
    const res = await upload(me, [
      { name: 'procurement_product', value: String(p.id) },
      { name: 'file', filename: 'huge.png', data: big },
      { name: 'file', filename: 'ok.png', data: IMAGES.png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().failed).toEqual([{ name: 'huge.png', message: 'The file is larger than 10 MB.' }]);
    expect(res.json().created).toHaveLength(1);
  });

  it('answers 400 and stores nothing when no file is an image, the product is missing or another company’s, or a field is unknown', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const p = await product(me);
    const theirs = await product(other);
    const before = storedFiles();
    const refused = async (parts: Part[]) => {
      const res = await upload(me, parts);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect(
      await refused([
        { name: 'procurement_product', value: String(p.id) },
        { name: 'file', filename: 'notes.txt', data: Buffer.from('hello') },
        { name: 'file', filename: 'empty.png', data: Buffer.alloc(0) },
      ]),
    ).toEqual({ file: ['notes.txt: Upload a valid image: PNG, JPEG, WebP or GIF.', 'empty.png: The submitted file is empty.'] });
    // The product field may come after the files: the stored file is removed again.
    expect(
      await refused([
        { name: 'file', filename: 'a.png', data: IMAGES.png },
        { name: 'procurement_product', value: String(theirs.id) },
      ]),
    ).toEqual({
      procurement_product: [`Invalid pk "${theirs.id}" - object does not exist.`],
    });
    expect(await refused([{ name: 'file', filename: 'a.png', data: IMAGES.png }])).toEqual({ procurement_product: ['This field is required.'] });
    expect(
      await refused([
        { name: 'procurement_product', value: 'abc' },
        { name: 'file', filename: 'a.png', data: IMAGES.png },
      ]),
    ).toHaveProperty('procurement_product');
    expect(
      await refused([
        { name: 'procurement_product', value: String(p.id) },
        { name: 'file', filename: 'a.png', data: IMAGES.png },
        { name: 'colour', value: 'red' },
      ]),
    ).toEqual({ colour: ['Unknown field.'] });
    expect(
      await refused([
        { name: 'procurement_product', value: String(p.id) },
        { name: 'image', filename: 'a.png', data: IMAGES.png },
      ]),
    ).toEqual({ image: ['Unknown field.'] });
    expect(await refused([{ name: 'procurement_product', value: String(p.id) }])).toEqual({
      non_field_errors: ['Send one or more image files (file) or image URLs (urls).'],
    });
    const json = await as(app, me, { method: 'POST', url: URLS, payload: { procurement_product: p.id, urls: 'https://a.test/x.png' } });
    expect(json.statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.companyId, me.companyId))).toEqual([]);
  });

  it('answers 413 for more than 10 files and keeps none of them', async () => {
    const me = await createTenant(app);
    const p = await product(me);
    const before = storedFiles();
    const files = Array.from({ length: 11 }, (_, i): Part => ({ name: 'file', filename: `${i}.png`, data: IMAGES.png }));
    const res = await upload(me, [{ name: 'procurement_product', value: String(p.id) }, ...files]);
    expect(res.statusCode).toBe(413);
    expect(storedFiles()).toEqual(before);
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.companyId, me.companyId))).toEqual([]);
  });

  it('answers 400, not 500, for a form without a boundary, a cut-off form and a field named __proto__, storing nothing (found by fuzzing)', async () => {
    const me = await createTenant(app);
    const p = await product(me);
    const before = storedFiles();
    const noBoundary = await as(app, me, { method: 'POST', url: URLS, headers: { 'content-type': 'multipart/form-data' }, payload: 'a=1' });
    expect([noBoundary.statusCode, noBoundary.json()]).toEqual([400, { non_field_errors: ['The multipart/form-data body could not be read.'] }]);
    const form = multipartForm([
      { name: 'procurement_product', value: String(p.id) },
      { name: 'file', filename: 'a.png', data: IMAGES.png },
      { name: 'file', filename: 'b.png', data: IMAGES.png },
    ]);
    // Cut inside the second file: the first one is read (and stored) before the form breaks.
    const cut = await as(app, me, { method: 'POST', url: URLS, headers: form.headers, payload: form.payload.subarray(0, form.payload.length - 30) });
    expect([cut.statusCode, cut.json()]).toEqual([400, { non_field_errors: ['The multipart/form-data body could not be read.'] }]);
    const proto = await upload(me, [
      { name: 'procurement_product', value: String(p.id) },
      { name: '__proto__', value: 'x' },
    ]);
    expect(proto.statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.companyId, me.companyId))).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const res = await upload(null, [
      { name: 'procurement_product', value: '1' },
      { name: 'file', filename: 'a.png', data: IMAGES.png },
    ]);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/procurement/image_urls/ with urls', () => {
  it('adds each http(s) URL once, separated by newlines or commas, and reports the others', async () => {
    const me = await createTenant(app);
    const p = await product(me, { imageUrls: ['https://feed.test/1.jpg'] });
    await db().insert(procurementImageUrls).values({ companyId: me.companyId, procurementProductId: p.id, url: 'https://cdn.test/old.jpg', source: 'url' });
    const res = await upload(me, [
      { name: 'procurement_product', value: String(p.id) },
      {
        name: 'urls',
        value:
          'https://cdn.test/a.jpg\r\nhttp://cdn.test/b.png, ftp://cdn.test/c.png\n\nnot a url\nhttps://feed.test/1.jpg\nhttps://cdn.test/old.jpg\nhttps://cdn.test/a.jpg',
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created.map((c: ProcurementImageUrlResponse) => [c.url, c.source, c.content_type, c.size])).toEqual([
      ['https://cdn.test/a.jpg', 'url', null, null],
      ['http://cdn.test/b.png', 'url', null, null],
    ]);
    expect(body.failed).toEqual([
      { name: 'ftp://cdn.test/c.png', message: 'Enter a valid URL.' },
      { name: 'not a url', message: 'Enter a valid URL.' },
      { name: 'https://feed.test/1.jpg', message: 'This image URL is already added to the product.' },
      { name: 'https://cdn.test/old.jpg', message: 'This image URL is already added to the product.' },
      { name: 'https://cdn.test/a.jpg', message: 'This image URL is already added to the product.' },
    ]);
  });

  it('keeps a URL with commas in its path whole (CDN transformations), and still splits URLs a comma separates', async () => {
    const me = await createTenant(app);
    const p = await product(me);
    const cloudinary = 'https://res.cloudinary.com/x/image/upload/w_100,h_100/a.jpg';
    const imgix = 'https://cdn.test/b.jpg?rect=0,0,50,50';
    const res = await upload(me, [
      { name: 'procurement_product', value: String(p.id) },
      { name: 'urls', value: `${cloudinary},${imgix}, https://cdn.test/c.jpg,\nhttps://cdn.test/d.jpg,,HTTPS://cdn.test/e.jpg, not a url` },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created.map((c: ProcurementImageUrlResponse) => c.url)).toEqual([
      cloudinary,
      imgix,
      'https://cdn.test/c.jpg',
      'https://cdn.test/d.jpg',
      'HTTPS://cdn.test/e.jpg',
    ]);
    expect(body.failed).toEqual([{ name: 'not a url', message: 'Enter a valid URL.' }]);
  });

  it('answers 400 when no URL could be added', async () => {
    const me = await createTenant(app);
    const p = await product(me, { imageUrls: ['https://feed.test/1.jpg'] });
    const res = await upload(me, [
      { name: 'procurement_product', value: String(p.id) },
      { name: 'urls', value: 'javascript:alert(1),https://feed.test/1.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      urls: ['javascript:alert(1): Enter a valid URL.', 'https://feed.test/1.jpg: This image URL is already added to the product.'],
    });
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.procurementProductId, p.id))).toEqual([]);
  });
});

describe('GET /api/procurement/image_urls/', () => {
  it('lists the company’s image URLs newest first, 25 per page, by product and by search', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const a = await product(me, { sku: 'A-1', name: 'Alpha' });
    const b = await product(me);
    const theirs = await product(other);
    await upload(other, [
      { name: 'procurement_product', value: String(theirs.id) },
      { name: 'urls', value: 'https://theirs.test/1.jpg' },
    ]);
    const urls = Array.from({ length: 26 }, (_, i) => `https://cdn.test/a-${i}.jpg`);
    expect(
      (
        await upload(me, [
          { name: 'procurement_product', value: String(a.id) },
          { name: 'urls', value: urls.join('\n') },
        ])
      ).statusCode,
    ).toBe(201);
    await upload(me, [
      { name: 'procurement_product', value: String(b.id) },
      { name: 'urls', value: 'https://other.test/b.jpg' },
    ]);
    const res = await as(app, me, { method: 'GET', url: URLS });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(27);
    expect(page.results).toHaveLength(PAGE_SIZE.procurementImageUrls);
    expect(page.results[0]).toMatchObject({ url: 'https://other.test/b.jpg', procurement_product: b.id });
    expect(page.next).toBe('http://kontor.test/api/procurement/image_urls/?limit=25&offset=25');
    const byProduct = (await as(app, me, { method: 'GET', url: `${URLS}?procurement_product=${a.id}&limit=100` })).json();
    expect(byProduct.count).toBe(26);
    expect(byProduct.results[0]).toMatchObject({ product_sku: 'A-1', product_name: 'Alpha' });
    expect((await as(app, me, { method: 'GET', url: `${URLS}?search=other.test` })).json().count).toBe(1);
    expect((await as(app, me, { method: 'GET', url: `${URLS}?procurement_product=${theirs.id}` })).json().count).toBe(0);
    expect((await as(app, me, { method: 'GET', url: `${URLS}?colour=red` })).statusCode).toBe(400);
    expect((await as(app, null, { method: 'GET', url: URLS })).statusCode).toBe(401);
  });
});

describe('DELETE /api/procurement/image_urls/{id}/', () => {
  it('removes the row and the stored file', async () => {
    const me = await createTenant(app);
    const p = await product(me);
    const created = (
      await upload(me, [
        { name: 'procurement_product', value: String(p.id) },
        { name: 'file', filename: 'a.png', data: IMAGES.png },
      ])
    ).json().created[0] as ProcurementImageUrlResponse;
    const key = keyOf(created.url);
    expect(storedFiles()).toContain(key);
    const res = await as(app, me, { method: 'DELETE', url: `${URLS}${created.id}/` });
    expect(res.statusCode).toBe(204);
    expect(storedFiles()).not.toContain(key);
    expect((await app.inject({ method: 'GET', url: `/api/media/${key}` })).statusCode).toBe(404);
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.id, created.id))).toEqual([]);
  });

  it('keeps the stored file while a catalog product names it (added to the catalog with the supplier product)', async () => {
    const me = await createTenant(app);
    const p = await product(me, { sku: 'IMG-CAT', name: 'Lantern' });
    const created = (
      await upload(me, [
        { name: 'procurement_product', value: String(p.id) },
        { name: 'file', filename: 'a.png', data: IMAGES.png },
      ])
    ).json().created[0] as ProcurementImageUrlResponse;
    const added = await as(app, me, { method: 'POST', url: '/api/procurement/products/add-to-catalog/', payload: { ids: [p.id] } });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const [catalogProduct] = await db()
      .select()
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, me.companyId), eq(catalogProducts.sku, 'IMG-CAT')));
    expect(catalogProduct!.imageUrls).toContain(created.url);

    expect((await as(app, me, { method: 'DELETE', url: `${URLS}${created.id}/` })).statusCode).toBe(204);
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.id, created.id))).toEqual([]);
    expect(storedFiles()).toContain(keyOf(created.url));
    expect((await app.inject({ method: 'GET', url: `/api/media/${keyOf(created.url)}` })).statusCode).toBe(200);
  });

  it('answers 404 for another company’s image URL and 401 without a token, deleting nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await product(other);
    const created = (
      await upload(other, [
        { name: 'procurement_product', value: String(theirs.id) },
        { name: 'file', filename: 'a.png', data: IMAGES.png },
      ])
    ).json().created[0] as ProcurementImageUrlResponse;
    expect((await as(app, me, { method: 'DELETE', url: `${URLS}${created.id}/` })).statusCode).toBe(404);
    expect((await as(app, null, { method: 'DELETE', url: `${URLS}${created.id}/` })).statusCode).toBe(401);
    expect(storedFiles()).toContain(keyOf(created.url));
    expect(await db().select().from(procurementImageUrls).where(eq(procurementImageUrls.id, created.id))).toHaveLength(1);
  });
});
