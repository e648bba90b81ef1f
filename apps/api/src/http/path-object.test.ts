import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { as, createStaffUser, createTenant, type Tenant, type TestApp, createTestApp } from '../../test/helpers.js';
import { runAsActor } from '../db/actor.js';
import { customerBackorders } from '../db/schema/index.js';
import { insertProduct } from '../modules/catalog/catalog.factories.js';
import { insertOrder } from '../modules/customers/customers.factories.js';
import { updateLocationType } from '../modules/inventory/location-types.service.js';
import { notify } from '../modules/notifications/notify.js';
import type { Ctx } from './context.js';

/**
 * A detail route looks its path's object up before it answers the 400 on its input, as DRF's
 * generic views do (get_object, then the serializer): on the failure path only (ADR 0006,
 * http/path-object.ts). One test per kind of scope the routes declare, and the cost: none on the
 * happy path. The isolation matrix runs the same check on every route of the route table.
 */

let app: TestApp;
let me: Tenant;
let meStaff: Tenant;
let other: Tenant;
const NOT_FOUND = { detail: 'Not found.' };
const MISSING = 2_000_000_001;

beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  meStaff = await createStaffUser(app, me);
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const call = (tenant: Tenant | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
  as(app, tenant, { method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });

/**
 * Counts the statements drizzle builds (every query the API sends goes through its dialect's
 * sqlToQuery; a statement prepared once, as authentication's user lookup, is not rebuilt).
 */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const dialect = (db() as unknown as { dialect: PgDialect }).dialect;
  const build = dialect.sqlToQuery;
  let count = 0;
  dialect.sqlToQuery = (...args) => {
    count += 1;
    return build.apply(dialect, args);
  };
  try {
    await work();
  } finally {
    dialect.sqlToQuery = build;
  }
  return count;
}

