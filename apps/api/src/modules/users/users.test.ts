import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let a: Tenant;
let b: Tenant;
let aStaff: Tenant;
let aOther: Tenant;

beforeAll(async () => {
  app = await createTestApp();
  a = await createTenant(app, { account: { first_name: 'Ada', last_name: 'Lindqvist' } });
  aStaff = await createStaffUser(app, a, { first_name: 'Sven', last_name: 'Berg', email: `sven-${Date.now()}@berg-trading.test` });
  // A fixed email: a random one could contain a searched word ("ada") and match one user too many.
  aOther = await createStaffUser(app, a, { first_name: 'Maja', last_name: '100%_Sure', email: `maja-${Date.now()}@shop.test` });
  b = await createTenant(app, { account: { first_name: 'Ada', last_name: 'Other' } });
});
afterAll(async () => app?.close());

const list = (tenant: Tenant | null, query = '') => as(app, tenant, { method: 'GET', url: `/api/users/${query}` });
const ids = (body: { results: { id: number }[] }) => body.results.map((u) => u.id).sort((x, y) => x - y);

describe('GET /api/users/', () => {
  it('answers a DRF page of the users of the caller’s company, and never another company’s', async () => {
    const res = await list(a);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, next: null, previous: null });
    expect(ids(body)).toEqual([a.user.id, aStaff.user.id, aOther.user.id].sort((x, y) => x - y));
    expect(Object.keys(body.results[0]).sort()).toEqual(['company_role', 'email', 'first_name', 'id', 'is_active', 'last_name']);
    expect(body.results.find((u: { id: number }) => u.id === aStaff.user.id)).toEqual({
      id: aStaff.user.id,
      email: aStaff.user.email,
      first_name: 'Sven',
      last_name: 'Berg',
      company_role: 'Staff',
      is_active: true,
    });
    const fromB = (await list(b)).json();
    expect(ids(fromB)).toEqual([b.user.id]);
  });

  it('is open to Staff users as well', async () => {
    const res = await list(aStaff);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(3);
  });

  it('matches name__icontains against first name, last name, "first last" and email, ignoring case', async () => {
    expect(ids((await list(a, '?name__icontains=sVEN')).json())).toEqual([aStaff.user.id]);
    expect(ids((await list(a, '?name__icontains=berg')).json())).toEqual([aStaff.user.id]);
    expect(ids((await list(a, '?name__icontains=ada%20lindq')).json())).toEqual([a.user.id]);
    expect(ids((await list(a, '?name__icontains=berg-trading')).json())).toEqual([aStaff.user.id]);
    // "Ada" exists in company B too; it must not show up here.
    expect(ids((await list(a, '?name__icontains=ada')).json())).toEqual([a.user.id]);
    expect((await list(a, '?name__icontains=nobody-by-this-name')).json().count).toBe(0);
  });

  it('treats % and _ in name__icontains as plain characters', async () => {
    expect(ids((await list(a, '?name__icontains=100%25_s')).json())).toEqual([aOther.user.id]);
    expect((await list(a, '?name__icontains=%25')).json().count).toBe(1);
    expect((await list(a, '?name__icontains=_')).json().count).toBe(1);
    // Unescaped, "ada%lind" would be a wildcard and find Ada Lindqvist.
    expect((await list(a, '?name__icontains=ada%25lind')).json().count).toBe(0);
  });

  it('filters by email__icontains and searches with search=', async () => {
    expect(ids((await list(a, '?email__icontains=BERG-TRADING')).json())).toEqual([aStaff.user.id]);
    // An email filter does not look at names.
    expect((await list(a, '?email__icontains=sven%20berg')).json().count).toBe(0);
    expect(ids((await list(a, '?search=maja')).json())).toEqual([aOther.user.id]);
    expect(ids((await list(a, `?search=${encodeURIComponent(b.user.email)}`)).json())).toEqual([]);
  });

  it('orders by an allowed field and refuses an unknown one', async () => {
    const byEmail = (await list(a, '?ordering=-email')).json().results.map((u: { email: string }) => u.email);
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    const byLast = (await list(a, '?ordering=last_name')).json().results.map((u: { last_name: string }) => u.last_name);
    expect(byLast).toEqual(['100%_Sure', 'Berg', 'Lindqvist']);
    const bad = await list(a, '?ordering=password_hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: ['Unknown ordering field: password_hash.'] });
  });

  it('pages with limit/offset and absolute next/previous links that keep the filters', async () => {
    const first = (await list(a, '?limit=2&ordering=id&name__icontains=a')).json();
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    const next = new URL(first.next);
    expect(next.origin + next.pathname).toBe('http://kontor.test/api/users/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '2', offset: '2', ordering: 'id', name__icontains: 'a' });
    const second = (await list(a, `?${next.searchParams}`)).json();
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('http://kontor.test/api/users/?limit=2&ordering=id&name__icontains=a');
  });

  it('answers 400 with field errors for unknown filters and bad paging values', async () => {
    const unknown = await list(a, '?company=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ company: ['Unknown field.'] });
    const lookup = await list(a, '?email__startswith=x');
    expect(lookup.json()).toEqual({ email__startswith: ['Unknown field.'] });
    const paging = await list(a, '?limit=0&offset=-1');
    expect(paging.statusCode).toBe(400);
    expect(Object.keys(paging.json()).sort()).toEqual(['limit', 'offset']);
  });

  it('takes paging values sent empty as not sent (a form with unset fields sends them), as it does empty filters', async () => {
    const blank = await list(a, '?limit=&offset=&search=&ordering=');
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toEqual((await list(a)).json());
  });

  it('answers 401 without a token', async () => {
    const res = await list(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
