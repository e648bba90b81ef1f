import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let a: Tenant;
let b: Tenant;
let aStaff: Tenant;

beforeAll(async () => {
  app = await createTestApp();
  a = await createTenant(app, { company: { name: 'Alpha Garden AB', country: 'Sweden', platform: 'WooCommerce' } });
  b = await createTenant(app, { company: { name: 'Beta Garden AB' } });
  aStaff = await createStaffUser(app, a);
});
afterAll(async () => app?.close());

const companyRow = async (id: number) => (await app.deps.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

describe('GET /api/users/companies/', () => {
  it('answers a DRF page holding only the caller’s own company', async () => {
    const res = await as(app, a, { method: 'GET', url: '/api/users/companies/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, next: null, previous: null });
    expect(body.results[0]).toMatchObject({ id: a.companyId, name: 'Alpha Garden AB', country: 'Sweden', platform: 'WooCommerce', agreed_to_terms: true });
    expect(Object.keys(body.results[0]).sort()).toEqual(['agreed_to_terms', 'country', 'created_at', 'id', 'name', 'platform', 'updated_at', 'url']);
  });

  it('searches by name, without ever finding another company', async () => {
    expect((await as(app, a, { method: 'GET', url: '/api/users/companies/?search=alpha' })).json().count).toBe(1);
    // "Garden" matches both companies' names; only the caller's own is answered.
    const garden = (await as(app, a, { method: 'GET', url: '/api/users/companies/?search=garden' })).json();
    expect(garden.results.map((c: { id: number }) => c.id)).toEqual([a.companyId]);
    expect((await as(app, a, { method: 'GET', url: '/api/users/companies/?search=beta' })).json().count).toBe(0);
    expect((await as(app, a, { method: 'GET', url: '/api/users/companies/?name__icontains=beta' })).json().count).toBe(0);
    expect((await as(app, a, { method: 'GET', url: `/api/users/companies/?name__icontains=ALPHA` })).json().count).toBe(1);
  });

  it('answers 400 for an unknown filter or ordering', async () => {
    const res = await as(app, a, { method: 'GET', url: '/api/users/companies/?country=Sweden' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ country: ['Unknown field.'] });
    const ordering = await as(app, a, { method: 'GET', url: '/api/users/companies/?ordering=-country' });
    expect(ordering.json()).toEqual({ ordering: ['Unknown ordering field: -country.'] });
  });

  it('answers 401 without a token', async () => {
    expect((await as(app, null, { method: 'GET', url: '/api/users/companies/' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/companies/{id}/', () => {
  it('answers the caller’s own company, to Staff as well', async () => {
    const res = await as(app, aStaff, { method: 'GET', url: `/api/users/companies/${a.companyId}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.companyId, name: 'Alpha Garden AB' });
    // Trailing slash is optional.
    expect((await as(app, a, { method: 'GET', url: `/api/users/companies/${a.companyId}` })).statusCode).toBe(200);
  });

  it('answers 404 for another company’s id, exactly like a missing one', async () => {
    const other = await as(app, a, { method: 'GET', url: `/api/users/companies/${b.companyId}/` });
    expect(other.statusCode).toBe(404);
    const missing = await as(app, a, { method: 'GET', url: '/api/users/companies/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.' });
    expect(missing.json()).toEqual(other.json());
  });

  it('answers 404 for an id that is not a number (DRF’s unmatched URL), and 401 without a token', async () => {
    const bad = await as(app, a, { method: 'GET', url: '/api/users/companies/abc/' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, null, { method: 'GET', url: `/api/users/companies/${a.companyId}/` })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/companies/{id}/', () => {
  it('lets an Admin update the company and moves updated_at', async () => {
    const before = await companyRow(a.companyId);
    const res = await as(app, a, {
      method: 'PUT',
      url: `/api/users/companies/${a.companyId}/`,
      payload: { name: '  Alpha Garden Nordic AB ', country: 'Norway', url: 'https://alpha.example', platform: 'Shopify' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: a.companyId, name: 'Alpha Garden Nordic AB', country: 'Norway', url: 'https://alpha.example', platform: 'Shopify' });
    expect(new Date(body.updated_at).getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(body.created_at).toBe(before.createdAt.toISOString());
    const row = await companyRow(a.companyId);
    expect(row).toMatchObject({ name: 'Alpha Garden Nordic AB', country: 'Norway', url: 'https://alpha.example', platform: 'Shopify' });
  });

  it('keeps the stored value of a field the body leaves out', async () => {
    await as(app, a, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { name: 'Alpha', country: 'Denmark', platform: 'Magento' } });
    const res = await as(app, a, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { name: 'Alpha Again', url: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Alpha Again', country: 'Denmark', platform: 'Magento', url: '' });
  });

  it('answers 400 with DRF field errors for a bad body, and changes nothing', async () => {
    const before = await companyRow(a.companyId);
    const blank = await as(app, a, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { name: '   ', url: 'not a url' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'], url: ['Enter a valid URL.'] });
    const missing = await as(app, a, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { country: 'Finland' } });
    expect(missing.json()).toEqual({ name: ['This field is required.'] });
    const unknown = await as(app, a, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { name: 'X', agreed_to_terms: false } });
    expect(unknown.json()).toEqual({ agreed_to_terms: ['Unknown field.'] });
    expect(await companyRow(a.companyId)).toEqual(before);
  });

  it('answers 403 to a Staff user, and changes nothing', async () => {
    const before = await companyRow(a.companyId);
    const res = await as(app, aStaff, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { name: 'Staff was here' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await companyRow(a.companyId)).toEqual(before);
  });

  it('answers 404 for another company’s id, and leaves that company alone', async () => {
    const before = await companyRow(b.companyId);
    const res = await as(app, a, { method: 'PUT', url: `/api/users/companies/${b.companyId}/`, payload: { name: 'Taken over' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await companyRow(b.companyId)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const res = await as(app, null, { method: 'PUT', url: `/api/users/companies/${a.companyId}/`, payload: { name: 'Anonymous' } });
    expect(res.statusCode).toBe(401);
  });
});
