import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  CATALOG_CATEGORY_PARENT_CYCLE,
  CATALOG_CATEGORY_REASSIGN_SELF,
  catalogCategoryInUseMessage,
  positionTooLargeMessage,
  type CatalogCategoryResponse,
} from '@kontor/contract';
import {
  catalogCategories,
  catalogCategoryTaxonomies,
  catalogImages,
  catalogProductCategories,
  facebookTaxonomyItems,
  googleTaxonomyItems,
  procurementCategoryMappings,
} from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProcurementCategory, insertSupplier } from '../procurement/procurement.factories.js';
import { insertProduct } from './catalog.factories.js';
import { loadTree, outline, treeViolations } from './category-tree.invariants.js';
import { importTaxonomyFile } from '../taxonomies/import.js';

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

const get = async (tenant: Tenant, id: number): Promise<CatalogCategoryResponse> =>
  (await as(app, tenant, { method: 'GET', url: `${CATEGORIES}${id}/` })).json();

async function procurementCategory(tenant: Tenant) {
  const supplier = await insertSupplier(db(), tenant.companyId);
  return insertProcurementCategory(db(), tenant.companyId, supplier.id);
}

async function mappedTo(catalogCategoryId: number) {
  const rows = await db().select().from(procurementCategoryMappings).where(eq(procurementCategoryMappings.catalogCategoryId, catalogCategoryId));
  return rows.map((r) => r.procurementCategoryId).sort((a, b) => a - b);
}

async function image(tenant: Tenant) {
  const [row] = await db()
    .insert(catalogImages)
    .values({
      companyId: tenant.companyId,
      title: 'Lamp',
      storageKey: 'k.jpg',
      thumbnailKey: 'k.webp',
      contentType: 'image/jpeg',
      size: 10,
      width: 1,
      height: 1,
    })
    .returning();
  return row!;
}

async function putProducts(categoryId: number, productIds: number[]) {
  await db()
    .insert(catalogProductCategories)
    .values(productIds.map((productId) => ({ productId, categoryId })));
}

async function productsIn(categoryId: number) {
  const rows = await db().select().from(catalogProductCategories).where(eq(catalogProductCategories.categoryId, categoryId));
  return rows.map((r) => r.productId).sort((a, b) => a - b);
}

/** The tenant's tree as `title(child,child),title`, checked for consistency first. */
async function treeOf(tenant: Tenant): Promise<string> {
  const nodes = await loadTree(db(), tenant.companyId);
  expect(treeViolations(nodes)).toEqual([]);
  const rows = await db()
    .select({ id: catalogCategories.id, title: catalogCategories.title })
    .from(catalogCategories)
    .where(eq(catalogCategories.companyId, tenant.companyId));
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  return outline(nodes, (id) => titles.get(id)!);
}

/** A tenant with the tree A(A1,A2,A3),B. */
async function smallTree() {
  const tenant = await createTenant(app);
  const a = await create(tenant, { title: 'A' });
  const b = await create(tenant, { title: 'B' });
  const a1 = await create(tenant, { title: 'A1', parent: a.id });
  const a2 = await create(tenant, { title: 'A2', parent: a.id });
  const a3 = await create(tenant, { title: 'A3', parent: a.id });
  return { tenant, a, b, a1, a2, a3 };
}

