import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PAGE_SIZE, PROCUREMENT_CATEGORY_PARENT_SUPPLIER, PROCUREMENT_CATEGORY_PATH_TAKEN, type ProcurementCategoryResponse } from '@kontor/contract';
import { procurementCategories, procurementCategoryMappings, procurementProducts } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertCatalogCategory, insertProcurementCategory, insertProcurementProduct, insertSupplier } from './procurement.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const CATEGORIES = '/api/procurement/categories/';
const db = () => app.deps.database.db;

async function create(tenant: Tenant, payload: Record<string, unknown>): Promise<ProcurementCategoryResponse> {
  const res = await as(app, tenant, { method: 'POST', url: CATEGORIES, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function categoryRows(supplierId: number) {
  return db().select().from(procurementCategories).where(eq(procurementCategories.supplierId, supplierId)).orderBy(procurementCategories.path);
}

async function mappingRows(categoryId: number) {
  const rows = await db().select().from(procurementCategoryMappings).where(eq(procurementCategoryMappings.procurementCategoryId, categoryId));
  return rows.map((r) => r.catalogCategoryId).sort((a, b) => a - b);
}

describe('POST /api/procurement/categories/', () => {
  it('creates a root and a child; the path, depth and slug are derived (201)', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId, { name: 'Lampgrossisten' });
    const lamps = await create(tenant, { supplier: supplier.id, name: 'Belysning & Lampor', description: 'All lights', url: 'https://lg.example/c/1' });
    expect(Object.keys(lamps).sort()).toEqual(
      [
        'id',
        'name',
        'supplier',
        'supplier_name',
        'url',
        'slug',
        'products',
        'created_at',
        'updated_at',
        'url_local',
        'depth',
        'description',
        'description_html',
        'db_id',
        'last_date_scraped',
        'account',
        'company',
        'parent',
        'latest_feed',
        'urls',
        'child_category_urls',
        'product_urls',
        'catalog_categories_auto_create',
        'path',
      ].sort(),
    );
    expect(lamps).toMatchObject({
      name: 'Belysning & Lampor',
      supplier: supplier.id,
      supplier_name: 'Lampgrossisten',
      url: 'https://lg.example/c/1',
      slug: 'belysning-lampor',
      products: 0,
      url_local: '',
      depth: 0,
      description: 'All lights',
      description_html: '',
      db_id: null,
      last_date_scraped: null,
      account: tenant.user.id,
      company: tenant.companyId,
      parent: null,
      latest_feed: null,
      urls: [],
      child_category_urls: [],
      product_urls: [],
      catalog_categories_auto_create: [],
      path: 'Belysning & Lampor',
    });
    const spots = await create(tenant, { supplier: supplier.id, name: 'Spotlights', parent: lamps.id });
    expect(spots).toMatchObject({ parent: lamps.id, depth: 1, path: 'Belysning & Lampor > Spotlights', slug: 'spotlights' });
    const led = await create(tenant, { supplier: supplier.id, name: 'LED', parent: spots.id });
    expect(led).toMatchObject({ depth: 2, path: 'Belysning & Lampor > Spotlights > LED' });

    const got = await as(app, tenant, { method: 'GET', url: `${CATEGORIES}${led.id}/` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(led);
  });

  it('maps catalog categories given at creation', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const a = await insertCatalogCategory(db(), tenant.companyId);
    const b = await insertCatalogCategory(db(), tenant.companyId);
    const created = await create(tenant, { supplier: supplier.id, name: 'Mapped', catalog_categories_auto_create: [b.id, a.id, b.id] });
    expect(created.catalog_categories_auto_create).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await mappingRows(created.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('answers 400 with DRF field errors and creates nothing', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const otherSupplier = await insertSupplier(db(), tenant.companyId);
    const foreignSupplier = await insertSupplier(db(), other.companyId);
    const root = await create(tenant, { supplier: supplier.id, name: 'Root' });
    const elsewhere = await insertProcurementCategory(db(), tenant.companyId, otherSupplier.id);
    const foreignCategory = await insertProcurementCategory(db(), other.companyId, foreignSupplier.id);
    const foreignCatalog = await insertCatalogCategory(db(), other.companyId);
    const post = (payload: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: CATEGORIES, payload });

    expect((await post({})).json()).toEqual({ supplier: ['This field is required.'], name: ['This field is required.'] });
    expect((await post({ supplier: supplier.id, name: '  ' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await post({ supplier: null, name: 'X' })).json()).toEqual({ supplier: ['This field may not be null.'] });
    expect((await post({ supplier: 'abc', name: 'X' })).json()).toEqual({ supplier: ['Incorrect type. Expected pk value, received string.'] });
    expect((await post({ supplier: supplier.id, name: 'A > B' })).json()).toEqual({ name: ["A category name may not contain '>'."] });
    expect((await post({ supplier: supplier.id, name: 'X', url: 'ftp:/x' })).json()).toEqual({ url: ['Enter a valid URL.'] });
    expect((await post({ supplier: supplier.id, name: 'X', colour: 'red' })).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await post({ supplier: foreignSupplier.id, name: 'X' })).json()).toEqual({
      supplier: [`Invalid pk "${foreignSupplier.id}" - object does not exist.`],
    });
    expect((await post({ supplier: supplier.id, name: 'X', parent: elsewhere.id })).json()).toEqual({ parent: [PROCUREMENT_CATEGORY_PARENT_SUPPLIER] });
    expect((await post({ supplier: supplier.id, name: 'X', parent: foreignCategory.id })).json()).toEqual({
      parent: [`Invalid pk "${foreignCategory.id}" - object does not exist.`],
    });
    expect((await post({ supplier: supplier.id, name: 'X', catalog_categories_auto_create: [foreignCatalog.id, 999999] })).json()).toEqual({
      catalog_categories_auto_create: [`Invalid pk "${foreignCatalog.id}" - object does not exist.`, 'Invalid pk "999999" - object does not exist.'],
    });
    const dup = await post({ supplier: supplier.id, name: 'Root' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [PROCUREMENT_CATEGORY_PATH_TAKEN] });
    expect((await categoryRows(supplier.id)).map((c) => c.id)).toEqual([root.id]);
    // The same name under another parent or another supplier is a different path.
    expect((await post({ supplier: otherSupplier.id, name: 'Root' })).statusCode).toBe(201);
    expect((await post({ supplier: supplier.id, name: 'Root', parent: root.id })).json()).toMatchObject({ path: 'Root > Root' });
  });
});

describe('GET /api/procurement/categories/', () => {
  it('pages by 50, filters by supplier, parent, depth and search, orders by name, path and products', async () => {
    const tenant = await createTenant(app);
    const s1 = await insertSupplier(db(), tenant.companyId, { name: 'A supplier' });
    const s2 = await insertSupplier(db(), tenant.companyId, { name: 'B supplier' });
    const garden = await insertProcurementCategory(db(), tenant.companyId, s1.id, { name: 'Garden', path: 'Garden' });
    const tools = await insertProcurementCategory(db(), tenant.companyId, s1.id, { name: 'Tools', path: 'Garden > Tools', parentId: garden.id, depth: 1 });
    const hoses = await insertProcurementCategory(db(), tenant.companyId, s1.id, { name: 'Hoses', path: 'Garden > Hoses', parentId: garden.id, depth: 1 });
    const kitchen = await insertProcurementCategory(db(), tenant.companyId, s2.id, { name: 'Kitchen', path: 'Kitchen' });
    for (let i = 0; i < 3; i += 1) await insertProcurementProduct(db(), tenant.companyId, s1.id, { categoryId: hoses.id });
    await insertProcurementProduct(db(), tenant.companyId, s1.id, { categoryId: tools.id });
    const foreign = await insertProcurementCategory(db(), other.companyId, (await insertSupplier(db(), other.companyId)).id, {
      name: 'Garden',
      path: 'Garden',
    });

    const ids = async (query: string) =>
      (await as(app, tenant, { method: 'GET', url: `${CATEGORIES}?${query}` })).json().results.map((c: ProcurementCategoryResponse) => c.id);
    const all = (await as(app, tenant, { method: 'GET', url: CATEGORIES })).json();
    expect(all.count).toBe(4);
    // Default: by supplier name, then path.
    expect(all.results.map((c: ProcurementCategoryResponse) => c.id)).toEqual([garden.id, hoses.id, tools.id, kitchen.id]);
    expect(all.results.map((c: ProcurementCategoryResponse) => c.products)).toEqual([0, 3, 1, 0]);
    expect(all.results.map((c: ProcurementCategoryResponse) => c.id)).not.toContain(foreign.id);
    expect(await ids(`supplier=${s2.id}`)).toEqual([kitchen.id]);
    expect(await ids(`parent=${garden.id}`)).toEqual([hoses.id, tools.id]);
    expect(await ids('parent__isnull=true')).toEqual([garden.id, kitchen.id]);
    expect(await ids('depth=1')).toEqual([hoses.id, tools.id]);
    expect(await ids('search=garden > t')).toEqual([tools.id]);
    expect(await ids('search=kit')).toEqual([kitchen.id]);
    expect(await ids('ordering=name')).toEqual([garden.id, hoses.id, kitchen.id, tools.id]);
    expect(await ids('ordering=-path')).toEqual([kitchen.id, tools.id, hoses.id, garden.id]);
    expect(await ids('ordering=-products&limit=2')).toEqual([hoses.id, tools.id]);
    expect(await ids(`supplier=${foreign.supplierId}`)).toEqual([]);

    for (let i = 0; i < 50; i += 1) await insertProcurementCategory(db(), tenant.companyId, s2.id, { name: `Bulk ${i}`, path: `Bulk ${i}` });
    const page = (await as(app, tenant, { method: 'GET', url: CATEGORIES })).json();
    expect(PAGE_SIZE.procurementCategories).toBe(50);
    expect(page.results).toHaveLength(50);
    expect(page.count).toBe(54);
    expect(page.next).toBe('http://kontor.test/api/procurement/categories/?limit=50&offset=50');
  });

  it('answers 400 for unknown or malformed filters and orderings', async () => {
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?colour=red` })).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?depth=deep` })).json()).toEqual({ depth: ['Enter a whole number.'] });
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?parent__isnull=maybe` })).statusCode).toBe(400);
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?ordering=slug` })).json()).toEqual({ ordering: ['Unknown ordering field: slug.'] });
  });
});

