import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NEW_PRODUCT_DAYS, PRODUCT_COUNT_FILTERS } from '@kontor/contract';
import { catalogProducts } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProcurementProduct, insertSupplier } from '../procurement/procurement.factories.js';
import { insertProduct } from './catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const count = async (tenant: Tenant | null, f: string) => as(app, tenant, { method: 'GET', url: `/api/catalog/product-count/?f=${f}` });
const countOf = async (tenant: Tenant, f: string): Promise<number> => {
  const res = await count(tenant, f);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products;
};

/**
 * A company with one product per count (plus one that is in none) and an archived product that
 * would be in every count. Everything is old unless it is the `new` one.
 */
async function seedCompany(tenant: Tenant) {
  const old = daysAgo(30);
  const supplier = await insertSupplier(db(), tenant.companyId);
  const edited = await insertProduct(db(), tenant.companyId, { createdAt: old, editedAt: daysAgo(1) });
  const plain = await insertProduct(db(), tenant.companyId, { createdAt: old });
  const fresh = await insertProduct(db(), tenant.companyId, { createdAt: daysAgo(NEW_PRODUCT_DAYS - 1) });
  const notFresh = await insertProduct(db(), tenant.companyId, { createdAt: daysAgo(NEW_PRODUCT_DAYS + 1) });
  const low = await insertProduct(db(), tenant.companyId, { createdAt: old, qtyInStock: '2', qtyRestockLevel: '2' });
  // Out of stock without a restock level is not low.
  const noLevel = await insertProduct(db(), tenant.companyId, { createdAt: old, qtyInStock: '0', qtyRestockLevel: '0' });
  const mapped = await insertProduct(db(), tenant.companyId, { createdAt: old });
  // Mapped counts a supplier product that is no longer offered too; an unmapped one maps nothing.
  await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: mapped.id, status: 'removed' });
  await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: null });
  const archived = await insertProduct(db(), tenant.companyId, {
    createdAt: daysAgo(1),
    editedAt: daysAgo(1),
    qtyInStock: '0',
    qtyRestockLevel: '5',
    archivedAt: daysAgo(1),
  });
  await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: archived.id });
  return { edited, plain, fresh, notFresh, low, noLevel, mapped, archived };
}

describe('GET /api/catalog/product-count/', () => {
  it('counts each of the five sets over the company’s active products only', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await seedCompany(me);
    // The other company has the same kinds of product, twice over: none of them may be counted.
    await seedCompany(other);
    await seedCompany(other);

    expect(await countOf(me, 'edited')).toBe(1);
    // All seven active products but the edited one.
    expect(await countOf(me, 'unedited')).toBe(6);
    expect(await countOf(me, 'mapped')).toBe(1);
    expect(await countOf(me, 'new')).toBe(1);
    expect(await countOf(me, 'low-in-stock')).toBe(1);
    expect(await countOf(other, 'edited')).toBe(2);
    expect(await countOf(other, 'unedited')).toBe(12);

    // Each count follows the rows: editing, mapping, stock and archiving move products in and out.
    await db().update(catalogProducts).set({ editedAt: new Date() }).where(eq(catalogProducts.id, mine.plain.id));
    await db().update(catalogProducts).set({ qtyInStock: '3' }).where(eq(catalogProducts.id, mine.low.id));
    await db().update(catalogProducts).set({ qtyRestockLevel: '1' }).where(eq(catalogProducts.id, mine.noLevel.id));
    await db()
      .update(catalogProducts)
      .set({ createdAt: daysAgo(NEW_PRODUCT_DAYS + 1) })
      .where(eq(catalogProducts.id, mine.fresh.id));
    await db().update(catalogProducts).set({ archivedAt: new Date() }).where(eq(catalogProducts.id, mine.mapped.id));
    expect(await countOf(me, 'edited')).toBe(2);
    expect(await countOf(me, 'unedited')).toBe(4);
    expect(await countOf(me, 'mapped')).toBe(0);
    expect(await countOf(me, 'new')).toBe(0);
    expect(await countOf(me, 'low-in-stock')).toBe(1);
  });

  it('answers zero for every set of an empty company, for Staff as for Admin', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    for (const f of PRODUCT_COUNT_FILTERS) {
      expect(await countOf(me, f)).toBe(0);
      expect(await countOf(staff, f)).toBe(0);
    }
  });

  it('answers 400 for a missing, unknown or extra parameter', async () => {
    const me = await createTenant(app);
    const missing = await as(app, me, { method: 'GET', url: '/api/catalog/product-count/' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['f']);
    const unknown = await count(me, 'archived');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['f']);
    expect((await count(me, '')).statusCode).toBe(400);
    const extra = await as(app, me, { method: 'GET', url: '/api/catalog/product-count/?f=new&company=1' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ company: ['Unknown field.'] });
  });

  it('answers 401 without a token', async () => {
    const res = await count(null, 'edited');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
