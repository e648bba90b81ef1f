import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MESSAGES, type ProcurementProductResponse } from '@kontor/contract';
import {
  catalogProductCategories,
  catalogProducts,
  currencies,
  procurementCategoryMappings,
  procurementImageUrls,
  procurementOrderItems,
  procurementProducts,
} from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from '../catalog/catalog.factories.js';
import {
  insertBackorder,
  insertCatalogCategory,
  insertProcurementCategory,
  insertProcurementOrder,
  insertProcurementProduct,
  insertSupplier,
} from './procurement.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const post = (tenant: Tenant | null, url: string, payload: unknown) => as(app, tenant, { method: 'POST', url, payload: payload as object });
const ids = (body: { results: { id: number }[] }) => body.results.map((p) => p.id);
const LIST = '/api/procurement/products/';

async function productRows(productIds: number[]) {
  return db().select().from(procurementProducts).where(inArray(procurementProducts.id, productIds)).orderBy(asc(procurementProducts.id));
}

describe('GET /api/procurement/products/', () => {
  it('answers every field of spec §3, images of the feed followed by added ones', async () => {
    const me = await createTenant(app);
    const [eur] = await db().select().from(currencies).where(eq(currencies.code, 'EUR'));
    const supplier = await insertSupplier(db(), me.companyId, { name: 'Nordic Tools' });
    const category = await insertProcurementCategory(db(), me.companyId, supplier.id, { name: 'Spades', path: 'Garden > Spades' });
    const catalogProduct = await insertProduct(db(), me.companyId);
    const p = await insertProcurementProduct(db(), me.companyId, supplier.id, {
      sku: 'NT-100',
      name: 'Steel spade',
      stockDetails: '12 pcs',
      stockQuantity: '12',
      cost: '10.1234',
      costCurrencyId: eur!.id,
      costSek: '115.50',
      urls: ['https://nordic.test/p/100', 'https://nordic.test/p/100b'],
      imageUrls: ['https://nordic.test/i/100.jpg'],
      productType: 'variable',
      categoryId: category.id,
      catalogProductId: catalogProduct.id,
      description: 'A good spade.',
      brand: 'Fiskars',
      ean: '7311234567890',
    });
    await db()
      .insert(procurementImageUrls)
      .values([
        { companyId: me.companyId, procurementProductId: p.id, url: 'https://cdn.test/added-1.jpg', source: 'url' },
        { companyId: me.companyId, procurementProductId: p.id, url: 'https://cdn.test/added-2.jpg', source: 'url' },
      ]);
    const res = await get(me, LIST);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, next: null, previous: null });
    const expected: ProcurementProductResponse = {
      id: p.id,
      sku: 'NT-100',
      name: 'Steel spade',
      stock_details: '12 pcs',
      stock_quantity: 12,
      cost: 10.1234,
      cost_currency_id: eur!.id,
      cost_currency: 'EUR',
      cost_sek: 115.5,
      supplier: supplier.id,
      supplier_name: 'Nordic Tools',
      urls: ['https://nordic.test/p/100', 'https://nordic.test/p/100b'],
      image_urls: ['https://nordic.test/i/100.jpg', 'https://cdn.test/added-1.jpg', 'https://cdn.test/added-2.jpg'],
      image: 'https://nordic.test/i/100.jpg',
      product_type: 'variable',
      status: 'active',
      skipped: false,
      category: category.id,
      category_name: 'Spades',
      catalog_product: catalogProduct.id,
      description: 'A good spade.',
      brand: 'Fiskars',
      ean: '7311234567890',
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
    expect(body.results).toEqual([expected]);
    expect((await get(me, `${LIST}${p.id}/`)).json()).toEqual(expected);
  });

  it('answers nulls for a product without cost, currency, category or images', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    await insertProcurementProduct(db(), me.companyId, supplier.id);
    expect((await get(me, LIST)).json().results[0]).toMatchObject({
      stock_quantity: null,
      cost: null,
      cost_currency_id: null,
      cost_currency: null,
      cost_sek: null,
      category: null,
      category_name: null,
      catalog_product: null,
      image_urls: [],
      image: null,
    });
  });

  it('lists only the caller’s company, newest first, 25 per page, for Admin and Staff alike', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const other = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const theirSupplier = await insertSupplier(db(), other.companyId);
    await insertProcurementProduct(db(), other.companyId, theirSupplier.id);
    const mine = [];
    for (let i = 0; i < 27; i += 1) {
      mine.push(await insertProcurementProduct(db(), me.companyId, supplier.id, { createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) }));
    }
    const first = (await get(staff, LIST)).json();
    expect(first.count).toBe(27);
    expect(first.results).toHaveLength(25);
    expect(ids(first)).toEqual(
      mine
        .map((p) => p.id)
        .reverse()
        .slice(0, 25),
    );
    expect(first.next).toBe('http://kontor.test/api/procurement/products/?limit=25&offset=25');
    const second = (await get(me, `${LIST}?limit=25&offset=25`)).json();
    expect(ids(second)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect((await get(other, LIST)).json().count).toBe(1);
  });

  it('filters by wishlist, mapped, supplier, status, category and created at', async () => {
    const me = await createTenant(app);
    const s1 = await insertSupplier(db(), me.companyId);
    const s2 = await insertSupplier(db(), me.companyId);
    const category = await insertProcurementCategory(db(), me.companyId, s1.id);
    const mapped = await insertProduct(db(), me.companyId);
    const a = await insertProcurementProduct(db(), me.companyId, s1.id, { createdAt: new Date('2025-03-01T10:00:00Z'), categoryId: category.id });
    const b = await insertProcurementProduct(db(), me.companyId, s1.id, { createdAt: new Date('2025-03-05T10:00:00Z'), skipped: true });
    const c = await insertProcurementProduct(db(), me.companyId, s2.id, {
      createdAt: new Date('2025-03-10T10:00:00Z'),
      catalogProductId: mapped.id,
      status: 'removed',
    });
    const list = async (query: string) => {
      const res = await get(me, `${LIST}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json()).sort((x, y) => x - y);
    };
    expect(await list('wishlist=Not%20skipped')).toEqual([a.id, c.id]);
    expect(await list('wishlist=Skipped')).toEqual([b.id]);
    expect(await list('wishlist=')).toEqual([a.id, b.id, c.id]);
    expect(await list('mapped=Yes')).toEqual([c.id]);
    expect(await list('mapped=No')).toEqual([a.id, b.id]);
    expect(await list('mapped=false')).toEqual([a.id, b.id]);
    expect(await list(`supplier=${s1.id}`)).toEqual([a.id, b.id]);
    expect(await list(`supplier__in=${s1.id},${s2.id}`)).toEqual([a.id, b.id, c.id]);
    expect(await list('status=removed')).toEqual([c.id]);
    expect(await list(`category=${category.id}`)).toEqual([a.id]);
    expect(await list('category__isnull=true')).toEqual([b.id, c.id]);
    expect(await list('created_at__gte=2025-03-04&created_at__lte=2025-03-09')).toEqual([b.id]);
    expect(await list(`wishlist=Not%20skipped&supplier=${s1.id}`)).toEqual([a.id]);
  });

  it('searches sku, name, brand and ean, case-insensitively, and orders by the allowed fields', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const a = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'AX-1', name: 'Rake', costSek: '30', ean: '111' });
    const b = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'BX-2', name: 'Hoe', costSek: '10', brand: 'Gardena' });
    const c = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'CX-3', name: 'Axe', costSek: '20', ean: '7350000000001' });
    const list = async (query: string) => ids((await get(me, `${LIST}?${query}`)).json());
    expect(await list('search=ax-')).toEqual([a.id]);
    expect(await list('search=HOE')).toEqual([b.id]);
    expect(await list('search=garden')).toEqual([b.id]);
    expect(await list('search=735000')).toEqual([c.id]);
    expect(await list('search=ax')).toEqual([c.id, a.id]);
    expect(await list('ordering=cost_sek')).toEqual([b.id, c.id, a.id]);
    expect(await list('ordering=-cost_sek')).toEqual([a.id, c.id, b.id]);
    expect(await list('ordering=name')).toEqual([c.id, b.id, a.id]);
    expect(await list('ordering=-sku')).toEqual([c.id, b.id, a.id]);
  });

  it('answers 400 for an unknown filter, a bad choice or ordering, and 401 without a token', async () => {
    const me = await createTenant(app);
    const bad = async (query: string) => {
      const res = await get(me, `${LIST}?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json();
    };
    expect(await bad('colour=red')).toEqual({ colour: ['Unknown field.'] });
    expect(Object.keys(await bad('wishlist=Maybe'))).toEqual(['wishlist']);
    expect(Object.keys(await bad('mapped=perhaps'))).toEqual(['mapped']);
    expect(await bad('status=gone')).toEqual({ status: ['Select a valid choice. gone is not one of the available choices.'] });
    expect(await bad('ordering=brand')).toEqual({ ordering: ['Unknown ordering field: brand.'] });
    expect(await bad('created_at__gte=yesterday')).toEqual({ created_at__gte: ['Enter a valid date/time.'] });
    expect(await bad('supplier=x')).toEqual({ supplier: ['Enter a whole number.'] });
    expect((await get(null, LIST)).statusCode).toBe(401);
  });
});

