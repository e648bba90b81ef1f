import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MARKUP_BAND_ORDER, MARKUP_NAME_TAKEN, PAGE_SIZE, type MarkupResponse, type ProductResponse } from '@kontor/contract';
import { catalogMarkups } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const MARKUPS = '/api/catalog/markups/';
const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const post = (tenant: Tenant | null, payload: unknown) => as(app, tenant, { method: 'POST', url: MARKUPS, payload: payload as object });
const put = (tenant: Tenant | null, id: number, payload: unknown) => as(app, tenant, { method: 'PUT', url: `${MARKUPS}${id}/`, payload: payload as object });
const del = (tenant: Tenant | null, id: number) => as(app, tenant, { method: 'DELETE', url: `${MARKUPS}${id}/` });
const rowsOf = (companyId: number) => db().select().from(catalogMarkups).where(eq(catalogMarkups.companyId, companyId)).orderBy(catalogMarkups.id);
const names = (body: { results: MarkupResponse[] }) => body.results.map((m) => m.name);

async function create(tenant: Tenant, payload: Record<string, unknown>): Promise<MarkupResponse> {
  const res = await post(tenant, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/catalog/markups/', () => {
  it('creates a rule with defaults and answers every field of the contract', async () => {
    const me = await createTenant(app);
    const res = await post(me, { name: ' Standard ', percent: '60' });
    expect(res.statusCode).toBe(201);
    const body: MarkupResponse = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Standard',
      percent: 60,
      cost_from: null,
      cost_to: null,
      product_type: null,
      priority: 100,
      is_default: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const full = await create(me, {
      name: 'Cheap bundles',
      percent: 12.5,
      cost_from: 0,
      cost_to: '99.99',
      product_type: 'bundle',
      priority: 3,
      is_default: true,
    });
    expect(full).toMatchObject({ percent: 12.5, cost_from: 0, cost_to: 99.99, product_type: 'bundle', priority: 3, is_default: true });
    const [, row] = await rowsOf(me.companyId);
    expect(row).toMatchObject({ companyId: me.companyId, accountId: me.user.id, percent: '12.50', costFrom: '0.00', costTo: '99.99' });
  });

  it('refuses invalid bodies with DRF errors and creates nothing', async () => {
    const me = await createTenant(app);
    expect((await post(me, {})).json()).toEqual({ name: ['This field is required.'], percent: ['This field is required.'] });
    expect((await post(me, { name: ' ', percent: 1 })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await post(me, { name: 'A', percent: '1.234' })).json()).toEqual({ percent: ['Ensure that there are no more than 2 decimal places.'] });
    expect((await post(me, { name: 'A', percent: -100.01 })).json()).toEqual({ percent: ['Ensure this value is greater than or equal to -100.'] });
    expect((await post(me, { name: 'A', percent: 10, cost_from: 100, cost_to: 100 })).json()).toEqual({ cost_to: [MARKUP_BAND_ORDER] });
    expect((await post(me, { name: 'A', percent: 10, product_type: 'kit' })).statusCode).toBe(400);
    expect((await post(me, { name: 'A', percent: 10, priority: 1.5 })).json()).toEqual({ priority: ['Enter a whole number.'] });
    expect((await post(me, { name: 'A', percent: 10, colour: 'red' })).json()).toEqual({ colour: ['Unknown field.'] });
    expect(await rowsOf(me.companyId)).toEqual([]);
  });

  it('refuses a name the company already uses, whatever its case; another company may use it', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    await create(me, { name: 'Garden', percent: 50 });
    const dup = await post(me, { name: 'GARDEN', percent: 70, is_default: true });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [MARKUP_NAME_TAKEN] });
    expect((await rowsOf(me.companyId)).map((r) => [r.name, r.isDefault])).toEqual([['Garden', false]]);
    expect((await post(other, { name: 'garden', percent: 70 })).statusCode).toBe(201);
  });

  it('makes a new default the only one: the previous default stops being it', async () => {
    const me = await createTenant(app);
    const first = await create(me, { name: 'First', percent: 10, is_default: true });
    const second = await create(me, { name: 'Second', percent: 20, is_default: true });
    expect((await rowsOf(me.companyId)).map((r) => [r.id, r.isDefault])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect((await put(me, first.id, { name: 'First', percent: 10, is_default: true })).json().is_default).toBe(true);
    expect((await rowsOf(me.companyId)).map((r) => [r.id, r.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
  });

  it('lets Staff create, and answers 401 without a token', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    expect((await post(staff, { name: 'Staff rule', percent: 5 })).statusCode).toBe(201);
    expect((await post(null, { name: 'Nobody', percent: 5 })).statusCode).toBe(401);
    expect((await rowsOf(me.companyId)).map((r) => r.name)).toEqual(['Staff rule']);
  });
});

describe('GET /api/catalog/markups/', () => {
  it('lists the company’s rules in the order the engine tries them, pages of 25, with search and filters', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    await db()
      .insert(catalogMarkups)
      .values(
        Array.from({ length: 27 }, (_, i) => ({ companyId: me.companyId, name: `Rule ${String(i).padStart(2, '0')}`, percent: '10', priority: 100 - i })),
      );
    const special = await create(me, { name: 'Bundles special', percent: 50, priority: 100, is_default: true });
    await create(other, { name: 'Theirs', percent: 1, priority: 0 });

    const res = await get(me, MARKUPS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(28);
    expect(body.results).toHaveLength(PAGE_SIZE.markups);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`${app.deps.config.publicUrl}${MARKUPS}?limit=25&offset=25`);
    // Priority ascending, ties by id: Rule 26 has priority 74, Rule 00 and the special one 100.
    expect(names(body).slice(0, 2)).toEqual(['Rule 26', 'Rule 25']);
    const last = (await get(me, `${MARKUPS}?offset=25`)).json();
    expect(names(last)).toEqual(['Rule 01', 'Rule 00', 'Bundles special']);

    expect(names((await get(me, `${MARKUPS}?search=special`)).json())).toEqual(['Bundles special']);
    expect(names((await get(me, `${MARKUPS}?name__icontains=rule 2`)).json())).toEqual([
      'Rule 26',
      'Rule 25',
      'Rule 24',
      'Rule 23',
      'Rule 22',
      'Rule 21',
      'Rule 20',
    ]);
    expect((await get(me, `${MARKUPS}?is_default=true`)).json().results.map((m: MarkupResponse) => m.id)).toEqual([special.id]);
    expect(names((await get(me, `${MARKUPS}?ordering=-name&limit=2`)).json())).toEqual(['Rule 26', 'Rule 25']);
    expect(names((await get(other, MARKUPS)).json())).toEqual(['Theirs']);
  });

  it('answers 400 for unknown filters and orderings, 401 without a token', async () => {
    const me = await createTenant(app);
    expect((await get(me, `${MARKUPS}?colour=red`)).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await get(me, `${MARKUPS}?ordering=colour`)).json()).toEqual({ ordering: ['Unknown ordering field: colour.'] });
    expect((await get(me, `${MARKUPS}?is_default=maybe`)).statusCode).toBe(400);
    expect((await get(null, MARKUPS)).statusCode).toBe(401);
  });
});

