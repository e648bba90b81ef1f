import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/secrets.js';
import { createTenant, createTestApp, login, type Tenant, type TestApp } from '../../../test/helpers.js';
import { endAllSessions } from './auth.service.js';

/**
 * A password is checked before the write that acts on it (argon2 takes a while). A new password
 * that commits in between decides: the old one no longer opens a session nor sets a password.
 * Here another transaction holds the user's row, as a password reset confirm does, while the
 * request waits for it; PostgreSQL only (PGlite has one connection).
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

/** Runs `request` while another transaction holds the user's row, and sets a new password there once the request waits for it. */
async function whilePasswordIsReset<T>(t: Tenant, newPassword: string, request: () => Promise<T>): Promise<T> {
  const newHash = await hashPassword(newPassword);
  let release!: () => void;
  let holding!: (pid: number) => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<number>((resolve) => (holding = resolve));
  const holder = db().transaction(async (tx) => {
    const pid = Number((await rowsOf(tx, sql`select pg_backend_pid() as pid`))[0]!.pid);
    await tx.execute(sql`select id from users where id = ${t.user.id} for update`);
    holding(pid);
    await released;
    await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, t.user.id));
    await endAllSessions(tx, t.user.id);
  });
  const holderPid = await held;
  const answer = request();
  try {
    for (let i = 0; !(await someoneWaitsForALock(holderPid)); i++) {
      if (i > 400) throw new Error('the request never waited for the held user');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    release();
    await holder;
  }
  return answer;
}

describe('a password set while a request checked the old one', () => {
  it('login: the old password opens no session once the new one committed', async () => {
    const t = await createTenant(app);
    const res = await whilePasswordIsReset(t, 'the-owners-new-passphrase', () =>
      app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email, password: t.password } }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
    await login(app, t.user.email, 'the-owners-new-passphrase');
  });

  it('password change: the old password does not overwrite the new one', async () => {
    const t = await createTenant(app);
    const session = await login(app, t.user.email, t.password);
    const res = await whilePasswordIsReset(t, 'the-owners-new-passphrase', () =>
      app.inject({
        method: 'POST',
        url: '/api/user/password_change/',
        headers: { authorization: `Bearer ${session.access}` },
        payload: { old_password: t.password, new_password: 'the-intruders-passphrase' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
    await login(app, t.user.email, 'the-owners-new-passphrase');
    expect(
      (await app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email, password: 'the-intruders-passphrase' } })).statusCode,
    ).toBe(401);
  });
});
