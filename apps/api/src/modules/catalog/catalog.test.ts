import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { PRODUCT_TYPES, type ProductLiteResponse, type ProductResponse } from '@kontor/contract';
import { catalogProducts } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLocation, insertProduct } from './catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const ids = (body: { results: { id: number }[] }) => body.results.map((p) => p.id);
const skus = (body: { results: { sku: string }[] }) => body.results.map((p) => p.sku);
let tagSequence = 0;
/**
 * A registered company may come with a demo shop (DESIGN §4), so each test marks its own
 * products with a tag in the SKU and filters lists by it. The random part has no vowels: a tag
 * never spells what a test searches for (`red`, `ab-`...), which would list one product too many.
 */
const newTag = () => {
  tagSequence += 1;
  const random = Math.random().toString(36).slice(2, 7).toUpperCase();
  return `T${tagSequence}${random.replace(/[AEIOU]/g, 'X')}`;
};

describe('GET /api/catalog/product-types/', () => {
  it('lists the product types with the variable type labelled "Variable parent"', async () => {
    const me = await createTenant(app);
    const res = await get(me, '/api/catalog/product-types');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 4, next: null, previous: null, results: PRODUCT_TYPES.map((t) => ({ ...t })) });
    expect(res.json().results).toContainEqual({ value: 'variable', name: 'Variable parent' });
  });

  it('answers 401 without a token', async () => {
    const res = await get(null, '/api/catalog/product-types/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /api/catalog/products/{id}/', () => {
  it('answers every field of the contract, numbers as JSON numbers', async () => {
    const me = await createTenant(app);
    const location = await insertLocation(db(), me.companyId);
    const parent = await insertProduct(db(), me.companyId, { productType: 'variable' });
    const tag = newTag();
    const product = await insertProduct(db(), me.companyId, {
      sku: `${tag}-MUG-1`,
      name: 'Mug',
      productType: 'variation',
      stockProxyParentId: parent.id,
      qtyInStock: '7.50',
      costShipping: '12.50',
      priceCalculatedAutomatically: '199.00',
      procurementCost: '40.25',
      // As the pricing service stores them: 199 / 1.25 = 159.20, - 52.75 = 106.45, / 159.20 = 66.87 %.
      margin: '106.45',
      marginPercent: '66.87',
      editedAt: new Date('2025-03-01T10:00:00Z'),
      syncedAt: new Date('2025-03-02T11:30:00Z'),
      packagingWidth: 100,
      packagingWeight: '0.125',
      defaultLocationId: location.id,
      qtyRestockLevel: '2',
      imageUrls: ['https://img.test/mug.jpg'],
      description: { sv: 'Mugg' },
    });
    const res = await get(me, `/api/catalog/products/${product.id}/`);
    expect(res.statusCode).toBe(200);
    const body: ProductResponse = res.json();
    expect(body).toEqual({
      id: product.id,
      sku: `${tag}-MUG-1`,
      name: 'Mug',
      product_type: 'variation',
      product__stock_proxy_parent: parent.id,
      qty_in_stock: 7.5,
      cost_shipping: 12.5,
      price_manual_override: null,
      price_on_sale: null,
      price: 199,
      vat: 25,
      price_calculated_automatically: 199,
      procurement_cost: 40.25,
      cost_packaging_labour: 0,
      cost_packaging_material: 0,
      packaging_width: 100,
      packaging_length: null,
      packaging_height: null,
      packaging_weight: 0.125,
      default_location_id: location.id,
      qty_restock_level: 2,
      qty_restock_amount: 0,
      description: { sv: 'Mugg' },
      image_urls: ['https://img.test/mug.jpg'],
      url: '',
      archived: false,
      total_cost: 52.75,
      margin: 106.45,
      margin_percent: 66.87,
      price_details: {
        sale: { incl: null, excl: null, margin: null },
        manual: { incl: null, excl: null, margin: null },
        auto: { incl: 199, excl: 159.2, margin: 106.45 },
      },
      edited_at: '2025-03-01T10:00:00.000Z',
      synced_at: '2025-03-02T11:30:00.000Z',
      created_at: product.createdAt.toISOString(),
      updated_at: product.updatedAt.toISOString(),
    });
  });

  it('prefers the manual override as the effective price, and is null when neither is set', async () => {
    const me = await createTenant(app);
    const overridden = await insertProduct(db(), me.companyId, { priceManualOverride: '249.90', priceCalculatedAutomatically: '199.00' });
    const unpriced = await insertProduct(db(), me.companyId);
    expect((await get(me, `/api/catalog/products/${overridden.id}/`)).json()).toMatchObject({ price: 249.9, price_manual_override: 249.9 });
    expect((await get(me, `/api/catalog/products/${unpriced.id}/`)).json()).toMatchObject({ price: null, price_calculated_automatically: null });
  });

  it('finds an archived product by id', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId, { archivedAt: new Date() });
    const res = await get(me, `/api/catalog/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().archived).toBe(true);
  });

  it('answers 404 for another company’s product, a missing one and a non-id, 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await insertProduct(db(), other.companyId);
    for (const id of [theirs.id, 99999999]) {
      const res = await get(me, `/api/catalog/products/${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    // A path that is no id names nothing: DRF's 404, not a 400 on the id (ADR 0006).
    const malformed = await get(me, '/api/catalog/products/abc/');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ detail: 'Not found.' });
    expect((await get(null, `/api/catalog/products/${theirs.id}/`)).statusCode).toBe(401);
  });
});