describe('PATCH /api/procurement/categories/{id}/', () => {
  it('updates texts, renames the path of the category and everything below it', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const root = await create(tenant, { supplier: supplier.id, name: 'Lights' });
    const child = await create(tenant, { supplier: supplier.id, name: 'Indoor', parent: root.id });
    const grandchild = await create(tenant, { supplier: supplier.id, name: 'Ceiling', parent: child.id });
    const sibling = await create(tenant, { supplier: supplier.id, name: 'Lights extra' });

    const res = await as(app, tenant, {
      method: 'PATCH',
      url: `${CATEGORIES}${root.id}/`,
      payload: { name: 'Lamps', description: 'New', description_html: '<p>New</p>', url: 'https://s.example/lamps' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: root.id,
      name: 'Lamps',
      slug: 'lamps',
      path: 'Lamps',
      description: 'New',
      description_html: '<p>New</p>',
      url: 'https://s.example/lamps',
    });
    const rows = await categoryRows(supplier.id);
    expect(rows.map((r) => [r.id, r.path])).toEqual([
      [root.id, 'Lamps'],
      [child.id, 'Lamps > Indoor'],
      [grandchild.id, 'Lamps > Indoor > Ceiling'],
      [sibling.id, 'Lights extra'],
    ]);
    const renamedChild = (await as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${child.id}/`, payload: { name: 'Inne' } })).json();
    expect(renamedChild).toMatchObject({ path: 'Lamps > Inne', depth: 1 });
    expect((await as(app, tenant, { method: 'GET', url: `${CATEGORIES}${grandchild.id}/` })).json()).toMatchObject({
      path: 'Lamps > Inne > Ceiling',
      depth: 2,
    });
  });

  it('replaces the catalog category mapping with catalog_categories_auto_create', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const category = await create(tenant, { supplier: supplier.id, name: 'Mapped' });
    const [a, b, c] = [
      await insertCatalogCategory(db(), tenant.companyId),
      await insertCatalogCategory(db(), tenant.companyId),
      await insertCatalogCategory(db(), tenant.companyId),
    ];
    const patch = (ids: number[]) =>
      as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${category.id}/`, payload: { catalog_categories_auto_create: ids } });
    const first = await patch([a.id, b.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json().catalog_categories_auto_create).toEqual([a.id, b.id]);
    expect((await patch([c.id])).json().catalog_categories_auto_create).toEqual([c.id]);
    expect(await mappingRows(category.id)).toEqual([c.id]);
    expect((await patch([])).json().catalog_categories_auto_create).toEqual([]);
    expect(await mappingRows(category.id)).toEqual([]);
  });

  it('answers 400 for another company’s catalog category, a taken path or a bad field, and changes nothing', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const mine = await insertCatalogCategory(db(), tenant.companyId);
    const foreignCatalog = await insertCatalogCategory(db(), other.companyId);
    await create(tenant, { supplier: supplier.id, name: 'Taken' });
    const category = await create(tenant, { supplier: supplier.id, name: 'Mine', description: 'Old', catalog_categories_auto_create: [mine.id] });
    const url = `${CATEGORIES}${category.id}/`;

    const foreign = await as(app, tenant, { method: 'PATCH', url, payload: { description: 'New', catalog_categories_auto_create: [foreignCatalog.id] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ catalog_categories_auto_create: [`Invalid pk "${foreignCatalog.id}" - object does not exist.`] });
    const taken = await as(app, tenant, { method: 'PATCH', url, payload: { name: 'Taken', description: 'New' } });
    expect(taken.json()).toEqual({ name: [PROCUREMENT_CATEGORY_PATH_TAKEN] });
    expect((await as(app, tenant, { method: 'PATCH', url, payload: { supplier: 1 } })).json()).toEqual({ supplier: ['Unknown field.'] });
    expect((await as(app, tenant, { method: 'PATCH', url, payload: { catalog_categories_auto_create: 'x' } })).statusCode).toBe(400);

    const after = (await as(app, tenant, { method: 'GET', url })).json();
    expect(after).toMatchObject({ name: 'Mine', description: 'Old', catalog_categories_auto_create: [mine.id], updated_at: category.updated_at });
  });
});

