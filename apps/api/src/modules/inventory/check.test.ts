import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { catalogProducts, inventoryLevels, inventoryLocations, inventoryTransactions, notifications } from '../../db/schema/index.js';
import { DEMO_PRODUCT_COUNT } from '../../db/seed/demo-shop.js';
import { createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { checkInventory, describeProblem } from './check.service.js';
import { location, product, stockIn } from './inventory.fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());
const db = () => app.deps.database.db;

describe('checkInventory (npm run db:check)', () => {
  it('passes on consistent data and names every kind of break', async () => {
    const tenant = await createTenant(app);
    const p = await product(app, tenant);
    const a = await location(app, tenant, { name: 'A' });
    await stockIn(app, tenant, p.id, a.id, 5);
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);

    // Someone edits a level behind the ledger's back.
    await db()
      .update(inventoryLevels)
      .set({ quantity: '7' })
      .where(and(eq(inventoryLevels.productId, p.id), eq(inventoryLevels.locationId, a.id)));
    const report = await checkInventory(db(), { companyId: tenant.companyId });
    expect(report.problems).toEqual([
      { kind: 'level_differs_from_ledger', companyId: tenant.companyId, productId: p.id, locationId: a.id, expected: '5.00', actual: '7.00' },
      { kind: 'qty_in_stock_differs', companyId: tenant.companyId, productId: p.id, locationId: null, expected: '7.00', actual: '5.00' },
    ]);
    expect(describeProblem(report.problems[0]!)).toBe(
      `company ${tenant.companyId} product ${p.id} location ${a.id}: level_differs_from_ledger, expected 5.00, found 7.00`,
    );
    // Without a company it checks all of them, this one included.
    expect((await checkInventory(db())).problems.length).toBeGreaterThanOrEqual(2);

    // A ledger row that points into another company.
    const other = await createTenant(app);
    const foreign = await location(app, other, { name: 'Foreign' });
    await db()
      .insert(inventoryTransactions)
      .values({ companyId: tenant.companyId, productId: p.id, locationId: foreign.id, inventoryAction: 'STOCK_IN', quantity: '1', delta: '1' });
    const kinds = (await checkInventory(db(), { companyId: tenant.companyId })).problems.map((x) => x.kind);
    expect(kinds).toContain('other_company_reference');
  });
});

describe('the demo shop', () => {
  it('seeds types, locations, 300 products and a ledger that db:check accepts', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const report = await checkInventory(db(), { companyId: tenant.companyId });
    expect(report.problems).toEqual([]);
    expect(report.products).toBe(DEMO_PRODUCT_COUNT);
    expect(report.transactions).toBeGreaterThan(DEMO_PRODUCT_COUNT);
    const locations = await db().select().from(inventoryLocations).where(eq(inventoryLocations.companyId, tenant.companyId));
    expect(locations).toHaveLength(6);
    expect(locations.filter((l) => l.notForStock).map((l) => l.abbreviationSlug)).toEqual(['RETUR']);
    expect(locations.filter((l) => l.stocktakingPerfomedAt)).toHaveLength(1);
    const ledger = await db().select().from(inventoryTransactions).where(eq(inventoryTransactions.companyId, tenant.companyId));
    const actions = new Set(ledger.map((r) => r.inventoryAction));
    expect([...actions].sort()).toEqual(['STOCK_IN', 'STOCK_OUT', 'STOCK_TAKING']);
    expect(new Set(ledger.filter((r) => r.moveId).map((r) => r.moveId)).size).toBe(2);
    const products = await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, tenant.companyId));
    expect(products.every((x) => /^KNT-1\d{4}$/.test(x.sku) && x.vat === '25.00' && x.packagingWeight !== null)).toBe(true);
    // Deterministic: a second demo company gets the same catalog and the same stock.
    const twin = await createTenant(app, {}, { demoData: true });
    const twinProducts = await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, twin.companyId));
    const shape = (rows: typeof products) => rows.map((r) => [r.sku, r.name, r.qtyInStock, r.procurementCost]).sort();
    expect(shape(twinProducts)).toEqual(shape(products));
    // The welcome notice is still there, next to the low-stock summary.
    const kinds = (await db().select().from(notifications).where(eq(notifications.receiverUserId, tenant.user.id))).map((n) => n.kind);
    expect(kinds).toContain('welcome');
  });

  it('is left out for lean tenants', async () => {
    const tenant = await createTenant(app);
    expect((await checkInventory(db(), { companyId: tenant.companyId })).products).toBe(0);
  });
});