describe('GET /api/catalog/products/', () => {
  it('lists only the caller’s company, newest first, for Admin and Staff alike', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const other = await createTenant(app);
    const tag = newTag();
    const a = await insertProduct(db(), me.companyId, { sku: `${tag}-A` });
    const b = await insertProduct(db(), me.companyId, { sku: `${tag}-B` });
    const theirs = await insertProduct(db(), other.companyId, { sku: `${tag}-A` });
    for (const who of [me, staff]) {
      const res = await get(who, `/api/catalog/products/?sku__icontains=${tag}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ count: 2, next: null, previous: null });
      expect(ids(res.json())).toEqual([b.id, a.id]);
    }
    // Unfiltered, the list is exactly the company's active products, and never another company's.
    const everything = (await get(me, '/api/catalog/products/?limit=1000')).json();
    const companyRows = await db()
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, me.companyId), isNull(catalogProducts.archivedAt)));
    expect(everything.count).toBe(companyRows.length);
    expect(new Set(ids(everything))).toEqual(new Set(companyRows.map((r) => r.id)));
    expect((await get(me, `/api/catalog/products/?id__in=${a.id},${theirs.id}`)).json().results.map((p: ProductResponse) => p.id)).toEqual([a.id]);
    expect((await get(me, `/api/catalog/products/?id=${theirs.id}`)).json().count).toBe(0);
  });

  it('pages with limit/offset, 25 by default, with absolute next/previous links', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const created: number[] = [];
    for (let i = 0; i < 27; i += 1) created.push((await insertProduct(db(), me.companyId, { sku: `${tag}-${i}` })).id);
    const first = (await get(me, `/api/catalog/products/?sku__icontains=${tag}`)).json();
    expect(first.count).toBe(27);
    expect(first.results).toHaveLength(25);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`http://kontor.test/api/catalog/products/?sku__icontains=${tag}&limit=25&offset=25`);
    const second = (await get(me, `/api/catalog/products/?sku__icontains=${tag}&limit=25&offset=25`)).json();
    expect(ids(second)).toEqual([created[1], created[0]]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`http://kontor.test/api/catalog/products/?sku__icontains=${tag}&limit=25`);
    const middle = (await get(me, `/api/catalog/products/?sku__icontains=${tag}&limit=2&offset=2&ordering=id`)).json();
    expect(ids(middle)).toEqual([created[2], created[3]]);
    expect(middle.next).toBe(`http://kontor.test/api/catalog/products/?sku__icontains=${tag}&limit=2&offset=4&ordering=id`);
    expect(middle.previous).toBe(`http://kontor.test/api/catalog/products/?sku__icontains=${tag}&limit=2&ordering=id`);
    // A limit above the maximum is capped, not refused.
    expect((await get(me, `/api/catalog/products/?sku__icontains=${tag}&limit=5000`)).json().results).toHaveLength(27);
  });

  it('searches sku and name, case-insensitively', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const mug = await insertProduct(db(), me.companyId, { sku: `${tag}-MUG-RED`, name: 'Coffee mug' });
    const cup = await insertProduct(db(), me.companyId, { sku: `${tag}-CUP-1`, name: 'Red cup' });
    await insertProduct(db(), me.companyId, { sku: `${tag}-PLATE`, name: 'Plate' });
    const list = async (q: string) => ids((await get(me, `/api/catalog/products/?ordering=id&sku__icontains=${tag}&${q}`)).json());
    expect(await list('search=red')).toEqual([mug.id, cup.id]);
    expect(await list('search=COFFEE')).toEqual([mug.id]);
    expect(ids((await get(me, `/api/catalog/products/?search=${tag.toLowerCase()}-cup`)).json())).toEqual([cup.id]);
    // LIKE wildcards in the search are literal characters.
    expect(await list('search=%25')).toEqual([]);
  });

  it('filters by id, id__in, sku, sku__icontains, name__icontains, product_type and product_type__in', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const a = await insertProduct(db(), me.companyId, { sku: `${tag}-AB-1`, name: 'Alpha lamp', productType: 'simple' });
    const b = await insertProduct(db(), me.companyId, { sku: `${tag}-AB-2`, name: 'Beta lamp', productType: 'variable' });
    const c = await insertProduct(db(), me.companyId, { sku: `${tag}-CD-3`, name: 'Gamma chair', productType: 'bundle' });
    const list = async (q: string) => ids((await get(me, `/api/catalog/products/?ordering=id&search=${tag}&${q}`)).json());
    expect(await list('')).toEqual([a.id, b.id, c.id]);
    expect(await list(`id=${b.id}`)).toEqual([b.id]);
    expect(await list(`id__in=${a.id},${c.id}`)).toEqual([a.id, c.id]);
    expect(await list(`sku=${tag}-AB-2`)).toEqual([b.id]);
    expect(await list(`sku=${tag.toLowerCase()}-ab-2`)).toEqual([]);
    expect(await list('sku__icontains=ab-')).toEqual([a.id, b.id]);
    expect(await list('name__icontains=LAMP')).toEqual([a.id, b.id]);
    expect(await list('product_type=bundle')).toEqual([c.id]);
    expect(await list('product_type__in=simple,variable')).toEqual([a.id, b.id]);
    // django-filter skips an empty value.
    expect(await list('name__icontains=')).toEqual([a.id, b.id, c.id]);
  });

  it('filters by created_at and updated_at ranges', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const at = (created: string, updated: string) => ({ sku: `${tag}-${created}`, createdAt: new Date(created), updatedAt: new Date(updated) });
    const old = await insertProduct(db(), me.companyId, at('2024-01-10T10:00:00Z', '2024-06-01T00:00:00Z'));
    const mid = await insertProduct(db(), me.companyId, at('2024-03-10T10:00:00Z', '2024-03-11T00:00:00Z'));
    const recent = await insertProduct(db(), me.companyId, at('2024-05-10T10:00:00Z', '2024-05-11T00:00:00Z'));
    const list = async (q: string) => ids((await get(me, `/api/catalog/products/?ordering=id&sku__icontains=${tag}&${q}`)).json());
    expect(await list('created_at__gte=2024-03-01')).toEqual([mid.id, recent.id]);
    expect(await list('created_at__lte=2024-03-10T10:00:00Z')).toEqual([old.id, mid.id]);
    expect(await list('created_at__gte=2024-02-01&created_at__lte=2024-04-01')).toEqual([mid.id]);
    expect(await list('updated_at__gte=2024-05-01')).toEqual([old.id, recent.id]);
    expect(await list('updated_at__lte=2024-04-01')).toEqual([mid.id]);
  });

  it('filters low stock: at or below a restock level that is set', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const stock = (qtyInStock: string, qtyRestockLevel: string) => ({ sku: `${tag}-${qtyInStock}-${qtyRestockLevel}`, qtyInStock, qtyRestockLevel });
    const low = await insertProduct(db(), me.companyId, stock('2', '5'));
    const atLevel = await insertProduct(db(), me.companyId, stock('5', '5'));
    const plenty = await insertProduct(db(), me.companyId, stock('10', '5'));
    const noLevel = await insertProduct(db(), me.companyId, stock('0', '0'));
    const list = async (q: string) => ids((await get(me, `/api/catalog/products/?ordering=id&sku__icontains=${tag}&${q}`)).json());
    expect(await list('low_stock=Yes')).toEqual([low.id, atLevel.id]);
    expect(await list('low_stock=true')).toEqual([low.id, atLevel.id]);
    expect(await list('low_stock=No')).toEqual([plenty.id, noLevel.id]);
    // Stock changes (the ledger's job, simulated here) move a product into the filter.
    await db().update(catalogProducts).set({ qtyInStock: '4.99' }).where(eq(catalogProducts.id, plenty.id));
    expect(await list('low_stock=Yes')).toEqual([low.id, atLevel.id, plenty.id]);
  });

  it('hides archived products unless asked for, but finds them by explicit id', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const active = await insertProduct(db(), me.companyId, { sku: `${tag}-1` });
    const archived = await insertProduct(db(), me.companyId, { sku: `${tag}-2`, archivedAt: new Date() });
    const list = async (q: string) => ids((await get(me, `/api/catalog/products/?ordering=id&sku__icontains=${tag}&${q}`)).json());
    expect(await list('')).toEqual([active.id]);
    expect(await list('archived=Yes')).toEqual([archived.id]);
    expect(await list('archived=No')).toEqual([active.id]);
    expect(await list(`id__in=${active.id},${archived.id}`)).toEqual([active.id, archived.id]);
    expect(await list(`id=${archived.id}`)).toEqual([archived.id]);
    expect(await list(`id__in=${active.id},${archived.id}&archived=No`)).toEqual([active.id]);
  });

  it('orders by each allowed field, ascending or descending, ties broken by id', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const b = await insertProduct(db(), me.companyId, {
      sku: `${tag}-B`,
      name: 'zeta',
      qtyInStock: '10',
      priceCalculatedAutomatically: '100',
      createdAt: new Date('2024-02-01T00:00:00Z'),
      updatedAt: new Date('2024-02-01T00:00:00Z'),
    });
    const a = await insertProduct(db(), me.companyId, {
      sku: `${tag}-A`,
      name: 'eta',
      qtyInStock: '2',
      priceManualOverride: '300',
      priceCalculatedAutomatically: '50',
      createdAt: new Date('2024-03-01T00:00:00Z'),
      updatedAt: new Date('2024-01-01T00:00:00Z'),
    });
    const c = await insertProduct(db(), me.companyId, {
      sku: `${tag}-C`,
      name: 'alpha',
      qtyInStock: '2',
      priceCalculatedAutomatically: '200',
      createdAt: new Date('2024-01-01T00:00:00Z'),
      updatedAt: new Date('2024-03-01T00:00:00Z'),
    });
    const order = async (ordering: string) => ids((await get(me, `/api/catalog/products/?sku__icontains=${tag}&ordering=${ordering}`)).json());
    expect(await order('sku')).toEqual([a.id, b.id, c.id]);
    expect(await order('-sku')).toEqual([c.id, b.id, a.id]);
    expect(await order('name')).toEqual([c.id, a.id, b.id]);
    expect(await order('id')).toEqual([b.id, a.id, c.id]);
    // Ties on stock fall back to the default, newest first.
    expect(await order('qty_in_stock')).toEqual([c.id, a.id, b.id]);
    expect(await order('-qty_in_stock')).toEqual([b.id, c.id, a.id]);
    // The effective price: a's manual 300 beats its automatic 50.
    expect(await order('price')).toEqual([b.id, c.id, a.id]);
    expect(await order('-price')).toEqual([a.id, c.id, b.id]);
    expect(await order('created_at')).toEqual([c.id, b.id, a.id]);
    expect(await order('-updated_at')).toEqual([c.id, b.id, a.id]);
    expect(await order('qty_in_stock,sku')).toEqual([a.id, c.id, b.id]);
    // Without ordering: newest first.
    expect(ids((await get(me, `/api/catalog/products/?sku__icontains=${tag}`)).json())).toEqual([c.id, a.id, b.id]);
  });

  it('answers 400 for an unknown filter, a bad value or an unknown ordering field', async () => {
    const me = await createTenant(app);
    const unknown = await get(me, '/api/catalog/products/?colour=red');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ colour: ['Unknown field.'] });
    // Only ordering may name these two; as filters they do not exist.
    expect((await get(me, '/api/catalog/products/?qty_in_stock=1')).statusCode).toBe(400);
    expect((await get(me, '/api/catalog/products/?price=1')).statusCode).toBe(400);
    expect((await get(me, '/api/catalog/products/?id=abc')).json()).toEqual({ id: ['Enter a whole number.'] });
    expect((await get(me, '/api/catalog/products/?id__in=1,x')).json()).toEqual({ id__in: ['Enter a whole number.'] });
    expect((await get(me, '/api/catalog/products/?created_at__gte=yesterday')).json()).toEqual({ created_at__gte: ['Enter a valid date/time.'] });
    expect((await get(me, '/api/catalog/products/?ordering=colour')).json()).toEqual({ ordering: ['Unknown ordering field: colour.'] });
    const lowStock = await get(me, '/api/catalog/products/?low_stock=maybe');
    expect(lowStock.statusCode).toBe(400);
    expect(Object.keys(lowStock.json())).toEqual(['low_stock']);
    expect((await get(me, '/api/catalog/products/?limit=0')).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await get(null, '/api/catalog/products/')).statusCode).toBe(401);
  });
});

