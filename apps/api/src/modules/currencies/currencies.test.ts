import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyResponse } from '@kontor/contract';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let me: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
});
afterAll(async () => app?.close());

const URL = '/api/currencies/';

describe('GET /api/currencies/', () => {
  it('lists the seeded currencies with their rates, in a DRF page ordered by code', async () => {
    const res = await as(app, me, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 10, next: null, previous: null });
    const codes = body.results.map((c: CurrencyResponse) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['SEK', 'EUR', 'USD', 'NOK', 'DKK', 'JPY']));
    const sek = body.results.find((c: CurrencyResponse) => c.code === 'SEK');
    expect(Object.keys(sek).sort()).toEqual(['code', 'id', 'name', 'rate_to_sek']);
    expect(sek).toMatchObject({ name: 'Swedish krona', rate_to_sek: 1 });
    // Six decimals survive: a yen is worth far less than a krona.
    expect(body.results.find((c: CurrencyResponse) => c.code === 'JPY').rate_to_sek).toBe(0.063);
  });

  it('filters by code (any case), code__in and search, and pages', async () => {
    const eur = (await as(app, me, { method: 'GET', url: `${URL}?code=eur` })).json();
    expect(eur.results.map((c: CurrencyResponse) => [c.code, c.rate_to_sek])).toEqual([['EUR', 11]]);
    const some = (await as(app, me, { method: 'GET', url: `${URL}?code__in=NOK,DKK` })).json();
    expect(some.results.map((c: CurrencyResponse) => c.code)).toEqual(['DKK', 'NOK']);
    const search = (await as(app, me, { method: 'GET', url: `${URL}?search=krone` })).json();
    expect(search.results.map((c: CurrencyResponse) => c.code)).toEqual(['DKK', 'NOK']);
    const paged = (await as(app, me, { method: 'GET', url: `${URL}?limit=3&offset=3` })).json();
    expect(paged.results).toHaveLength(3);
    expect(paged.next).toBe('http://kontor.test/api/currencies/?limit=3&offset=6');
    expect(paged.previous).toBe('http://kontor.test/api/currencies/?limit=3');
  });

  it('answers 400 for an unknown filter or ordering, and 401 without a token', async () => {
    const unknown = await as(app, me, { method: 'GET', url: `${URL}?country=SE` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ country: ['Unknown field.'] });
    const ordering = await as(app, me, { method: 'GET', url: `${URL}?ordering=rate_to_sek` });
    expect(ordering.statusCode).toBe(400);
    expect(ordering.json()).toEqual({ ordering: ['Unknown ordering field: rate_to_sek.'] });
    const anonymous = await as(app, null, { method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('is read-only reference data: writes are not routes', async () => {
    const res = await as(app, me, { method: 'POST', url: URL, payload: { code: 'XXX', name: 'Test', rate_to_sek: 1 } });
    expect(res.statusCode).toBe(404);
    expect((await as(app, me, { method: 'GET', url: `${URL}?code=XXX` })).json().count).toBe(0);
  });
});
