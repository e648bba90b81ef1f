import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOT_PERFORMED, type StocktakingRow } from '@kontor/contract';
import { inventoryTransactions } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { location, postTransaction, product, stockIn } from './inventory.fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const URL = '/api/catalog/stocktaking/';
const get = async (tenant: Tenant, query = '') => as(app, tenant, { method: 'GET', url: `${URL}${query}` });
const rows = async (tenant: Tenant, query = '') => (await get(tenant, query)).json().result.products as StocktakingRow[];

describe('GET /api/catalog/stocktaking/', () => {
  it('lists (product, location) rows with their last count, filtered as the spec says', async () => {
    const tenant = await createTenant(app);
    const spade = await product(app, tenant, { sku: 'KNT-1', name: 'Spade' });
    const rake = await product(app, tenant, { sku: 'KNT-2', name: 'Rake' });
    const a = await location(app, tenant, { name: 'A', abbreviation_slug: 'LAG-A' });
    const b = await location(app, tenant, { name: 'B', abbreviation_slug: 'LAG-B' });
    const old = await location(app, tenant, { name: 'Old', abbreviation_slug: 'OLD' });
    await stockIn(app, tenant, spade.id, a.id, 5);
    await stockIn(app, tenant, rake.id, a.id, 3);
    await stockIn(app, tenant, spade.id, b.id, 2);
    await stockIn(app, tenant, rake.id, old.id, 1);
    await as(app, tenant, { method: 'PUT', url: `/api/catalog/inventory_locations/${old.id}/`, payload: { obsolete: true } });
    const count = (await postTransaction(app, tenant, { product: spade.id, location: a.id, quantity: 4, inventory_action: 'STOCK_TAKING' })).json();

    const res = await get(tenant);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.next).toBeNull();
    expect(body.result.inventory_locations.map((l: { id: number }) => l.id)).toEqual([a.id, b.id]);
    expect(body.result.inventory_locations[0]).toMatchObject({ abbreviation_slug: 'LAG-A', obsolete: false, name_slug: 'a' });
    expect(body.result.inventory_locations[0].stocktaking_perfomed_at).not.toBeNull();
    expect(body.result.products).toEqual([
      {
        product_id: spade.id,
        sku: 'KNT-1',
        name: 'Spade',
        location_id: a.id,
        abbreviation_slug: 'LAG-A',
        quantity: 4,
        performed_stocktaking: count.created_at,
      },
      { product_id: rake.id, sku: 'KNT-2', name: 'Rake', location_id: a.id, abbreviation_slug: 'LAG-A', quantity: 3, performed_stocktaking: null },
      { product_id: spade.id, sku: 'KNT-1', name: 'Spade', location_id: b.id, abbreviation_slug: 'LAG-B', quantity: 2, performed_stocktaking: null },
    ]);
    expect(NOT_PERFORMED).toBe('Not Performed');

    const ids = (list: StocktakingRow[]) => list.map((r) => `${r.sku}@${r.abbreviation_slug}`);
    expect(ids(await rows(tenant, '?obsolete=Yes'))).toEqual(['KNT-2@OLD']);
    expect((await get(tenant, '?obsolete=Yes')).json().result.inventory_locations.map((l: { id: number }) => l.id)).toEqual([old.id]);
    expect(ids(await rows(tenant, `?location=${b.id}`))).toEqual(['KNT-1@LAG-B']);
    expect(ids(await rows(tenant, `?product=${rake.id}`))).toEqual(['KNT-2@LAG-A']);
    expect(ids(await rows(tenant, '?search=spa'))).toEqual(['KNT-1@LAG-A', 'KNT-1@LAG-B']);
    expect(ids(await rows(tenant, '?search=knt-2'))).toEqual(['KNT-2@LAG-A']);

    // Counted before a date, or never counted.
    await app.deps.database.db
      .update(inventoryTransactions)
      .set({ createdAt: new Date('2024-01-10T12:00:00Z') })
      .where(eq(inventoryTransactions.id, count.id));
    expect(ids(await rows(tenant, '?stocktaking_before=2024-02-01'))).toEqual(['KNT-1@LAG-A', 'KNT-2@LAG-A', 'KNT-1@LAG-B']);
    expect(ids(await rows(tenant, '?stocktaking_before=2024-01-01'))).toEqual(['KNT-2@LAG-A', 'KNT-1@LAG-B']);
    expect(ids(await rows(tenant, `?stocktaking_before=${encodeURIComponent('2024-01-10T13:00:00+00:00')}`))).toHaveLength(3);

    // The count follows every filter, the product search included.
    const counts = async (filters: string[]) => Promise.all(filters.map(async (f) => (await get(tenant, f)).json().count as number));
    expect(
      await counts(['', '?obsolete=Yes', `?location=${b.id}`, `?product=${rake.id}`, '?search=spa', '?search=knt-2', '?stocktaking_before=2024-01-01']),
    ).toEqual([3, 1, 1, 1, 2, 1, 2]);

    const page = (await get(tenant, '?limit=2')).json();
    expect(page.result.products).toHaveLength(2);
    expect(page.next).toBe('http://kontor.test/api/catalog/stocktaking/?limit=2&offset=2');
  });

  it('pages 100 rows by default', async () => {
    const tenant = await createTenant(app);
    const loc = await location(app, tenant, { name: 'Big' });
    for (let i = 0; i < 101; i += 1) await stockIn(app, tenant, (await product(app, tenant)).id, loc.id, 1);
    const body = (await get(tenant)).json();
    expect(body.count).toBe(101);
    expect(body.result.products).toHaveLength(100);
  });

  it('answers 400 for bad filters, 401 without a token, and never another company’s rows', async () => {
    const tenant = await createTenant(app);
    const outsider = await createTenant(app);
    await stockIn(app, tenant, (await product(app, tenant)).id, (await location(app, tenant, { name: 'X' })).id, 1);
    expect((await get(outsider)).json()).toEqual({ count: 0, next: null, previous: null, result: { inventory_locations: [], products: [] } });
    // The old client's call sends its unset filters empty: they are left out, as django-filter skips them (ADR 0006).
    const blank = await get(tenant, '?limit=100&offset=&obsolete=&location=&product=&search=&stocktaking_before=');
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().count).toBe(1);
    expect((await get(tenant, '?stocktaking_before=yesterday')).statusCode).toBe(400);
    expect((await get(tenant, '?obsolete=maybe')).statusCode).toBe(400);
    expect((await get(tenant, '?warehouse=1')).json()).toEqual({ warehouse: ['Unknown field.'] });
    expect((await as(app, null, { method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