describe('GET /api/procurement/products/{id}/', () => {
  it('answers 404 for another company’s product, a missing one or a non-id, 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await insertProcurementProduct(db(), other.companyId, (await insertSupplier(db(), other.companyId)).id);
    for (const id of [theirs.id, 99999999]) {
      const res = await get(me, `${LIST}${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await get(me, `${LIST}abc/`)).statusCode).toBe(404);
    expect((await get(null, `${LIST}${theirs.id}/`)).statusCode).toBe(401);
    expect((await get(other, `${LIST}${theirs.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/procurement/products/skip/ and /unskip/', () => {
  it('takes products off the wishlist and back, counting only those that changed', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const a = await insertProcurementProduct(db(), me.companyId, supplier.id);
    const b = await insertProcurementProduct(db(), me.companyId, supplier.id, { skipped: true });
    const skip = await post(me, `${LIST}skip/`, { ids: [a.id, b.id] });
    expect(skip.statusCode).toBe(200);
    expect(skip.json()).toEqual({ updated: 1 });
    expect((await productRows([a.id, b.id])).map((r) => r.skipped)).toEqual([true, true]);
    expect(ids((await get(me, `${LIST}?wishlist=Not%20skipped`)).json())).toEqual([]);
    const unskip = await post(me, `${LIST}unskip`, { ids: [a.id, b.id, a.id] });
    expect(unskip.json()).toEqual({ updated: 2 });
    expect((await productRows([a.id, b.id])).map((r) => r.skipped)).toEqual([false, false]);
  });

  it('answers 404 and changes nothing when an id is another company’s; 400 for a bad body; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertProcurementProduct(db(), me.companyId, (await insertSupplier(db(), me.companyId)).id);
    const theirs = await insertProcurementProduct(db(), other.companyId, (await insertSupplier(db(), other.companyId)).id);
    const res = await post(me, `${LIST}skip/`, { ids: [mine.id, theirs.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: `No procurement product with id ${theirs.id}.` });
    expect((await productRows([mine.id, theirs.id])).map((r) => r.skipped)).toEqual([false, false]);
    expect((await post(me, `${LIST}skip/`, { ids: [] })).json()).toEqual({ ids: ['Send at least one id.'] });
    expect((await post(me, `${LIST}unskip/`, {})).json()).toEqual({ ids: ['This field is required.'] });
    expect((await post(me, `${LIST}skip/`, { ids: ['x'], more: 1 })).statusCode).toBe(400);
    expect((await post(null, `${LIST}skip/`, { ids: [mine.id] })).statusCode).toBe(401);
    expect((await productRows([mine.id])).map((r) => r.skipped)).toEqual([false]);
  });
});

describe('POST /api/procurement/products/add-to-catalog/', () => {
  const ADD = `${LIST}add-to-catalog/`;

  it('creates mapped catalog products with name, images, link, type, description, cost and mapped categories', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const procurementCategory = await insertProcurementCategory(db(), me.companyId, supplier.id);
    const garden = await insertCatalogCategory(db(), me.companyId);
    const tools = await insertCatalogCategory(db(), me.companyId);
    await db()
      .insert(procurementCategoryMappings)
      .values([
        { procurementCategoryId: procurementCategory.id, catalogCategoryId: garden.id },
        { procurementCategoryId: procurementCategory.id, catalogCategoryId: tools.id },
      ]);
    const a = await insertProcurementProduct(db(), me.companyId, supplier.id, {
      sku: 'ADD-A',
      name: 'Garden hose',
      urls: ['https://s.test/a', 'https://s.test/a2'],
      imageUrls: ['https://s.test/a.jpg'],
      productType: 'bundle',
      description: 'Twenty metres.',
      costSek: '149.90',
      categoryId: procurementCategory.id,
    });
    await db().insert(procurementImageUrls).values({ companyId: me.companyId, procurementProductId: a.id, url: 'https://cdn.test/a-extra.png', source: 'url' });
    const b = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'ADD-B', name: 'Nozzle', description: '  ' });

    const res = await post(me, ADD, { ids: [b.id, a.id] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.productsAdded);
    expect(body.message).toBe('Product(s) added');
    expect(body.created.map((c: { sku: string; procurement_product: number }) => [c.sku, c.procurement_product])).toEqual([
      ['ADD-A', a.id],
      ['ADD-B', b.id],
    ]);
    const [createdA, createdB] = body.created as { id: number }[];
    const [rowA] = await db().select().from(catalogProducts).where(eq(catalogProducts.id, createdA!.id));
    expect(rowA).toMatchObject({
      companyId: me.companyId,
      accountId: me.user.id,
      sku: 'ADD-A',
      name: 'Garden hose',
      productType: 'bundle',
      imageUrls: ['https://s.test/a.jpg', 'https://cdn.test/a-extra.png'],
      url: 'https://s.test/a',
      description: { content: 'Twenty metres.' },
      procurementCost: '149.90',
    });
    const [rowB] = await db().select().from(catalogProducts).where(eq(catalogProducts.id, createdB!.id));
    expect(rowB).toMatchObject({ sku: 'ADD-B', url: '', imageUrls: [], description: {}, procurementCost: null, productType: 'simple' });
    expect((await productRows([a.id, b.id])).map((r) => r.catalogProductId)).toEqual([createdA!.id, createdB!.id]);
    const categories = await db()
      .select({ categoryId: catalogProductCategories.categoryId })
      .from(catalogProductCategories)
      .where(inArray(catalogProductCategories.productId, [createdA!.id, createdB!.id]))
      .orderBy(asc(catalogProductCategories.categoryId));
    expect(categories.map((c) => c.categoryId)).toEqual([garden.id, tools.id]);
    // The catalog API shows them like any product.
    const catalog = (await get(me, `/api/catalog/products/${createdA!.id}/`)).json();
    expect(catalog).toMatchObject({ sku: 'ADD-A', procurement_cost: 149.9 });
    expect((await get(me, `${LIST}?mapped=Yes`)).json().count).toBe(2);
  });

  it("places a product by the mappings of its category's ancestors too, not of other suppliers' same paths", async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const other = await insertSupplier(db(), me.companyId);
    const root = await insertProcurementCategory(db(), me.companyId, supplier.id, { name: 'Garden', path: 'Garden' });
    const leaf = await insertProcurementCategory(db(), me.companyId, supplier.id, { name: 'Tools', path: 'Garden > Tools', parentId: root.id, depth: 1 });
    // A sibling whose path merely starts with the same letters is not below 'Garden'.
    const lookalike = await insertProcurementCategory(db(), me.companyId, supplier.id, { name: 'Gardening', path: 'Gardening' });
    const othersRoot = await insertProcurementCategory(db(), me.companyId, other.id, { name: 'Garden', path: 'Garden' });
    const [garden, tools, wrong, foreign] = await Promise.all([1, 2, 3, 4].map(() => insertCatalogCategory(db(), me.companyId)));
    await db()
      .insert(procurementCategoryMappings)
      .values([
        { procurementCategoryId: root.id, catalogCategoryId: garden!.id },
        { procurementCategoryId: leaf.id, catalogCategoryId: tools!.id },
        { procurementCategoryId: lookalike.id, catalogCategoryId: wrong!.id },
        { procurementCategoryId: othersRoot.id, catalogCategoryId: foreign!.id },
      ]);
    const product = await insertProcurementProduct(db(), me.companyId, supplier.id, { categoryId: leaf.id });
    const res = await post(me, ADD, { ids: [product.id] });
    expect(res.statusCode, res.body).toBe(201);
    const placed = await db()
      .select({ categoryId: catalogProductCategories.categoryId })
      .from(catalogProductCategories)
      .where(eq(catalogProductCategories.productId, res.json().created[0].id))
      .orderBy(asc(catalogProductCategories.categoryId));
    // Created at once, so their ids come in either order.
    expect(placed.map((c) => c.categoryId)).toEqual([garden!.id, tools!.id].sort((a, b) => a - b));
  });

  it('adds a few hundred products in one call', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const made = await db()
      .insert(procurementProducts)
      .values(Array.from({ length: 300 }, (_, i) => ({ companyId: me.companyId, supplierId: supplier.id, sku: `BULK-${i}`, name: `Bulk ${i}` })))
      .returning({ id: procurementProducts.id });
    const res = await post(me, ADD, { ids: made.map((m) => m.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toHaveLength(300);
    const rows = await productRows(made.map((m) => m.id));
    expect(rows.every((r) => r.catalogProductId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.catalogProductId)).size).toBe(300);
  });

  it('answers 409 and adds nothing when a product is already mapped, its SKU is in the catalog (archived too) or chosen twice', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const supplier2 = await insertSupplier(db(), me.companyId);
    const existing = await insertProduct(db(), me.companyId, { sku: 'TAKEN-1' });
    await insertProduct(db(), me.companyId, { sku: 'ARCHIVED-1', archivedAt: new Date() });
    const fresh = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'FRESH-1' });
    const mapped = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'MAPPED-1', catalogProductId: existing.id });
    const skuTaken = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'TAKEN-1' });
    const archivedTaken = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'ARCHIVED-1' });
    const twinA = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'TWIN' });
    const twinB = await insertProcurementProduct(db(), me.companyId, supplier2.id, { sku: 'TWIN' });
    const before = await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, me.companyId));
    for (const conflict of [[mapped.id], [skuTaken.id], [archivedTaken.id], [twinA.id, twinB.id]]) {
      const res = await post(me, ADD, { ids: [fresh.id, ...conflict] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'Could not add product(s). Some might already be in your catalog.' });
    }
    expect(await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, me.companyId))).toEqual(before);
    expect((await productRows([fresh.id]))[0]!.catalogProductId).toBeNull();
  });

  it('copies only what a catalog product takes, so it saves as it is: a long name cut, the first 50 http(s) image URLs, a link only when it is one', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const longName = 'Extra strong garden hose '.repeat(24); // 600 characters
    const valid = Array.from({ length: 60 }, (_, i) => `https://res.cloudinary.com/s/image/upload/w_100,h_100/${i}.jpg`);
    const hose = await insertProcurementProduct(db(), me.companyId, supplier.id, {
      sku: 'LONG-NAME',
      name: longName,
      urls: ['www.supplier.test/p/1'],
      imageUrls: ['ftp://s.test/a.jpg', '//cdn.test/b.jpg', 'images/c.jpg', `https://s.test/${'x'.repeat(2000)}.jpg`, ...valid],
    });
    await db()
      .insert(procurementImageUrls)
      .values({ companyId: me.companyId, procurementProductId: hose.id, url: 'https://cdn.test/added.png', source: 'url' });
    // A name whose 500th character is half of an emoji: never cut in the middle of one.
    const emoji = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'EMOJI-NAME', name: `${'a'.repeat(498)}😀${'b'.repeat(10)}` });
    const sku100 = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'S'.repeat(100), name: 'Short', urls: ['https://s.test/p/2'] });

    const res = await post(me, ADD, { ids: [hose.id, emoji.id, sku100.id] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().created as { id: number }[];
    const rows = await db()
      .select()
      .from(catalogProducts)
      .where(
        inArray(
          catalogProducts.id,
          created.map((c) => c.id),
        ),
      )
      .orderBy(asc(catalogProducts.id));
    const [a, b, c] = rows;
    expect(a!.name.length).toBeLessThanOrEqual(500);
    expect(a!.name).toMatch(/^Extra strong garden hose .*hose…$/);
    expect(longName.startsWith(a!.name.slice(0, -1))).toBe(true);
    expect(a!.imageUrls).toEqual(valid.slice(0, 50));
    expect(a!.url).toBe('');
    expect(b!.name).toBe(`${'a'.repeat(498)}…`);
    expect(c).toMatchObject({ sku: 'S'.repeat(100), name: 'Short', url: 'https://s.test/p/2', imageUrls: [] });
    // The supplier product keeps everything.
    expect((await productRows([hose.id]))[0]).toMatchObject({ name: longName, urls: ['www.supplier.test/p/1'] });
    // The product edit form sends these fields back unchanged: they pass the catalog's rules.
    const save = await as(app, me, {
      method: 'PUT',
      url: '/api/catalog/products/',
      payload: { products: rows.map((r) => ({ id: r.id, sku: r.sku, name: r.name, image_urls: r.imageUrls, url: r.url })) },
    });
    expect(save.statusCode, save.body).toBe(200);
  });

  it('refuses with a 400 naming the product, and adds nothing, when a SKU is longer than a catalog SKU can be (100 characters)', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId);
    const fresh = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'FRESH-2' });
    const long = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: `LONG-${'9'.repeat(96)}` });
    const res = await post(me, ADD, { ids: [fresh.id, long.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ids: [
        `The SKU of supplier product ${long.id} ('LONG-${'9'.repeat(35)}…') is longer than 100 characters, the most a catalog SKU can have. Nothing was added.`,
      ],
    });
    expect(await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, me.companyId))).toEqual([]);
    expect((await productRows([fresh.id, long.id])).map((r) => r.catalogProductId)).toEqual([null, null]);
  });

  it('answers 404 for another company’s product (adding nothing), 400 for a bad body, 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertProcurementProduct(db(), me.companyId, (await insertSupplier(db(), me.companyId)).id);
    const theirs = await insertProcurementProduct(db(), other.companyId, (await insertSupplier(db(), other.companyId)).id);
    const res = await post(me, ADD, { ids: [mine.id, theirs.id] });
    expect(res.statusCode).toBe(404);
    expect(await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, me.companyId))).toEqual([]);
    expect((await post(me, ADD, { ids: [] })).statusCode).toBe(400);
    expect((await post(me, ADD, { ids: [0] })).statusCode).toBe(400);
    expect((await post(me, ADD, { products: [mine.id] })).json()).toEqual({ ids: ['This field is required.'], products: ['Unknown field.'] });
    expect((await post(null, ADD, { ids: [mine.id] })).statusCode).toBe(401);
    expect((await productRows([mine.id]))[0]!.catalogProductId).toBeNull();
  });
});