describe('POST /api/catalog/categories/', () => {
  it('creates with every field of spec §3, a unique slug and nested-set numbers (201), and reads it back', async () => {
    const tenant = await createTenant(app);
    const pc = await procurementCategory(tenant);
    const img = await image(tenant);
    const lamps = await create(tenant, { title: 'Lampor & Ljus' });
    expect(Object.keys(lamps).sort()).toEqual(
      [
        'account',
        'active',
        'comments',
        'company',
        'created_at',
        'db_id',
        'default_category',
        'facebook_taxonomy',
        'google_taxonomy',
        'id',
        'image',
        'include_root_in_slug',
        'level',
        'lft',
        'news_category',
        'order',
        'parent',
        'procurement_category_ids',
        'products_count',
        'rght',
        'slug',
        'sub_title',
        'title',
        'tree_id',
        'updated_at',
        'url',
        'url_local',
        'visible',
      ].sort(),
    );
    expect(lamps).toMatchObject({
      url: `http://kontor.test/api/catalog/categories/${lamps.id}/`,
      title: 'Lampor & Ljus',
      slug: 'lampor-ljus',
      parent: null,
      sub_title: '',
      include_root_in_slug: false,
      order: 0,
      image: null,
      default_category: false,
      news_category: false,
      active: true,
      visible: true,
      comments: '',
      url_local: '',
      db_id: null,
      lft: 1,
      rght: 2,
      tree_id: 1,
      level: 0,
      procurement_category_ids: [],
      products_count: 0,
      account: tenant.user.id,
      company: tenant.companyId,
    });
    const child = await create(tenant, {
      title: 'Lampor – ljus',
      parent: lamps.id,
      sub_title: 'Inomhus',
      include_root_in_slug: true,
      image: img.id,
      news_category: true,
      active: false,
      visible: false,
      comments: 'Seasonal',
      url_local: '/lampor/ljus',
      db_id: 42,
      procurement_category_ids: [pc.id],
    });
    expect(child).toMatchObject({
      slug: 'lampor-ljus-2',
      parent: lamps.id,
      sub_title: 'Inomhus',
      include_root_in_slug: true,
      image: img.id,
      news_category: true,
      active: false,
      visible: false,
      comments: 'Seasonal',
      url_local: '/lampor/ljus',
      db_id: 42,
      procurement_category_ids: [pc.id],
      order: 0,
      lft: 2,
      rght: 3,
      tree_id: 1,
      level: 1,
    });
    expect(await mappedTo(child.id)).toEqual([pc.id]);
    expect(await get(tenant, lamps.id)).toMatchObject({ lft: 1, rght: 4 });
    expect((await create(tenant, { title: 'LAMPOR LJUS' })).slug).toBe('lampor-ljus-3');
    expect((await create(tenant, { title: '!!!' })).slug).toBe('category');
    // Another company has its own slugs and its own trees.
    expect(await create(other, { title: 'Lampor & Ljus' })).toMatchObject({ slug: 'lampor-ljus', tree_id: expect.any(Number) });
    expect(await get(tenant, child.id)).toEqual(child);
    expect(await treeOf(tenant)).toBe('Lampor & Ljus(Lampor – ljus),LAMPOR LJUS,!!!');
  });

  it('puts a new category last among its siblings, or at `order`', async () => {
    const { tenant, a } = await smallTree();
    const first = await create(tenant, { title: 'A0', parent: a.id, order: 0 });
    const middle = await create(tenant, { title: 'Amid', parent: a.id, order: 2 });
    const last = await create(tenant, { title: 'Alast', parent: a.id, order: 5 });
    expect([first.order, middle.order, last.order]).toEqual([0, 2, 5]);
    expect(await treeOf(tenant)).toBe('A(A0,A1,Amid,A2,A3,Alast),B');
  });

  it('keeps one default category per company', async () => {
    const tenant = await createTenant(app);
    const first = await create(tenant, { title: 'First', default_category: true });
    const second = await create(tenant, { title: 'Second', default_category: true });
    expect(second.default_category).toBe(true);
    expect((await get(tenant, first.id)).default_category).toBe(false);
    // Another company's default is its own.
    const theirs = await create(other, { title: 'Theirs', default_category: true });
    await create(tenant, { title: 'Third', default_category: true });
    expect((await get(other, theirs.id)).default_category).toBe(true);
  });

  it('answers 400 with DRF field errors and creates nothing', async () => {
    const tenant = await createTenant(app);
    const root = await create(tenant, { title: 'Root' });
    const foreignParent = await create(other, { title: 'Foreign' });
    const foreignProcurement = await procurementCategory(other);
    const foreignImage = await image(other);
    const post = (payload: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: CATEGORIES, payload });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { title: ['This field is required.'] }],
      [{ title: ' ' }, { title: ['This field may not be blank.'] }],
      [{ title: 'X', colour: 'red' }, { colour: ['Unknown field.'] }],
      // Read-only fields are refused, not silently ignored.
      [
        { title: 'X', lft: 1, rght: 2, url: 'http://x/' },
        { lft: ['Unknown field.'], rght: ['Unknown field.'], url: ['Unknown field.'] },
      ],
      [{ title: 'X', parent: foreignParent.id }, { parent: [`Invalid pk "${foreignParent.id}" - object does not exist.`] }],
      [{ title: 'X', parent: 'one' }, { parent: ['Incorrect type. Expected pk value, received string.'] }],
      [
        { title: 'X', procurement_category_ids: [foreignProcurement.id] },
        { procurement_category_ids: [`Invalid pk "${foreignProcurement.id}" - object does not exist.`] },
      ],
      [{ title: 'X', image: foreignImage.id }, { image: [`Invalid pk "${foreignImage.id}" - object does not exist.`] }],
      [{ title: 'X', parent: root.id, order: 1 }, { order: [positionTooLargeMessage(0)] }],
      [{ title: 'X', order: -1 }, { order: ['Ensure this value is greater than or equal to 0.'] }],
      [{ title: 'X', active: 'yes' }, { active: ['Must be a valid boolean.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    const list = (await as(app, tenant, { method: 'GET', url: CATEGORIES })).json();
    expect(list.results.map((c: CatalogCategoryResponse) => c.title)).toEqual(['Root']);
  });
});

describe('GET /api/catalog/categories/', () => {
  it('pages by 25 in tree order, filters, searches, counts products, never lists another company’s', async () => {
    const tenant = await createTenant(app);
    const zz = await create(tenant, { title: 'Zz first root' });
    const root = await create(tenant, { title: 'Belysning' });
    const child = await create(tenant, { title: 'Taklampor', parent: root.id, visible: false });
    const grandchild = await create(tenant, { title: 'Kristallkronor', parent: child.id, active: false });
    await create(other, { title: 'Belysning' });
    for (let i = 0; i < 23; i += 1) await create(tenant, { title: `Yy ${String(i).padStart(2, '0')}` });
    const [p1, p2] = [await insertProduct(db(), tenant.companyId), await insertProduct(db(), tenant.companyId)];
    await putProducts(child.id, [p1.id, p2.id]);

    const first = (await as(app, tenant, { method: 'GET', url: CATEGORIES })).json();
    expect(first.count).toBe(27);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe('http://kontor.test/api/catalog/categories/?limit=25&offset=25');
    expect(first.results.slice(0, 4).map((c: CatalogCategoryResponse) => c.id)).toEqual([zz.id, root.id, child.id, grandchild.id]);
    expect(first.results[2]).toMatchObject({ products_count: 2, level: 1, tree_id: 2 });
    const whole = (await as(app, tenant, { method: 'GET', url: `${CATEGORIES}?limit=1000` })).json();
    expect(whole.results).toHaveLength(27);

    const ids = async (query: string) =>
      (await as(app, tenant, { method: 'GET', url: `${CATEGORIES}?${query}` })).json().results.map((c: CatalogCategoryResponse) => c.id);
    expect(await ids('search=lamp')).toEqual([child.id]);
    expect(await ids('title__icontains=KRON')).toEqual([grandchild.id]);
    expect(await ids(`parent=${root.id}`)).toEqual([child.id]);
    expect(await ids('parent__isnull=false')).toEqual([child.id, grandchild.id]);
    expect(await ids(`tree_id=2`)).toEqual([root.id, child.id, grandchild.id]);
    expect(await ids('level=2')).toEqual([grandchild.id]);
    expect(await ids('level__gte=1')).toEqual([child.id, grandchild.id]);
    expect(await ids('active=false')).toEqual([grandchild.id]);
    expect(await ids('visible=false')).toEqual([child.id]);
    expect(await ids(`id__in=${grandchild.id},${zz.id}`)).toEqual([zz.id, grandchild.id]);
    expect(await ids(`slug=belysning`)).toEqual([root.id]);
    const theirs = (await as(app, other, { method: 'GET', url: CATEGORIES })).json().results.map((c: CatalogCategoryResponse) => c.id);
    expect(await ids(`id__in=${theirs.join(',')}`)).toEqual([]);
    expect((await as(app, tenant, { method: 'GET', url: `${CATEGORIES}?ordering=-title&limit=1` })).json().results[0].title).toBe('Zz first root');
    expect(await ids('ordering=title&limit=1')).toEqual([root.id]);
  });

  it('answers 400 for unknown filters, bad values and unknown orderings', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['colour=red', { colour: ['Unknown field.'] }],
      ['parent=x', { parent: ['Enter a whole number.'] }],
      ['active=maybe', { active: ['Must be true or false.'] }],
      ['ordering=parent', { ordering: ['Unknown ordering field: parent.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await as(app, me, { method: 'GET', url: `${CATEGORIES}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual(errors);
    }
  });
});

describe('PATCH and PUT /api/catalog/categories/{id}/', () => {
  it('changes only what is sent (the slug stays) and replaces procurement_category_ids', async () => {
    const tenant = await createTenant(app);
    const a = await procurementCategory(tenant);
    const b = await procurementCategory(tenant);
    const img = await image(tenant);
    const category = await create(tenant, { title: 'Old title', comments: 'keep me', procurement_category_ids: [a.id] });
    const url = `${CATEGORIES}${category.id}/`;

    const res = await as(app, tenant, {
      method: 'PATCH',
      url,
      payload: { title: 'New title', sub_title: 'Sub', image: img.id, visible: false, url_local: '/new', db_id: 7, procurement_category_ids: [b.id, a.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: category.id,
      title: 'New title',
      slug: 'old-title',
      sub_title: 'Sub',
      image: img.id,
      visible: false,
      url_local: '/new',
      db_id: 7,
      comments: 'keep me',
      procurement_category_ids: [a.id, b.id].sort((x, y) => x - y),
    });
    expect(res.json().updated_at > category.updated_at).toBe(true);
    const replaced = await as(app, tenant, { method: 'PATCH', url, payload: { procurement_category_ids: [b.id], image: null } });
    expect(replaced.json()).toMatchObject({ title: 'New title', image: null, procurement_category_ids: [b.id] });
    expect(await mappedTo(category.id)).toEqual([b.id]);
    // The procurement side sees the same mapping.
    const pcSide = (await as(app, tenant, { method: 'GET', url: `/api/procurement/categories/${b.id}/` })).json();
    expect(pcSide.catalog_categories_auto_create).toEqual([category.id]);

    // PUT needs the title and keeps what it leaves out.
    expect((await as(app, tenant, { method: 'PUT', url, payload: { comments: 'x' } })).json()).toEqual({ title: ['This field is required.'] });
    const put = await as(app, tenant, { method: 'PUT', url, payload: { title: 'Put title', active: false } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Put title', active: false, comments: 'keep me', sub_title: 'Sub', procurement_category_ids: [b.id] });
  });

  it('moves with parent (last among the new siblings) or order, keeping the tree consistent', async () => {
    const { tenant, a, b, a1, a3 } = await smallTree();
    const patch = (id: number, payload: Record<string, unknown>) => as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${id}/`, payload });

    const moved = await patch(a1.id, { parent: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ parent: b.id, order: 0, level: 1 });
    expect(await treeOf(tenant)).toBe('A(A2,A3),B(A1)');
    expect((await patch(a3.id, { order: 0 })).json()).toMatchObject({ order: 0 });
    expect(await treeOf(tenant)).toBe('A(A3,A2),B(A1)');
    expect((await patch(b.id, { order: 0, title: 'B!' })).json()).toMatchObject({ order: 0, tree_id: 1, lft: 1, rght: 4, title: 'B!' });
    expect(await treeOf(tenant)).toBe('B!(A1),A(A3,A2)');
    expect((await patch(a3.id, { parent: a1.id, order: 0 })).json()).toMatchObject({ parent: a1.id, level: 2 });
    expect(await treeOf(tenant)).toBe('B!(A1(A3)),A(A2)');
    expect((await patch(a1.id, { parent: null })).json()).toMatchObject({ parent: null, order: 2, tree_id: 3, lft: 1, rght: 4 });
    expect(await treeOf(tenant)).toBe('B!,A(A2),A1(A3)');
    // The same parent again is no move.
    expect((await patch(a.id, { parent: null, comments: 'same place' })).json()).toMatchObject({ order: 1, tree_id: 2 });
  });

  it('answers 400 for another company’s ids, a loop, a bad order or field, and changes nothing', async () => {
    const { tenant, a, a1, a2 } = await smallTree();
    const mine = await procurementCategory(tenant);
    const foreign = await procurementCategory(other);
    const foreignCategory = await create(other, { title: 'Foreign' });
    await as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${a.id}/`, payload: { procurement_category_ids: [mine.id] } });
    const before = await get(tenant, a.id);
    const url = `${CATEGORIES}${a.id}/`;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ title: 'Changed', procurement_category_ids: [foreign.id] }, { procurement_category_ids: [`Invalid pk "${foreign.id}" - object does not exist.`] }],
      [{ title: 'Changed', parent: a1.id }, { parent: [CATALOG_CATEGORY_PARENT_CYCLE] }],
      [{ parent: a.id }, { parent: [CATALOG_CATEGORY_PARENT_CYCLE] }],
      [{ parent: foreignCategory.id }, { parent: [`Invalid pk "${foreignCategory.id}" - object does not exist.`] }],
      [{ order: 2 }, { order: [positionTooLargeMessage(1)] }],
      [{ title: '' }, { title: ['This field may not be blank.'] }],
      [
        { slug: 'x', tree_id: 3 },
        { slug: ['Unknown field.'], tree_id: ['Unknown field.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await as(app, tenant, { method: 'PATCH', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    expect(await get(tenant, a.id)).toEqual(before);
    expect((await as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${a2.id}/`, payload: { order: 3 } })).json()).toEqual({
      order: [positionTooLargeMessage(2)],
    });
    expect(await treeOf(tenant)).toBe('A(A1,A2,A3),B');
  });
});

describe('POST /api/catalog/categories/{id}/move/', () => {
  it('moves a category with its subtree under a parent at a position and answers it', async () => {
    const { tenant, a, b, a2 } = await smallTree();
    const move = (id: number, payload: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: `${CATEGORIES}${id}/move/`, payload });
    const res = await move(a.id, { parent: b.id, position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, parent: b.id, order: 0, level: 1, tree_id: 1, lft: 2, rght: 9 });
    expect(await treeOf(tenant)).toBe('B(A(A1,A2,A3))');
    expect((await get(tenant, a2.id)).level).toBe(2);
    expect((await move(a2.id, { parent: null, position: 0 })).json()).toMatchObject({ parent: null, tree_id: 1, lft: 1, rght: 2 });
    expect(await treeOf(tenant)).toBe('A2,B(A(A1,A3))');
    expect((await move(a2.id, { parent: a.id, position: 1 })).json()).toMatchObject({ parent: a.id, order: 1 });
    expect(await treeOf(tenant)).toBe('B(A(A1,A2,A3))');
    // Moving to where it already is changes nothing.
    expect((await move(a2.id, { parent: a.id, position: 1 })).json()).toMatchObject({ order: 1 });
    expect(await treeOf(tenant)).toBe('B(A(A1,A2,A3))');
  });

  it('answers 400 for a loop, a position past the end, a foreign parent or a bad body, and changes nothing', async () => {
    const { tenant, a, b, a1 } = await smallTree();
    const foreign = await create(other, { title: 'Foreign' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ parent: a1.id, position: 0 }, { parent: [CATALOG_CATEGORY_PARENT_CYCLE] }],
      [{ parent: b.id, position: 1 }, { position: [positionTooLargeMessage(0)] }],
      [{ parent: null, position: 2 }, { position: [positionTooLargeMessage(1)] }],
      [{ parent: foreign.id, position: 0 }, { parent: [`Invalid pk "${foreign.id}" - object does not exist.`] }],
      [{ parent: b.id }, { position: ['This field is required.'] }],
      [{ position: 0 }, { parent: ['This field is required.'] }],
      [{ parent: b.id, position: 1.5 }, { position: ['A valid integer is required.'] }],
      [{ parent: b.id, position: 0, lft: 3 }, { lft: ['Unknown field.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await as(app, tenant, { method: 'POST', url: `${CATEGORIES}${a.id}/move/`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    expect(await treeOf(tenant)).toBe('A(A1,A2,A3),B');
  });
});

describe('DELETE /api/catalog/categories/{id}/', () => {
  it('deletes it (204); its children take its place in order, its mappings go', async () => {
    const { tenant, a, b } = await smallTree();
    const pc = await procurementCategory(tenant);
    await as(app, tenant, { method: 'PATCH', url: `${CATEGORIES}${a.id}/`, payload: { procurement_category_ids: [pc.id] } });
    const c = await create(tenant, { title: 'C' });
    const res = await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${a.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await db().select().from(catalogCategories).where(eq(catalogCategories.id, a.id))).toEqual([]);
    expect(await treeOf(tenant)).toBe('A1,A2,A3,B,C');
    expect(await mappedTo(a.id)).toEqual([]);
    expect((await as(app, tenant, { method: 'GET', url: `/api/procurement/categories/${pc.id}/` })).json().catalog_categories_auto_create).toEqual([]);
    // A middle child's children slot in between its siblings.
    const b1 = await create(tenant, { title: 'B1', parent: b.id });
    await create(tenant, { title: 'B2', parent: b.id });
    await create(tenant, { title: 'B11', parent: b1.id });
    await create(tenant, { title: 'B12', parent: b1.id });
    await create(tenant, { title: 'B0', parent: b.id, order: 0 });
    expect((await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${b1.id}/` })).statusCode).toBe(204);
    expect(await treeOf(tenant)).toBe('A1,A2,A3,B(B0,B11,B12,B2),C');
    expect((await get(tenant, c.id)).tree_id).toBe(5);
  });

  it('refuses (409, naming the count) while products sit in it, and changes nothing', async () => {
    const { tenant, a, a1 } = await smallTree();
    const products = [await insertProduct(db(), tenant.companyId), await insertProduct(db(), tenant.companyId)];
    await putProducts(
      a.id,
      products.map((p) => p.id),
    );
    const res = await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${a.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: catalogCategoryInUseMessage(2) });
    expect(catalogCategoryInUseMessage(2)).toBe('2 products are in this category. Move them to another category to delete it.');
    expect(catalogCategoryInUseMessage(1)).toBe('1 product is in this category. Move it to another category to delete it.');
    expect(await productsIn(a.id)).toEqual(products.map((p) => p.id).sort((x, y) => x - y));
    expect(await treeOf(tenant)).toBe('A(A1,A2,A3),B');
    expect((await get(tenant, a1.id)).parent).toBe(a.id);
  });

  it('with reassign_to moves the product links there (no duplicates) and deletes', async () => {
    const { tenant, a, b } = await smallTree();
    const [p1, p2, p3] = [
      await insertProduct(db(), tenant.companyId),
      await insertProduct(db(), tenant.companyId),
      await insertProduct(db(), tenant.companyId),
    ];
    await putProducts(a.id, [p1!.id, p2!.id]);
    await putProducts(b.id, [p2!.id, p3!.id]);
    const res = await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${a.id}/?reassign_to=${b.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await productsIn(b.id)).toEqual([p1!.id, p2!.id, p3!.id].sort((x, y) => x - y));
    expect(
      await db()
        .select()
        .from(catalogProductCategories)
        .where(inArray(catalogProductCategories.productId, [p1!.id, p2!.id, p3!.id])),
    ).toHaveLength(3);
    expect((await get(tenant, b.id)).products_count).toBe(3);
    expect(await treeOf(tenant)).toBe('A1,A2,A3,B');
  });

  it('answers 400 for a bad reassign_to and changes nothing', async () => {
    const { tenant, a } = await smallTree();
    const product = await insertProduct(db(), tenant.companyId);
    await putProducts(a.id, [product.id]);
    const foreign = await create(other, { title: 'Foreign' });
    const cases: [string, Record<string, string[]>][] = [
      [String(a.id), { reassign_to: [CATALOG_CATEGORY_REASSIGN_SELF] }],
      [String(foreign.id), { reassign_to: [`Invalid pk "${foreign.id}" - object does not exist.`] }],
      ['abc', { reassign_to: ['A valid integer is required.'] }],
      ['0', { reassign_to: ['Invalid pk - object does not exist.'] }],
    ];
    for (const [value, errors] of cases) {
      const res = await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${a.id}/?reassign_to=${value}` });
      expect(res.statusCode, value).toBe(400);
      expect(res.json(), value).toEqual(errors);
    }
    expect((await as(app, tenant, { method: 'DELETE', url: `${CATEGORIES}${a.id}/?force=1` })).json()).toEqual({ force: ['Unknown field.'] });
    expect(await productsIn(a.id)).toEqual([product.id]);
    expect(await productsIn(foreign.id)).toEqual([]);
    expect(await treeOf(tenant)).toBe('A(A1,A2,A3),B');
  });
});

describe('catalog categories: tenancy and auth', () => {
  it('answers 404 for another company’s category on every route and changes nothing', async () => {
    const foreign = await create(other, { title: 'Foreign', comments: 'theirs' });
    const mine = await create(me, { title: 'Mine' });
    const url = `${CATEGORIES}${foreign.id}/`;
    const attempts = [
      { method: 'GET', url },
      { method: 'PATCH', url, payload: { title: 'Hijack' } },
      { method: 'PUT', url, payload: { title: 'Hijack' } },
      { method: 'POST', url: `${url}move/`, payload: { parent: null, position: 0 } },
      { method: 'DELETE', url },
      { method: 'DELETE', url: `${url}?reassign_to=${mine.id}` },
    ] as const;
    for (const attempt of attempts) {
      const res = await as(app, me, attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await get(other, foreign.id)).toEqual(foreign);
    // Nor may a category of mine hang under another company's, or move there.
    expect((await as(app, me, { method: 'POST', url: CATEGORIES, payload: { title: 'Mine', parent: foreign.id } })).statusCode).toBe(400);
    expect((await as(app, me, { method: 'POST', url: `${CATEGORIES}${mine.id}/move/`, payload: { parent: foreign.id, position: 0 } })).statusCode).toBe(400);
  });

  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', CATEGORIES],
      ['GET', `${CATEGORIES}1/`],
      ['POST', CATEGORIES],
      ['PATCH', `${CATEGORIES}1/`],
      ['PUT', `${CATEGORIES}1/`],
      ['POST', `${CATEGORIES}1/move/`],
      ['DELETE', `${CATEGORIES}1/`],
    ] as const) {
      const res = await as(app, null, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('catalog categories: Google and Meta taxonomy mapping', () => {
  let googleItems: number[];
  let facebookItems: number[];
  beforeAll(async () => {
    await importTaxonomyFile(db(), 'google', 'en-US', '536 - Home & Garden\n594 - Home & Garden > Lighting');
    await importTaxonomyFile(db(), 'facebook', 'en-US', 'category_id,category\n377,home\n378,home > lighting');
    googleItems = (await db().select().from(googleTaxonomyItems).orderBy(googleTaxonomyItems.taxonomyId)).map((r) => r.id);
    facebookItems = (await db().select().from(facebookTaxonomyItems).orderBy(facebookTaxonomyItems.taxonomyId)).map((r) => r.id);
  });
  const stored = async (categoryId: number) =>
    (await db().select().from(catalogCategoryTaxonomies).where(eq(catalogCategoryTaxonomies.categoryId, categoryId)))[0];

  it('maps nothing until told, then stores one Google and one Meta item per category', async () => {
    const plain = await create(me, { title: 'Unmapped' });
    expect(plain).toMatchObject({ google_taxonomy: null, facebook_taxonomy: null });
    expect(await stored(plain.id)).toBeUndefined();

    const lamps = await create(me, { title: 'Lamps', google_taxonomy: googleItems[1], facebook_taxonomy: facebookItems[1] });
    expect(lamps).toMatchObject({ google_taxonomy: googleItems[1], facebook_taxonomy: facebookItems[1] });
    expect(await stored(lamps.id)).toMatchObject({ companyId: me.companyId, googleTaxonomyId: googleItems[1], facebookTaxonomyId: facebookItems[1] });
    expect((await get(me, lamps.id)).google_taxonomy).toBe(googleItems[1]);
    const listed = (await as(app, me, { method: 'GET', url: `${CATEGORIES}?id=${lamps.id}` })).json();
    expect(listed.results[0]).toMatchObject({ google_taxonomy: googleItems[1], facebook_taxonomy: facebookItems[1] });
  });

  it('PATCH changes only the channel it names, null clears it, and PUT keeps what it leaves out', async () => {
    const lamps = await create(me, { title: 'Lamps too', google_taxonomy: googleItems[0] });
    const url = `${CATEGORIES}${lamps.id}/`;
    const patched = await as(app, me, { method: 'PATCH', url, payload: { facebook_taxonomy: facebookItems[0] } });
    expect(patched.json()).toMatchObject({ google_taxonomy: googleItems[0], facebook_taxonomy: facebookItems[0] });
    const cleared = await as(app, me, { method: 'PATCH', url, payload: { google_taxonomy: null } });
    expect(cleared.json()).toMatchObject({ google_taxonomy: null, facebook_taxonomy: facebookItems[0] });
    const put = await as(app, me, { method: 'PUT', url, payload: { title: 'Lamps too', google_taxonomy: googleItems[1] } });
    expect(put.json()).toMatchObject({ google_taxonomy: googleItems[1], facebook_taxonomy: facebookItems[0] });
  });

  it('refuses unknown items with 400 and changes nothing', async () => {
    const lamps = await create(me, { title: 'Lamps three', google_taxonomy: googleItems[0] });
    const before = await stored(lamps.id);
    const bad = await as(app, me, {
      method: 'PATCH',
      url: `${CATEGORIES}${lamps.id}/`,
      payload: { title: 'Renamed', google_taxonomy: 999_999, facebook_taxonomy: 888_888 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      google_taxonomy: ['Invalid pk "999999" - object does not exist.'],
      facebook_taxonomy: ['Invalid pk "888888" - object does not exist.'],
    });
    expect((await as(app, me, { method: 'PATCH', url: `${CATEGORIES}${lamps.id}/`, payload: { google_taxonomy: 'x' } })).statusCode).toBe(400);
    expect(await stored(lamps.id)).toEqual(before);
    expect((await get(me, lamps.id)).title).toBe('Lamps three');

    const created = await as(app, me, { method: 'POST', url: CATEGORIES, payload: { title: 'Never made', facebook_taxonomy: 777_777 } });
    expect(created.json()).toEqual({ facebook_taxonomy: ['Invalid pk "777777" - object does not exist.'] });
    expect(await db().select().from(catalogCategories).where(eq(catalogCategories.title, 'Never made'))).toEqual([]);
  });

  it("cannot map another company's category (404), nor without a token (401)", async () => {
    const theirs = await create(other, { title: 'Theirs', google_taxonomy: googleItems[0] });
    const url = `${CATEGORIES}${theirs.id}/`;
    expect((await as(app, me, { method: 'PATCH', url, payload: { google_taxonomy: googleItems[1] } })).statusCode).toBe(404);
    expect((await as(app, null, { method: 'PATCH', url, payload: { google_taxonomy: googleItems[1] } })).statusCode).toBe(401);
    expect((await stored(theirs.id))?.googleTaxonomyId).toBe(googleItems[0]);
  });
});
