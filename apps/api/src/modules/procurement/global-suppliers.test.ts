import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SUPPLIER_ABBREV_TAKEN, SUPPLIER_NAME_TAKEN, type GlobalSupplierProductResponse, type GlobalSupplierResponse } from '@kontor/contract';
import { currencies, type globalSuppliers, procurementSuppliers } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertGlobalSupplier, insertGlobalSupplierProduct, insertSupplier } from './procurement.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
let eurId: number;
let lumen: typeof globalSuppliers.$inferSelect;
let fjord: typeof globalSuppliers.$inferSelect;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
  const db = app.deps.database.db;
  const [eur] = await db.select().from(currencies).where(eq(currencies.code, 'EUR'));
  eurId = eur!.id;
  lumen = await insertGlobalSupplier(db, {
    name: 'Lumen Distribution GmbH',
    nameAbbrev: 'LUM',
    website: 'https://lumen.example',
    country: 'DE',
    description: 'Lighting wholesaler',
    brands: ['Philips', 'Osram'],
  });
  fjord = await insertGlobalSupplier(db, { name: 'Fjord Furniture AS', nameAbbrev: 'FJF', country: 'NO', brands: ['Hay'] });
  await insertGlobalSupplierProduct(db, lumen.id, {
    sku: 'L-100',
    name: 'LED bulb E27',
    brand: 'Philips',
    price: '4.50',
    currencyId: eurId,
    url: 'https://lumen.example/l100',
    imageUrl: 'https://lumen.example/l100.jpg',
  });
  await insertGlobalSupplierProduct(db, lumen.id, { sku: 'L-200', name: 'Halogen spot', brand: 'Osram' });
  await insertGlobalSupplierProduct(db, fjord.id, { sku: 'F-1', name: 'Oak chair', brand: 'Hay', price: '1200' });
});
afterAll(async () => app?.close());

const DIRECTORY = '/api/suppliers_global/';
const PRODUCTS = '/api/suppliers_global/products/';

