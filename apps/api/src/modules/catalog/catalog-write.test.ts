import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ProductResponse } from '@kontor/contract';
import { catalogProducts, customerBackorders, customerOrderItems, inventoryLevels, notifications, procurementOrderItems } from '../../db/schema/index.js';
import { insertOrder } from '../customers/customers.factories.js';
import { insertProcurementOrder, insertSupplier } from '../procurement/procurement.factories.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLedgerRow, insertLevel, insertLocation, insertProduct } from './catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const post = (tenant: Tenant | null, payload: unknown) => as(app, tenant, { method: 'POST', url: '/api/catalog/products/', payload: payload as object });
const put = (tenant: Tenant | null, payload: unknown) => as(app, tenant, { method: 'PUT', url: '/api/catalog/products/', payload: payload as object });
const del = (tenant: Tenant | null, payload: unknown) => as(app, tenant, { method: 'DELETE', url: '/api/catalog/products/', payload: payload as object });
const productRow = async (id: number) => (await db().select().from(catalogProducts).where(eq(catalogProducts.id, id)))[0];
let tagSequence = 0;
/** A registered company may come with a demo shop (DESIGN §4): each test's SKUs carry a tag of their own. */
const newTag = () => {
  tagSequence += 1;
  return `W${tagSequence}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
};
const productRows = async (ids: number[]) => db().select().from(catalogProducts).where(inArray(catalogProducts.id, ids)).orderBy(catalogProducts.id);

describe('POST /api/catalog/products/', () => {
  it('creates a product with defaults, owned by the caller’s company, and answers 201', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const res = await post(me, { sku: ` ${tag}-MUG `, name: 'Mug' });
    expect(res.statusCode).toBe(201);
    const body: ProductResponse = res.json();
    expect(body).toMatchObject({
      sku: `${tag}-MUG`,
      name: 'Mug',
      product_type: 'simple',
      qty_in_stock: 0,
      vat: 25,
      price: null,
      archived: false,
      description: {},
      image_urls: [],
      url: '',
    });
    const row = await productRow(body.id);
    expect(row).toMatchObject({ companyId: me.companyId, accountId: me.user.id, sku: `${tag}-MUG` });
    expect((await as(app, me, { method: 'GET', url: `/api/catalog/products/${body.id}/` })).json()).toEqual(body);
  });

  it('keeps decimals exact: money 2 places, weight 3, numbers or numeric strings', async () => {
    const me = await createTenant(app);
    const location = await insertLocation(db(), me.companyId);
    const res = await post(me, {
      sku: newTag(),
      name: 'Lamp',
      product_type: 'variable',
      cost_shipping: 12.5,
      price_manual_override: '249.90',
      price_on_sale: 199,
      vat: '12',
      cost_packaging_labour: 3,
      cost_packaging_material: '0.10',
      packaging_width: 120,
      packaging_length: 80,
      packaging_height: 0,
      packaging_weight: '1.235',
      default_location_id: location.id,
      qty_restock_level: 4,
      qty_restock_amount: '10.5',
      description: { sv: 'Lampa' },
      image_urls: ['https://img.test/lamp.jpg'],
      url: 'https://shop.test/lamp',
      archived: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      product_type: 'variable',
      cost_shipping: 12.5,
      price_manual_override: 249.9,
      price: 249.9,
      price_on_sale: 199,
      vat: 12,
      cost_packaging_labour: 3,
      cost_packaging_material: 0.1,
      packaging_width: 120,
      packaging_length: 80,
      packaging_height: 0,
      packaging_weight: 1.235,
      default_location_id: location.id,
      qty_restock_level: 4,
      qty_restock_amount: 10.5,
      description: { sv: 'Lampa' },
      image_urls: ['https://img.test/lamp.jpg'],
      url: 'https://shop.test/lamp',
      archived: true,
    });
    const row = await productRow(res.json().id);
    expect(row).toMatchObject({ costShipping: '12.50', priceManualOverride: '249.90', packagingWeight: '1.235', qtyRestockAmount: '10.50' });
    expect(row?.archivedAt).toBeInstanceOf(Date);
  });

  it('answers DRF 400 bodies for bad input', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    expect((await post(me, {})).json()).toEqual({ sku: ['This field is required.'], name: ['This field is required.'] });
    expect((await post(me, { sku: ' ', name: 'X' })).json()).toEqual({ sku: ['This field may not be blank.'] });
    expect((await post(me, { sku: tag, name: 'A', cost_shipping: '12.345' })).json()).toEqual({
      cost_shipping: ['Ensure that there are no more than 2 decimal places.'],
    });
    expect((await post(me, { sku: tag, name: 'A', packaging_weight: 1.2345 })).json()).toEqual({
      packaging_weight: ['Ensure that there are no more than 3 decimal places.'],
    });
    expect((await post(me, { sku: tag, name: 'A', packaging_width: -1 })).json()).toEqual({
      packaging_width: ['Ensure this value is greater than or equal to 0.'],
    });
    expect((await post(me, { sku: tag, name: 'A', cost_shipping: 'ten' })).json()).toEqual({ cost_shipping: ['A valid number is required.'] });
    // Lengths and bounds the schema states without words of its own, in DRF's (not zod's "Too big: ...").
    expect((await post(me, { sku: 'S'.repeat(101), name: 'A', packaging_height: 100_001, image_urls: [] })).json()).toEqual({
      sku: ['Ensure this field has no more than 100 characters.'],
      packaging_height: ['Ensure this value is less than or equal to 100000.'],
    });
    expect((await post(me, { sku: tag, name: 'A', qty_restock_level: false })).json()).toEqual({ qty_restock_level: ['A valid number is required.'] });
    expect((await post(me, { sku: tag, name: 'A', product_type: 'kit' })).statusCode).toBe(400);
    // Stock is the ledger's, and the automatic price the pricing engine's: neither is writable here.
    expect((await post(me, { sku: tag, name: 'A', qty_in_stock: 5 })).json()).toEqual({ qty_in_stock: ['Unknown field.'] });
    expect((await post(me, { sku: tag, name: 'A', price_calculated_automatically: 5 })).json()).toEqual({
      price_calculated_automatically: ['Unknown field.'],
    });
    expect((await post(me, { sku: tag, name: 'A', vat: 100.01 })).json()).toEqual({ vat: ['Ensure this value is less than or equal to 100.'] });
    expect((await post(me, { sku: tag, name: 'A', image_urls: ['not a url'] })).json()).toEqual({ 'image_urls.0': ['Enter a valid URL.'] });
    expect(await db().select().from(catalogProducts).where(eq(catalogProducts.sku, tag))).toEqual([]);
  });

  it('refuses a SKU the company already has, but another company may use it', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const sku = newTag();
    expect((await post(me, { sku, name: 'First' })).statusCode).toBe(201);
    const dup = await post(me, { sku, name: 'Second' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ sku: ['A product with this SKU already exists.'] });
    expect((await post(other, { sku, name: 'Theirs' })).statusCode).toBe(201);
  });

  it('refuses a default location or stock proxy parent of another company', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirLocation = await insertLocation(db(), other.companyId);
    const theirProduct = await insertProduct(db(), other.companyId);
    const res = await post(me, { sku: newTag(), name: 'X', default_location_id: theirLocation.id, product__stock_proxy_parent: theirProduct.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      default_location_id: [`Invalid pk "${theirLocation.id}" - object does not exist.`],
      product__stock_proxy_parent: [`Invalid pk "${theirProduct.id}" - object does not exist.`],
    });
    const parent = await insertProduct(db(), me.companyId, { productType: 'variable' });
    const ok = await post(me, { sku: newTag(), name: 'X', product_type: 'variation', product__stock_proxy_parent: parent.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().product__stock_proxy_parent).toBe(parent.id);
  });

  it('lets Staff create, and answers 401 without a token', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    expect((await post(staff, { sku: newTag(), name: 'Staff made' })).statusCode).toBe(201);
    const nobody = newTag();
    expect((await post(null, { sku: nobody, name: 'Nobody' })).statusCode).toBe(401);
    expect(await db().select().from(catalogProducts).where(eq(catalogProducts.sku, nobody))).toEqual([]);
  });
});

describe('PUT /api/catalog/products/', () => {
  it('re-evaluates low stock when the restock level changes: notifies once, and clears when no longer low', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const location = await as(app, me, { method: 'POST', url: '/api/catalog/inventory_locations/', payload: { name: `Shelf ${tag}` } });
    const product = (await post(me, { sku: `${tag}-LOW`, name: 'Lantern' })).json() as ProductResponse;
    const stockIn = await as(app, me, {
      method: 'POST',
      url: '/api/catalog/inventory_transactions/',
      payload: { product: product.id, location: location.json().id, inventory_action: 'STOCK_IN', quantity: 5 },
    });
    expect(stockIn.statusCode).toBe(201);
    const lowNotices = async () =>
      (await db().select().from(notifications).where(eq(notifications.receiverUserId, me.user.id))).filter((n) => n.kind === 'low_stock');

    expect((await put(me, { products: [{ id: product.id, qty_restock_level: 10 }] })).statusCode).toBe(200);
    expect(await lowNotices()).toHaveLength(1);
    expect((await productRow(product.id))!.lowStockNotifiedAt).not.toBeNull();
    // Still low: no second notice.
    await put(me, { products: [{ id: product.id, qty_restock_level: 8 }] });
    expect(await lowNotices()).toHaveLength(1);
    // Back above the level: cleared, so a later drop notifies again.
    await put(me, { products: [{ id: product.id, qty_restock_level: 2 }] });
    expect((await productRow(product.id))!.lowStockNotifiedAt).toBeNull();
  });

  it('changes only the fields each row names, bumps updated_at and answers the rows in request order', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const location = await insertLocation(db(), me.companyId);
    const old = new Date('2024-01-01T00:00:00Z');
    const a = await insertProduct(db(), me.companyId, { name: 'Alpha', costShipping: '5.00', updatedAt: old });
    const b = await insertProduct(db(), me.companyId, { name: 'Beta', qtyInStock: '3', updatedAt: old });
    // Stock the ledger knows of: the new restock level re-reads it, and the answer shows it unchanged.
    await insertLevel(db(), me.companyId, b.id, location.id, '3');
    const res = await put(staff, {
      products: [
        { id: b.id, default_location_id: location.id, packaging_weight: 0.5, qty_restock_level: '2.25' },
        { id: a.id, name: 'Alpha 2', price_manual_override: 99.5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().products as ProductResponse[];
    expect(first).toMatchObject({ id: b.id, name: 'Beta', default_location_id: location.id, packaging_weight: 0.5, qty_restock_level: 2.25, qty_in_stock: 3 });
    expect(second).toMatchObject({ id: a.id, name: 'Alpha 2', price_manual_override: 99.5, price: 99.5, cost_shipping: 5 });
    const rows = await productRows([a.id, b.id]);
    for (const row of rows) expect(row.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(rows[0]).toMatchObject({ name: 'Alpha 2', costShipping: '5.00', priceManualOverride: '99.50' });
  });

  it('archives and unarchives, and clears nullable fields with null', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId, { priceManualOverride: '10.00', packagingWidth: 50 });
    const archived = await put(me, { products: [{ id: product.id, archived: true, price_manual_override: null, packaging_width: null }] });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().products[0]).toMatchObject({ archived: true, price_manual_override: null, packaging_width: null });
    const stamp = (await productRow(product.id))?.archivedAt;
    expect(stamp).toBeInstanceOf(Date);
    // Archiving again keeps the original moment.
    await put(me, { products: [{ id: product.id, archived: true }] });
    expect((await productRow(product.id))?.archivedAt).toEqual(stamp);
    expect((await as(app, me, { method: 'GET', url: `/api/catalog/products/?sku=${product.sku}` })).json().count).toBe(0);
    const back = await put(me, { products: [{ id: product.id, archived: false }] });
    expect(back.json().products[0].archived).toBe(false);
    expect((await productRow(product.id))?.archivedAt).toBeNull();
  });

  it('swaps two SKUs in one request', async () => {
    const me = await createTenant(app);
    const a = await insertProduct(db(), me.companyId);
    const b = await insertProduct(db(), me.companyId);
    const res = await put(me, {
      products: [
        { id: a.id, sku: b.sku },
        { id: b.id, sku: a.sku },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await productRows([a.id, b.id])).map((r) => r.sku)).toEqual([b.sku, a.sku]);
  });

  it('applies nothing when one row is bad, and keys each error by its row', async () => {
    const me = await createTenant(app);
    const a = await insertProduct(db(), me.companyId, { name: 'A' });
    const b = await insertProduct(db(), me.companyId, { name: 'B' });
    const c = await insertProduct(db(), me.companyId, { name: 'C' });
    const before = await productRows([a.id, b.id, c.id]);

    const dupSku = await put(me, {
      products: [
        { id: a.id, name: 'A changed' },
        { id: b.id, name: 'B changed' },
        { id: c.id, sku: a.sku },
      ],
    });
    expect(dupSku.statusCode).toBe(400);
    expect(dupSku.json()).toEqual({ 'products.2.sku': ['A product with this SKU already exists.'] });
    expect(await productRows([a.id, b.id, c.id])).toEqual(before);

    const badDecimal = await put(me, {
      products: [
        { id: a.id, name: 'A changed' },
        { id: b.id, cost_shipping: '1.234' },
      ],
    });
    expect(badDecimal.statusCode).toBe(400);
    expect(badDecimal.json()).toEqual({ 'products.1.cost_shipping': ['Ensure that there are no more than 2 decimal places.'] });

    const several = await put(me, {
      products: [
        { id: a.id, product__stock_proxy_parent: a.id },
        { id: b.id, default_location_id: 2147483000 },
        { id: 2147483001, name: 'ghost' },
        { id: a.id, name: 'twice' },
      ],
    });
    expect(several.statusCode).toBe(400);
    expect(several.json()).toEqual({
      'products.0.product__stock_proxy_parent': ['A product cannot be its own stock proxy parent.'],
      'products.1.default_location_id': ['Invalid pk "2147483000" - object does not exist.'],
      'products.2.id': ['Invalid pk "2147483001" - object does not exist.'],
      'products.3.id': ['This product appears more than once in the request.'],
    });
    expect(await productRows([a.id, b.id, c.id])).toEqual(before);

    // Stock belongs to the ledger: the field is refused, not ignored.
    const stock = await put(me, { products: [{ id: a.id, qty_in_stock: 100 }] });
    expect(stock.json()).toEqual({ 'products.0.qty_in_stock': ['Unknown field.'] });
    expect((await put(me, { products: [] })).json()).toEqual({ products: ['Send at least one product.'] });
    expect((await put(me, {})).json()).toEqual({ products: ['This field is required.'] });
    expect(await productRows([a.id, b.id, c.id])).toEqual(before);
  });

  it('refuses a stock proxy parent that would close a loop, stored or within the request, and changes nothing', async () => {
    const me = await createTenant(app);
    const a = await insertProduct(db(), me.companyId, { name: 'A' });
    const b = await insertProduct(db(), me.companyId, { name: 'B', stockProxyParentId: a.id });
    const c = await insertProduct(db(), me.companyId, { name: 'C', stockProxyParentId: b.id });
    const before = await productRows([a.id, b.id, c.id]);
    const loop = 'This stock proxy parent draws its stock from this product; a loop is not allowed.';

    // C -> B -> A is stored: A -> C closes it.
    const stored = await put(me, { products: [{ id: a.id, name: 'A changed', product__stock_proxy_parent: c.id }] });
    expect(stored.statusCode).toBe(400);
    expect(stored.json()).toEqual({ 'products.0.product__stock_proxy_parent': [loop] });

    // Two rows that point at each other.
    const d = await insertProduct(db(), me.companyId, { name: 'D' });
    const e = await insertProduct(db(), me.companyId, { name: 'E' });
    const within = await put(me, {
      products: [
        { id: d.id, product__stock_proxy_parent: e.id },
        { id: e.id, product__stock_proxy_parent: d.id },
      ],
    });
    expect(within.statusCode).toBe(400);
    expect(within.json()).toEqual({
      'products.0.product__stock_proxy_parent': [loop],
      'products.1.product__stock_proxy_parent': [loop],
    });
    expect(await productRows([a.id, b.id, c.id])).toEqual(before);
    expect((await productRows([d.id, e.id])).map((r) => r.stockProxyParentId)).toEqual([null, null]);

    // Breaking the chain and pointing back in one request is no loop.
    const rewired = await put(me, {
      products: [
        { id: b.id, product__stock_proxy_parent: null },
        { id: a.id, product__stock_proxy_parent: c.id },
      ],
    });
    expect(rewired.statusCode).toBe(200);
  });

  it('refuses a loop of stock proxy parents made by two requests at once', async () => {
    const me = await createTenant(app);
    for (let round = 0; round < 5; round += 1) {
      const a = await insertProduct(db(), me.companyId, { name: 'A' });
      const b = await insertProduct(db(), me.companyId, { name: 'B' });
      const [one, two] = await Promise.all([
        put(me, { products: [{ id: a.id, product__stock_proxy_parent: b.id }] }),
        put(me, { products: [{ id: b.id, product__stock_proxy_parent: a.id }] }),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
      const parents = (await productRows([a.id, b.id])).map((r) => r.stockProxyParentId);
      expect(parents.filter((p) => p !== null)).toHaveLength(1);
    }
  });

  it('reports another company’s product as not existing and changes nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertProduct(db(), me.companyId, { name: 'Mine' });
    const theirs = await insertProduct(db(), other.companyId, { name: 'Theirs' });
    const theirLocation = await insertLocation(db(), other.companyId);
    const res = await put(me, {
      products: [
        { id: mine.id, name: 'Changed', default_location_id: theirLocation.id },
        { id: theirs.id, name: 'Stolen' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      'products.0.default_location_id': [`Invalid pk "${theirLocation.id}" - object does not exist.`],
      'products.1.id': [`Invalid pk "${theirs.id}" - object does not exist.`],
    });
    expect((await productRow(mine.id))?.name).toBe('Mine');
    expect((await productRow(theirs.id))?.name).toBe('Theirs');
  });

  it('answers 401 without a token', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId, { name: 'Untouched' });
    expect((await put(null, { products: [{ id: product.id, name: 'X' }] })).statusCode).toBe(401);
    expect((await productRow(product.id))?.name).toBe('Untouched');
  });
});

describe('DELETE /api/catalog/products/', () => {
  it('deletes products without stock history, with their empty level rows, and answers 204', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const location = await insertLocation(db(), me.companyId);
    const parent = await insertProduct(db(), me.companyId, { productType: 'variable' });
    const placed = await insertProduct(db(), me.companyId);
    const variation = await insertProduct(db(), me.companyId, { productType: 'variation', stockProxyParentId: parent.id });
    await insertLevel(db(), me.companyId, placed.id, location.id, '0');
    const res = await del(staff, { products: [parent.id, placed.id, placed.id] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await productRows([parent.id, placed.id])).toEqual([]);
    expect(await db().select().from(inventoryLevels).where(eq(inventoryLevels.productId, placed.id))).toEqual([]);
    expect((await productRow(variation.id))?.stockProxyParentId).toBeNull();
  });

  it('refuses the whole request when any product has stock or history, naming every one', async () => {
    const me = await createTenant(app);
    const location = await insertLocation(db(), me.companyId);
    const tag = newTag();
    const free = await insertProduct(db(), me.companyId, { sku: `${tag}-FREE` });
    const stocked = await insertProduct(db(), me.companyId, { sku: `${tag}-STOCKED` });
    const historic = await insertProduct(db(), me.companyId, { sku: `${tag}-HISTORIC` });
    await insertLevel(db(), me.companyId, stocked.id, location.id, '2.5');
    await insertLedgerRow(db(), me.companyId, historic.id, location.id);

    const both = await del(me, { products: [free.id, stocked.id, historic.id] });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toEqual({
      detail: `Products ${tag}-STOCKED, ${tag}-HISTORIC have stock or stock history and cannot be deleted; archive them instead.`,
    });
    const one = await del(me, { products: [free.id, historic.id] });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ detail: `Product ${tag}-HISTORIC has stock or stock history and cannot be deleted; archive it instead.` });
    expect((await productRows([free.id, stocked.id, historic.id])).map((r) => r.sku)).toEqual([`${tag}-FREE`, `${tag}-STOCKED`, `${tag}-HISTORIC`]);
    // Archiving is the way out, and hides them from the list.
    expect((await put(me, { products: [{ id: stocked.id, archived: true }] })).statusCode).toBe(200);
  });

  it('refuses products on a purchase order (409) and deletes nothing', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const ordered = await insertProduct(db(), me.companyId, { sku: `${tag}-ORDERED` });
    const supplier = await insertSupplier(db(), me.companyId);
    const order = await insertProcurementOrder(db(), me.companyId, supplier.id);
    await db().insert(procurementOrderItems).values({ companyId: me.companyId, orderId: order.id, productId: ordered.id, quantity: '3' });
    const res = await del(me, { products: [ordered.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: `Product ${tag}-ORDERED on a purchase order cannot be deleted; archive instead.` });
    expect(await productRows([ordered.id])).toHaveLength(1);
  });

  it('refuses products customers wait for on an open backorder (409) and deletes nothing', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    const awaited = await insertProduct(db(), me.companyId, { sku: `${tag}-AWAITED` });
    const done = await insertProduct(db(), me.companyId, { sku: `${tag}-DONE` });
    await db().insert(customerBackorders).values({ companyId: me.companyId, productId: awaited.id, quantity: '2', orderNumber: '1001' });
    await db()
      .insert(customerBackorders)
      .values({ companyId: me.companyId, productId: done.id, quantity: '1', orderNumber: '1002', resolvedAt: new Date(), resolution: 'order_cancelled' });
    const res = await del(me, { products: [awaited.id, done.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: `Product ${tag}-AWAITED has an open backorder and cannot be deleted; archive it instead.` });
    expect(await productRows([awaited.id, done.id])).toHaveLength(2);
    expect(await db().select().from(customerBackorders).where(eq(customerBackorders.productId, awaited.id))).toHaveLength(1);
    // A resolved backorder is no reason to keep the product.
    expect((await del(me, { products: [done.id] })).statusCode).toBe(204);
  });

  it('refuses products on open customer orders (409, saying how many orders) and deletes nothing; delivered and cancelled orders do not hold them', async () => {
    const me = await createTenant(app);
    const tag = newTag();
    // One after the other: the message names the products in id order.
    const sold = await insertProduct(db(), me.companyId, { sku: `${tag}-SOLD` });
    const alsoSold = await insertProduct(db(), me.companyId, { sku: `${tag}-ALSO` });
    const past = await insertProduct(db(), me.companyId, { sku: `${tag}-PAST` });
    const { items } = await insertOrder(db(), me.companyId, {}, [
      { productId: sold.id, quantity: 1 },
      { productId: alsoSold.id, quantity: 2 },
    ]);
    await insertOrder(db(), me.companyId, { internalStatus: 'partially_picked' }, [{ productId: sold.id, quantity: 1 }]);
    await insertOrder(db(), me.companyId, { internalStatus: 'delivered' }, [{ productId: past.id, quantity: 1 }]);
    await insertOrder(db(), me.companyId, { internalStatus: 'cancelled' }, [{ productId: past.id, quantity: 1 }]);

    const both = await del(me, { products: [sold.id, alsoSold.id, past.id] });
    expect([both.statusCode, both.json()]).toEqual([
      409,
      { detail: `Products ${tag}-SOLD, ${tag}-ALSO are on 2 open customer orders and cannot be deleted; archive them instead.` },
    ]);
    const one = await del(me, { products: [alsoSold.id] });
    expect([one.statusCode, one.json()]).toEqual([
      409,
      { detail: `Product ${tag}-ALSO is on 1 open customer order and cannot be deleted; archive it instead.` },
    ]);
    expect(await productRows([sold.id, alsoSold.id, past.id])).toHaveLength(3);
    // The open order's lines keep their product.
    const lines = await db()
      .select()
      .from(customerOrderItems)
      .where(
        inArray(
          customerOrderItems.id,
          items.map((i) => i.id),
        ),
      );
    expect(lines.map((l) => l.productId).sort()).toEqual([sold.id, alsoSold.id].sort());
    expect((await del(me, { products: [past.id] })).statusCode).toBe(204);
  });

  it('answers 404 naming unknown or foreign ids and deletes nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertProduct(db(), me.companyId);
    const theirs = await insertProduct(db(), other.companyId);
    const res = await del(me, { products: [mine.id, theirs.id, 2147483000] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: `No product with id ${theirs.id}, 2147483000.` });
    expect(await productRows([mine.id, theirs.id])).toHaveLength(2);
  });

  it('answers 400 for a bad body and 401 without a token', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    expect((await del(me, { products: [] })).json()).toEqual({ products: ['Send at least one product id.'] });
    expect((await del(me, { products: ['x'] })).statusCode).toBe(400);
    expect((await del(me, { ids: [product.id] })).statusCode).toBe(400);
    expect((await del(null, { products: [product.id] })).statusCode).toBe(401);
    expect(await productRow(product.id)).toBeDefined();
  });
});
