import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { MarkupBody, ProductResponse } from '@kontor/contract';
import { catalogMarkups, catalogProducts, currencies, procurementProducts } from '../../db/schema/index.js';
import { random } from '../../db/seed/demo-shop.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { importFeedFromStream } from '../procurement/feed-import/import.js';
import { insertFeed, insertProcurementProduct, insertSupplier } from '../procurement/procurement.factories.js';
import { insertProduct } from './catalog.factories.js';
import { priceDetails, priceProduct, toSek, type MarkupRule } from './pricing.js';
import { repriceProducts } from './pricing.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const getProduct = async (tenant: Tenant, id: number): Promise<ProductResponse> => {
  const res = await as(app, tenant, { method: 'GET', url: `/api/catalog/products/${id}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const postMarkup = async (tenant: Tenant, body: MarkupBody) => {
  const res = await as(app, tenant, { method: 'POST', url: '/api/catalog/markups/', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const rulesOf = async (companyId: number): Promise<MarkupRule[]> => db().select().from(catalogMarkups).where(eq(catalogMarkups.companyId, companyId));
const rowOf = async (id: number) => (await db().select().from(catalogProducts).where(eq(catalogProducts.id, id)))[0]!;
const asNumber = (v: string | null) => (v === null ? null : Number(v));

/** The rules of pricing.test.ts: cheap < 100 at 120 %, bundles 50 %, expensive >= 1000 at 35 %, default 60 %. */
async function postWorkedRules(tenant: Tenant) {
  await postMarkup(tenant, { name: 'Standard', percent: 60, is_default: true });
  await postMarkup(tenant, { name: 'Cheap', percent: 120, cost_to: 100, priority: 10 });
  await postMarkup(tenant, { name: 'Bundles', percent: 50, product_type: 'bundle', priority: 5 });
  await postMarkup(tenant, { name: 'Expensive', percent: '35', cost_from: '1000', priority: 10 });
}

describe('repriceProducts', () => {
  it('stores the worked examples of pricing.test.ts, and the API answers the engine’s figures', async () => {
    const me = await createTenant(app);
    await postWorkedRules(me);
    const costs = (procurementCost: string | null, costShipping = '0', costPackagingLabour = '0', costPackagingMaterial = '0') => ({
      procurementCost,
      costShipping,
      costPackagingLabour,
      costPackagingMaterial,
    });
    // case, product columns -> total, auto, price, margin, percent (worked out in pricing.test.ts)
    const cases = [
      ['plain product', { ...costs('200', '29', '10', '5') }, 244, 488, 488, 146.4, 37.5],
      ['override below cost', { ...costs('200', '29', '10', '5'), priceManualOverride: '199' }, 244, 488, 199, -84.8, -53.27],
      ['zero cost', costs('0'), 0, 0, 0, 0, null],
      ['unknown purchase price', costs(null, '29', '10', '5'), 44, null, null, null, null],
      ['just below cost_to', costs('84.99', '15'), 99.99, 275, 275, 120.01, 54.55],
      ['exactly at cost_to', costs('85', '15'), 100, 200, 200, 60, 37.5],
      ['at cost_from, half up', costs('1000'), 1000, 1688, 1688, 350.4, 25.95],
      ['bundle rule', { ...costs('40', '10'), productType: 'bundle' as const }, 50, 94, 94, 25.2, 33.51],
      ['VAT 12 %', { ...costs('200', '29', '10', '5'), vat: '12' }, 244, 437, 437, 146.18, 37.46],
      ['VAT 0 %', { ...costs('200', '29', '10', '5'), vat: '0' }, 244, 390, 390, 146, 37.44],
      ['override 0', { ...costs('200', '29', '10', '5'), priceManualOverride: '0' }, 244, 488, 0, -244, null],
      ['percent floor', { ...costs('999999'), priceManualOverride: '0.01' }, 999999, 1687498, 0.01, -999998.99, -9999999],
    ] as const;
    const inserted = [];
    for (const [, columns] of cases) inserted.push(await insertProduct(db(), me.companyId, { ...columns, priceOnSale: '99.00' }));
    expect(await repriceProducts(db(), me.companyId)).toBe(cases.length - 1); // the unknown purchase price stays all null

    const rules = await rulesOf(me.companyId);
    for (const [index, [name, , total, auto, price, margin, percent]] of cases.entries()) {
      const body = await getProduct(me, inserted[index]!.id);
      expect({
        name,
        total: body.total_cost,
        auto: body.price_calculated_automatically,
        price: body.price,
        margin: body.margin,
        percent: body.margin_percent,
      }).toEqual({
        name,
        total,
        auto,
        price,
        margin,
        percent,
      });
      const row = await rowOf(body.id);
      const engine = priceProduct(row, rules);
      expect([row.priceCalculatedAutomatically, row.margin, row.marginPercent]).toEqual([engine.auto, engine.margin, engine.marginPercent]);
      const details = priceDetails(row);
      expect(body.price_details).toEqual({
        sale: { incl: 99, excl: asNumber(details.sale.excl), margin: asNumber(details.sale.margin) },
        manual: { incl: asNumber(details.manual.incl), excl: asNumber(details.manual.excl), margin: asNumber(details.manual.margin) },
        auto: { incl: auto, excl: asNumber(details.auto.excl), margin: asNumber(details.auto.margin) },
      });
    }
  });

  it('agrees with the engine to the cent on random products and rule sets', async () => {
    const me = await createTenant(app);
    const rng = random(5150);
    const types = ['simple', 'variable', 'variation', 'bundle'] as const;
    const money = (maxCents: number) => (rng.int(0, maxCents) / 100).toFixed(2);
    const bounds = ['0.00', '10.00', '99.99', '100.00', '250.50', '1000.00', '5000.00'];

    const products = Array.from({ length: 240 }, (_, i) => {
      const shipping = money(9_900);
      const labour = money(2_000);
      const material = money(2_000);
      // Every other product's total cost sits exactly on a band bound when it can.
      const bound = Number(rng.pick(bounds));
      const onBound = (bound * 100 - Math.round(Number(shipping) * 100) - Math.round(Number(labour) * 100) - Math.round(Number(material) * 100)) / 100;
      const procurement = rng.next() < 0.1 ? null : i % 2 === 0 && onBound >= 0 ? onBound.toFixed(2) : money(rng.pick([10_000, 200_000, 5_000_000]));
      const override = rng.next() < 0.25 ? rng.pick(['0.00', '0.01', '1.00', money(300_000)]) : null;
      return {
        companyId: me.companyId,
        sku: `RND-${i}`,
        name: `Random ${i}`,
        productType: rng.pick(types),
        procurementCost: procurement,
        costShipping: shipping,
        costPackagingLabour: labour,
        costPackagingMaterial: material,
        vat: rng.pick(['0', '6', '12', '12.5', '25', '7.77', '100']),
        priceManualOverride: override,
      };
    });
    await db().insert(catalogProducts).values(products);

    // Few priorities and bounds shared with the products' totals, so ties and band edges decide often.
    for (let round = 0; round < 16; round += 1) {
      await db().delete(catalogMarkups).where(eq(catalogMarkups.companyId, me.companyId));
      const count = rng.int(1, 7);
      const hasDefault = rng.next() < 0.7;
      const rules = Array.from({ length: count + (hasDefault ? 1 : 0) }, (_, i) => {
        const from = rng.next() < 0.4 ? null : rng.pick(bounds);
        const higher = bounds.filter((b) => from === null || Number(b) > Number(from));
        const to = rng.next() < 0.4 || higher.length === 0 ? null : rng.pick(higher);
        return {
          companyId: me.companyId,
          name: `Rule ${round}-${i}`,
          // A different markup per rule, so picking the wrong rule shows in the price.
          percent: i === 0 && rng.next() < 0.2 ? '-100.00' : `${10 + i * 17}.${String(rng.int(0, 99)).padStart(2, '0')}`,
          costFrom: from,
          costTo: to,
          productType: rng.next() < 0.7 ? null : rng.pick(types),
          priority: rng.pick([5, 10]),
          isDefault: hasDefault && i === count,
        };
      });
      if (rules.length) await db().insert(catalogMarkups).values(rules);
      await repriceProducts(db(), me.companyId);

      const stored = await db().select().from(catalogProducts).where(eq(catalogProducts.companyId, me.companyId));
      const storedRules = await rulesOf(me.companyId);
      const mismatches = stored
        .map((row) => ({ row, engine: priceProduct(row, storedRules) }))
        .filter(
          ({ row, engine }) => row.priceCalculatedAutomatically !== engine.auto || row.margin !== engine.margin || row.marginPercent !== engine.marginPercent,
        )
        .map(({ row, engine }) => ({ sku: row.sku, stored: [row.priceCalculatedAutomatically, row.margin, row.marginPercent], engine }));
      expect(mismatches, `round ${round}`).toEqual([]);
    }
  });

  it('writes only rows whose figures change, bumps updated_at only for them, and stays in the company (and the ids) asked for', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const old = new Date('2024-01-01T00:00:00Z');
    await db().insert(catalogMarkups).values({ companyId: me.companyId, name: 'Default', percent: '100', isDefault: true });
    const a = await insertProduct(db(), me.companyId, { procurementCost: '100.00', updatedAt: old });
    const b = await insertProduct(db(), me.companyId, { procurementCost: '50.00', updatedAt: old });
    const theirs = await insertProduct(db(), other.companyId, { procurementCost: '100.00', priceCalculatedAutomatically: '1.00', updatedAt: old });

    expect(await repriceProducts(db(), me.companyId)).toBe(2);
    // 100 x 2 x 1.25 = 250; 50 x 2 x 1.25 = 125.
    expect((await rowOf(a.id)).priceCalculatedAutomatically).toBe('250.00');
    expect((await rowOf(b.id)).priceCalculatedAutomatically).toBe('125.00');
    const stamped = (await rowOf(a.id)).updatedAt;
    expect(stamped.getTime()).toBeGreaterThan(old.getTime());
    expect(await rowOf(theirs.id)).toMatchObject({ priceCalculatedAutomatically: '1.00', margin: null, updatedAt: old });

    // Nothing changed: nothing written.
    expect(await repriceProducts(db(), me.companyId)).toBe(0);
    expect((await rowOf(a.id)).updatedAt).toEqual(stamped);

    // Only the ids asked for.
    await db().update(catalogMarkups).set({ percent: '0' }).where(eq(catalogMarkups.companyId, me.companyId));
    expect(await repriceProducts(db(), me.companyId, [b.id, theirs.id])).toBe(1);
    expect((await rowOf(a.id)).priceCalculatedAutomatically).toBe('250.00');
    expect((await rowOf(b.id)).priceCalculatedAutomatically).toBe('63.00'); // 50 x 1 x 1.25 = 62.5 -> 63
    expect((await rowOf(theirs.id)).priceCalculatedAutomatically).toBe('1.00');
    expect(await repriceProducts(db(), me.companyId, [])).toBe(0);
  });
});

describe('the write paths reprice in their own transaction', () => {
  it('POST prices a new product and marks it edited; PUT reprices changed inputs and marks the rows edited', async () => {
    const me = await createTenant(app);
    await postWorkedRules(me);
    const created = await as(app, me, {
      method: 'POST',
      url: '/api/catalog/products/',
      payload: { sku: 'PRICE-NEW', name: 'New', price_manual_override: 100 },
    });
    expect(created.statusCode, created.body).toBe(201);
    // No purchase price yet: no auto price; the override 100 / 1.25 = 80 is all margin.
    expect(created.json()).toMatchObject({ price_calculated_automatically: null, price: 100, total_cost: 0, margin: 80, margin_percent: 100 });
    expect(created.json().edited_at).toEqual(expect.any(String));

    const product = await insertProduct(db(), me.companyId, { procurementCost: '200.00' });
    expect(product.editedAt).toBeNull();
    const put = await as(app, me, {
      method: 'PUT',
      url: '/api/catalog/products/',
      payload: { products: [{ id: product.id, cost_shipping: 29, cost_packaging_labour: 10, cost_packaging_material: '5' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    // 244 x 1.60 x 1.25 = 488, margin 146.40, 37.50 %
    expect(put.json().products[0]).toMatchObject({ total_cost: 244, price_calculated_automatically: 488, price: 488, margin: 146.4, margin_percent: 37.5 });
    expect(put.json().products[0].edited_at).toEqual(expect.any(String));
    // VAT and type are inputs too: a bundle at 12 % is 244 x 1.50 x 1.12 = 409.92 -> 410.
    const retyped = await as(app, me, {
      method: 'PUT',
      url: '/api/catalog/products/',
      payload: { products: [{ id: product.id, vat: 12, product_type: 'bundle' }] },
    });
    expect(retyped.json().products[0]).toMatchObject({ price_calculated_automatically: 410, price: 410 });
    expect(await getProduct(me, product.id)).toMatchObject({ price_calculated_automatically: 410, margin: 122.07, margin_percent: 33.35 });
  });

  it('add to catalog prices the new products from the supplier cost and leaves them unedited', async () => {
    const me = await createTenant(app);
    await postWorkedRules(me);
    const supplier = await insertSupplier(db(), me.companyId);
    const offer = await insertProcurementProduct(db(), me.companyId, supplier.id, { sku: 'PRICED-1', costSek: '244.00' });
    const res = await as(app, me, { method: 'POST', url: '/api/procurement/products/add-to-catalog/', payload: { ids: [offer.id] } });
    expect(res.statusCode, res.body).toBe(201);
    const body = await getProduct(me, res.json().created[0].id);
    expect(body).toMatchObject({ procurement_cost: 244, price_calculated_automatically: 488, margin: 146.4, margin_percent: 37.5, edited_at: null });
  });

  it('a feed import converts the supplier cost to SEK and reprices the mapped products whose cost changed', async () => {
    const me = await createTenant(app);
    await postWorkedRules(me);
    const [eur] = await db().select().from(currencies).where(eq(currencies.code, 'EUR'));
    const supplier = await insertSupplier(db(), me.companyId);
    const feed = await insertFeed(db(), me.companyId, supplier.id, { columnMapping: { sku: 'sku', name: 'name', cost: 'price' }, currencyId: eur!.id });
    await importFeedFromStream(db(), feed, 'sku,name,price\nE1,Spade,19.99\nE2,Rake,5\n');
    const catalog = await insertProduct(db(), me.companyId, { costShipping: '29.00', costPackagingLabour: '10.00', costPackagingMaterial: '5.00' });
    const untouched = await insertProduct(db(), me.companyId, { procurementCost: '10.00', priceCalculatedAutomatically: '1.00' });
    await db()
      .update(procurementProducts)
      .set({ catalogProductId: catalog.id })
      .where(inArray(procurementProducts.sku, ['E1']));

    await importFeedFromStream(db(), feed, 'sku,name,price\nE1,Spade,19.99\nE2,Rake,5\n');
    const sek = toSek('19.99', eur!.rateToSek)!;
    const row = await rowOf(catalog.id);
    expect(row.procurementCost).toBe(sek);
    expect([row.priceCalculatedAutomatically, row.margin, row.marginPercent]).toEqual(
      (({ auto, margin, marginPercent }) => [auto, margin, marginPercent])(priceProduct(row, await rulesOf(me.companyId))),
    );
    // At the seeded 11 SEK per EUR: 219.89 + 44 = 263.89 x 1.60 x 1.25 = 527.78 -> 528.
    if (eur!.rateToSek === '11.000000') expect(row.priceCalculatedAutomatically).toBe('528.00');
    // Not mapped to the feed: not repriced, even though its stored price is stale.
    expect((await rowOf(untouched.id)).priceCalculatedAutomatically).toBe('1.00');
    const ordered = await db().select().from(procurementProducts).where(eq(procurementProducts.supplierId, supplier.id)).orderBy(asc(procurementProducts.sku));
    expect(ordered.map((p) => p.catalogProductId)).toEqual([catalog.id, null]);
  });
});
