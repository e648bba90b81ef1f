import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, users } from '../../db/schema/index.js';
import { whileHeld } from '../../../test/held-rows.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

/**
 * An Admin's request to manage users is checked when it arrives; another Admin may take that
 * role away before its write. The write waits for the company row (role changes serialize on
 * it), and the caller must still be an Admin once it has it. PostgreSQL only: PGlite has one
 * connection.
 */
let app: TestApp;
const db = () => app.deps.database.db;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

/** Runs `request` while another transaction holds the company row, and demotes `admin` there once the request waits for it. */
const whileDemoted = <T>(company: number, admin: Tenant, request: () => Promise<T>): Promise<T> =>
  whileHeld(
    db(),
    'the company row',
    {
      lock: (tx) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company)).for('update'),
      thenWrite: (tx) => tx.update(users).set({ companyRole: 'Staff' }).where(eq(users.id, admin.user.id)),
    },
    request,
  );

const forbidden = { detail: 'You do not have permission to perform this action.' };

describe('an Admin demoted while their request waits', () => {
  it('PATCH /api/users/{id}/: cannot promote themselves back, nor change anyone', async () => {
    const owner = await createTenant(app);
    const second = await createStaffUser(app, owner);
    await as(app, owner, { method: 'PATCH', url: `/api/users/${second.user.id}/`, payload: { company_role: 'Admin' } });

    const res = await whileDemoted(owner.companyId, second, () =>
      as(app, second, { method: 'PATCH', url: `/api/users/${second.user.id}/`, payload: { company_role: 'Admin' } }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    const [row] = await db().select({ role: users.companyRole }).from(users).where(eq(users.id, second.user.id));
    expect(row!.role).toBe('Staff');
  });

  it('POST /api/users/: adds nobody', async () => {
    const owner = await createTenant(app);
    const second = await createStaffUser(app, owner);
    await as(app, owner, { method: 'PATCH', url: `/api/users/${second.user.id}/`, payload: { company_role: 'Admin' } });
    const email = `late-${Date.now()}@shop.test`;

    const res = await whileDemoted(owner.companyId, second, () =>
      as(app, second, {
        method: 'POST',
        url: '/api/users/',
        payload: { email, first_name: 'Late', last_name: 'Comer', password: 'a-long-enough-passphrase', company_role: 'Admin' },
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  });
  it('PUT /api/users/companies/{id}/: changes nothing', async () => {
    const owner = await createTenant(app);
    const second = await createStaffUser(app, owner);
    await as(app, owner, { method: 'PATCH', url: `/api/users/${second.user.id}/`, payload: { company_role: 'Admin' } });

    const res = await whileDemoted(owner.companyId, second, () =>
      as(app, second, { method: 'PUT', url: `/api/users/companies/${owner.companyId}/`, payload: { name: 'Taken over AB' } }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    const [row] = await db().select({ name: companies.name }).from(companies).where(eq(companies.id, owner.companyId));
    expect(row!.name).toBe(owner.user.company_name);
  });
});
