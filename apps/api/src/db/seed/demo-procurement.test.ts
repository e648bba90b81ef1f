import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  catalogProducts,
  globalSuppliers,
  procurementCategories,
  procurementCategoryMappings,
  procurementFeeds,
  procurementOrderItems,
  procurementOrders,
  procurementProducts,
  procurementSuppliers,
} from '../schema/index.js';
import { DEMO_SUPPLIERS } from './demo-feeds.js';

let app: TestApp;
const db = () => app.deps.database.db;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the demo procurement', () => {
  it('seeds three suppliers with feeds on the app itself, ~1,000 supplier products, mapped ones, categories and one open purchase order', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const companyId = tenant.companyId;
    const suppliers = await db().select().from(procurementSuppliers).where(eq(procurementSuppliers.companyId, companyId));
    expect(suppliers.map((s) => s.nameAbbrev).sort()).toEqual(['FJU', 'HEM', 'NTG']);
    const feeds = await db().select().from(procurementFeeds).where(eq(procurementFeeds.companyId, companyId));
    expect(feeds.map((f) => f.format).sort()).toEqual(['CSV', 'JSON', 'XML']);
    expect(feeds.every((f) => f.url.startsWith(`${app.deps.config.publicUrl}/api/demo-feeds/`))).toBe(true);
    // Each feed shows the seed as its first, successful import.
    for (const feed of feeds) {
      const job = await as(app, tenant, { method: 'GET', url: `/api/jobs/${feed.lastJobId}/` });
      expect(job.json()).toMatchObject({ kind: 'feed_import', status: 'succeeded', result: { created: expect.any(Number), error_count: 0 } });
    }

    const products = await db().select().from(procurementProducts).where(eq(procurementProducts.companyId, companyId));
    expect(products).toHaveLength(DEMO_SUPPLIERS.reduce((n, s) => n + s.rows, 0));
    expect(products.every((p) => p.costSek !== null && !p.stockDetails.startsWith('In stock: '))).toBe(true);
    // Costs are converted to SEK with the currency table: a EUR product costs more SEK than EUR.
    const fju = products.find((p) => p.sku.startsWith('FJU-'))!;
    expect(Number(fju.costSek)).toBeGreaterThan(Number(fju.cost) * 5);

    const mapped = products.filter((p) => p.catalogProductId !== null);
    expect(mapped).toHaveLength(DEMO_SUPPLIERS.reduce((n, s) => n + s.mapped, 0));
    const catalog = await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, companyId));
    const catalogIds = new Set(catalog.map((p) => p.id));
    expect(mapped.every((p) => catalogIds.has(p.catalogProductId!))).toBe(true);

    const categories = await db().select().from(procurementCategories).where(eq(procurementCategories.companyId, companyId));
    const byId = new Map(categories.map((c) => [c.id, c]));
    // Every child's path is its parent's path plus its own name.
    for (const c of categories.filter((x) => x.parentId !== null)) expect(c.path).toBe(`${byId.get(c.parentId!)!.path} > ${c.name}`);
    expect(products.every((p) => p.categoryId !== null)).toBe(true);
    // The suppliers' top categories land in the shop's own ones when products are added.
    const mappings = await db()
      .select()
      .from(procurementCategoryMappings)
      .where(
        inArray(
          procurementCategoryMappings.procurementCategoryId,
          categories.map((c) => c.id),
        ),
      );
    expect(mappings.length).toBe(categories.filter((c) => c.depth === 0).length);

    const orders = await db().select().from(procurementOrders).where(eq(procurementOrders.companyId, companyId));
    expect(orders).toEqual([expect.objectContaining({ internalOrderNumber: 'PO-000001', status: 'open' })]);
    const items = await db()
      .select()
      .from(procurementOrderItems)
      .where(and(eq(procurementOrderItems.orderId, orders[0]!.id), isNotNull(procurementOrderItems.procurementProductId)));
    expect(items).toHaveLength(3);

    expect((await db().select().from(globalSuppliers)).length).toBeGreaterThanOrEqual(6);
  });

  it('serves the demo feed files and pictures without a token', async () => {
    for (const supplier of DEMO_SUPPLIERS) {
      const res = await app.inject({ method: 'GET', url: `/api/demo-feeds/${supplier.file}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`${supplier.nameAbbrev}-5001`);
    }
    const csv = await app.inject({ method: 'GET', url: '/api/demo-feeds/nordisk-tradgard.csv' });
    expect(csv.body.trim().split('\n')).toHaveLength(DEMO_SUPPLIERS[0]!.rows + 1);
    const image = await app.inject({ method: 'GET', url: '/api/demo-feeds/images/NTG-5001.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject({ method: 'GET', url: '/api/demo-feeds/other.csv' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/demo-feeds/images/..%2Fsecret.svg' })).statusCode).toBe(404);
  });

  it('is what a real import of the demo files gives: running each demo feed against the app itself changes nothing', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    app.deps.config.publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const tenant = await createTenant(app, {}, { demoData: true });
    const feeds = await db().select().from(procurementFeeds).where(eq(procurementFeeds.companyId, tenant.companyId));
    for (const feed of feeds) {
      const run = await as(app, tenant, { method: 'POST', url: `/api/procurement/feeds/${feed.id}/run/` });
      expect(run.statusCode).toBe(202);
      let job = run.json();
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (await as(app, tenant, { method: 'GET', url: `/api/jobs/${job.id}/` })).json();
      }
      const rows = DEMO_SUPPLIERS.find((s) => feed.url.endsWith(s.file))!.rows;
      expect(job).toMatchObject({ status: 'succeeded', result: { rows_total: rows, created: 0, updated: 0, unchanged: rows, removed: 0, error_count: 0 } });
    }
  });
});
