import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SUPPLIER_ABBREV_TAKEN, SUPPLIER_NAME_TAKEN, type SupplierOptionResponse, type SupplierResponse } from '@kontor/contract';
import { currencies, procurementCategories, procurementSuppliers } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import {
  insertFeed,
  insertGlobalSupplier,
  insertProcurementCategory,
  insertProcurementOrder,
  insertProcurementProduct,
  insertSupplier,
} from './procurement.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
let eurId: number;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
  const [eur] = await app.deps.database.db.select().from(currencies).where(eq(currencies.code, 'EUR'));
  eurId = eur!.id;
});
afterAll(async () => app?.close());

const SUPPLIERS = '/api/procurement/suppliers/';
const OPTIONS = '/api/suppliers/';
const db = () => app.deps.database.db;

async function createSupplier(tenant: Tenant, payload: Record<string, unknown>): Promise<SupplierResponse> {
  const res = await as(app, tenant, { method: 'POST', url: SUPPLIERS, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function supplierRow(id: number) {
  const [row] = await db().select().from(procurementSuppliers).where(eq(procurementSuppliers.id, id));
  return row;
}

describe('procurement suppliers: create and read', () => {
  it('creates a supplier (201) with every field and reads it back', async () => {
    const tenant = await createTenant(app);
    const directory = await insertGlobalSupplier(db());
    const created = await createSupplier(tenant, {
      name: '  Nordic Lamps AB ',
      name_abbrev: 'NLA',
      website: 'https://nordiclamps.example',
      email: 'orders@nordiclamps.example',
      phone: '+46 8 123 45',
      currency: eurId,
      comments: 'Net 30',
      global_supplier: directory.id,
    });
    expect(Object.keys(created).sort()).toEqual(
      [
        'id',
        'name',
        'name_abbrev',
        'website',
        'email',
        'phone',
        'currency',
        'comments',
        'global_supplier',
        'feeds_count',
        'products_count',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(created).toMatchObject({
      name: 'Nordic Lamps AB',
      name_abbrev: 'NLA',
      website: 'https://nordiclamps.example',
      email: 'orders@nordiclamps.example',
      phone: '+46 8 123 45',
      currency: eurId,
      comments: 'Net 30',
      global_supplier: directory.id,
      feeds_count: 0,
      products_count: 0,
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    const row = await supplierRow(created.id);
    expect(row).toMatchObject({ companyId: tenant.companyId, accountId: tenant.user.id });

    const got = await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}${created.id}/` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);
  });

  it('creates with only the required fields; the rest default to empty', async () => {
    const tenant = await createTenant(app);
    const created = await createSupplier(tenant, { name: 'Bare', name_abbrev: 'B' });
    expect(created).toMatchObject({ website: '', email: '', phone: '', currency: null, comments: '', global_supplier: null });
  });

  it('counts feeds and procurement products', async () => {
    const tenant = await createTenant(app);
    const supplier = await createSupplier(tenant, { name: 'Counted', name_abbrev: 'CNT' });
    await insertFeed(db(), tenant.companyId, supplier.id);
    await insertProcurementProduct(db(), tenant.companyId, supplier.id);
    await insertProcurementProduct(db(), tenant.companyId, supplier.id);
    const got = (await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}${supplier.id}/` })).json();
    expect(got).toMatchObject({ feeds_count: 1, products_count: 2 });
    const listed = (await as(app, tenant, { method: 'GET', url: SUPPLIERS })).json();
    expect(listed.results[0]).toMatchObject({ id: supplier.id, feeds_count: 1, products_count: 2 });
  });

  it('refuses duplicates case-insensitively per company, with DRF field errors, and creates nothing', async () => {
    const tenant = await createTenant(app);
    await createSupplier(tenant, { name: 'Lampgrossisten', name_abbrev: 'LG' });
    const dup = await as(app, tenant, { method: 'POST', url: SUPPLIERS, payload: { name: 'LAMPGROSSISTEN', name_abbrev: 'lg' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [SUPPLIER_NAME_TAKEN], name_abbrev: [SUPPLIER_ABBREV_TAKEN] });
    expect(SUPPLIER_NAME_TAKEN).toBe('A supplier with this name already exists.');
    const abbrevOnly = await as(app, tenant, { method: 'POST', url: SUPPLIERS, payload: { name: 'Other name', name_abbrev: 'Lg' } });
    expect(abbrevOnly.json()).toEqual({ name_abbrev: [SUPPLIER_ABBREV_TAKEN] });
    expect((await as(app, tenant, { method: 'GET', url: SUPPLIERS })).json().count).toBe(1);
    // Another company may use the same name.
    expect((await as(app, other, { method: 'POST', url: SUPPLIERS, payload: { name: 'Lampgrossisten', name_abbrev: 'LG' } })).statusCode).toBe(201);
  });

  it('answers 400 for missing, blank, malformed, unknown and dangling fields, and creates nothing', async () => {
    const tenant = await createTenant(app);
    const post = (payload: Record<string, unknown>) => as(app, tenant, { method: 'POST', url: SUPPLIERS, payload });
    expect((await post({})).json()).toEqual({ name: ['This field is required.'], name_abbrev: ['This field is required.'] });
    expect((await post({ name: ' ', name_abbrev: 'X' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await post({ name: 'X', name_abbrev: 'X', website: 'not a url', email: 'nope' })).json()).toEqual({
      website: ['Enter a valid URL.'],
      email: ['Enter a valid email address.'],
    });
    expect((await post({ name: 'X', name_abbrev: 'X', colour: 'red' })).json()).toEqual({ colour: ['Unknown field.'] });
    const dangling = await post({ name: 'X', name_abbrev: 'X', currency: 999999, global_supplier: 999998 });
    expect(dangling.statusCode).toBe(400);
    expect(dangling.json()).toEqual({
      currency: ['Invalid pk "999999" - object does not exist.'],
      global_supplier: ['Invalid pk "999998" - object does not exist.'],
    });
    expect((await as(app, tenant, { method: 'GET', url: SUPPLIERS })).json().count).toBe(0);
  });
});

describe('procurement suppliers: list', () => {
  it('pages (default 25), filters by name__icontains, searches name and abbreviation, orders', async () => {
    const tenant = await createTenant(app);
    for (let i = 0; i < 27; i += 1) await insertSupplier(db(), tenant.companyId, { name: `Bulk ${String(i).padStart(2, '0')}`, nameAbbrev: `BK${i}` });
    const alpha = await createSupplier(tenant, { name: 'Alpha Trading', name_abbrev: 'ZZA' });
    const omega = await createSupplier(tenant, { name: 'Omega', name_abbrev: 'ALF' });
    const other1 = await createSupplier(other, { name: 'Alpha Foreign', name_abbrev: 'AF' });

    const first = (await as(app, tenant, { method: 'GET', url: SUPPLIERS })).json();
    expect(first.count).toBe(29);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe('http://kontor.test/api/procurement/suppliers/?limit=25&offset=25');
    expect(first.results[0].id).toBe(alpha.id);
    expect(first.results.map((s: SupplierResponse) => s.id)).not.toContain(other1.id);

    const byName = (await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}?name__icontains=alpha` })).json();
    expect(byName.results.map((s: SupplierResponse) => s.id)).toEqual([alpha.id]);
    const search = (await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}?search=al` })).json();
    expect(search.results.map((s: SupplierResponse) => s.id)).toEqual([alpha.id, omega.id]);
    const desc = (await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}?ordering=-name&limit=2` })).json();
    expect(desc.results.map((s: SupplierResponse) => s.id)).toEqual([omega.id, expect.any(Number)]);
    expect(desc.results[1].name).toBe('Bulk 26');
    const newest = (await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}?ordering=-created_at&limit=1` })).json();
    expect(newest.results[0].id).toBe(omega.id);
  });

  it('answers 400 for unknown filters and orderings, 401 without a token', async () => {
    expect((await as(app, me, { method: 'GET', url: `${SUPPLIERS}?colour=red` })).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await as(app, me, { method: 'GET', url: `${SUPPLIERS}?ordering=email` })).json()).toEqual({ ordering: ['Unknown ordering field: email.'] });
    expect((await as(app, null, { method: 'GET', url: SUPPLIERS })).statusCode).toBe(401);
  });
});