describe('GET /api/procurement/products/with_procurement_order_and_backorder_data/', () => {
  const DATA = `${LIST}with_procurement_order_and_backorder_data/`;

  it('answers the mapped procurement products with what is on order, and the unresolved backorders', async () => {
    const me = await createTenant(app);
    const supplier = await insertSupplier(db(), me.companyId, { name: 'Acme' });
    const hose = await insertProduct(db(), me.companyId);
    const rake = await insertProduct(db(), me.companyId);
    const unasked = await insertProduct(db(), me.companyId);
    const hoseAtAcme = await insertProcurementProduct(db(), me.companyId, supplier.id, { catalogProductId: hose.id, costSek: '50' });
    const hoseElsewhere = await insertProcurementProduct(db(), me.companyId, (await insertSupplier(db(), me.companyId)).id, { catalogProductId: hose.id });
    await insertProcurementProduct(db(), me.companyId, supplier.id, { catalogProductId: unasked.id });
    await insertProcurementProduct(db(), me.companyId, supplier.id);

    const item = (orderId: number, productId: number, quantity: string, quantityReceived = '0') => ({
      companyId: me.companyId,
      orderId,
      productId,
      quantity,
      quantityReceived,
    });
    const open = await insertProcurementOrder(db(), me.companyId, supplier.id);
    const partial = await insertProcurementOrder(db(), me.companyId, supplier.id, { status: 'partially_received' });
    const received = await insertProcurementOrder(db(), me.companyId, supplier.id, { status: 'received' });
    const cancelled = await insertProcurementOrder(db(), me.companyId, supplier.id, { status: 'cancelled' });
    await db()
      .insert(procurementOrderItems)
      .values([
        item(open.id, hose.id, '10'),
        item(partial.id, hose.id, '5', '2.5'),
        item(received.id, hose.id, '7', '7'),
        item(cancelled.id, hose.id, '100'),
        item(open.id, unasked.id, '3'),
      ]);
    const backorder = await insertBackorder(db(), me.companyId, hose.id, { quantity: '2', orderNumber: 'W-1001', comments: 'Urgent' });
    await insertBackorder(db(), me.companyId, hose.id, { resolvedAt: new Date() });
    await insertBackorder(db(), me.companyId, unasked.id);

    const res = await get(me, `${DATA}?product_ids=${hose.id},${rake.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result.procurement_products.map((p: { id: number }) => p.id)).toEqual([hoseAtAcme.id, hoseElsewhere.id]);
    expect(result.procurement_products[0]).toMatchObject({ catalog_product: hose.id, supplier_name: 'Acme', cost_sek: 50, on_order: 12.5 });
    expect(result.procurement_products[1]).toMatchObject({ catalog_product: hose.id, on_order: 12.5 });
    expect(result.backorders).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: backorder.id, product: hose.id, quantity: 2, order_number: 'W-1001', comments: 'Urgent', created_at: backorder.createdAt.toISOString() }],
    });
  });

  it('finds nothing for another company’s products; 400 for missing or bad product_ids; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await insertProduct(db(), other.companyId);
    await insertProcurementProduct(db(), other.companyId, (await insertSupplier(db(), other.companyId)).id, { catalogProductId: theirs.id });
    await insertBackorder(db(), other.companyId, theirs.id);
    const res = await get(me, `${DATA}?product_ids=${theirs.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { procurement_products: [], backorders: { count: 0, next: null, previous: null, results: [] } } });
    expect((await get(me, DATA)).json()).toEqual({ product_ids: ['This field is required.'] });
    expect((await get(me, `${DATA}?product_ids=1,x`)).json()).toEqual({ product_ids: ['Enter a comma-separated list of ids.'] });
    expect((await get(me, `${DATA}?product_ids=0`)).statusCode).toBe(400);
    expect((await get(me, `${DATA}?product_ids=1&foo=2`)).json()).toEqual({ foo: ['Unknown field.'] });
    expect((await get(null, `${DATA}?product_ids=1`)).statusCode).toBe(401);
  });
});

describe('mapped products stay mapped to their own company', () => {
  it('never maps a product into another company’s catalog', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    await insertProduct(db(), other.companyId, { sku: 'SHARED-SKU' });
    const mine = await insertProcurementProduct(db(), me.companyId, (await insertSupplier(db(), me.companyId)).id, { sku: 'SHARED-SKU' });
    const res = await post(me, `${LIST}add-to-catalog/`, { ids: [mine.id] });
    expect(res.statusCode).toBe(201);
    const [row] = await db()
      .select()
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, me.companyId), eq(catalogProducts.sku, 'SHARED-SKU')));
    expect((await productRows([mine.id]))[0]!.catalogProductId).toBe(row!.id);
  });
});
