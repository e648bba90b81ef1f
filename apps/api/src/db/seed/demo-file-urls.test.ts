import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileUrlPage } from '@kontor/contract';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { DEMO_SUPPLIERS } from './demo-feeds.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('the demo file URLs', () => {
  it('gives a few demo products a manual and a data sheet on their supplier’s site, and each supplier a catalogue', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const res = await as(app, tenant, { method: 'GET', url: '/api/catalog/file_urls/?limit=100' });
    expect(res.statusCode).toBe(200);
    const page: FileUrlPage = res.json();
    expect(page.count).toBe(DEMO_SUPPLIERS.length * 7);

    const linked = page.results.filter((f) => f.product !== null);
    expect(linked).toHaveLength(DEMO_SUPPLIERS.length * 6);
    for (const link of linked) {
      const supplier = DEMO_SUPPLIERS.find((s) => link.url.startsWith(`${s.website}/files/`));
      expect(supplier, link.url).toBeDefined();
      expect(link.source_url).toMatch(new RegExp(`^${supplier!.website.replace(/\./g, '\\.')}/p/`));
      expect(link.product_sku).toMatch(/^KNT-\d+$/);
      expect(['User manual', 'Product data sheet']).toContain(link.title);
    }
    expect(page.results.filter((f) => f.removed_from_source)).toHaveLength(DEMO_SUPPLIERS.length);
    const catalogues = page.results.filter((f) => f.product === null);
    expect(catalogues.map((f) => f.title).sort()).toEqual(DEMO_SUPPLIERS.map((s) => `${s.name} catalogue 2026`).sort());
    // Each product's manual comes before its data sheet (priority 1, then 2).
    const ofFirst = (await as(app, tenant, { method: 'GET', url: `/api/catalog/file_urls/?product=${linked[0]!.product}` })).json() as FileUrlPage;
    expect(ofFirst.results.map((f) => f.title)).toEqual(['User manual', 'Product data sheet']);
  });
});