describe('GET /api/catalog/products2/', () => {
  it('answers the light rows of the caller’s company, searchable and filterable by id', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const tag = newTag();
    const lamp = await insertProduct(db(), me.companyId, { sku: `${tag}-LAMP-1`, name: 'Desk lamp', productType: 'simple', qtyInStock: '3.25' });
    const chair = await insertProduct(db(), me.companyId, { sku: `${tag}-CHAIR-1`, name: 'Chair' });
    await insertProduct(db(), me.companyId, { sku: `${tag}-OLD-1`, name: 'Old lamp', archivedAt: new Date() });
    const theirs = await insertProduct(db(), other.companyId, { sku: `${tag}-LAMP-2`, name: 'Their lamp' });

    const all = await get(me, `/api/catalog/products2?search=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 2, next: null, previous: null });
    const row: ProductLiteResponse = all.json().results[1];
    expect(row).toEqual({ id: lamp.id, sku: `${tag}-LAMP-1`, name: 'Desk lamp', product_type: 'simple', qty_in_stock: 3.25 });
    expect(ids(all.json())).toEqual([chair.id, lamp.id]);
    expect(skus((await get(me, `/api/catalog/products2/?search=${tag}-lamp`)).json())).toEqual([`${tag}-LAMP-1`]);
    expect(ids((await get(me, `/api/catalog/products2/?id=${chair.id}`)).json())).toEqual([chair.id]);
    expect(ids((await get(me, `/api/catalog/products2/?id__in=${lamp.id},${theirs.id}`)).json())).toEqual([lamp.id]);
    expect(ids((await get(me, `/api/catalog/products2/?search=${tag}&ordering=id`)).json())).toEqual([lamp.id, chair.id]);
    const paged = (await get(me, `/api/catalog/products2/?search=${tag}&limit=1`)).json();
    expect(paged.next).toBe(`http://kontor.test/api/catalog/products2/?search=${tag}&limit=1&offset=1`);
  });

  it('answers 400 for an unknown filter and 401 without a token', async () => {
    const me = await createTenant(app);
    expect((await get(me, '/api/catalog/products2/?sku=X')).json()).toEqual({ sku: ['Unknown field.'] });
    expect((await get(me, '/api/catalog/products2/?ordering=sku')).json()).toEqual({ ordering: ['Unknown ordering field: sku.'] });
    expect((await get(null, '/api/catalog/products2/')).statusCode).toBe(401);
  });
});
