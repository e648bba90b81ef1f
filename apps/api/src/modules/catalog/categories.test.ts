import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CATALOG_CATEGORY_PARENT_CYCLE, type CatalogCategoryResponse } from '@kontor/contract';
import { catalogCategories, procurementCategoryMappings } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertCatalogCategory, insertProcurementCategory, insertSupplier } from '../procurement/procurement.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const CATEGORIES = '/api/catalog/categories/';
const db = () => app.deps.database.db;

async function create(tenant: Tenant, payload: Record<string, unknown>): Promise<CatalogCategoryResponse> {
  const res = await as(app, tenant, { method: 'POST', url: CATEGORIES, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function procurementCategory(tenant: Tenant) {
  const supplier = await insertSupplier(db(), tenant.companyId);
  return insertProcurementCategory(db(), tenant.companyId, supplier.id);
}

async function mappedTo(catalogCategoryId: number) {
  const rows = await db().select().from(procurementCategoryMappings).where(eq(procurementCategoryMappings.catalogCategoryId, catalogCategoryId));
  return rows.map((r) => r.procurementCategoryId).sort((a, b) => a - b);
}

describe('POST /api/catalog/categories/', () => {
  it('creates with a slug unique in the company (201) and reads it back', async () => {
    const tenant = await createTenant(app);
    const lamps = await create(tenant, { title: 'Lampor & Ljus' });
    expect(Object.keys(lamps).sort()).toEqual(['account', 'company', 'created_at', 'id', 'parent', 'procurement_category_ids', 'slug', 'title', 'updated_at']);
    expect(lamps).toMatchObject({
      title: 'Lampor & Ljus',
      slug: 'lampor-ljus',
      parent: null,
      procurement_category_ids: [],
      account: tenant.user.id,
      company: tenant.companyId,
    });
    const again = await create(tenant, { title: 'Lampor – ljus', parent: lamps.id });
    expect(again).toMatchObject({ slug: 'lampor-ljus-2', parent: lamps.id });
    expect((await create(tenant, { title: 'LAMPOR LJUS' })).slug).toBe('lampor-ljus-3');
    // Another company has its own slugs.
    expect((await create(other, { title: 'Lampor & Ljus' })).slug).toBe('lampor-ljus');
    expect((await create(tenant, { title: '!!!' })).slug).toBe('category');

    const got = await as(app, tenant, { method: 'GET', url: `${CATEGORIES}${again.id}/` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(again);
  });

  it('maps procurement categories given at creation', async () => {
    const tenant = await createTenant(app);
    const pc = await procurementCategory(tenant);
    const created = await create(tenant, { title: 'Mapped', procurement_category_ids: [pc.id] });
    expect(created.procurement_category_ids).toEqual([pc.id]);
    expect(await mappedTo(created.id)).toEqual([pc.id]);
  });

  it('answers 400 with DRF field errors and creates nothing', async () => {
    const tenant = await createTenant(app);
    const foreignParent = await insertCatalogCategory(db(), other.companyId);
    const foreignProcurement = await procurementCategory(other);
    const post = (payload: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: CATEGORIES, payload });
    expect((await post({})).json()).toEqual({ title: ['This field is required.'] });
    expect((await post({ title: ' ' })).json()).toEqual({ title: ['This field may not be blank.'] });
    expect((await post({ title: 'X', colour: 'red' })).json()).toEqual({ colour: ['Unknown field.'] });
    const parent = await post({ title: 'X', parent: foreignParent.id });
    expect(parent.statusCode).toBe(400);
    expect(parent.json()).toEqual({ parent: [`Invalid pk "${foreignParent.id}" - object does not exist.`] });
    expect((await post({ title: 'X', procurement_category_ids: [foreignProcurement.id] })).json()).toEqual({
      procurement_category_ids: [`Invalid pk "${foreignProcurement.id}" - object does not exist.`],
    });
    expect((await as(app, tenant, { method: 'GET', url: CATEGORIES })).json().count).toBe(0);
  });
});

describe('GET /api/catalog/categories/', () => {
  it('pages by 25, searches titles, filters by parent, never lists another company’s', async () => {
    const tenant = await createTenant(app);
    const root = await create(tenant, { title: 'Belysning' });
    const child = await create(tenant, { title: 'Taklampor', parent: root.id });
    const foreign = await create(other, { title: 'Belysning' });
    for (let i = 0; i < 25; i += 1) await insertCatalogCategory(db(), tenant.companyId, { title: `Zz ${String(i).padStart(2, '0')}`, slug: `zz-${i}` });

    const first = (await as(app, tenant, { method: 'GET', url: CATEGORIES })).json();
    expect(first.count).toBe(27);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe('http://kontor.test/api/catalog/categories/?limit=25&offset=25');
    expect(first.results.slice(0, 2).map((c: CatalogCategoryResponse) => c.id)).toEqual([root.id, child.id]);
    const ids = async (query: string) =>
      (await as(app, tenant, { method: 'GET', url: `${CATEGORIES}?${query}` })).json().results.map((c: CatalogCategoryResponse) => c.id);
    expect(await ids('search=lamp')).toEqual([child.id]);
    expect(await ids(`parent=${root.id}`)).toEqual([child.id]);
    expect(await ids('parent__isnull=false')).toEqual([child.id]);
    expect(await ids(`id=${foreign.id}`)).toEqual([]);
    expect(await ids('ordering=-title&limit=1')).toEqual([expect.any(Number)]);
    expect((await as(app, tenant, { method: 'GET', url: `${CATEGORIES}?ordering=-title&limit=1` })).json().results[0].title).toBe('Zz 24');
  });

  it('answers 400 for unknown filters and orderings', async () => {
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?colour=red` })).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?parent=x` })).json()).toEqual({ parent: ['Enter a whole number.'] });
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?ordering=parent` })).json()).toEqual({ ordering: ['Unknown ordering field: parent.'] });
  });
});

describe('PATCH /api/catalog/categories/{id}/', () => {
  it('renames (the slug stays), moves, and replaces procurement_category_ids', async () => {
    const tenant = await createTenant(app);
    const a = await procurementCategory(tenant);
    const b = await procurementCategory(tenant);
    const root = await create(tenant, { title: 'Root' });
    const category = await create(tenant, { title: 'Old title', procurement_category_ids: [a.id] });

    const res = await as(app, tenant, {
      method: 'PATCH',
      url: `${CATEGORIES}${category.id}/`,
      payload: { title: 'New title', parent: root.id, procurement_category_ids: [b.id, a.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: category.id,
      title: 'New title',
      slug: 'old-title',
      parent: root.id,
      procurement_category_ids: [a.id, b.id].sort((x, y) => x - y),
    });
    const replaced = await as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${category.id}/`, payload: { procurement_category_ids: [b.id] } });
    expect(replaced.json()).toMatchObject({ title: 'New title', procurement_category_ids: [b.id] });
    expect(await mappedTo(category.id)).toEqual([b.id]);
    // The procurement side sees the same mapping.
    const pcSide = (await as(app, tenant, { method: 'GET', url: `/api/procurement/categories/${b.id}/` })).json();
    expect(pcSide.catalog_categories_auto_create).toEqual([category.id]);
    const cleared = await as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${category.id}/`, payload: { procurement_category_ids: [], parent: null } });
    expect(cleared.json()).toMatchObject({ parent: null, procurement_category_ids: [] });
  });

  it('answers 400 for another company’s ids, a loop or a bad field, and changes nothing', async () => {
    const tenant = await createTenant(app);
    const mine = await procurementCategory(tenant);
    const foreign = await procurementCategory(other);
    const root = await create(tenant, { title: 'Root', procurement_category_ids: [mine.id] });
    const child = await create(tenant, { title: 'Child', parent: root.id });
    const url = `${CATEGORIES}${root.id}/`;

    const foreignIds = await as(app, tenant, { method: 'PATCH', url, payload: { title: 'Changed', procurement_category_ids: [foreign.id] } });
    expect(foreignIds.statusCode).toBe(400);
    expect(foreignIds.json()).toEqual({ procurement_category_ids: [`Invalid pk "${foreign.id}" - object does not exist.`] });
    expect((await as(app, tenant, { method: 'PATCH', url, payload: { title: 'Changed', parent: child.id } })).json()).toEqual({
      parent: [CATALOG_CATEGORY_PARENT_CYCLE],
    });
    expect((await as(app, tenant, { method: 'PATCH', url, payload: { parent: root.id } })).json()).toEqual({ parent: [CATALOG_CATEGORY_PARENT_CYCLE] });
    expect((await as(app, tenant, { method: 'PATCH', url, payload: { title: '' } })).json()).toEqual({ title: ['This field may not be blank.'] });
    expect((await as(app, tenant, { method: 'PATCH', url, payload: { slug: 'x' } })).json()).toEqual({ slug: ['Unknown field.'] });

    const after = (await as(app, tenant, { method: 'GET', url })).json();
    expect(after).toMatchObject({ title: 'Root', parent: null, procurement_category_ids: [mine.id], updated_at: root.updated_at });
  });
});

describe('DELETE /api/catalog/categories/{id}/', () => {
  it('deletes it (204); its children become roots and its mappings go', async () => {
    const tenant = await createTenant(app);
    const pc = await procurementCategory(tenant);
    const root = await create(tenant, { title: 'Root', procurement_category_ids: [pc.id] });
    const child = await create(tenant, { title: 'Child', parent: root.id });
    const res = await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${root.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await db().select().from(catalogCategories).where(eq(catalogCategories.id, root.id))).toEqual([]);
    expect((await as(app, tenant, { method: 'GET', url: `${CATEGORIES}${child.id}/` })).json().parent).toBeNull();
    expect(await mappedTo(root.id)).toEqual([]);
    expect((await as(app, tenant, { method: 'GET', url: `/api/procurement/categories/${pc.id}/` })).json().catalog_categories_auto_create).toEqual([]);
  });
});

describe('catalog categories: tenancy and auth', () => {
  it('answers 404 for another company’s category on every verb and changes nothing', async () => {
    const foreign = await create(other, { title: 'Foreign' });
    const url = `${CATEGORIES}${foreign.id}/`;
    expect((await as(app, me, { method: 'GET', url })).statusCode).toBe(404);
    const patch = await as(app, me, { method: 'PATCH', url, payload: { title: 'Hijack' } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'DELETE', url })).statusCode).toBe(404);
    expect((await as(app, other, { method: 'GET', url })).json()).toMatchObject({ title: 'Foreign' });
    // Nor may a category of mine hang under another company's.
    expect((await as(app, me, { method: 'POST', url: CATEGORIES, payload: { title: 'Mine', parent: foreign.id } })).statusCode).toBe(400);
  });

  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', CATEGORIES],
      ['GET', `${CATEGORIES}1/`],
      ['POST', CATEGORIES],
      ['PATCH', `${CATEGORIES}1/`],
      ['DELETE', `${CATEGORIES}1/`],
    ] as const) {
      const res = await as(app, null, { method, url, payload: method === 'POST' || method === 'PATCH' ? { title: 'x' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
