import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CatalogCategoryResponse } from '@kontor/contract';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { loadTree, treeViolations } from '../../modules/catalog/category-tree.invariants.js';
import { catalogProductCategories, catalogProducts } from '../schema/index.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('the demo category tree', () => {
  it('is a consistent three-level tree with every demo product in a category', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const db = app.deps.database.db;
    expect(treeViolations(await loadTree(db, tenant.companyId))).toEqual([]);

    const page = (await as(app, tenant, { method: 'GET', url: '/api/catalog/categories/?limit=1000' })).json();
    const rows: CatalogCategoryResponse[] = page.results;
    expect(rows.filter((c) => c.level === 0).map((c) => c.title)).toEqual(['Trädgård', 'Friluftsliv', 'Hem']);
    expect(Math.max(...rows.map((c) => c.level))).toBe(2);
    expect(rows.find((c) => c.title === 'Sova ute')).toMatchObject({ level: 2, products_count: expect.any(Number) });
    // The procurement mappings still point at the top categories.
    expect(rows.filter((c) => c.level === 0).every((c) => c.procurement_category_ids.length > 0)).toBe(true);

    const products = await db.select({ id: catalogProducts.id }).from(catalogProducts).where(eq(catalogProducts.companyId, tenant.companyId));
    const links = await db.select().from(catalogProductCategories);
    const inCategory = new Set(links.filter((l) => rows.some((c) => c.id === l.categoryId)).map((l) => l.productId));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => inCategory.has(p.id))).toBe(true);
    expect(rows.filter((c) => c.products_count > 0).length).toBeGreaterThanOrEqual(10);
  });
});
