import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/secrets.js';
import { whileHeld } from '../../../test/held-rows.js';
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

/** Runs `request` while another transaction holds the user's row, and sets a new password there once the request waits for it. */
async function whilePasswordIsReset<T>(t: Tenant, newPassword: string, request: () => Promise<T>): Promise<T> {
  const newHash = await hashPassword(newPassword);
  return whileHeld(
    db(),
    'the held user',
    {
      lock: (tx) => tx.execute(sql`select id from users where id = ${t.user.id} for update`),
      thenWrite: async (tx) => {
        await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, t.user.id));
        await endAllSessions(tx, t.user.id);
      },
    },
    request,
  );
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
