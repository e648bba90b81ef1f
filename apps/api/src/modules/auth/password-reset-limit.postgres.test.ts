import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outboundEmails, passwordResetTokens } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { whileHeld } from '../../../test/held-rows.js';
import { createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { passwordResetsSettled } from './auth.service.js';

/**
 * An account gets one reset mail per interval however many requests arrive at once: the check for
 * a recent link and the new link's write must not both pass for two requests. Here another
 * transaction holds the user's row, as a request writing its link does, and writes a link and its
 * mail there once this request waits for it; PostgreSQL only (PGlite has one connection).
 */
let app: TestApp;
const db = () => app.deps.database.db;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('reset requests for one account at the same moment', () => {
  it('a request waits for the one writing a link, then sends no second mail', async () => {
    const t = await createTenant(app);
    await whileHeld(
      db(),
      'the held user',
      {
        lock: (tx) => tx.execute(sql`select id from users where id = ${t.user.id} for update`),
        thenWrite: async (tx) => {
          await tx.insert(passwordResetTokens).values({ userId: t.user.id, tokenHash: sha256(randomToken()), expiresAt: new Date(Date.now() + 3_600_000) });
          await app.deps.mailer.record(tx, { to: t.user.email, subject: 'Reset your Kontor password', text: 'the other request’s link' });
        },
      },
      async () => {
        const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: { email: t.user.email }, remoteAddress: '198.51.100.9' });
        expect([res.statusCode, res.json()]).toEqual([200, { status: 'OK' }]);
        await passwordResetsSettled(app.deps);
      },
    );
    const mails = await db().select().from(outboundEmails).where(eq(outboundEmails.to, t.user.email));
    expect(mails.map((m) => m.text)).toEqual(['the other request’s link']);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, t.user.id))).toHaveLength(1);
  });
});