describe('DELETE /api/procurement/categories/{id}/', () => {
  it('deletes it and its children (204); products stay without a category; mappings go', async () => {
    const tenant = await createTenant(app);
    const supplier = await insertSupplier(db(), tenant.companyId);
    const catalog = await insertCatalogCategory(db(), tenant.companyId);
    const root = await create(tenant, { supplier: supplier.id, name: 'Root', catalog_categories_auto_create: [catalog.id] });
    const child = await create(tenant, { supplier: supplier.id, name: 'Child', parent: root.id });
    const keep = await create(tenant, { supplier: supplier.id, name: 'Keep' });
    const p1 = await insertProcurementProduct(db(), tenant.companyId, supplier.id, { categoryId: root.id });
    const p2 = await insertProcurementProduct(db(), tenant.companyId, supplier.id, { categoryId: child.id });

    const res = await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${root.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await categoryRows(supplier.id)).map((r) => r.id)).toEqual([keep.id]);
    const products = await db()
      .select()
      .from(procurementProducts)
      .where(inArray(procurementProducts.id, [p1.id, p2.id]));
    expect(products.map((p) => p.categoryId)).toEqual([null, null]);
    expect(await mappingRows(root.id)).toEqual([]);
    expect((await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${root.id}/` })).statusCode).toBe(404);
  });
});

describe('procurement categories: tenancy and auth', () => {
  it('answers 404 for another company’s category on every verb and changes nothing', async () => {
    const supplier = await insertSupplier(db(), other.companyId);
    const foreign = await insertProcurementCategory(db(), other.companyId, supplier.id, { name: 'Foreign', path: 'Foreign' });
    const url = `${CATEGORIES}${foreign.id}/`;
    expect((await as(app, me, { method: 'GET', url })).statusCode).toBe(404);
    const patch = await as(app, me, { method: 'PATCH', url, payload: { name: 'Hijack' } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'DELETE', url })).statusCode).toBe(404);
    expect((await categoryRows(supplier.id)).map((r) => [r.id, r.name])).toEqual([[foreign.id, 'Foreign']]);
    expect((await as(app, me, { method: 'GET', url: `${CATEGORIES}?id=${foreign.id}` })).json().count).toBe(0);
  });

  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', CATEGORIES],
      ['GET', `${CATEGORIES}1/`],
      ['POST', CATEGORIES],
      ['PATCH', `${CATEGORIES}1/`],
      ['DELETE', `${CATEGORIES}1/`],
    ] as const) {
      const res = await as(app, null, { method, url, payload: method === 'POST' || method === 'PATCH' ? { name: 'x', supplier: 1 } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