describe('GET /api/catalog/markups/{id}/', () => {
  it('answers the rule, 404 for another company’s or a missing one, 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await create(me, { name: 'Mine', percent: 30 });
    const theirs = await create(other, { name: 'Theirs', percent: 30 });
    const res = await get(me, `${MARKUPS}${mine.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
    for (const id of [theirs.id, 2147483000]) {
      const missing = await get(me, `${MARKUPS}${id}/`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await get(null, `${MARKUPS}${mine.id}/`)).statusCode).toBe(401);
  });
});

describe('PUT /api/catalog/markups/{id}/', () => {
  it('replaces what the body names and keeps the optional fields it leaves out', async () => {
    const me = await createTenant(app);
    const rule = await create(me, { name: 'Band', percent: 30, cost_from: 100, cost_to: 500, product_type: 'simple', priority: 7 });
    const res = await put(me, rule.id, { name: 'Band 2', percent: '35.5', cost_to: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: rule.id,
      name: 'Band 2',
      percent: 35.5,
      cost_from: 100,
      cost_to: null,
      product_type: 'simple',
      priority: 7,
      is_default: false,
    });
    expect(new Date(res.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(rule.updated_at).getTime());
    expect((await get(me, `${MARKUPS}${rule.id}/`)).json()).toEqual(res.json());
  });

  it('refuses a band that ends before the stored start, a taken name and a bad body, changing nothing', async () => {
    const me = await createTenant(app);
    const rule = await create(me, { name: 'Band', percent: 30, cost_from: 100 });
    await create(me, { name: 'Taken', percent: 1 });
    const before = await rowsOf(me.companyId);
    const band = await put(me, rule.id, { name: 'Band', percent: 30, cost_to: 50 });
    expect(band.statusCode).toBe(400);
    expect(band.json()).toEqual({ cost_to: [MARKUP_BAND_ORDER] });
    const taken = await put(me, rule.id, { name: 'taken', percent: 30, is_default: true });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: [MARKUP_NAME_TAKEN] });
    expect((await put(me, rule.id, { percent: 30 })).json()).toEqual({ name: ['This field is required.'] });
    expect(await rowsOf(me.companyId)).toEqual(before);
  });

  it('answers 404 for another company’s rule and changes nothing; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await create(other, { name: 'Theirs', percent: 30 });
    const res = await put(me, theirs.id, { name: 'Stolen', percent: 99 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await put(null, theirs.id, { name: 'Nobody', percent: 99 })).statusCode).toBe(401);
    expect((await rowsOf(other.companyId)).map((r) => [r.name, r.percent])).toEqual([['Theirs', '30.00']]);
  });
});

describe('DELETE /api/catalog/markups/{id}/', () => {
  it('deletes the rule and answers 204; a second delete, another company’s rule and no token are refused', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await create(me, { name: 'Mine', percent: 30 });
    const theirs = await create(other, { name: 'Theirs', percent: 30 });
    expect((await del(null, mine.id)).statusCode).toBe(401);
    expect((await del(me, theirs.id)).statusCode).toBe(404);
    expect(await rowsOf(other.companyId)).toHaveLength(1);
    const res = await del(me, mine.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowsOf(me.companyId)).toEqual([]);
    expect((await del(me, mine.id)).statusCode).toBe(404);
  });
});

describe('markups price the catalog', () => {
  it('creating, changing and deleting rules reprices the company’s products, and only theirs', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const tag = `MK${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const costs = { costShipping: '29.00', costPackagingLabour: '10.00', costPackagingMaterial: '5.00' };
    await insertProduct(db(), me.companyId, { sku: `${tag}-PLAIN`, procurementCost: '200.00', ...costs });
    await insertProduct(db(), me.companyId, { sku: `${tag}-CHEAP`, procurementCost: '40.00', ...costs });
    await insertProduct(db(), me.companyId, { sku: `${tag}-OVER`, procurementCost: '200.00', priceManualOverride: '199.00', ...costs });
    // A stale stored price: repricing it (the other company has no rules) would clear it.
    const theirs = await insertProduct(db(), other.companyId, { procurementCost: '200.00', priceCalculatedAutomatically: '1.00', ...costs });
    const figures = async (tenant: Tenant = me) => {
      const res = await get(tenant, `/api/catalog/products/?sku__icontains=${tag}&ordering=sku`);
      expect(res.statusCode).toBe(200);
      return (res.json().results as ProductResponse[]).map((p) => [
        p.sku.slice(tag.length + 1),
        p.price_calculated_automatically,
        p.price,
        p.margin,
        p.margin_percent,
      ]);
    };
    // The default 60 %: 244 x 1.60 x 1.25 = 488; 84 x 1.60 x 1.25 = 168 (excl 134.40, margin 50.40, 37.50 %).
    const standard = await create(me, { name: 'Standard', percent: 60, is_default: true });
    expect(await figures()).toEqual([
      ['CHEAP', 168, 168, 50.4, 37.5],
      ['OVER', 488, 199, -84.8, -53.27],
      ['PLAIN', 488, 488, 146.4, 37.5],
    ]);

    // Below 100 kr at 120 %: 84 x 2.20 x 1.25 = 231 (excl 184.80, margin 100.80, 54.55 %).
    const cheapRule = await create(me, { name: 'Cheap', percent: 120, cost_to: 100, priority: 10 });
    expect((await figures())[0]).toEqual(['CHEAP', 231, 231, 100.8, 54.55]);

    // A failed write changes no price.
    expect((await put(me, cheapRule.id, { name: 'Standard', percent: 500 })).statusCode).toBe(400);
    expect((await figures())[0]).toEqual(['CHEAP', 231, 231, 100.8, 54.55]);

    // 100 % on the default: 244 x 2 x 1.25 = 610 (excl 488, margin 244, 50 %).
    expect((await put(me, standard.id, { name: 'Standard', percent: 100, is_default: true })).statusCode).toBe(200);
    expect((await figures())[2]).toEqual(['PLAIN', 610, 610, 244, 50]);

    // Without the cheap rule the cheap product falls back to the default: 84 x 2 x 1.25 = 210.
    expect((await del(me, cheapRule.id)).statusCode).toBe(204);
    expect((await figures())[0]).toEqual(['CHEAP', 210, 210, 84, 50]);
    // Without any rule there is no auto price.
    expect((await del(me, standard.id)).statusCode).toBe(204);
    expect((await figures()).map((f) => f[1])).toEqual([null, null, null]);

    // Another company's catalog never moved.
    const [row] = (await get(other, `/api/catalog/products/?id=${theirs.id}`)).json().results as ProductResponse[];
    expect(row).toMatchObject({ price_calculated_automatically: 1 });
  });
});
