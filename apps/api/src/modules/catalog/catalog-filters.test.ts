import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '@kontor/contract';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProcurementProduct, insertSupplier } from '../procurement/procurement.factories.js';
import { insertProduct } from './catalog.factories.js';

/**
 * The spec §9 catalog filters over one company whose products cover every side of every filter.
 * Margins are written straight into the stored columns (the pricing service keeps them in real
 * life), so these tests depend only on what the filters read.
 */
let app: TestApp;
let me: Tenant;
let other: Tenant;
const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });

const yesterday = new Date(Date.now() - 86_400_000);
const pricedAt = (marginPercent: string, margin: string) => ({ priceCalculatedAutomatically: '100.00', marginPercent, margin });

/** Name -> product id, in creation (id) order. */
const p: Record<string, number> = {};
let all: string[] = [];
let supplierA: number;
let supplierB: number;
let theirSupplier: number;
let archivedId: number;
let theirProductId: number;

beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
  const make = async (name: string, fields: Parameters<typeof insertProduct>[2]) => {
    p[name] = (await insertProduct(db(), me.companyId, { sku: `F-${name}`, ...fields })).id;
  };
  await make('neg', { ...pricedAt('-8.00', '-10.00'), syncedAt: yesterday, productType: 'bundle', createdAt: new Date('2024-01-05T00:00:00Z') });
  // Priced 0 with a cost: no percent, but the margin is negative.
  await make('zeroPrice', {
    priceManualOverride: '0',
    margin: '-40.00',
    marginPercent: null,
    editedAt: yesterday,
    createdAt: new Date('2024-02-05T00:00:00Z'),
  });
  await make('band0', { ...pricedAt('0', '0'), qtyInStock: '1', qtyRestockLevel: '5', createdAt: new Date('2024-03-05T00:00:00Z') });
  await make('band9', { ...pricedAt('9.99', '5.00'), priceManualOverride: '60.00', updatedAt: new Date('2024-04-01T00:00:00Z') });
  await make('band10', { ...pricedAt('10.00', '8.00'), editedAt: yesterday, productType: 'bundle', updatedAt: new Date('2024-05-01T00:00:00Z') });
  await make('band24', { ...pricedAt('24.99', '20.00'), productType: 'variable' });
  await make('band25', { ...pricedAt('25.00', '30.00'), syncedAt: yesterday });
  await make('band50', { ...pricedAt('50.00', '60.00'), name: 'Brass lamp' });
  await make('band74', { ...pricedAt('74.99', '80.00') });
  await make('band75', { ...pricedAt('75.00', '90.00') });
  await make('band100', { ...pricedAt('100.00', '100.00'), priceManualOverride: '200.00' });
  await make('unpriced', { margin: null, marginPercent: null });
  all = Object.keys(p);

  supplierA = (await insertSupplier(db(), me.companyId)).id;
  supplierB = (await insertSupplier(db(), me.companyId)).id;
  theirSupplier = (await insertSupplier(db(), other.companyId)).id;
  // band0: an offered supplier product of A. band10: only a removed one of B.
  // band25: a removed one of A and an offered one of B. A's unmapped product maps nothing.
  await insertProcurementProduct(db(), me.companyId, supplierA, { catalogProductId: p.band0, status: 'active' });
  await insertProcurementProduct(db(), me.companyId, supplierB, { catalogProductId: p.band10, status: 'removed' });
  await insertProcurementProduct(db(), me.companyId, supplierA, { catalogProductId: p.band25, status: 'removed' });
  await insertProcurementProduct(db(), me.companyId, supplierB, { catalogProductId: p.band25, status: 'active' });
  await insertProcurementProduct(db(), me.companyId, supplierA, { catalogProductId: null, status: 'active' });

  // Matches every Yes side, but is archived: listed only when archived products are asked for.
  const everything = {
    ...pricedAt('-5.00', '-5.00'),
    priceManualOverride: '10.00',
    syncedAt: yesterday,
    editedAt: yesterday,
    qtyInStock: '0',
    qtyRestockLevel: '3',
  };
  archivedId = (await insertProduct(db(), me.companyId, { ...everything, sku: 'F-archived', archivedAt: yesterday })).id;
  await insertProcurementProduct(db(), me.companyId, supplierA, { catalogProductId: archivedId, status: 'active' });
  // Another company's product matches every Yes side too, and must never show.
  theirProductId = (await insertProduct(db(), other.companyId, { ...everything, sku: 'F-theirs' })).id;
  await insertProcurementProduct(db(), other.companyId, theirSupplier, { catalogProductId: theirProductId, status: 'active' });
});
afterAll(async () => app?.close());