describe('procurement suppliers: update', () => {
  it('PUT replaces the sent fields and keeps optional ones left out', async () => {
    const tenant = await createTenant(app);
    const supplier = await createSupplier(tenant, { name: 'Before', name_abbrev: 'BF', email: 'a@b.example', currency: eurId, comments: 'keep me' });
    const res = await as(app, tenant, {
      method: 'PUT',
      url: `${SUPPLIERS}${supplier.id}/`,
      payload: { name: 'After', name_abbrev: 'AF', email: '', currency: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: supplier.id, name: 'After', name_abbrev: 'AF', email: '', currency: null, comments: 'keep me' });
    expect(new Date(res.json().updated_at) >= new Date(supplier.updated_at)).toBe(true);
    // Renaming to its own name in another case is not a duplicate of itself.
    const recase = await as(app, tenant, { method: 'PUT', url: `${SUPPLIERS}${supplier.id}/`, payload: { name: 'AFTER', name_abbrev: 'af' } });
    expect(recase.statusCode).toBe(200);
  });

  it('answers 400 for a duplicate or a missing required field and changes nothing', async () => {
    const tenant = await createTenant(app);
    await createSupplier(tenant, { name: 'Taken', name_abbrev: 'TK' });
    const supplier = await createSupplier(tenant, { name: 'Mine', name_abbrev: 'MN', phone: '123' });
    const dup = await as(app, tenant, { method: 'PUT', url: `${SUPPLIERS}${supplier.id}/`, payload: { name: 'taken', name_abbrev: 'MN', phone: '999' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [SUPPLIER_NAME_TAKEN] });
    const missing = await as(app, tenant, { method: 'PUT', url: `${SUPPLIERS}${supplier.id}/`, payload: { phone: '999' } });
    expect(missing.json()).toEqual({ name: ['This field is required.'], name_abbrev: ['This field is required.'] });
    const badCurrency = await as(app, tenant, {
      method: 'PUT',
      url: `${SUPPLIERS}${supplier.id}/`,
      payload: { name: 'Mine', name_abbrev: 'MN', currency: 424242, phone: '999' },
    });
    expect(badCurrency.json()).toEqual({ currency: ['Invalid pk "424242" - object does not exist.'] });
    expect(await supplierRow(supplier.id)).toMatchObject({ name: 'Mine', nameAbbrev: 'MN', phone: '123', currencyId: null });
  });
});

describe('procurement suppliers: delete', () => {
  it('deletes an unused supplier (204) with its categories', async () => {
    const tenant = await createTenant(app);
    const supplier = await createSupplier(tenant, { name: 'Gone', name_abbrev: 'GN' });
    const category = await insertProcurementCategory(db(), tenant.companyId, supplier.id);
    const res = await as(app, tenant, { method: 'DELETE', url: `${SUPPLIERS}${supplier.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await supplierRow(supplier.id)).toBeUndefined();
    expect(await db().select().from(procurementCategories).where(eq(procurementCategories.id, category.id))).toEqual([]);
    expect((await as(app, tenant, { method: 'GET', url: `${SUPPLIERS}${supplier.id}/` })).statusCode).toBe(404);
  });

  it('answers 409 naming what blocks it: feeds, procurement products, purchase orders', async () => {
    const tenant = await createTenant(app);
    const withFeed = await insertSupplier(db(), tenant.companyId);
    await insertFeed(db(), tenant.companyId, withFeed.id);
    const feedRes = await as(app, tenant, { method: 'DELETE', url: `${SUPPLIERS}${withFeed.id}/` });
    expect(feedRes.statusCode).toBe(409);
    expect(feedRes.json()).toEqual({ detail: 'This supplier cannot be deleted while it has 1 feed.' });

    const busy = await insertSupplier(db(), tenant.companyId);
    await insertFeed(db(), tenant.companyId, busy.id);
    await insertFeed(db(), tenant.companyId, busy.id);
    await insertProcurementProduct(db(), tenant.companyId, busy.id);
    await insertProcurementOrder(db(), tenant.companyId, busy.id);
    const busyRes = await as(app, tenant, { method: 'DELETE', url: `${SUPPLIERS}${busy.id}/` });
    expect(busyRes.statusCode).toBe(409);
    expect(busyRes.json()).toEqual({ detail: 'This supplier cannot be deleted while it has 2 feeds, 1 procurement product and 1 purchase order.' });

    const ordered = await insertSupplier(db(), tenant.companyId);
    await insertProcurementOrder(db(), tenant.companyId, ordered.id);
    await insertProcurementOrder(db(), tenant.companyId, ordered.id);
    expect((await as(app, tenant, { method: 'DELETE', url: `${SUPPLIERS}${ordered.id}/` })).json()).toEqual({
      detail: 'This supplier cannot be deleted while it has 2 purchase orders.',
    });
    for (const s of [withFeed, busy, ordered]) expect(await supplierRow(s.id)).toBeDefined();
  });
});

describe('procurement suppliers: tenancy and auth', () => {
  it('answers 404 for another company’s supplier on every verb and never lists it', async () => {
    const foreign = await createSupplier(other, { name: `Foreign ${Date.now()}`, name_abbrev: `F${Date.now()}` });
    const url = `${SUPPLIERS}${foreign.id}/`;
    expect((await as(app, me, { method: 'GET', url })).statusCode).toBe(404);
    const put = await as(app, me, { method: 'PUT', url, payload: { name: 'Hijack', name_abbrev: 'HJ' } });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(await supplierRow(foreign.id)).toMatchObject({ name: foreign.name });
    expect((await as(app, me, { method: 'GET', url: `${SUPPLIERS}?id=${foreign.id}` })).json().count).toBe(0);
    expect((await as(app, me, { method: 'GET', url: `${OPTIONS}?id=${foreign.id}` })).json().count).toBe(0);
  });

  it('answers 404 for an id that cannot exist and 401 without a token on every route', async () => {
    expect((await as(app, me, { method: 'GET', url: `${SUPPLIERS}99999999999/` })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', SUPPLIERS],
      ['GET', `${SUPPLIERS}1/`],
      ['POST', SUPPLIERS],
      ['PUT', `${SUPPLIERS}1/`],
      ['DELETE', `${SUPPLIERS}1/`],
      ['GET', OPTIONS],
    ] as const) {
      const res = await as(app, null, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', name_abbrev: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/suppliers/ (pickers)', () => {
  it('lists the company’s suppliers as {id, name, name_abbrev}, searchable, limit capped at 1000', async () => {
    const tenant = await createTenant(app);
    const a = await createSupplier(tenant, { name: 'Anders Import', name_abbrev: 'AI', email: 'x@y.example' });
    const b = await createSupplier(tenant, { name: 'Berg', name_abbrev: 'BRG' });
    await createSupplier(other, { name: 'Anders Foreign', name_abbrev: 'AFX' });
    for (let i = 0; i < 24; i += 1) await insertSupplier(db(), tenant.companyId, { name: `Zeta ${i}`, nameAbbrev: `Z${i}` });

    const res = await as(app, tenant, { method: 'GET', url: OPTIONS });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(26);
    expect(page.results).toHaveLength(25);
    expect(page.results.slice(0, 2)).toEqual([
      { id: a.id, name: 'Anders Import', name_abbrev: 'AI' },
      { id: b.id, name: 'Berg', name_abbrev: 'BRG' },
    ]);
    const search = (await as(app, tenant, { method: 'GET', url: `${OPTIONS}?search=brg` })).json();
    expect(search.results.map((s: SupplierOptionResponse) => s.id)).toEqual([b.id]);
    const big = (await as(app, tenant, { method: 'GET', url: `${OPTIONS}?limit=5000` })).json();
    expect(big.results).toHaveLength(26);
    expect(big.next).toBeNull();
    expect((await as(app, tenant, { method: 'GET', url: `${OPTIONS}?limit=abc` })).statusCode).toBe(400);
    expect((await as(app, tenant, { method: 'GET', url: `${OPTIONS}?email=x` })).json()).toEqual({ email: ['Unknown field.'] });
  });
});
