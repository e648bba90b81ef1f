import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';
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

const rowsOf = async (tx: DbOrTx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const someoneWaitsForALock = async (holderPid: number) =>
  (await rowsOf(db(), sql`select 1 from pg_stat_activity where datname = current_database() and pid <> ${holderPid} and wait_event_type = 'Lock'`)).length > 0;

/** Runs `request` while another transaction holds the company row, and demotes `admin` there once the request waits for it. */
async function whileDemoted<T>(company: number, admin: Tenant, request: () => Promise<T>): Promise<T> {
  let release!: () => void;
  let holding!: (pid: number) => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<number>((resolve) => (holding = resolve));
  const holder = db().transaction(async (tx) => {
    const pid = Number((await rowsOf(tx, sql`select pg_backend_pid() as pid`))[0]!.pid);
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company)).for('update');
    holding(pid);
    await released;
    await tx.update(users).set({ companyRole: 'Staff' }).where(eq(users.id, admin.user.id));
  });
  const holderPid = await held;
  const answer = request();
  try {
    for (let i = 0; !(await someoneWaitsForALock(holderPid)); i++) {
      if (i > 400) throw new Error('the request never waited for the company row');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    release();
    await holder;
  }
  return answer;
}

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
