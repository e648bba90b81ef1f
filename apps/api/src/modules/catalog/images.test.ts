import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  IMAGE_FILES_REQUIRED,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_THUMBNAIL_SIZE,
  IMAGE_TOO_MANY_PIXELS,
  MAX_CATALOG_IMAGE_UPLOAD_FILES,
  imageTooLargeMessage,
  type ImageResponse,
  type UploadImagesResponse,
} from '@kontor/contract';
import { catalogImageClassifications, catalogImages } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';
import { multipartForm } from '../../../test/multipart.js';
import { fileParts, IMAGES_URL, keyOf, makeImage, makeNoisePng, mediaFiles, uploadForm, uploadImages } from './images.fixtures.js';

/** Low, so an oversized file is quick to make; real images below it are a few KB. */
const MAX_BYTES = 256 * 1024;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ IMAGE_MAX_BYTES: String(MAX_BYTES) });
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const rowsOf = (tenant: Tenant) => db().select().from(catalogImages).where(eq(catalogImages.companyId, tenant.companyId));

async function classification(tenant: Tenant, title: string) {
  const [row] = await db().insert(catalogImageClassifications).values({ companyId: tenant.companyId, title }).returning();
  return row!;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('POST /api/catalog/images/', () => {
  it('stores 14 good files of 20, refuses the 6 bad ones by content, and counts both exactly', async () => {
    const me = await createTenant(app);
    const packshot = await classification(me, 'Packshot');
    const good = [
      { filename: 'front.png', data: await makeImage('png', 800, 600) },
      { filename: 'back.jpg', data: await makeImage('jpeg', 640, 480) },
      { filename: 'side.webp', data: await makeImage('webp', 300, 900) },
      { filename: 'anim.gif', data: await makeImage('gif', 120, 80) },
      { filename: 'tiny.png', data: await makeImage('png', 1, 1) },
      { filename: 'wide.jpeg', data: await makeImage('jpeg', 1200, 100) },
      { filename: 'tall.webp', data: await makeImage('webp', 100, 1200) },
      { filename: 'square.gif', data: await makeImage('gif', 320, 320) },
      // The name says text; the bytes are a PNG: content decides.
      { filename: 'notes.txt', data: await makeImage('png', 50, 50) },
      { filename: 'no-extension', data: await makeImage('jpeg', 64, 64) },
      { filename: 'red.png', data: await makeImage('png', 333, 222, { r: 220, g: 0, b: 0 }) },
      { filename: 'green.jpg', data: await makeImage('jpeg', 1000, 1000, { r: 0, g: 200, b: 0 }) },
      { filename: 'blue.webp', data: await makeImage('webp', 640, 640, { r: 0, g: 0, b: 200 }) },
      { filename: 'grey.gif', data: await makeImage('gif', 200, 400, { r: 128, g: 128, b: 128 }) },
    ];
    const jpeg = await makeImage('jpeg', 400, 400);
    const bad = [
      { filename: 'readme.jpg', data: Buffer.from('This is a text file renamed to .jpg\n') },
      { filename: 'garbage.png', data: Buffer.concat([PNG_SIGNATURE, Buffer.from('not really a png, just bytes after the header '.repeat(20))]) },
      { filename: 'cut.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      { filename: 'empty.png', data: Buffer.alloc(0) },
      { filename: 'page.png', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { filename: 'huge.png', data: await makeNoisePng(400, 400) },
    ];
    expect(bad[5]!.data.length).toBeGreaterThan(MAX_BYTES);
    // Good and bad interleaved: the results keep the order the files were sent in.
    const files = good.flatMap((g, i) => (i < bad.length ? [g, bad[i]!] : [g]));
    expect(files).toHaveLength(20);
    const before = mediaFiles(app).length;

    const res = await uploadForm(app, me, [{ name: 'classification', value: String(packshot.id) }, ...fileParts(files)]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadImagesResponse>();
    expect({ uploaded: body.uploaded, failed: body.failed }).toEqual({ uploaded: 14, failed: 6 });
    expect(body.results.map((r) => r.filename)).toEqual(files.map((f) => f.filename));
    expect(body.results.filter((r) => r.error)).toEqual([
      { filename: 'readme.jpg', error: IMAGE_NOT_AN_IMAGE },
      { filename: 'garbage.png', error: IMAGE_NOT_AN_IMAGE },
      { filename: 'cut.jpg', error: IMAGE_NOT_AN_IMAGE },
      { filename: 'empty.png', error: IMAGE_NOT_AN_IMAGE },
      { filename: 'page.png', error: IMAGE_NOT_AN_IMAGE },
      { filename: 'huge.png', error: imageTooLargeMessage(MAX_BYTES) },
    ]);
    expect(imageTooLargeMessage(MAX_BYTES)).toBe('File too large (max 0.25 MB).');

    const stored = body.results.flatMap((r) => (r.image ? [r.image] : []));
    expect(stored.map((i) => [i.title, i.filename, i.content_type, i.width, i.height])).toEqual([
      ['front', 'front.png', 'image/png', 800, 600],
      ['back', 'back.jpg', 'image/jpeg', 640, 480],
      ['side', 'side.webp', 'image/webp', 300, 900],
      ['anim', 'anim.gif', 'image/gif', 120, 80],
      ['tiny', 'tiny.png', 'image/png', 1, 1],
      ['wide', 'wide.jpeg', 'image/jpeg', 1200, 100],
      ['tall', 'tall.webp', 'image/webp', 100, 1200],
      ['square', 'square.gif', 'image/gif', 320, 320],
      ['notes', 'notes.txt', 'image/png', 50, 50],
      ['no-extension', 'no-extension', 'image/jpeg', 64, 64],
      ['red', 'red.png', 'image/png', 333, 222],
      ['green', 'green.jpg', 'image/jpeg', 1000, 1000],
      ['blue', 'blue.webp', 'image/webp', 640, 640],
      ['grey', 'grey.gif', 'image/gif', 200, 400],
    ]);
    expect(stored.map((i) => i.size)).toEqual(good.map((g) => g.data.length));
    for (const image of stored) {
      expect(image.classification).toEqual({ id: packshot.id, title: 'Packshot' });
      expect(image.product_ids).toEqual([]);
      expect(image.account).toBe(me.user.id);
      expect(image.company).toBe(me.companyId);
    }

    // 14 rows and 28 files (original + thumbnail): nothing of the refused files was kept.
    expect(await rowsOf(me)).toHaveLength(14);
    expect(mediaFiles(app).length - before).toBe(28);

    // Both files are served without a token, cached; the original byte for byte, the thumbnail as WebP within 320 px.
    for (const [index, image] of stored.entries()) {
      const original = await app.inject({ method: 'GET', url: `/api/media/${keyOf(image.url)}` });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe(image.content_type);
      expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(original.rawPayload.equals(good[index]!.data)).toBe(true);
      const thumbnail = await app.inject({ method: 'GET', url: `/api/media/${keyOf(image.thumbnail_url)}` });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(thumbnail.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(IMAGE_THUMBNAIL_SIZE);
      // Fitted inside, never enlarged, proportions kept.
      const scale = Math.min(1, IMAGE_THUMBNAIL_SIZE / Math.max(image.width, image.height));
      expect(meta.width).toBe(Math.max(1, Math.round(image.width * scale)));
      expect(meta.height).toBe(Math.max(1, Math.round(image.height * scale)));
    }
  });

  it('reads width and height as the photo is shown (EXIF orientation applied)', async () => {
    const me = await createTenant(app);
    // Stored 200 x 100, to be shown rotated by 90 degrees.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadForm(app, me, fileParts([{ filename: 'portrait.jpg', data: sideways }]));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<UploadImagesResponse>().results[0]!.image!;
    expect([image.width, image.height]).toEqual([100, 200]);
    const thumbnail = await app.inject({ method: 'GET', url: `/api/media/${keyOf(image.thumbnail_url)}` });
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
  });

  it('refuses an image whose header claims more pixels than the limit, before decoding it', async () => {
    const me = await createTenant(app);
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(typed));
      return Buffer.concat([length, typed, crc]);
    };
    // A valid PNG header for 20000 x 20000 pixels (400 megapixels) in a file of a few hundred bytes.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header[8] = 8;
    header[9] = 2;
    const bomb = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
    const res = await uploadForm(app, me, fileParts([{ filename: 'bomb.png', data: bomb }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().results).toEqual([{ filename: 'bomb.png', error: IMAGE_TOO_MANY_PIXELS }]);
    expect(await rowsOf(me)).toEqual([]);
  });

  it('answers 400 with the same counts when no file could be stored, keeping nothing', async () => {
    const me = await createTenant(app);
    const before = mediaFiles(app).length;
    const res = await uploadForm(
      app,
      me,
      fileParts([
        { filename: 'photo.jpg', data: Buffer.from('plain text, not a photo') },
        { filename: 'big.png', data: await makeNoisePng(400, 400) },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      uploaded: 0,
      failed: 2,
      results: [
        { filename: 'photo.jpg', error: IMAGE_NOT_AN_IMAGE },
        { filename: 'big.png', error: 'File too large (max 0.25 MB).' },
      ],
    });
    expect(await rowsOf(me)).toEqual([]);
    expect(mediaFiles(app)).toHaveLength(before);
  });

  it('refuses a request without files, with an unknown field or another company’s classification, storing nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await classification(other, 'Theirs');
    const png = await makeImage('png', 20, 20);
    const before = mediaFiles(app).length;

    const none = await uploadForm(app, me, [{ name: 'classification', value: '' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ files: [IMAGE_FILES_REQUIRED] });

    const foreign = await uploadForm(app, me, [{ name: 'classification', value: String(theirs.id) }, ...fileParts([{ filename: 'a.png', data: png }])]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ classification: [`Invalid pk "${theirs.id}" - object does not exist.`] });

    const wrongField = await uploadForm(app, me, [
      { name: 'file', filename: 'a.png', data: png },
      { name: 'files', filename: 'b.png', data: png },
      { name: 'colour', value: 'red' },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ file: ['Unknown field.'], colour: ['Unknown field.'] });

    const twice = await uploadForm(app, me, [
      { name: 'classification', value: 'x' },
      { name: 'files', filename: 'b.png', data: png },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['classification']);

    const json = await as(app, me, { method: 'POST', url: IMAGES_URL, payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ non_field_errors: ['Send multipart/form-data with one or more files.'] });

    expect(await rowsOf(me)).toEqual([]);
    expect(mediaFiles(app)).toHaveLength(before);
  });

  it(`answers 413 for more than ${MAX_CATALOG_IMAGE_UPLOAD_FILES} files and keeps none`, async () => {
    const me = await createTenant(app);
    const png = await makeImage('png', 10, 10);
    const before = mediaFiles(app).length;
    const files = Array.from({ length: MAX_CATALOG_IMAGE_UPLOAD_FILES + 1 }, (_, i) => ({ filename: `${i}.png`, data: png }));
    const res = await uploadForm(app, me, fileParts(files));
    expect(res.statusCode).toBe(413);
    expect(await rowsOf(me)).toEqual([]);
    expect(mediaFiles(app)).toHaveLength(before);
  });

  it('answers 400, not 500, for a multipart body without a boundary or cut off, storing nothing (found by fuzzing)', async () => {
    const me = await createTenant(app);
    const before = mediaFiles(app).length;
    const noBoundary = await as(app, me, { method: 'POST', url: '/api/catalog/images/', headers: { 'content-type': 'multipart/form-data' }, payload: 'a=1' });
    expect([noBoundary.statusCode, noBoundary.json()]).toEqual([400, { non_field_errors: ['The multipart/form-data body could not be read.'] }]);
    const png = await makeImage('png', 10, 10);
    const form = multipartForm([
      { name: 'files', filename: 'a.png', data: png },
      { name: 'files', filename: 'b.png', data: png },
    ]);
    const cut = await as(app, me, {
      method: 'POST',
      url: '/api/catalog/images/',
      headers: form.headers,
      payload: form.payload.subarray(0, form.payload.length - 30),
    });
    expect([cut.statusCode, cut.json()]).toEqual([400, { non_field_errors: ['The multipart/form-data body could not be read.'] }]);
    expect(await rowsOf(me)).toEqual([]);
    expect(mediaFiles(app)).toHaveLength(before);
  });

  it('answers 401 without a token, storing nothing', async () => {
    const before = mediaFiles(app).length;
    const res = await uploadForm(app, null, fileParts([{ filename: 'a.png', data: await makeImage('png', 10, 10) }]));
    expect(res.statusCode).toBe(401);
    expect(mediaFiles(app)).toHaveLength(before);
  });
});

describe('GET /api/catalog/images/', () => {
  it('lists the company’s images newest first, 100 a page, filtered by classification, product and search', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const lifestyle = await classification(me, 'Lifestyle');
    const [kitchen, garden] = await uploadImages(app, me, ['kitchen.png', 'garden.png'], [{ name: 'classification', value: String(lifestyle.id) }]);
    const [plain] = await uploadImages(app, me, ['plain-bowl.png']);
    await uploadImages(app, other, ['kitchen-of-theirs.png']);
    const product = await insertProduct(db(), me.companyId);
    expect((await as(app, me, { method: 'POST', url: '/api/catalog/product_images/', payload: { product: product.id, image: garden!.id } })).statusCode).toBe(
      201,
    );

    const list = async (query = '') => {
      const res = await as(app, me, { method: 'GET', url: `${IMAGES_URL}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number; next: string | null; results: ImageResponse[] }>();
    };
    const all = await list();
    expect(all.count).toBe(3);
    expect(all.results.map((i) => i.title)).toEqual(['plain-bowl', 'garden', 'kitchen']);
    expect(all.results.find((i) => i.id === garden!.id)?.product_ids).toEqual([product.id]);
    expect((await list(`?classification=${lifestyle.id}`)).results.map((i) => i.id)).toEqual([garden!.id, kitchen!.id]);
    expect((await list('?classification__isnull=true')).results.map((i) => i.id)).toEqual([plain!.id]);
    expect((await list(`?product=${product.id}`)).results.map((i) => i.id)).toEqual([garden!.id]);
    expect((await list('?search=KITCHEN')).results.map((i) => i.id)).toEqual([kitchen!.id]);
    expect((await list('?search=.png')).count).toBe(3);
    expect((await list('?ordering=title')).results.map((i) => i.title)).toEqual(['garden', 'kitchen', 'plain-bowl']);
    expect((await list('?limit=1')).next).toBe('http://kontor.test/api/catalog/images/?limit=1&offset=1');

    const one = await as(app, me, { method: 'GET', url: `${IMAGES_URL}${kitchen!.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(kitchen);
  });

  it('pages 100 images at a time', async () => {
    const me = await createTenant(app);
    const [template] = await uploadImages(app, me, ['template.png']);
    const [row] = await db().select().from(catalogImages).where(eq(catalogImages.id, template!.id));
    const { id: _id, ...copy } = row!;
    await db()
      .insert(catalogImages)
      .values(Array.from({ length: 120 }, (_, i) => ({ ...copy, title: `copy ${i}` })));
    const res = await as(app, me, { method: 'GET', url: IMAGES_URL });
    const page = res.json<{ count: number; next: string; results: unknown[] }>();
    expect(page.count).toBe(121);
    expect(page.results).toHaveLength(100);
    expect(page.next).toBe('http://kontor.test/api/catalog/images/?limit=100&offset=100');
  });

  it('answers 400 for bad filters, 401 without a token, 404 for another company’s image', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    expect((await as(app, me, { method: 'GET', url: `${IMAGES_URL}?classification=abc` })).json()).toEqual({ classification: ['Enter a whole number.'] });
    expect((await as(app, me, { method: 'GET', url: `${IMAGES_URL}?colour=red` })).statusCode).toBe(400);
    expect((await as(app, me, { method: 'GET', url: `${IMAGES_URL}?product=0` })).statusCode).toBe(400);
    expect((await as(app, null, { method: 'GET', url: IMAGES_URL })).statusCode).toBe(401);
    expect((await as(app, null, { method: 'GET', url: `${IMAGES_URL}${theirs!.id}/` })).statusCode).toBe(401);
    const foreign = await as(app, me, { method: 'GET', url: `${IMAGES_URL}${theirs!.id}/` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'GET', url: IMAGES_URL })).json().count).toBe(0);
  });
});

describe('PATCH /api/catalog/images/{id}/', () => {
  it('renames the image and sets, changes and clears its classification', async () => {
    const me = await createTenant(app);
    const packshot = await classification(me, 'Packshot');
    const detail = await classification(me, 'Detail');
    const [image] = await uploadImages(app, me, ['IMG_0001.png']);
    const patch = (payload: object) => as(app, me, { method: 'PATCH', url: `${IMAGES_URL}${image!.id}/`, payload });

    const renamed = await patch({ title: '  Lamp, front  ', classification: packshot.id });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: image!.id,
      title: 'Lamp, front',
      classification: { id: packshot.id, title: 'Packshot' },
      filename: 'IMG_0001.png',
    });
    expect((await patch({ classification: detail.id })).json()).toMatchObject({ title: 'Lamp, front', classification: { id: detail.id, title: 'Detail' } });
    const cleared = (await patch({ classification: null })).json<ImageResponse>();
    expect(cleared.classification).toBeNull();
    expect(cleared.title).toBe('Lamp, front');
    expect(new Date(cleared.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(image!.updated_at).getTime());
  });

  it('answers 400 for bad input and another company’s classification, changing nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await classification(other, 'Theirs');
    const [image] = await uploadImages(app, me, ['keep.png']);
    const patch = (payload: object) => as(app, me, { method: 'PATCH', url: `${IMAGES_URL}${image!.id}/`, payload });

    expect((await patch({ title: '   ' })).json()).toEqual({ title: ['This field may not be blank.'] });
    expect((await patch({ title: 'New', classification: theirs.id })).json()).toEqual({
      classification: [`Invalid pk "${theirs.id}" - object does not exist.`],
    });
    expect((await patch({ classification: 'Packshot' })).json()).toEqual({ classification: ['Incorrect type. Expected pk value, received string.'] });
    expect((await patch({ size: 1 })).json()).toEqual({ size: ['Unknown field.'] });
    const [row] = await db().select().from(catalogImages).where(eq(catalogImages.id, image!.id));
    expect([row!.title, row!.classificationId]).toEqual(['keep', null]);
  });

  it('answers 401 without a token and 404 for another company’s image, changing nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    expect((await as(app, null, { method: 'PATCH', url: `${IMAGES_URL}${theirs!.id}/`, payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await as(app, me, { method: 'PATCH', url: `${IMAGES_URL}${theirs!.id}/`, payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'PATCH', url: `${IMAGES_URL}999999/`, payload: { title: 'x' } })).statusCode).toBe(404);
    const [row] = await db().select().from(catalogImages).where(eq(catalogImages.id, theirs!.id));
    expect(row!.title).toBe('theirs');
  });
});

describe('DELETE /api/catalog/images/{id}/', () => {
  it('removes the row, its attachments and both files', async () => {
    const me = await createTenant(app);
    const [image] = await uploadImages(app, me, ['gone.png']);
    const product = await insertProduct(db(), me.companyId);
    await as(app, me, { method: 'POST', url: '/api/catalog/product_images/', payload: { product: product.id, image: image!.id } });
    const files = [keyOf(image!.url), keyOf(image!.thumbnail_url)];
    expect(mediaFiles(app)).toEqual(expect.arrayContaining(files));

    const res = await as(app, me, { method: 'DELETE', url: `${IMAGES_URL}${image!.id}/` });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(me)).toEqual([]);
    for (const key of files) {
      expect(mediaFiles(app)).not.toContain(key);
      expect((await app.inject({ method: 'GET', url: `/api/media/${key}` })).statusCode).toBe(404);
    }
    expect((await as(app, me, { method: 'GET', url: `/api/catalog/product_images/?product=${product.id}` })).json().count).toBe(0);
    expect((await as(app, me, { method: 'DELETE', url: `${IMAGES_URL}${image!.id}/` })).statusCode).toBe(404);
  });

  it('answers 404 for a bad id and for another company’s image, keeping it and its files, 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    expect((await as(app, me, { method: 'DELETE', url: `${IMAGES_URL}abc/` })).statusCode).toBe(404);
    expect((await as(app, null, { method: 'DELETE', url: `${IMAGES_URL}${theirs!.id}/` })).statusCode).toBe(401);
    expect((await as(app, me, { method: 'DELETE', url: `${IMAGES_URL}${theirs!.id}/` })).statusCode).toBe(404);
    expect(await rowsOf(other)).toHaveLength(1);
    expect(mediaFiles(app)).toEqual(expect.arrayContaining([keyOf(theirs!.url), keyOf(theirs!.thumbnail_url)]));
  });
});
