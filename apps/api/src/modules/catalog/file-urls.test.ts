import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_URL_DUPLICATE, PAGE_SIZE, type FileUrlPage, type FileUrlResponse } from '@kontor/contract';
import { catalogFileUrls, catalogProducts } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const FILE_URLS = '/api/catalog/file_urls/';
const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const post = (tenant: Tenant | null, payload: unknown) => as(app, tenant, { method: 'POST', url: FILE_URLS, payload: payload as object });
const put = (tenant: Tenant | null, id: number, payload: unknown) => as(app, tenant, { method: 'PUT', url: `${FILE_URLS}${id}/`, payload: payload as object });
const del = (tenant: Tenant | null, id: number) => as(app, tenant, { method: 'DELETE', url: `${FILE_URLS}${id}/` });
const rowsOf = (companyId: number) => db().select().from(catalogFileUrls).where(eq(catalogFileUrls.companyId, companyId)).orderBy(catalogFileUrls.id);
const titles = (body: FileUrlPage) => body.results.map((f) => f.title);

async function create(tenant: Tenant, payload: Record<string, unknown>): Promise<FileUrlResponse> {
  const res = await post(tenant, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(tenant: Tenant, query = ''): Promise<FileUrlPage> {
  const res = await get(tenant, `${FILE_URLS}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/catalog/file_urls/', () => {
  it('creates a link of a product with every field of spec §3, trimmed, and records who added it', async () => {
    const me = await createTenant(app);
    const drill = await insertProduct(db(), me.companyId, { sku: 'DRL-18', name: 'Cordless drill 18V' });
    const res = await post(me, {
      url: ' https://files.nordic-tools.example/manuals/drl-18.pdf ',
      source_url: 'https://nordic-tools.example/p/drl-18',
      priority: 5,
      title: ' User manual ',
      removed_from_source: true,
      product: drill.id,
    });
    expect(res.statusCode).toBe(201);
    const body: FileUrlResponse = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      url: 'https://files.nordic-tools.example/manuals/drl-18.pdf',
      source_url: 'https://nordic-tools.example/p/drl-18',
      priority: 5,
      title: 'User manual',
      removed_from_source: true,
      account: me.user.id,
      company: me.companyId,
      product: drill.id,
      product_sku: 'DRL-18',
      product_name: 'Cordless drill 18V',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await rowsOf(me.companyId);
    expect(row).toMatchObject({ id: body.id, companyId: me.companyId, accountId: me.user.id, productId: drill.id, title: 'User manual' });
  });

  it('takes the url alone: no product, no source, priority 0', async () => {
    const me = await createTenant(app);
    const body = await create(me, { url: 'http://example.com/catalogue-2026.pdf' });
    expect(body).toMatchObject({ source_url: '', priority: 0, title: '', removed_from_source: false, product: null, product_sku: null, product_name: null });
    expect((await create(me, { url: 'https://example.com/b.pdf', product: null })).product).toBeNull();
  });

  it('refuses invalid bodies with DRF errors and creates nothing', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { url: ['This field is required.'] }],
      [{ url: '  ' }, { url: ['This field may not be blank.'] }],
      [{ url: 'not a url' }, { url: ['Enter a valid URL.'] }],
      [{ url: 'ftp://files.example.com/a.pdf' }, { url: ['Enter a valid URL.'] }],
      [{ url: 'javascript:alert(1)' }, { url: ['Enter a valid URL.'] }],
      [{ url: 'https://' }, { url: ['Enter a valid URL.'] }],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, { url: ['Ensure this field has no more than 2000 characters.'] }],
      [{ url: null }, { url: ['This field may not be null.'] }],
      [{ url: 'https://example.com/a.pdf', source_url: 'example.com' }, { source_url: ['Enter a valid URL.'] }],
      [{ url: 'https://example.com/a.pdf', priority: 1.5 }, { priority: ['Enter a whole number.'] }],
      [{ url: 'https://example.com/a.pdf', priority: -1 }, { priority: ['Ensure this value is greater than or equal to 0.'] }],
      [{ url: 'https://example.com/a.pdf', priority: 1001 }, { priority: ['Ensure this value is less than or equal to 1000.'] }],
      [{ url: 'https://example.com/a.pdf', title: 'x'.repeat(301) }, { title: ['Ensure this field has no more than 300 characters.'] }],
      [{ url: 'https://example.com/a.pdf', removed_from_source: 'yes' }, { removed_from_source: [expect.any(String)] }],
      [{ url: 'https://example.com/a.pdf', product: 'abc' }, { product: ['Incorrect type. Expected pk value, received string.'] }],
      [{ url: 'https://example.com/a.pdf', product: 2_147_483_648 }, { product: ['Invalid pk - object does not exist.'] }],
      [{ url: 'https://example.com/a.pdf', product: product.id + 100_000 }, { product: [`Invalid pk "${product.id + 100_000}" - object does not exist.`] }],
      [{ url: 'https://example.com/a.pdf', account: 1 }, { account: ['Unknown field.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(me, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(await rowsOf(me.companyId)).toEqual([]);
  });

  it('refuses another company’s product exactly like a missing one, and creates nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await insertProduct(db(), other.companyId);
    const res = await post(me, { url: 'https://example.com/a.pdf', product: theirs.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ product: [`Invalid pk "${theirs.id}" - object does not exist.`] });
    expect(await rowsOf(me.companyId)).toEqual([]);
    expect(await rowsOf(other.companyId)).toEqual([]);
  });

  it('refuses the same URL twice on one product; another product or no product may have it', async () => {
    const me = await createTenant(app);
    const [a, b] = [await insertProduct(db(), me.companyId), await insertProduct(db(), me.companyId)];
    const url = 'https://example.com/manual.pdf';
    await create(me, { url, product: a.id });
    const dup = await post(me, { url: ` ${url}`, product: a.id, title: 'Again' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ url: [FILE_URL_DUPLICATE] });
    await create(me, { url, product: b.id });
    await create(me, { url });
    expect((await rowsOf(me.companyId)).map((r) => r.productId)).toEqual([a.id, b.id, null]);
  });

  it('lets Staff add, and answers 401 without a token', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    expect((await create(staff, { url: 'https://example.com/staff.pdf' })).account).toBe(staff.user.id);
    expect((await post(null, { url: 'https://example.com/nobody.pdf' })).statusCode).toBe(401);
    expect((await rowsOf(me.companyId)).map((r) => r.url)).toEqual(['https://example.com/staff.pdf']);
  });
});

describe('GET /api/catalog/file_urls/', () => {
  it('lists the company’s links by priority then id, pages of 25 with next/previous, never another company’s', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    await db()
      .insert(catalogFileUrls)
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          companyId: me.companyId,
          url: `https://example.com/${i}.pdf`,
          title: `Doc ${String(i).padStart(2, '0')}`,
          priority: i % 2 === 0 ? 10 : 1,
        })),
      );
    await create(other, { url: 'https://theirs.example/secret.pdf', title: 'Theirs', priority: 0 });

    const first = await list(me);
    expect(first.count).toBe(27);
    expect(first.results).toHaveLength(PAGE_SIZE.fileUrls);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${app.deps.config.publicUrl}${FILE_URLS}?limit=25&offset=25`);
    // Priority 1 (odd numbers) before priority 10, each in the order added.
    expect(titles(first).slice(0, 3)).toEqual(['Doc 01', 'Doc 03', 'Doc 05']);
    const last = await list(me, '?offset=25');
    expect(titles(last)).toEqual(['Doc 24', 'Doc 26']);
    expect(last.previous).toBe(`${app.deps.config.publicUrl}${FILE_URLS}?limit=25`);
    expect([...first.results, ...last.results].every((f) => f.company === me.companyId)).toBe(true);
    expect(titles(await list(other))).toEqual(['Theirs']);
    expect((await list(me, '?search=secret')).count).toBe(0);
  });

  it('filters by product (exact, in, isnull), removed_from_source, priority and search; orders by the declared fields', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [drill, saw] = [await insertProduct(db(), me.companyId, { sku: 'DRL' }), await insertProduct(db(), me.companyId, { sku: 'SAW' })];
    const theirProduct = await insertProduct(db(), other.companyId);
    await create(me, { url: 'https://example.com/drill-manual.pdf', title: 'Drill manual', product: drill.id, priority: 1 });
    await create(me, { url: 'https://example.com/drill-sheet.pdf', title: 'Data sheet', product: drill.id, priority: 2, removed_from_source: true });
    await create(me, { url: 'https://example.com/saw.pdf', title: 'Saw manual', product: saw.id, priority: 3 });
    await create(me, { url: 'https://example.com/catalogue.pdf', title: 'Catalogue', priority: 4 });
    await create(other, { url: 'https://example.com/drill-theirs.pdf', title: 'Their drill', product: theirProduct.id, priority: 0 });

    expect(titles(await list(me, `?product=${drill.id}`))).toEqual(['Drill manual', 'Data sheet']);
    expect(titles(await list(me, `?product__in=${drill.id},${saw.id}`))).toEqual(['Drill manual', 'Data sheet', 'Saw manual']);
    expect(titles(await list(me, '?product__isnull=true'))).toEqual(['Catalogue']);
    expect(titles(await list(me, '?product__isnull=false'))).toEqual(['Drill manual', 'Data sheet', 'Saw manual']);
    expect(titles(await list(me, `?product=${theirProduct.id}`))).toEqual([]);
    expect(titles(await list(me, '?removed_from_source=true'))).toEqual(['Data sheet']);
    expect(titles(await list(me, '?removed_from_source=false'))).toEqual(['Drill manual', 'Saw manual', 'Catalogue']);
    expect(titles(await list(me, '?priority=3'))).toEqual(['Saw manual']);
    expect(titles(await list(me, '?priority__gte=2&priority__lte=3'))).toEqual(['Data sheet', 'Saw manual']);
    // Search looks in the title and in the URL, never in another company's rows.
    expect(titles(await list(me, '?search=drill'))).toEqual(['Drill manual', 'Data sheet']);
    expect(titles(await list(me, '?search=MANUAL'))).toEqual(['Drill manual', 'Saw manual']);
    expect(titles(await list(me, '?search=catalogue.pdf'))).toEqual(['Catalogue']);
    expect(titles(await list(me, '?ordering=title'))).toEqual(['Catalogue', 'Data sheet', 'Drill manual', 'Saw manual']);
    expect(titles(await list(me, '?ordering=-priority'))).toEqual(['Catalogue', 'Saw manual', 'Data sheet', 'Drill manual']);
    expect(titles(await list(me, '?ordering=-id'))).toEqual(['Catalogue', 'Saw manual', 'Data sheet', 'Drill manual']);
    expect((await list(me, '?ordering=created_at')).count).toBe(4);
    // Empty filter values are skipped (ADR 0006).
    expect((await list(me, '?product=&search=')).count).toBe(4);
  });

  it('answers 400 for unknown or malformed filters and orderings, 401 without a token', async () => {
    const me = await createTenant(app);
    expect((await get(me, `${FILE_URLS}?colour=red`)).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await get(me, `${FILE_URLS}?product=abc`)).json()).toEqual({ product: ['Enter a whole number.'] });
    expect((await get(me, `${FILE_URLS}?product__isnull=maybe`)).statusCode).toBe(400);
    expect((await get(me, `${FILE_URLS}?removed_from_source=maybe`)).json()).toEqual({ removed_from_source: ['Must be true or false.'] });
    expect((await get(me, `${FILE_URLS}?ordering=url`)).json()).toEqual({ ordering: ['Unknown ordering field: url.'] });
    expect((await get(null, FILE_URLS)).statusCode).toBe(401);
  });
});

describe('GET /api/catalog/file_urls/{id}/', () => {
  it('answers the link; 404 for another company’s or a missing one; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await create(me, { url: 'https://example.com/mine.pdf' });
    const theirs = await create(other, { url: 'https://example.com/theirs.pdf' });
    const res = await get(me, `${FILE_URLS}${mine.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
    for (const id of [theirs.id, theirs.id + 100_000]) {
      const missing = await get(me, `${FILE_URLS}${id}/`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await get(me, `${FILE_URLS}abc/`)).statusCode).toBe(404);
    expect((await get(null, `${FILE_URLS}${mine.id}/`)).statusCode).toBe(401);
  });
});

