import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOCATION_LISTED_TWICE, type LocationResponse, type LocationTypeResponse } from '@kontor/contract';
import { inventoryLocations } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { checkInventory } from './check.service.js';
import { location, product, productRow, stockIn } from './inventory.fixtures.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const TYPES = '/api/catalog/inventory_location_types/';
const LOCATIONS = '/api/catalog/inventory_locations/';

/** A product with 5 on a shelf and 2 at a returns location, both for stock: qty_in_stock 7. */
async function shelfAndReturns() {
  const tenant = await createTenant(app);
  const p = await product(app, tenant);
  const shelf = await location(app, tenant, { name: 'Shelf' });
  const returns = await location(app, tenant, { name: 'Returns' });
  await stockIn(app, tenant, p.id, shelf.id, 5);
  await stockIn(app, tenant, p.id, returns.id, 2);
  return { tenant, p, returns };
}

async function createType(tenant: Tenant, name: string): Promise<LocationTypeResponse> {
  const res = await as(app, tenant, { method: 'POST', url: TYPES, payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('location types', () => {
  it('creates, lists with search and location_count, renames and deletes', async () => {
    const tenant = await createTenant(app);
    const warehouse = await createType(tenant, 'Warehouse');
    await createType(tenant, 'Store');
    await location(app, tenant, { name: 'Hall A', type: warehouse.id });
    await createType(other, 'Warehouse');

    const list = (await as(app, tenant, { method: 'GET', url: TYPES })).json();
    expect(list.count).toBe(2);
    expect(list.results.map((t: LocationTypeResponse) => [t.name, t.location_count])).toEqual([
      ['Store', 0],
      ['Warehouse', 1],
    ]);
    expect(Object.keys(list.results[0]).sort()).toEqual(['created_at', 'id', 'location_count', 'name', 'updated_at']);
    expect((await as(app, tenant, { method: 'GET', url: `${TYPES}?search=ware` })).json().results.map((t: LocationTypeResponse) => t.id)).toEqual([
      warehouse.id,
    ]);
    expect((await as(app, tenant, { method: 'GET', url: `${TYPES}?name__icontains=STO` })).json().count).toBe(1);
    const paged = (await as(app, tenant, { method: 'GET', url: `${TYPES}?limit=1&offset=1` })).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.previous).toBe('http://kontor.test/api/catalog/inventory_location_types/?limit=1');

    const renamed = await as(app, tenant, { method: 'PUT', url: `${TYPES}${warehouse.id}/`, payload: { name: 'Lager' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: warehouse.id, name: 'Lager', location_count: 1 });
  });

  it('answers 400 for a duplicate or blank name, in DRF form', async () => {
    const tenant = await createTenant(app);
    const first = await createType(tenant, `Warehouse ${Date.now()}`);
    const dup = await as(app, tenant, { method: 'POST', url: TYPES, payload: { name: first.name } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['An inventory location type with this name already exists.'] });
    const store = await createType(tenant, 'Store');
    const dupRename = await as(app, tenant, { method: 'PUT', url: `${TYPES}${store.id}/`, payload: { name: first.name } });
    expect(dupRename.json()).toEqual({ name: ['An inventory location type with this name already exists.'] });
    expect((await as(app, tenant, { method: 'POST', url: TYPES, payload: { name: '  ' } })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await as(app, tenant, { method: 'POST', url: TYPES, payload: {} })).json()).toEqual({ name: ['This field is required.'] });
    expect((await as(app, tenant, { method: 'POST', url: TYPES, payload: { name: 'X', colour: 'red' } })).json()).toEqual({ colour: ['Unknown field.'] });
    // The same name in another company is fine.
    expect((await as(app, other, { method: 'POST', url: TYPES, payload: { name: first.name } })).statusCode).toBe(201);
  });

  it('deleting a type leaves its locations untyped', async () => {
    const tenant = await createTenant(app);
    const type = await createType(tenant, 'Returns');
    const loc = await location(app, tenant, { name: 'Returns shelf', type: type.id });
    const res = await as(app, tenant, { method: 'DELETE', url: `${TYPES}${type.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = (await as(app, tenant, { method: 'GET', url: `${LOCATIONS}${loc.id}/` })).json();
    expect(after).toMatchObject({ id: loc.id, type: null, type_name: null });
  });

  it('deletes by a list of ids, all or none', async () => {
    const tenant = await createTenant(app);
    const a = await createType(tenant, 'A');
    const b = await createType(tenant, 'B');
    const c = await createType(tenant, 'C');
    const foreign = await createType(other, 'Foreign');
    const refused = await as(app, tenant, { method: 'DELETE', url: TYPES, payload: { ids: [a.id, foreign.id] } });
    expect(refused.statusCode).toBe(404);
    expect((await as(app, tenant, { method: 'GET', url: TYPES })).json().count).toBe(3);
    expect((await as(app, other, { method: 'GET', url: `${TYPES}?id__in=${foreign.id}` })).json().count).toBe(1);

    expect((await as(app, tenant, { method: 'DELETE', url: TYPES, payload: { ids: [a.id, b.id] } })).statusCode).toBe(204);
    expect((await as(app, tenant, { method: 'GET', url: TYPES })).json().results.map((t: LocationTypeResponse) => t.id)).toEqual([c.id]);
    expect((await as(app, tenant, { method: 'DELETE', url: TYPES, payload: { ids: [] } })).json()).toEqual({ ids: ['Send at least one id.'] });
  });

  it('answers 404 for another company’s type and 401 without a token', async () => {
    const foreign = await createType(other, `Other ${Date.now()}`);
    expect((await as(app, me, { method: 'PUT', url: `${TYPES}${foreign.id}/`, payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'DELETE', url: `${TYPES}${foreign.id}/` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'GET', url: TYPES })).json().results.map((t: LocationTypeResponse) => t.id)).not.toContain(foreign.id);
    for (const [method, url] of [
      ['GET', TYPES],
      ['POST', TYPES],
      ['PUT', `${TYPES}1/`],
      ['DELETE', `${TYPES}1/`],
      ['DELETE', TYPES],
    ] as const) {
      const res = await as(app, null, { method, url, payload: method === 'GET' ? undefined : { name: 'x' } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('locations', () => {
  it('creates with derived slugs and the spec’s abbreviation fallback', async () => {
    const tenant = await createTenant(app);
    const res = await as(app, tenant, { method: 'POST', url: LOCATIONS, payload: { name: 'Lager Två / Hylla Ø' } });
    expect(res.statusCode).toBe(201);
    const body: LocationResponse = res.json();
    expect(body).toMatchObject({
      name: 'Lager Två / Hylla Ø',
      name_slug: 'lager-tva-hylla-o',
      abbreviation_slug: 'Lager Två / Hylla Ø',
      content: '',
      comment: '',
      obsolete: false,
      not_for_stock: false,
      type: null,
      type_name: null,
      account: tenant.user.id,
      company: tenant.companyId,
      stocktaking_perfomed_at: null,
    });
    const explicit = await location(app, tenant, { name: 'Hall B', name_slug: 'hb', abbreviation_slug: 'LAG-B' });
    expect(explicit).toMatchObject({ name_slug: 'hb', abbreviation_slug: 'LAG-B' });
  });

  it('answers 400 for a duplicate name, a blank name and another company’s type', async () => {
    const tenant = await createTenant(app);
    await location(app, tenant, { name: 'Hall A' });
    const dup = await as(app, tenant, { method: 'POST', url: LOCATIONS, payload: { name: 'Hall A' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['An inventory location with this name already exists.'] });
    expect((await as(app, tenant, { method: 'POST', url: LOCATIONS, payload: { name: '' } })).json()).toEqual({ name: ['This field may not be blank.'] });
    const foreignType = await createType(other, `T ${Date.now()}`);
    const bad = await as(app, tenant, { method: 'POST', url: LOCATIONS, payload: { name: 'Hall C', type: foreignType.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ type: [`Invalid pk "${foreignType.id}" - object does not exist.`] });
  });

  it('answers 400, not 500, for a NUL character in a name or a filter, and stores nothing (found by fuzzing)', async () => {
    const tenant = await createTenant(app);
    const created = await as(app, tenant, { method: 'POST', url: LOCATIONS, payload: { name: 'Hall\u0000A', comment: 'x' } });
    expect([created.statusCode, created.json()]).toEqual([400, { detail: 'Null characters are not allowed.' }]);
    const rows = await app.deps.database.db.select().from(inventoryLocations).where(eq(inventoryLocations.companyId, tenant.companyId));
    expect(rows).toEqual([]);
    const listed = await as(app, tenant, { method: 'GET', url: `${LOCATIONS}?name__icontains=%00&search=a%00` });
    expect([listed.statusCode, listed.json()]).toEqual([400, { detail: 'Null characters are not allowed.' }]);
  });

  it('lists with the spec’s filters, page size 50 and ordering', async () => {
    const tenant = await createTenant(app);
    const type = await createType(tenant, 'Store');
    const a = await location(app, tenant, { name: 'Alpha', abbreviation_slug: 'ALP', type: type.id });
    const b = await location(app, tenant, { name: 'Beta', obsolete: true });
    const c = await location(app, tenant, { name: 'Gamma', not_for_stock: true });
    await location(app, other, { name: 'Alpha' });
    const ids = async (query: string) =>
      (await as(app, tenant, { method: 'GET', url: `${LOCATIONS}${query}` })).json().results.map((l: LocationResponse) => l.id) as number[];
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?obsolete=No')).toEqual([a.id, c.id]);
    expect(await ids('?obsolete=Yes')).toEqual([b.id]);
    expect(await ids('?obsolete=true')).toEqual([b.id]);
    expect(await ids('?not_for_stock=true')).toEqual([c.id]);
    expect(await ids('?search=alp')).toEqual([a.id]);
    expect(await ids(`?type=${type.id}`)).toEqual([a.id]);
    expect(await ids(`?id__in=${a.id},${c.id}`)).toEqual([a.id, c.id]);
    expect(await ids('?ordering=-name')).toEqual([c.id, b.id, a.id]);
    const page = (await as(app, tenant, { method: 'GET', url: `${LOCATIONS}?limit=1` })).json();
    expect(page).toMatchObject({ count: 3, next: 'http://kontor.test/api/catalog/inventory_locations/?limit=1&offset=1', previous: null });
    expect(page.results[0].type_name).toBe('Store');
    // The last page counts itself; an empty page past the end counts the list.
    const count = async (query: string) => (await as(app, tenant, { method: 'GET', url: `${LOCATIONS}${query}` })).json().count as number;
    expect([await count('?limit=2&offset=2'), await count('?limit=2&offset=6'), await count('?limit=2&offset=6&obsolete=No')]).toEqual([3, 3, 2]);
    // A filter sent empty is left out, as django-filter skips it (ADR 0006), the flags too.
    expect(await ids('?obsolete=&not_for_stock=&type=&name__icontains=')).toEqual([a.id, b.id, c.id]);
    const bad = await as(app, tenant, { method: 'GET', url: `${LOCATIONS}?obsolete=maybe&colour=red` });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['colour', 'obsolete']);
  });

  it('defaults to 50 per page', async () => {
    const tenant = await createTenant(app);
    await app.deps.database.db.insert(inventoryLocations).values(
      Array.from({ length: 51 }, (_, i) => ({
        companyId: tenant.companyId,
        name: `L${String(i).padStart(2, '0')}`,
        nameSlug: `l${i}`,
        abbreviationSlug: `L${i}`,
      })),
    );
    const page = (await as(app, tenant, { method: 'GET', url: LOCATIONS })).json();
    expect(page.count).toBe(51);
    expect(page.results).toHaveLength(50);
  });

  it('updates only the fields sent; an empty abbreviation falls back to the name', async () => {
    const tenant = await createTenant(app);
    const loc = await location(app, tenant, { name: 'Hall A', abbreviation_slug: 'HA', comment: 'keep me' });
    const res = await as(app, tenant, { method: 'PUT', url: `${LOCATIONS}${loc.id}/`, payload: { name: 'Hall A1', abbreviation_slug: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Hall A1', abbreviation_slug: 'Hall A1', comment: 'keep me', name_slug: 'hall-a' });
    const dup = await location(app, tenant, { name: 'Hall B' });
    const clash = await as(app, tenant, { method: 'PUT', url: `${LOCATIONS}${dup.id}/`, payload: { name: 'Hall A1' } });
    expect(clash.json()).toEqual({ name: ['An inventory location with this name already exists.'] });
    expect((await as(app, tenant, { method: 'PUT', url: `${LOCATIONS}${loc.id}/`, payload: { obsolete: 'yes' } })).statusCode).toBe(400);
  });

  it('bulk PUT updates every row or none', async () => {
    const tenant = await createTenant(app);
    const a = await location(app, tenant, { name: 'A' });
    const b = await location(app, tenant, { name: 'B' });
    const ok = await as(app, tenant, {
      method: 'PUT',
      url: LOCATIONS,
      payload: {
        locations: [
          { id: a.id, comment: 'top shelf' },
          { id: b.id, obsolete: true },
        ],
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().locations.map((l: LocationResponse) => [l.id, l.comment, l.obsolete])).toEqual([
      [a.id, 'top shelf', false],
      [b.id, '', true],
    ]);
    const clash = await as(app, tenant, {
      method: 'PUT',
      url: LOCATIONS,
      payload: {
        locations: [
          { id: a.id, comment: 'changed' },
          { id: b.id, name: 'A' },
        ],
      },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ 'locations.1.name': ['An inventory location with this name already exists.'] });
    // One location in two rows: the second would be planned against the row as it was before the first.
    const twice = await as(app, tenant, {
      method: 'PUT',
      url: LOCATIONS,
      payload: {
        locations: [
          { id: a.id, comment: 'first' },
          { id: b.id, comment: 'other' },
          { id: a.id, name: 'A2' },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ 'locations.2.id': [LOCATION_LISTED_TWICE] });
    const foreign = await location(app, other, { name: `F ${Date.now()}` });
    const cross = await as(app, tenant, {
      method: 'PUT',
      url: LOCATIONS,
      payload: {
        locations: [
          { id: a.id, comment: 'changed' },
          { id: foreign.id, comment: 'mine now' },
        ],
      },
    });
    expect(cross.statusCode).toBe(404);
    expect((await as(app, tenant, { method: 'GET', url: `${LOCATIONS}${a.id}/` })).json().comment).toBe('top shelf');
    expect((await as(app, other, { method: 'GET', url: `${LOCATIONS}${foreign.id}/` })).json().comment).toBe('');
  });

  it('flipping not_for_stock recomputes qty_in_stock of the products stored there', async () => {
    const { tenant, p, returns } = await shelfAndReturns();
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(7);
    await as(app, tenant, { method: 'PUT', url: `${LOCATIONS}${returns.id}/`, payload: { not_for_stock: true } });
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(5);
    await as(app, tenant, { method: 'PUT', url: LOCATIONS, payload: { locations: [{ id: returns.id, not_for_stock: false }] } });
    expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(7);
  });

  it('two operators editing one location at once keep both changes, and qty_in_stock follows the flag', async () => {
    const { tenant, p, returns } = await shelfAndReturns();
    const url = `${LOCATIONS}${returns.id}/`;
    // On PostgreSQL the two requests run at once; the one for the comment read the row before the flip committed in some rounds.
    for (let round = 0; round < 12; round++) {
      const notForStock = round % 2 === 0;
      const responses = await Promise.all([
        as(app, tenant, { method: 'PUT', url, payload: { not_for_stock: notForStock } }),
        round % 3 === 0
          ? as(app, tenant, { method: 'PUT', url: LOCATIONS, payload: { locations: [{ id: returns.id, comment: `round ${round}` }] } })
          : as(app, tenant, { method: 'PUT', url, payload: { comment: `round ${round}` } }),
      ]);
      for (const res of responses) expect(res.statusCode, res.body).toBe(200);
      const row: LocationResponse = (await as(app, tenant, { method: 'GET', url })).json();
      expect([row.not_for_stock, row.comment]).toEqual([notForStock, `round ${round}`]);
      expect(Number((await productRow(app, p.id)).qtyInStock)).toBe(notForStock ? 5 : 7);
    }
    expect((await checkInventory(db(), { companyId: tenant.companyId })).problems).toEqual([]);
  });

  it('deletes an unused location, and refuses (409) one with ledger rows', async () => {
    const tenant = await createTenant(app);
    const unused = await location(app, tenant, { name: 'Unused' });
    expect((await as(app, tenant, { method: 'DELETE', url: `${LOCATIONS}${unused.id}/` })).statusCode).toBe(204);
    expect((await as(app, tenant, { method: 'GET', url: `${LOCATIONS}${unused.id}/` })).statusCode).toBe(404);
    const used = await location(app, tenant, { name: 'Used' });
    const p = await product(app, tenant);
    await stockIn(app, tenant, p.id, used.id, 1);
    const res = await as(app, tenant, { method: 'DELETE', url: `${LOCATIONS}${used.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This location holds stock or has inventory transactions; mark it obsolete instead.' });
    const [row] = await app.deps.database.db.select().from(inventoryLocations).where(eq(inventoryLocations.id, used.id));
    expect(row).toBeDefined();
  });

  it('answers 404 for another company’s location and 401 without a token', async () => {
    const foreign = await location(app, other, { name: `Foreign ${Date.now()}` });
    expect((await as(app, me, { method: 'GET', url: `${LOCATIONS}${foreign.id}/` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'PUT', url: `${LOCATIONS}${foreign.id}/`, payload: { comment: 'x' } })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'DELETE', url: `${LOCATIONS}${foreign.id}/` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'GET', url: LOCATIONS })).json().results.map((l: LocationResponse) => l.id)).not.toContain(foreign.id);
    expect((await as(app, me, { method: 'GET', url: `${LOCATIONS}abc/` })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', LOCATIONS],
      ['GET', `${LOCATIONS}1/`],
      ['POST', LOCATIONS],
      ['PUT', `${LOCATIONS}1/`],
      ['PUT', LOCATIONS],
      ['DELETE', `${LOCATIONS}1/`],
      ['GET', '/api/catalog/inventory_locations_with_transactions/'],
    ] as const) {
      expect((await as(app, null, { method, url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/catalog/inventory_locations_with_transactions/', () => {
  it('lists only locations with ledger rows, with their activity, filtered by product', async () => {
    const tenant = await createTenant(app);
    const [p1, p2] = [await product(app, tenant), await product(app, tenant)];
    const a = await location(app, tenant, { name: 'A' });
    const b = await location(app, tenant, { name: 'B', obsolete: false });
    await location(app, tenant, { name: 'Empty' });
    await stockIn(app, tenant, p1.id, a.id, 3);
    await stockIn(app, tenant, p2.id, a.id, 4);
    const last = await stockIn(app, tenant, p2.id, b.id, 5);
    const url = '/api/catalog/inventory_locations_with_transactions/';
    const all = (await as(app, tenant, { method: 'GET', url })).json();
    expect(all.count).toBe(2);
    expect(
      all.results.map((l: { name: string; transaction_count: number; total_quantity: number }) => [l.name, l.transaction_count, l.total_quantity]),
    ).toEqual([
      ['A', 2, 7],
      ['B', 1, 5],
    ]);
    expect(all.results[1].last_transaction_at).toBe(last.created_at);
    const forP1 = (await as(app, tenant, { method: 'GET', url: `${url}?product=${p1.id}` })).json();
    expect(forP1.results.map((l: { id: number; total_quantity: number }) => [l.id, l.total_quantity])).toEqual([[a.id, 3]]);
    await as(app, tenant, { method: 'PUT', url: `${LOCATIONS}${b.id}/`, payload: { obsolete: true } });
    expect((await as(app, tenant, { method: 'GET', url: `${url}?obsolete=No` })).json().results.map((l: { id: number }) => l.id)).toEqual([a.id]);
    expect((await as(app, tenant, { method: 'GET', url: `${url}?name__icontains=b` })).json().results.map((l: { id: number }) => l.id)).toEqual([b.id]);
    expect((await as(app, other, { method: 'GET', url })).json().count).toBe(0);
    expect((await as(app, tenant, { method: 'GET', url: `${url}?product=x` })).statusCode).toBe(400);
    // Empty filters are left out (ADR 0006).
    expect((await as(app, tenant, { method: 'GET', url: `${url}?product=&obsolete=` })).json().results.map((l: { id: number }) => l.id)).toEqual([a.id, b.id]);
  });
});
