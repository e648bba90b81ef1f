import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockValueByLocationResponse } from '@kontor/contract';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { insertLevel, insertLocation, insertProduct } from '../catalog/catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const url = '/api/catalog/stock-value-by-location/';

describe('GET /api/catalog/stock-value-by-location/', () => {
  it('sums quantity and quantity x procurement cost per location that is not obsolete, highest value first', async () => {
    const me = await createTenant(app);
    const main = await insertLocation(db(), me.companyId, { name: 'Main warehouse', abbreviationSlug: 'MW' });
    const shop = await insertLocation(db(), me.companyId, { name: 'Shop floor', abbreviationSlug: 'SF' });
    const returns = await insertLocation(db(), me.companyId, { name: 'Returns', abbreviationSlug: 'RT', notForStock: true });
    const empty = await insertLocation(db(), me.companyId, { name: 'Annex', abbreviationSlug: 'AX' });
    const old = await insertLocation(db(), me.companyId, { name: 'Old barn', abbreviationSlug: 'OB', obsolete: true });
    const mug = await insertProduct(db(), me.companyId, { procurementCost: '40.25' });
    const lamp = await insertProduct(db(), me.companyId, { procurementCost: '199.90' });
    const noCost = await insertProduct(db(), me.companyId, { procurementCost: null });
    await insertLevel(db(), me.companyId, mug.id, main.id, '10');
    await insertLevel(db(), me.companyId, lamp.id, main.id, '2.5');
    await insertLevel(db(), me.companyId, noCost.id, main.id, '7');
    await insertLevel(db(), me.companyId, mug.id, shop.id, '3');
    await insertLevel(db(), me.companyId, lamp.id, returns.id, '1');
    await insertLevel(db(), me.companyId, mug.id, old.id, '100');

    const res = await as(app, me, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body: StockValueByLocationResponse = res.json();
    expect(body.results).toEqual([
      // 10 x 40.25 + 2.5 x 199.90 (+ 7 without a cost) = 402.50 + 499.75
      { location_id: main.id, abbreviation_slug: 'MW', name: 'Main warehouse', quantity: 19.5, value: 902.25 },
      { location_id: returns.id, abbreviation_slug: 'RT', name: 'Returns', quantity: 1, value: 199.9 },
      { location_id: shop.id, abbreviation_slug: 'SF', name: 'Shop floor', quantity: 3, value: 120.75 },
      { location_id: empty.id, abbreviation_slug: 'AX', name: 'Annex', quantity: 0, value: 0 },
    ]);
  });

  it('rounds the value to the öre half away from zero, as PostgreSQL does, not through a float', async () => {
    const me = await createTenant(app);
    const shelf = await insertLocation(db(), me.companyId, { name: 'Shelf', abbreviationSlug: 'SH' });
    // 0.5 x 2.01 = 1.005 exactly: 1.01 in öre; 1.005 x 100 in floating point is 100.49999...
    const screw = await insertProduct(db(), me.companyId, { procurementCost: '2.01' });
    await insertLevel(db(), me.companyId, screw.id, shelf.id, '0.5');

    const res = await as(app, me, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([{ location_id: shelf.id, abbreviation_slug: 'SH', name: 'Shelf', quantity: 0.5, value: 1.01 }]);
  });

  it("never counts another company's locations or stock", async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertLocation(db(), me.companyId, { name: 'Mine' });
    const theirs = await insertLocation(db(), other.companyId, { name: 'Theirs' });
    const myProduct = await insertProduct(db(), me.companyId, { procurementCost: '5' });
    const theirProduct = await insertProduct(db(), other.companyId, { procurementCost: '1000' });
    await insertLevel(db(), me.companyId, myProduct.id, mine.id, '2');
    await insertLevel(db(), other.companyId, theirProduct.id, theirs.id, '50');

    const res = await as(app, me, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([{ location_id: mine.id, abbreviation_slug: mine.abbreviationSlug, name: 'Mine', quantity: 2, value: 10 }]);
    expect((await as(app, other, { method: 'GET', url })).json().results).toEqual([
      { location_id: theirs.id, abbreviation_slug: theirs.abbreviationSlug, name: 'Theirs', quantity: 50, value: 50000 },
    ]);
  });

  it('answers an empty list for a company without locations', async () => {
    const me = await createTenant(app);
    const res = await as(app, me, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [] });
  });

  it('answers 400 for a query parameter it does not take', async () => {
    const me = await createTenant(app);
    const res = await as(app, me, { method: 'GET', url: `${url}?location=1` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['location']);
  });

  it('answers 401 without a token', async () => {
    const res = await as(app, null, { method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