describe('PUT /api/catalog/file_urls/{id}/', () => {
  it('replaces the fields it sends and keeps the optional ones it leaves out', async () => {
    const me = await createTenant(app);
    const [drill, saw] = [await insertProduct(db(), me.companyId, { sku: 'DRL' }), await insertProduct(db(), me.companyId, { sku: 'SAW', name: 'Saw' })];
    const link = await create(me, {
      url: 'https://example.com/drill.pdf',
      source_url: 'https://example.com/p/drill',
      title: 'Manual',
      priority: 3,
      removed_from_source: true,
      product: drill.id,
    });

    const res = await put(me, link.id, { url: 'https://example.com/drill-v2.pdf', priority: 7 });
    expect(res.statusCode, res.body).toBe(200);
    const kept: FileUrlResponse = res.json();
    expect(kept).toMatchObject({
      id: link.id,
      url: 'https://example.com/drill-v2.pdf',
      source_url: 'https://example.com/p/drill',
      title: 'Manual',
      priority: 7,
      removed_from_source: true,
      product: drill.id,
      product_sku: 'DRL',
      account: me.user.id,
      created_at: link.created_at,
    });
    expect(new Date(kept.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(link.updated_at).getTime());

    const moved = (
      await put(me, link.id, { url: 'https://example.com/saw.pdf', source_url: '', title: '', priority: 0, removed_from_source: false, product: saw.id })
    ).json();
    expect(moved).toMatchObject({
      source_url: '',
      title: '',
      priority: 0,
      removed_from_source: false,
      product: saw.id,
      product_sku: 'SAW',
      product_name: 'Saw',
    });
    const detached = (await put(me, link.id, { url: 'https://example.com/saw.pdf', product: null })).json();
    expect(detached).toMatchObject({ product: null, product_sku: null, product_name: null });
    expect(await get(me, `${FILE_URLS}${link.id}/`).then((r) => r.json())).toEqual(detached);
  });

  it('refuses invalid bodies, a duplicate and another company’s product; nothing changes', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const theirProduct = await insertProduct(db(), other.companyId);
    const first = await create(me, { url: 'https://example.com/one.pdf', product: product.id, title: 'One' });
    const second = await create(me, { url: 'https://example.com/two.pdf', product: product.id, title: 'Two' });
    const before = await rowsOf(me.companyId);

    expect((await put(me, second.id, { title: 'No url' })).json()).toEqual({ url: ['This field is required.'] });
    expect((await put(me, second.id, { url: 'two.pdf' })).json()).toEqual({ url: ['Enter a valid URL.'] });
    expect((await put(me, second.id, { url: 'https://example.com/two.pdf', priority: 'high' })).statusCode).toBe(400);
    expect((await put(me, second.id, { url: 'https://example.com/one.pdf' })).json()).toEqual({ url: [FILE_URL_DUPLICATE] });
    expect((await put(me, second.id, { url: 'https://example.com/two.pdf', product: theirProduct.id })).json()).toEqual({
      product: [`Invalid pk "${theirProduct.id}" - object does not exist.`],
    });
    expect(await rowsOf(me.companyId)).toEqual(before);
    // Its own URL is no duplicate of itself.
    expect((await put(me, first.id, { url: 'https://example.com/one.pdf', title: 'One, renamed' })).statusCode).toBe(200);
  });

  it('answers 404 for another company’s link and a missing one, and changes nothing; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await create(other, { url: 'https://example.com/theirs.pdf', title: 'Theirs' });
    const res = await put(me, theirs.id, { url: 'https://example.com/hijack.pdf', title: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await put(me, theirs.id + 100_000, { url: 'https://example.com/x.pdf' })).statusCode).toBe(404);
    expect((await put(null, theirs.id, { url: 'https://example.com/nobody.pdf' })).statusCode).toBe(401);
    expect((await rowsOf(other.companyId)).map((r) => [r.url, r.title])).toEqual([['https://example.com/theirs.pdf', 'Theirs']]);
  });
});

describe('DELETE /api/catalog/file_urls/{id}/', () => {
  it('deletes the link and answers 204; a second delete, another company’s link and no token are refused', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await create(me, { url: 'https://example.com/mine.pdf' });
    const kept = await create(me, { url: 'https://example.com/kept.pdf' });
    const theirs = await create(other, { url: 'https://example.com/theirs.pdf' });
    expect((await del(null, mine.id)).statusCode).toBe(401);
    expect((await del(me, theirs.id)).statusCode).toBe(404);
    expect(await rowsOf(other.companyId)).toHaveLength(1);
    const res = await del(me, mine.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await rowsOf(me.companyId)).map((r) => r.id)).toEqual([kept.id]);
    expect((await del(me, mine.id)).statusCode).toBe(404);
  });

  it('goes with its product: deleting a product deletes its links', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    await create(me, { url: 'https://example.com/a.pdf', product: product.id });
    const loose = await create(me, { url: 'https://example.com/b.pdf' });
    await db().delete(catalogProducts).where(eq(catalogProducts.id, product.id));
    expect((await rowsOf(me.companyId)).map((r) => r.id)).toEqual([loose.id]);
  });
});
