import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_MESSAGES, USER_MESSAGES } from '@kontor/contract';
import { companies, users } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, login, type Tenant, type TestApp } from '../../../test/helpers.js';

/**
 * Issue 10, roles: Admin and Staff of one company. Company preferences and the company's users
 * are an Admin's to change; a Staff user gets DRF's 403 and changes nothing.
 */

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

let app: TestApp;
let admin: Tenant;
let staff: Tenant;
let other: Tenant;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTenant(app, { company: { name: 'Roles Garden AB' } });
  staff = await createStaffUser(app, admin, { first_name: 'Sam', last_name: 'Staff' });
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const userRow = async (id: number) => (await app.deps.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@roles.test`,
  first_name: 'Nora',
  last_name: 'Nyberg',
  password: 'a-first-passphrase-42',
  ...overrides,
});
const createUser = (caller: Tenant | null, payload: unknown) => as(app, caller, { method: 'POST', url: '/api/users/', payload: payload as object });
const updateUser = (caller: Tenant | null, id: number, payload: unknown) =>
  as(app, caller, { method: 'PATCH', url: `/api/users/${id}/`, payload: payload as object });

describe('Admin-only routes refuse Staff with 403 and change nothing', () => {
  it('PUT /api/users/companies/{id}/ (company preferences)', async () => {
    const before = (await app.deps.database.db.select().from(companies).where(eq(companies.id, admin.companyId)))[0]!;
    const res = await as(app, staff, { method: 'PUT', url: `/api/users/companies/${admin.companyId}/`, payload: { name: 'Taken over by staff' } });
    expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    const after = (await app.deps.database.db.select().from(companies).where(eq(companies.id, admin.companyId)))[0]!;
    expect(after).toEqual(before);
    const ok = await as(app, admin, { method: 'PUT', url: `/api/users/companies/${admin.companyId}/`, payload: { name: 'Roles Garden AB' } });
    expect(ok.statusCode).toBe(200);
  });

  it('POST /api/users/ (adding a user)', async () => {
    const body = newUserBody();
    const res = await createUser(staff, body);
    expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    expect(await app.deps.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('PATCH /api/users/{id}/ (role, names, deactivation), also on the Staff user’s own row', async () => {
    const adminBefore = await userRow(admin.user.id);
    const staffBefore = await userRow(staff.user.id);
    for (const [id, payload] of [
      [admin.user.id, { is_active: false }],
      [admin.user.id, { company_role: 'Staff' }],
      [staff.user.id, { company_role: 'Admin' }],
      [staff.user.id, { first_name: 'Renamed' }],
    ] as const) {
      const res = await updateUser(staff, id, payload);
      expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    }
    expect(await userRow(admin.user.id)).toEqual(adminBefore);
    expect(await userRow(staff.user.id)).toEqual(staffBefore);
  });

  it('marks exactly the routes that change company preferences or users as Admin-only', () => {
    const adminOnly = app.routeTable.filter((r) => r.adminOnly).map((r) => `${r.method} ${r.url}`);
    expect(adminOnly).toEqual(expect.arrayContaining(['PUT /api/users/companies/:id/', 'POST /api/users/', 'PATCH /api/users/:id/']));
    // Reading stays open to Staff: the team list and the company.
    expect(app.routeTable.find((r) => r.method === 'GET' && r.url === '/api/users/')?.adminOnly).toBe(false);
  });

  // PUT /api/customers/storefront/ holds the WooCommerce consumer key and secret.
  it('PUT /api/customers/storefront/ (storefront credentials)', async () => {
    const body = { store_url: 'https://shop.roles.test', consumer_key: 'ck_staff', consumer_secret: 'cs_staff' };
    const res = await as(app, staff, { method: 'PUT', url: '/api/customers/storefront/', payload: body });
    expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    expect((await as(app, admin, { method: 'GET', url: '/api/customers/storefront/' })).json()).not.toMatchObject({ consumer_key: 'ck_staff' });
    expect((await as(app, admin, { method: 'PUT', url: '/api/customers/storefront/', payload: body })).statusCode).toBe(200);
  });
});

describe('POST /api/users/ (Admin)', () => {
  it('adds a Staff user (the default) to the Admin’s company, who can log in', async () => {
    const body = newUserBody({ phonenumber: '+46 70 111 22 33' });
    const res = await createUser(admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), email: body.email, first_name: 'Nora', last_name: 'Nyberg', company_role: 'Staff', is_active: true });
    const row = await userRow(res.json().id);
    expect(row).toMatchObject({ companyId: admin.companyId, companyRole: 'Staff', phonenumber: '+46 70 111 22 33' });
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    const tokens = await login(app, body.email, body.password);
    const meRes = await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${tokens.access}` } });
    expect(meRes.json()).toMatchObject({ company: admin.companyId, company_role: 'Staff' });
    // The new user shows in the Admin's team list, never in another company's.
    expect((await as(app, admin, { method: 'GET', url: `/api/users/?email__icontains=${encodeURIComponent(body.email)}` })).json().count).toBe(1);
    expect((await as(app, other, { method: 'GET', url: `/api/users/?email__icontains=${encodeURIComponent(body.email)}` })).json().count).toBe(0);
  });

  it('adds an Admin when asked', async () => {
    const res = await createUser(admin, newUserBody({ company_role: 'Admin' }));
    expect(res.json()).toMatchObject({ company_role: 'Admin' });
  });

  it('applies the password rule with the new user’s email', async () => {
    const email = `viktor.holm-${Date.now()}@roles.test`;
    const cases: [string, string][] = [
      ['Password123', PASSWORD_MESSAGES.tooCommon],
      [email.toUpperCase(), PASSWORD_MESSAGES.similarToEmail],
      [email.split('@')[0]!, PASSWORD_MESSAGES.similarToEmail],
      ['short', PASSWORD_MESSAGES.tooShort],
    ];
    for (const [password, message] of cases) {
      const res = await createUser(admin, newUserBody({ email, password }));
      expect([res.statusCode, res.json()]).toEqual([400, { password: [message] }]);
    }
    expect(await app.deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses an email any user has, in any letter case, and unknown fields', async () => {
    const taken = await createUser(admin, newUserBody({ email: other.user.email.toUpperCase() }));
    expect([taken.statusCode, taken.json()]).toEqual([400, { email: [USER_MESSAGES.emailTaken] }]);
    const unknown = await createUser(admin, newUserBody({ company: other.companyId }));
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { company: ['Unknown field.'] }]);
    const missing = await createUser(admin, { email: 'x@roles.test' });
    expect(Object.keys(missing.json()).sort()).toEqual(['first_name', 'last_name', 'password']);
  });

  it('answers 401 without a token', async () => {
    expect((await createUser(null, newUserBody())).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/{id}/ (Admin)', () => {
  it('changes names and role; the role takes effect on the user’s next request', async () => {
    const member = await createStaffUser(app, admin);
    const putCompany = () => as(app, member, { method: 'PUT', url: `/api/users/companies/${admin.companyId}/`, payload: { name: 'Roles Garden AB' } });
    expect((await putCompany()).statusCode).toBe(403);

    const promoted = await updateUser(admin, member.user.id, { company_role: 'Admin', first_name: 'Maj', last_name: 'Berg' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: member.user.id, company_role: 'Admin', first_name: 'Maj', last_name: 'Berg', is_active: true });
    // The same access token: the role is read per request.
    expect((await putCompany()).statusCode).toBe(200);

    expect((await updateUser(admin, member.user.id, { company_role: 'Staff' })).statusCode).toBe(200);
    expect((await putCompany()).statusCode).toBe(403);
  });

  it('deactivating ends the user’s sessions at once; reactivating needs a new login', async () => {
    const member = await createStaffUser(app, admin);
    const session = await login(app, member.user.email, member.password);
    const me = (access: string) => app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${access}` } });
    expect((await me(session.access)).statusCode).toBe(200);

    const off = await updateUser(admin, member.user.id, { is_active: false });
    expect([off.statusCode, off.json().is_active]).toEqual([200, false]);
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/login/', payload: { username: member.user.email, password: member.password } })).statusCode).toBe(
      401,
    );

    expect((await updateUser(admin, member.user.id, { is_active: true })).statusCode).toBe(200);
    // Tokens from before the deactivation stay dead.
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } })).statusCode).toBe(401);
    const again = await login(app, member.user.email, member.password);
    expect((await me(again.access)).statusCode).toBe(200);
  });

  it('keeps an active Admin in the company: the last one cannot demote or deactivate themselves', async () => {
    const solo = await createTenant(app);
    const demote = await updateUser(solo, solo.user.id, { company_role: 'Staff' });
    expect([demote.statusCode, demote.json()]).toEqual([400, { company_role: [USER_MESSAGES.lastAdmin] }]);
    const deactivate = await updateUser(solo, solo.user.id, { is_active: false });
    expect([deactivate.statusCode, deactivate.json()]).toEqual([400, { is_active: [USER_MESSAGES.lastAdmin] }]);
    expect(await userRow(solo.user.id)).toMatchObject({ companyRole: 'Admin', isActive: true });

    // With a second Admin, stepping down is fine.
    const second = await createUser(solo, newUserBody({ company_role: 'Admin' }));
    expect((await updateUser(solo, solo.user.id, { company_role: 'Staff' })).statusCode).toBe(200);
    expect((await updateUser(solo, second.json().id, { is_active: false })).statusCode).toBe(403);
  });

  it('answers 404 for a user of another company, exactly like a missing one, and changes nothing', async () => {
    const before = await userRow(other.user.id);
    const foreign = await updateUser(admin, other.user.id, { is_active: false });
    const missing = await updateUser(admin, 2_000_000_000, { is_active: false });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect([missing.statusCode, missing.json()]).toEqual([foreign.statusCode, foreign.json()]);
    expect(await userRow(other.user.id)).toEqual(before);
  });

  it('refuses the email, the password and unknown fields (they are the user’s own), and bad values', async () => {
    for (const field of ['email', 'password', 'company']) {
      const res = await updateUser(admin, staff.user.id, { [field]: 'x' });
      expect([res.statusCode, res.json()]).toEqual([400, { [field]: ['Unknown field.'] }]);
    }
    const role = await updateUser(admin, staff.user.id, { company_role: 'Owner' });
    expect(Object.keys(role.json())).toEqual(['company_role']);
    expect((await updateUser(null, staff.user.id, { first_name: 'X' })).statusCode).toBe(401);
  });
});