describe('GET /api/suppliers_global/', () => {
  it('lists the directory for any company with products_count, ordered by name', async () => {
    for (const tenant of [me, other]) {
      const res = await as(app, tenant, { method: 'GET', url: DIRECTORY });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ count: 2, next: null, previous: null });
      expect(page.results).toEqual([
        { id: fjord.id, name: 'Fjord Furniture AS', name_abbrev: 'FJF', website: '', country: 'NO', description: '', brands: ['Hay'], products_count: 1 },
        {
          id: lumen.id,
          name: 'Lumen Distribution GmbH',
          name_abbrev: 'LUM',
          website: 'https://lumen.example',
          country: 'DE',
          description: 'Lighting wholesaler',
          brands: ['Philips', 'Osram'],
          products_count: 2,
        },
      ]);
    }
  });

  it('searches name, description and brands; filters by country', async () => {
    const ids = async (query: string) =>
      (await as(app, me, { method: 'GET', url: `${DIRECTORY}?${query}` })).json().results.map((s: GlobalSupplierResponse) => s.id);
    expect(await ids('search=osram')).toEqual([lumen.id]);
    expect(await ids('search=wholesal')).toEqual([lumen.id]);
    expect(await ids('search=fjord')).toEqual([fjord.id]);
    expect(await ids('country=NO')).toEqual([fjord.id]);
    expect(await ids('country=SE')).toEqual([]);
    expect(await ids('ordering=-name')).toEqual([lumen.id, fjord.id]);
  });

  it('reads one entry; an unknown id is a 404', async () => {
    const res = await as(app, me, { method: 'GET', url: `${DIRECTORY}${lumen.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: lumen.id, name: 'Lumen Distribution GmbH', products_count: 2 });
    expect((await as(app, me, { method: 'GET', url: `${DIRECTORY}987654/` })).statusCode).toBe(404);
  });

  it('answers 400 for unknown filters, 404 for a path id that is none, and 401 without a token', async () => {
    expect((await as(app, me, { method: 'GET', url: `${DIRECTORY}?brand=Hay` })).json()).toEqual({ brand: ['Unknown field.'] });
    expect((await as(app, me, { method: 'GET', url: `${DIRECTORY}abc/` })).statusCode).toBe(404);
    for (const url of [DIRECTORY, `${DIRECTORY}${lumen.id}/`, PRODUCTS]) {
      expect((await as(app, null, { method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await as(app, null, { method: 'POST', url: `${DIRECTORY}${lumen.id}/adopt/` })).statusCode).toBe(401);
  });
});

describe('GET /api/suppliers_global/products/', () => {
  it('lists a directory supplier’s products with supplier name, price and currency', async () => {
    const res = await as(app, me, { method: 'GET', url: `${PRODUCTS}?supplier=${lumen.id}` });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(2);
    const bulb = page.results.find((p: GlobalSupplierProductResponse) => p.sku === 'L-100');
    expect(bulb).toEqual({
      id: expect.any(Number),
      supplier: lumen.id,
      supplier_name: 'Lumen Distribution GmbH',
      sku: 'L-100',
      name: 'LED bulb E27',
      brand: 'Philips',
      price: 4.5,
      currency: eurId,
      currency_code: 'EUR',
      url: 'https://lumen.example/l100',
      image_url: 'https://lumen.example/l100.jpg',
    });
    expect(page.results.find((p: GlobalSupplierProductResponse) => p.sku === 'L-200')).toMatchObject({ price: null, currency: null, currency_code: null });
  });

  it('searches sku, name and brand, across suppliers when none is named', async () => {
    const skus = async (query: string) =>
      (await as(app, me, { method: 'GET', url: `${PRODUCTS}?${query}` })).json().results.map((p: GlobalSupplierProductResponse) => p.sku);
    expect(await skus('search=chair')).toEqual(['F-1']);
    expect(await skus(`supplier=${lumen.id}&search=osram`)).toEqual(['L-200']);
    expect(await skus(`supplier=${fjord.id}&search=osram`)).toEqual([]);
    // As in Django on PostgreSQL, products without a price sort last going up.
    expect(await skus('ordering=price')).toEqual(['L-100', 'F-1', 'L-200']);
    expect((await as(app, me, { method: 'GET', url: PRODUCTS })).json().count).toBe(3);
  });

  it('answers 400 for a malformed supplier id or an unknown filter', async () => {
    expect((await as(app, me, { method: 'GET', url: `${PRODUCTS}?supplier=abc` })).json()).toEqual({ supplier: ['Enter a whole number.'] });
    expect((await as(app, me, { method: 'GET', url: `${PRODUCTS}?colour=red` })).json()).toEqual({ colour: ['Unknown field.'] });
  });
});

describe('POST /api/suppliers_global/{id}/adopt/', () => {
  it('creates a supplier of the caller’s company linked to the entry (201)', async () => {
    const tenant = await createTenant(app);
    const res = await as(app, tenant, { method: 'POST', url: `${DIRECTORY}${lumen.id}/adopt/` });
    expect(res.statusCode).toBe(201);
    const supplier = res.json();
    expect(supplier).toMatchObject({
      name: 'Lumen Distribution GmbH',
      name_abbrev: 'LUM',
      website: 'https://lumen.example',
      global_supplier: lumen.id,
      currency: null,
      feeds_count: 0,
      products_count: 0,
    });
    const [row] = await app.deps.database.db.select().from(procurementSuppliers).where(eq(procurementSuppliers.id, supplier.id));
    expect(row).toMatchObject({ companyId: tenant.companyId, accountId: tenant.user.id });
    // It is the company's now: visible in its lists, not in another company's.
    expect((await as(app, tenant, { method: 'GET', url: `/api/procurement/suppliers/${supplier.id}/` })).statusCode).toBe(200);
    expect((await as(app, other, { method: 'GET', url: `/api/procurement/suppliers/${supplier.id}/` })).statusCode).toBe(404);
  });

  it('answers 400 when the company already has a supplier of that name, and creates nothing', async () => {
    const tenant = await createTenant(app);
    await insertSupplier(app.deps.database.db, tenant.companyId, { name: 'fjord furniture as', nameAbbrev: 'OWN' });
    const res = await as(app, tenant, { method: 'POST', url: `${DIRECTORY}${fjord.id}/adopt/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [SUPPLIER_NAME_TAKEN] });
    const first = await as(app, tenant, { method: 'POST', url: `${DIRECTORY}${lumen.id}/adopt/` });
    expect(first.statusCode).toBe(201);
    const again = await as(app, tenant, { method: 'POST', url: `${DIRECTORY}${lumen.id}/adopt/` });
    expect(again.json()).toEqual({ name: [SUPPLIER_NAME_TAKEN], name_abbrev: [SUPPLIER_ABBREV_TAKEN] });
    expect((await as(app, tenant, { method: 'GET', url: '/api/procurement/suppliers/' })).json().count).toBe(2);
  });

  it('answers 404 for an unknown directory entry', async () => {
    const res = await as(app, me, { method: 'POST', url: `${DIRECTORY}987654/adopt/` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('directory data is read-only: no write routes', async () => {
    expect((await as(app, me, { method: 'POST', url: DIRECTORY, payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'DELETE', url: `${DIRECTORY}${lumen.id}/` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'GET', url: `${DIRECTORY}${lumen.id}/` })).statusCode).toBe(200);
  });
});
