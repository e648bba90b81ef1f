import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DESCRIPTION_LANGUAGE_TAKEN, type ProductDescriptionResponse } from '@kontor/contract';
import { catalogProducts, productDescriptions } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const DESCRIPTIONS = '/api/catalog/product_descriptions/';
const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const post = (tenant: Tenant | null, payload: unknown) => as(app, tenant, { method: 'POST', url: DESCRIPTIONS, payload: payload as object });
const put = (tenant: Tenant | null, id: number, payload: unknown) =>
  as(app, tenant, { method: 'PUT', url: `${DESCRIPTIONS}${id}/`, payload: payload as object });
const del = (tenant: Tenant | null, id: number) => as(app, tenant, { method: 'DELETE', url: `${DESCRIPTIONS}${id}/` });
const rowsOf = (companyId: number) =>
  db().select().from(productDescriptions).where(eq(productDescriptions.companyId, companyId)).orderBy(productDescriptions.id);
const ids = (body: { results: ProductDescriptionResponse[] }) => body.results.map((d) => d.id);

async function create(tenant: Tenant, payload: Record<string, unknown>): Promise<ProductDescriptionResponse> {
  const res = await post(tenant, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/catalog/product_descriptions/', () => {
  it('creates a description (201) with the spec defaults, the caller as account and its company', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const res = await post(me, { product: product.id });
    expect(res.statusCode).toBe(201);
    const body: ProductDescriptionResponse = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      product: product.id,
      language: 'SV',
      name: '',
      content: '',
      excerpt: '',
      meta_title: '',
      meta_keywords: '',
      meta_description: '',
      source: 'chatgpt',
      machine_translation: false,
      account: me.user.id,
      company: me.companyId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await rowsOf(me.companyId);
    expect(row).toMatchObject({ id: body.id, productId: product.id, accountId: me.user.id, companyId: me.companyId, language: 'SV' });
  });

  it('stores every field it is given; another language of the same product is a new description', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const product = await insertProduct(db(), me.companyId);
    await create(me, { product: product.id });
    const en = await create(staff, {
      product: product.id,
      language: 'EN',
      name: ' Desk lamp ',
      content: '<p>Warm light</p>',
      excerpt: 'Warm',
      meta_title: 'Desk lamp | Shop',
      meta_keywords: 'lamp, desk',
      meta_description: 'A warm desk lamp',
      source: 'manual',
      machine_translation: true,
    });
    expect(en).toMatchObject({
      language: 'EN',
      name: 'Desk lamp',
      content: '<p>Warm light</p>',
      excerpt: 'Warm',
      meta_title: 'Desk lamp | Shop',
      meta_keywords: 'lamp, desk',
      meta_description: 'A warm desk lamp',
      source: 'manual',
      machine_translation: true,
      account: staff.user.id,
      company: me.companyId,
    });
    expect(await rowsOf(me.companyId)).toHaveLength(2);
  });

  it('answers 400 for a language the product already has, decided by the unique index, and stores nothing', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    await create(me, { product: product.id, language: 'DA' });
    const res = await post(me, { product: product.id, language: 'DA', name: 'Again' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ language: [DESCRIPTION_LANGUAGE_TAKEN] });
    // Two at once: exactly one wins.
    const other = await insertProduct(db(), me.companyId);
    const raced = await Promise.all([post(me, { product: other.id }), post(me, { product: other.id })]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await rowsOf(me.companyId)).toHaveLength(2);
  });

  it('answers 400 for an invalid body and stores nothing', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const unknown = await post(me, { product: product.id, colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ colour: ['Unknown field.'] });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'product'],
      [{ product: 'abc' }, 'product'],
      [{ product: product.id, language: 'FI' }, 'language'],
      [{ product: product.id, source: '   ' }, 'source'],
      [{ product: product.id, machine_translation: 'yes' }, 'machine_translation'],
    ];
    for (const [payload, key] of cases) {
      const res = await post(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([key]);
    }
    // DRF's words, not zod's coercion messages.
    expect((await post(me, {})).json()).toEqual({ product: ['This field is required.'] });
    expect((await post(me, { product: 'abc' })).json()).toEqual({ product: ['Incorrect type. Expected pk value, received string.'] });
    expect(await rowsOf(me.companyId)).toEqual([]);
  });

  it('marks the product edited when its copy is written, changed or removed', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const editedAt = async () => (await db().select().from(catalogProducts).where(eq(catalogProducts.id, product.id)))[0]!.editedAt;
    expect(await editedAt()).toBeNull();
    const created = await create(me, { product: product.id, name: 'Lamp' });
    const afterCreate = await editedAt();
    expect(afterCreate).toBeInstanceOf(Date);
    await db().update(catalogProducts).set({ editedAt: null }).where(eq(catalogProducts.id, product.id));
    expect((await put(me, created.id, { meta_title: 'Lamp | Shop' })).statusCode).toBe(200);
    expect(await editedAt()).toBeInstanceOf(Date);
    await db().update(catalogProducts).set({ editedAt: null }).where(eq(catalogProducts.id, product.id));
    expect((await del(me, created.id)).statusCode).toBe(204);
    expect(await editedAt()).toBeInstanceOf(Date);
  });

  it('answers 400 invalid pk for another company’s product and for a missing one', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await insertProduct(db(), other.companyId);
    for (const id of [theirs.id, 99999999]) {
      const res = await post(me, { product: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ product: [`Invalid pk "${id}" - object does not exist.`] });
    }
    expect(await rowsOf(me.companyId)).toEqual([]);
    expect(await rowsOf(other.companyId)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const res = await post(null, { product: 1 });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/catalog/product_descriptions/', () => {
  it('lists the company’s descriptions by product then language, filtered and searched', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId);
    const chair = await insertProduct(db(), me.companyId);
    const theirs = await insertProduct(db(), other.companyId);
    // Created out of order, so the default ordering is visible.
    const chairSv = await create(me, { product: chair.id, language: 'SV', name: 'Stol', content: 'Trä' });
    const lampSv = await create(me, { product: lamp.id, language: 'SV', name: 'Lampa', meta_title: 'Lampa i mässing' });
    const lampEn = await create(me, { product: lamp.id, language: 'EN', name: 'Lamp', content: 'Brass body', source: 'manual', machine_translation: true });
    const lampDa = await create(me, { product: lamp.id, language: 'DA', name: 'Lampe', machine_translation: true });
    const theirSv = await create(other, { product: theirs.id, name: 'Lampa' });

    const all = await get(me, DESCRIPTIONS);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 4, next: null, previous: null });
    // Product, then language: DA, EN, SV for the lamp.
    expect(ids(all.json())).toEqual([lampDa.id, lampEn.id, lampSv.id, chairSv.id]);
    expect(all.json().results[1]).toEqual(lampEn);

    const list = async (q: string) => ids((await get(me, `${DESCRIPTIONS}?${q}`)).json());
    expect(await list(`product=${chair.id}`)).toEqual([chairSv.id]);
    expect(await list(`product__in=${chair.id},${theirs.id}`)).toEqual([chairSv.id]);
    expect(await list(`product=${theirs.id}`)).toEqual([]);
    expect(await list('language=SV')).toEqual([lampSv.id, chairSv.id]);
    expect(await list('source=manual')).toEqual([lampEn.id]);
    expect(await list('machine_translation=true')).toEqual([lampDa.id, lampEn.id]);
    expect(await list('machine_translation=false')).toEqual([lampSv.id, chairSv.id]);
    expect(await list(`product=${lamp.id}&machine_translation=true&language=EN`)).toEqual([lampEn.id]);
    // search looks in name, content and meta_title, case-insensitively.
    expect(await list('search=lamp')).toEqual([lampDa.id, lampEn.id, lampSv.id]);
    expect(await list('search=BRASS')).toEqual([lampEn.id]);
    expect(await list('search=mässing')).toEqual([lampSv.id]);
    expect(await list('search=trä')).toEqual([chairSv.id]);
    expect(await list('ordering=-id')).toEqual([lampDa.id, lampEn.id, lampSv.id, chairSv.id]);
    expect(await list('ordering=language,-product')).toEqual([lampDa.id, lampEn.id, chairSv.id, lampSv.id]);
    expect(ids((await get(other, DESCRIPTIONS)).json())).toEqual([theirSv.id]);
  });

  it('pages by 25 with absolute links', async () => {
    const me = await createTenant(app);
    for (let i = 0; i < 7; i += 1) {
      const product = await insertProduct(db(), me.companyId);
      for (const language of ['SV', 'EN', 'NO', 'DA']) await create(me, { product: product.id, language });
    }
    const first = (await get(me, DESCRIPTIONS)).json();
    expect(first.count).toBe(28);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe('http://kontor.test/api/catalog/product_descriptions/?limit=25&offset=25');
    const second = (await get(me, `${DESCRIPTIONS}?limit=25&offset=25`)).json();
    expect(second.results).toHaveLength(3);
    expect(second).toMatchObject({ count: 28, next: null, previous: 'http://kontor.test/api/catalog/product_descriptions/?limit=25' });
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(28);
    // Past the end the page is empty and the count still says how many there are.
    expect((await get(me, `${DESCRIPTIONS}?limit=25&offset=50`)).json()).toMatchObject({ count: 28, results: [], next: null });
  });

  it('answers 400 for an unknown filter or a bad value, and 401 without a token', async () => {
    const me = await createTenant(app);
    const cases: [string, string][] = [
      ['language=FI', 'language'],
      ['machine_translation=maybe', 'machine_translation'],
      ['product=abc', 'product'],
      ['product__in=1,x', 'product__in'],
      ['account=1', 'account'],
      ['ordering=name', 'ordering'],
    ];
    for (const [query, key] of cases) {
      const res = await get(me, `${DESCRIPTIONS}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([key]);
    }
    expect((await get(null, DESCRIPTIONS)).statusCode).toBe(401);
  });
});

describe('GET /api/catalog/product_descriptions/{id}/', () => {
  it('answers the description; 404 for another company’s or a missing one; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await create(me, { product: (await insertProduct(db(), me.companyId)).id, name: 'Mine' });
    const theirs = await create(other, { product: (await insertProduct(db(), other.companyId)).id });
    const res = await get(me, `${DESCRIPTIONS}${mine.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
    for (const id of [theirs.id, 99999999]) {
      const missing = await get(me, `${DESCRIPTIONS}${id}/`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await get(null, `${DESCRIPTIONS}${mine.id}/`)).statusCode).toBe(401);
  });
});

describe('PUT /api/catalog/product_descriptions/{id}/', () => {
  it('changes only the fields it is given (200)', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const product = await insertProduct(db(), me.companyId);
    const created = await create(me, { product: product.id, name: 'Lampa', content: 'Mässing', meta_title: 'Lampa', source: 'manual' });
    const res = await put(staff, created.id, { content: 'Brons', machine_translation: true, language: 'NO' });
    expect(res.statusCode).toBe(200);
    const body: ProductDescriptionResponse = res.json();
    expect(body).toEqual({
      ...created,
      content: 'Brons',
      machine_translation: true,
      language: 'NO',
      updated_at: expect.any(String),
    });
    expect(new Date(body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
    expect((await get(me, `${DESCRIPTIONS}${created.id}/`)).json()).toEqual(body);
    // An empty body changes nothing.
    expect((await put(me, created.id, {})).json()).toMatchObject({ name: 'Lampa', content: 'Brons', language: 'NO', source: 'manual' });
  });

  it('answers 400 for a language the product already has, or an invalid body, and changes nothing', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const sv = await create(me, { product: product.id, language: 'SV', name: 'Lampa' });
    await create(me, { product: product.id, language: 'EN' });
    const clash = await put(me, sv.id, { language: 'EN', name: 'Changed' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ language: [DESCRIPTION_LANGUAGE_TAKEN] });
    // The product a description belongs to never changes.
    const moved = await put(me, sv.id, { product: (await insertProduct(db(), me.companyId)).id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ product: ['Unknown field.'] });
    for (const payload of [{ language: 'FI' }, { source: '' }, { name: 'x'.repeat(501) }]) {
      const res = await put(me, sv.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await get(me, `${DESCRIPTIONS}${sv.id}/`)).json()).toEqual(sv);
  });

  it('answers 404 for another company’s or a missing description and leaves theirs alone; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await create(other, { product: (await insertProduct(db(), other.companyId)).id, name: 'Theirs' });
    for (const id of [theirs.id, 99999999]) {
      const res = await put(me, id, { name: 'Hijacked' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await put(null, theirs.id, { name: 'Hijacked' })).statusCode).toBe(401);
    expect((await get(other, `${DESCRIPTIONS}${theirs.id}/`)).json()).toEqual(theirs);
  });
});

describe('DELETE /api/catalog/product_descriptions/{id}/', () => {
  it('deletes (204); 404 for another company’s, a missing or an already deleted one; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const sv = await create(me, { product: product.id });
    const en = await create(me, { product: product.id, language: 'EN' });
    const theirs = await create(other, { product: (await insertProduct(db(), other.companyId)).id });

    expect((await del(null, sv.id)).statusCode).toBe(401);
    const res = await del(me, sv.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await rowsOf(me.companyId)).map((r) => r.id)).toEqual([en.id]);
    for (const id of [sv.id, theirs.id, 99999999]) {
      const missing = await del(me, id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await rowsOf(other.companyId)).map((r) => r.id)).toEqual([theirs.id]);
    // The language is free again.
    expect((await post(me, { product: product.id })).statusCode).toBe(201);
  });
});
