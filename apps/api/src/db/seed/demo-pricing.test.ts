import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MARGIN_BANDS, type MarginBand, type MarkupPage } from '@kontor/contract';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { priceProduct } from '../../modules/catalog/pricing.js';
import { catalogMarkups, catalogProducts, procurementProducts, productDescriptions } from '../schema/index.js';
import { DEMO_MARKUPS, DEMO_PRODUCT_COUNT } from './demo-shop.js';

let app: TestApp;
const db = () => app.deps.database.db;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The band of spec §9 a product's stored margin puts it in (MARGIN_BANDS: negative is margin < 0). */
function bandOf(margin: string | null, percent: string | null): MarginBand | null {
  if (margin === null) return null;
  if (Number(margin) < 0) return 'negative';
  if (percent === null) return null;
  const p = Number(percent);
  return MARGIN_BANDS.find((b) => b.value !== 'negative' && (b.from === null || p >= b.from) && (b.to === null || p < b.to))?.value ?? null;
}

describe('the demo catalog’s prices', () => {
  it('come from the seeded markups through the pricing engine, with overrides and sales, and fill every margin band', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const markups = await as(app, tenant, { method: 'GET', url: '/api/catalog/markups/' });
    expect(markups.statusCode).toBe(200);
    const page: MarkupPage = markups.json();
    expect(page.results.map((m) => m.name).sort()).toEqual(DEMO_MARKUPS.map((m) => m.name).sort());
    expect(page.results.filter((m) => m.is_default).map((m) => [m.name, m.percent])).toEqual([['Standard', 60]]);

    const rules = await db().select().from(catalogMarkups).where(eq(catalogMarkups.companyId, tenant.companyId));
    const products = await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, tenant.companyId));
    expect(products).toHaveLength(DEMO_PRODUCT_COUNT);
    const mappedIds = new Set(
      (
        await db().select({ id: procurementProducts.catalogProductId }).from(procurementProducts).where(eq(procurementProducts.companyId, tenant.companyId))
      ).map((r) => r.id),
    );
    // Stored figures are the engine's, to the cent.
    for (const p of products) {
      const engine = priceProduct(p, rules);
      expect([p.sku, p.priceCalculatedAutomatically, p.margin, p.marginPercent]).toEqual([p.sku, engine.auto, engine.margin, engine.marginPercent]);
      expect(p.priceCalculatedAutomatically).not.toBeNull();
      // The seed keeps updated_at at the creation time, unless the supplier import refreshed the cost;
      // edits and publishing came a day or two after the creation.
      if (!mappedIds.has(p.id)) expect(p.updatedAt).toEqual(p.createdAt);
      if (p.editedAt) expect(p.editedAt.getTime() - p.createdAt.getTime()).toBe(86_400_000);
    }

    // Copy: Swedish for most products (those count as edited), English machine translations for some.
    const copy = await db().select().from(productDescriptions).where(eq(productDescriptions.companyId, tenant.companyId));
    const swedish = new Set(copy.filter((d) => d.language === 'SV').map((d) => d.productId));
    expect(swedish.size).toBeGreaterThan(DEMO_PRODUCT_COUNT / 2);
    expect(swedish.size).toBeLessThan(DEMO_PRODUCT_COUNT);
    expect(new Set(products.filter((p) => p.editedAt).map((p) => p.id))).toEqual(swedish);
    const english = copy.filter((d) => d.language === 'EN');
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((d) => d.machineTranslation && swedish.has(d.productId))).toBe(true);
    const synced = products.filter((p) => p.syncedAt).length;
    expect(synced).toBeGreaterThan(DEMO_PRODUCT_COUNT / 2);
    expect(synced).toBeLessThan(DEMO_PRODUCT_COUNT);

    // About 5 % manual overrides, some below cost; about 8 % on sale, below the price.
    const overridden = products.filter((p) => p.priceManualOverride !== null);
    expect(overridden.length).toBeGreaterThanOrEqual(8);
    expect(overridden.length).toBeLessThanOrEqual(30);
    expect(overridden.some((p) => Number(p.margin) < 0)).toBe(true);
    const onSale = products.filter((p) => p.priceOnSale !== null);
    expect(onSale.length).toBeGreaterThanOrEqual(12);
    expect(onSale.length).toBeLessThanOrEqual(40);
    for (const p of onSale) expect(Number(p.priceOnSale)).toBeLessThan(Number(p.priceManualOverride ?? p.priceCalculatedAutomatically));
    // Bundles are priced by their own rule.
    expect(products.some((p) => p.productType === 'bundle')).toBe(true);

    const bands = new Map<MarginBand | null, number>();
    for (const p of products) bands.set(bandOf(p.margin, p.marginPercent), (bands.get(bandOf(p.margin, p.marginPercent)) ?? 0) + 1);
    expect(Object.fromEntries(MARGIN_BANDS.map((b) => [b.value, (bands.get(b.value) ?? 0) > 0]))).toEqual(
      Object.fromEntries(MARGIN_BANDS.map((b) => [b.value, true])),
    );
    expect(bands.get(null)).toBeUndefined();
  });
});