const idsOf = (body: { results: ProductResponse[] }) => body.results.map((r) => r.id);
const nameOf = (id: number) => Object.keys(p).find((name) => p[name] === id) ?? (id === archivedId ? 'archived' : `unknown ${id}`);

/** The names the list answers for a query, in id order. */
async function list(query: string, tenant: Tenant = me): Promise<string[]> {
  const res = await get(tenant, `/api/catalog/products/?ordering=id&limit=1000&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.count).toBe(body.results.length);
  return idsOf(body).map(nameOf);
}

const except = (...names: string[]) => all.filter((name) => !names.includes(name));

/** Yes lists exactly `yes`; No lists every other product, so the two sides partition the catalog. */
async function expectYesNo(filter: string, yes: string[]) {
  expect(await list(`${filter}=Yes`)).toEqual(yes);
  expect(await list(`${filter}=true`)).toEqual(yes);
  expect(await list(`${filter}=No`)).toEqual(except(...yes));
  expect(await list(`${filter}=false`)).toEqual(except(...yes));
}

describe('GET /api/catalog/products/ spec §9 filters', () => {
  it('lists the whole fixture without filters, never the archived or another company’s product', async () => {
    expect(await list('')).toEqual(all);
    expect(idsOf((await get(other, '/api/catalog/products/?limit=1000')).json())).toEqual([theirProductId]);
  });

  it('margin_band: each band is [from, to) on margin_percent; negative is margin < 0; unpriced is in none', async () => {
    expect(await list('margin_band=negative')).toEqual(['neg', 'zeroPrice']);
    expect(await list('margin_band=0-9')).toEqual(['band0', 'band9']);
    expect(await list('margin_band=10-24')).toEqual(['band10', 'band24']);
    expect(await list('margin_band=25-49')).toEqual(['band25']);
    expect(await list('margin_band=50-74')).toEqual(['band50', 'band74']);
    expect(await list('margin_band=75-100')).toEqual(['band75', 'band100']);
    const banded = (await Promise.all(['negative', '0-9', '10-24', '25-49', '50-74', '75-100'].map((b) => list(`margin_band=${b}`)))).flat();
    expect(banded.sort()).toEqual(except('unpriced').sort());
  });

  it('margin_band: a margin just below 0 whose percent rounds to 0.00 is in the negative band only', async () => {
    const shop = await createTenant(app);
    const id = (await insertProduct(db(), shop.companyId, { sku: 'F-edge', ...pricedAt('0.00', '-0.01') })).id;
    const bandsOf = async () => {
      const found: string[] = [];
      for (const band of ['negative', '0-9', '10-24']) {
        const res = await get(shop, `/api/catalog/products/?margin_band=${band}`);
        if (idsOf(res.json()).includes(id)) found.push(band);
      }
      return found;
    };
    expect(await bandsOf()).toEqual(['negative']);
  });

  it('negative_margin: Yes is margin < 0; No is everything else, unpriced products included', async () => {
    await expectYesNo('negative_margin', ['neg', 'zeroPrice']);
    expect(await list('negative_margin=No')).toContain('unpriced');
  });

  it('synced_to_ecommerce: synced_at set or not', async () => {
    await expectYesNo('synced_to_ecommerce', ['neg', 'band25']);
  });

  it('has_procurement_products: a mapped supplier product that is still offered', async () => {
    await expectYesNo('has_procurement_products', ['band0', 'band25']);
  });

  it('mapped_to_procurement: mapped to any supplier product, offered or removed', async () => {
    await expectYesNo('mapped_to_procurement', ['band0', 'band10', 'band25']);
  });

  it('price_override: a manual price is set (0 counts as set)', async () => {
    await expectYesNo('price_override', ['zeroPrice', 'band9', 'band100']);
  });

  it('edited: edited_at set or not', async () => {
    await expectYesNo('edited', ['zeroPrice', 'band10']);
  });

  it('low_stock: at or below a restock level that is set', async () => {
    await expectYesNo('low_stock', ['band0']);
  });

  it('supplier: products mapped to that supplier’s products, whatever their status', async () => {
    expect(await list(`supplier=${supplierA}`)).toEqual(['band0', 'band25']);
    expect(await list(`supplier=${supplierB}`)).toEqual(['band10', 'band25']);
    // Another company's supplier, and a supplier that does not exist, match nothing.
    expect(await list(`supplier=${theirSupplier}`)).toEqual([]);
    expect(await list('supplier=2147483647')).toEqual([]);
    expect(await list(`supplier=${supplierA}`, other)).toEqual([]);
    expect(idsOf((await get(other, `/api/catalog/products/?supplier=${theirSupplier}`)).json())).toEqual([theirProductId]);
  });

  it('archived products are found by the filters only with archived=Yes', async () => {
    for (const filter of ['negative_margin=Yes', 'margin_band=negative', 'edited=Yes', 'synced_to_ecommerce=Yes', 'price_override=Yes', 'low_stock=Yes']) {
      expect(await list(`${filter}&archived=Yes`)).toEqual(['archived']);
    }
    expect(await list(`supplier=${supplierA}&has_procurement_products=Yes&archived=Yes`)).toEqual(['archived']);
    expect(await list(`supplier=${supplierA}&archived=No`)).toEqual(['band0', 'band25']);
  });

  it('combines filters with AND, also with search, product_type and the date ranges', async () => {
    expect(await list('margin_band=25-49&has_procurement_products=Yes&synced_to_ecommerce=Yes')).toEqual(['band25']);
    expect(await list('margin_band=25-49&synced_to_ecommerce=No')).toEqual([]);
    expect(await list(`supplier=${supplierB}&has_procurement_products=No`)).toEqual(['band10']);
    expect(await list('product_type=bundle')).toEqual(['neg', 'band10']);
    expect(await list('product_type=bundle&edited=Yes')).toEqual(['band10']);
    expect(await list('product_type__in=variable,bundle&negative_margin=No')).toEqual(['band10', 'band24']);
    expect(await list('search=brass')).toEqual(['band50']);
    expect(await list('search=F-band7')).toEqual(['band74', 'band75']);
    expect(await list('search=F-band7&margin_band=75-100')).toEqual(['band75']);
    expect(await list('created_at__lte=2024-03-05T00:00:00Z')).toEqual(['neg', 'zeroPrice', 'band0']);
    expect(await list('created_at__gte=2024-02-01&created_at__lte=2024-03-01')).toEqual(['zeroPrice']);
    expect(await list('created_at__gte=2024-02-01&created_at__lte=2024-03-31&negative_margin=No')).toEqual(['band0']);
    expect(await list('updated_at__lte=2024-06-01')).toEqual(['band9', 'band10']);
    expect(await list('updated_at__gte=2024-04-15&updated_at__lte=2024-06-01')).toEqual(['band10']);
  });

  it('orders by margin_percent and margin (no value last either way, ties newest first)', async () => {
    const order = async (ordering: string) => idsOf((await get(me, `/api/catalog/products/?limit=1000&ordering=${ordering}`)).json()).map(nameOf);
    const byPercent = ['neg', 'band0', 'band9', 'band10', 'band24', 'band25', 'band50', 'band74', 'band75', 'band100'];
    expect(await order('margin_percent')).toEqual([...byPercent, 'unpriced', 'zeroPrice']);
    expect(await order('-margin_percent')).toEqual([...[...byPercent].reverse(), 'unpriced', 'zeroPrice']);
    const byMargin = ['zeroPrice', 'neg', 'band0', 'band9', 'band10', 'band24', 'band25', 'band50', 'band74', 'band75', 'band100'];
    expect(await order('margin')).toEqual([...byMargin, 'unpriced']);
    expect(await order('-margin')).toEqual([...[...byMargin].reverse(), 'unpriced']);
  });

  it('answers the same list to a Staff user of the company', async () => {
    const staff = await createStaffUser(app, me);
    expect(await list('margin_band=0-9', staff)).toEqual(['band0', 'band9']);
  });

  it('answers 400 with a DRF body for bad values, naming each bad filter', async () => {
    const cases: [string, string][] = [
      ['margin_band=abc', 'margin_band'],
      ['margin_band=0-10', 'margin_band'],
      ['supplier=x', 'supplier'],
      ['supplier=0', 'supplier'],
      ['supplier=99999999999', 'supplier'],
      ['has_procurement_products=maybe', 'has_procurement_products'],
      ['mapped_to_procurement=1', 'mapped_to_procurement'],
      ['price_override=y', 'price_override'],
      ['negative_margin=nope', 'negative_margin'],
      ['edited=maybe', 'edited'],
      ['margin=1', 'margin'],
      ['margin_percent__gte=10', 'margin_percent__gte'],
    ];
    for (const [query, key] of cases) {
      const res = await get(me, `/api/catalog/products/?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(Object.keys(body), query).toEqual([key]);
      expect(body[key], query).toEqual([expect.any(String)]);
    }
    const two = await get(me, '/api/catalog/products/?margin_band=abc&edited=maybe');
    expect(Object.keys(two.json()).sort()).toEqual(['edited', 'margin_band']);
  });

  it('answers 401 without a token', async () => {
    const res = await get(null, '/api/catalog/products/?margin_band=0-9');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