const locationType = async (tenant: Tenant, name: string): Promise<number> => {
  const res = await call(tenant, 'POST', '/api/catalog/inventory_location_types/', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
};

describe('a company row (PUT /api/catalog/inventory_location_types/{id}/)', () => {
  const url = (id: number | string) => `/api/catalog/inventory_location_types/${id}/`;

  it('answers the 400 on the input for the caller’s own row, 404 for another company’s or a missing one', async () => {
    const mine = await locationType(me, 'Shelf');
    const theirs = await locationType(other, 'Their shelf');
    const blank = { name: '' };
    const own = await call(me, 'PUT', url(mine), blank);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await call(meStaff, 'PUT', url(mine), blank)).statusCode, 'Staff of the same company').toBe(400);
    for (const id of [theirs, MISSING]) {
      const res = await call(me, 'PUT', url(id), blank);
      expect(res.statusCode, `id ${id}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      // A list where an object is expected, a body that is no JSON object at all: the same.
      expect((await call(me, 'PUT', url(id), [1])).json()).toEqual(NOT_FOUND);
    }
    // A path id that names nothing is a 404 whatever the body.
    for (const id of ['abc', '0', '2147483648']) {
      expect((await call(me, 'PUT', url(id), blank)).statusCode, `id ${id}`).toBe(404);
      expect((await call(me, 'DELETE', url(id))).statusCode, `DELETE id ${id}`).toBe(404);
    }
    // No token is a 401 before anything else.
    expect((await call(null, 'PUT', url(theirs), blank)).statusCode).toBe(401);
    expect((await call(null, 'PUT', url('abc'), blank)).statusCode).toBe(401);
    // A valid request is as before: the service's own lookup answers.
    expect((await call(me, 'PUT', url(theirs), { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call(me, 'PUT', url(mine), { name: 'Top shelf' })).json()).toMatchObject({ id: mine, name: 'Top shelf' });
  });

  it('costs the happy path no statement: a valid request sends exactly what the service does', async () => {
    const mine = await locationType(me, 'Cellar');
    // Warm: the caller's user is read once and then known (http/known-users.ts).
    await call(me, 'PUT', url(mine), { name: 'Cellar 0' });
    const overHttp = await statementsOf(async () => expect((await call(me, 'PUT', url(mine), { name: 'Cellar 1' })).statusCode).toBe(200));
    const ctx: Ctx = { db: db(), readDb: db(), user: { id: me.user.id, email: me.user.email, companyId: me.companyId, companyRole: 'Admin' } };
    // As the request runs it: its transactions name their user to the audit trigger (on PGlite a statement of its own).
    const direct = await statementsOf(() => runAsActor(me.user.id, () => updateLocationType(ctx, mine, { name: 'Cellar 2' })));
    expect(overHttp).toBeGreaterThan(0);
    expect(overHttp, 'statements of the valid PUT against those of the service alone').toBe(direct);
    // The failure path pays one statement, the lookup; a malformed id none.
    expect(await statementsOf(() => call(me, 'PUT', url(mine), { name: '' }))).toBe(1);
    expect(await statementsOf(() => call(me, 'PUT', url(MISSING), { name: '' }))).toBe(1);
    expect(await statementsOf(() => call(me, 'PUT', url('abc'), { name: '' }))).toBe(0);
  });
});

describe('a notification of the caller’s own (PUT /api/notifications/{id}/)', () => {
  it('is the receiver’s only: another user of the same company gets 404 for bad input too', async () => {
    const id = await notify(db(), { companyId: me.companyId, receiverUserId: me.user.id, title: 'Low stock' });
    const url = `/api/notifications/${id}/`;
    const bad = { read_at: 'yesterday' };
    const own = await call(me, 'PUT', url, bad);
    expect(own.statusCode).toBe(400);
    expect(Object.keys(own.json())).toEqual(['read_at']);
    for (const caller of [meStaff, other]) {
      const res = await call(caller, 'PUT', url, bad);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await call(caller, 'PUT', url, { read_at: null })).statusCode, 'a valid body, as before').toBe(404);
    }
    expect((await call(me, 'PUT', url, { read_at: null })).statusCode).toBe(200);
  });
});

describe('the caller’s own company (PUT /api/users/companies/{id}/)', () => {
  const url = (id: number) => `/api/users/companies/${id}/`;

  it('answers the 400 for the caller’s company, 404 for any other; Staff still gets 403', async () => {
    const bad = { name: '   ' };
    const own = await call(me, 'PUT', url(me.companyId), bad);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ name: ['This field may not be blank.'] });
    for (const id of [other.companyId, MISSING]) {
      const res = await call(me, 'PUT', url(id), bad);
      expect(res.statusCode, `company ${id}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    // Admin-only: the role is checked before anything of the request.
    expect((await call(meStaff, 'PUT', url(me.companyId), bad)).statusCode).toBe(403);
    expect((await call(meStaff, 'PUT', url(other.companyId), bad)).statusCode).toBe(403);
    // The scope needs no statement.
    expect(await statementsOf(() => call(me, 'PUT', url(other.companyId), bad))).toBe(0);
  });
});

describe('a user of the caller’s company (PATCH /api/users/{id}/)', () => {
  const url = (id: number) => `/api/users/${id}/`;

  it('answers the 400 for a user of the company, 404 for another company’s user or a missing one', async () => {
    const bad = { company_role: 'Boss' };
    const own = await call(me, 'PATCH', url(meStaff.user.id), bad);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ company_role: ['"Boss" is not a valid choice.'] });
    for (const id of [other.user.id, MISSING]) {
      const res = await call(me, 'PATCH', url(id), bad);
      expect(res.statusCode, `user ${id}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await call(meStaff, 'PATCH', url(other.user.id), bad)).statusCode, 'Staff: 403 as before').toBe(403);
  });
});

describe('an open backorder (POST /api/customers/backorders/{id}/reserve/)', () => {
  it('is found while open, as the service finds it: a resolved one is a 404 for bad input too', async () => {
    const product = await insertProduct(db(), me.companyId);
    const { items } = await insertOrder(db(), me.companyId, {}, [{ productId: product.id, quantity: 3 }]);
    const backorder = async () => {
      const res = await call(me, 'POST', '/api/customers/backorders/', { order_item: items[0]!.id, quantity: 1 });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const open = await backorder();
    const resolved = await backorder();
    await db().update(customerBackorders).set({ resolvedAt: new Date(), resolution: 'order_cancelled' }).where(eq(customerBackorders.id, resolved));
    const url = (id: number) => `/api/customers/backorders/${id}/reserve/`;
    const own = await call(me, 'POST', url(open));
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ procurement_order_item: ['This field is required.'] });
    expect((await call(me, 'POST', url(resolved))).json()).toEqual(NOT_FOUND);
    expect((await call(other, 'POST', url(open))).json()).toEqual(NOT_FOUND);
    // A valid body on the resolved one: the service's own 404, as before.
    expect((await call(me, 'POST', url(resolved), { procurement_order_item: MISSING })).statusCode).toBe(404);
  });
});
