import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { PASSWORD_MESSAGES, PASSWORD_CHANGE_MESSAGES, REFRESH_COOKIE_NAME, passwordProblems } from '@kontor/contract';
import { loginFailures, passwordResetTokens, refreshTokens, users } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, lastMailTo, login, registrationBody, type Tenant, type TestApp } from '../../../test/helpers.js';
import { passwordResetsSettled } from './auth.service.js';

/**
 * Issue 10, auth hardening (OWASP ASVS 4.0 level 2): login throttling, the password rule at every
 * place a password is set, token lifetimes, sessions ending with a password change or reset, and
 * the refresh cookie's attributes. Everything through the HTTP API.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(async () => app?.close());

const post = (target: TestApp, url: string, payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  target.inject({ method: 'POST', url, payload: payload as object, ...extra });
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
const me = (target: TestApp, access: string) => target.inject({ method: 'GET', url: '/api/user/', headers: bearer(access) });

describe('failed logins are throttled per account and per IP', () => {
  it('answers 429 with Retry-After after LOGIN_MAX_FAILURES_PER_IP failures from one IP, over any accounts; other IPs go on', async () => {
    const limited = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_FAILURE_WINDOW_MINUTES: '60' });
    try {
      const t = await createTenant(limited);
      const from = (remoteAddress: string, username: string, password = 'wrong-password-0') =>
        post(limited, '/api/login/', { username, password }, { remoteAddress });
      for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7', `nobody-${i}@nowhere.test`)).statusCode).toBe(401);
      const blocked = await from('203.0.113.7', t.user.email, t.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Too many failed login attempts. Try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBe(60 * 60);
      // Another IP is not throttled: the account itself has failed only once, never.
      expect((await from('198.51.100.9', t.user.email, t.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("a password reset lifts the account's throttle: the owner proved the mailbox and chose a new password", async () => {
    const t = await createTenant(app);
    for (let i = 0; i < 3; i += 1) expect((await post(app, '/api/login/', { username: t.user.email, password: `a-guess-${i}` })).statusCode).toBe(401);
    expect((await post(app, '/api/login/', { username: t.user.email, password: t.password })).statusCode).toBe(429);
    await post(app, '/api/user/password_reset/', { email: t.user.email });
    await passwordResetsSettled(app.deps);
    const token = /#token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(app, t.user.email))!.text)![1]!;
    expect((await post(app, '/api/user/password_reset/confirm/', { token, password: 'after-the-lockout-passphrase' })).statusCode).toBe(200);
    expect((await post(app, '/api/login/', { username: t.user.email, password: 'after-the-lockout-passphrase' })).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const t = await createTenant(app);
    const email = t.user.email.toLowerCase();
    const failures = (minutesAgo: number) => [1, 2, 3].map(() => ({ email, ip: '127.0.0.1', createdAt: new Date(Date.now() - minutesAgo * 60_000) }));
    // Three failures (this app's limit) just outside the window of 60 minutes (the default) count for nothing...
    await app.deps.database.db.insert(loginFailures).values(failures(61));
    expect((await post(app, '/api/login/', { username: t.user.email, password: t.password })).statusCode).toBe(200);
    // ...and inside it they throttle.
    await app.deps.database.db.insert(loginFailures).values(failures(59));
    expect((await post(app, '/api/login/', { username: t.user.email, password: t.password })).statusCode).toBe(429);
  });

  it('lets no more than the limit of parallel guesses reach the password check', async () => {
    const t = await createTenant(app);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(app, '/api/login/', { username: t.user.email, password: `parallel-guess-${i}` }, { remoteAddress: `192.0.2.${i + 1}` }),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    const rows = await app.deps.database.db.select().from(loginFailures).where(eq(loginFailures.email, t.user.email.toLowerCase()));
    expect(rows.length).toBeLessThanOrEqual(3);
  });

  it('clears the account’s failures on a successful login', async () => {
    const t = await createTenant(app);
    for (let i = 0; i < 2; i += 1) await post(app, '/api/login/', { username: t.user.email, password: `wrong-password-${i}` });
    await login(app, t.user.email, t.password);
    for (let i = 0; i < 3; i += 1) expect((await post(app, '/api/login/', { username: t.user.email, password: `again-wrong-${i}` })).statusCode).toBe(401);
  });
});

describe('the password rule, at every place a password is set', () => {
  it('is one function: length, the common list (any letter case), the email and its local part', () => {
    expect(passwordProblems('short')).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(passwordProblems('x'.repeat(257))).toEqual([PASSWORD_MESSAGES.tooLong]);
    expect(passwordProblems('Password123')).toEqual([PASSWORD_MESSAGES.tooCommon]);
    expect(passwordProblems('QWERTYUIOP')).toEqual([PASSWORD_MESSAGES.tooCommon]);
    expect(passwordProblems('Ada.Lindqvist@Shop.test', 'ada.lindqvist@shop.test')).toEqual([PASSWORD_MESSAGES.similarToEmail]);
    expect(passwordProblems('ada.lindqvist', 'Ada.Lindqvist@shop.test')).toEqual([PASSWORD_MESSAGES.similarToEmail]);
    // The demo login and the test passwords pass.
    for (const allowed of ['kontor-demo-2026', 'kontor-large-2026', 'correct-horse-battery', 'staff-password-123']) {
      expect(passwordProblems(allowed, 'demo@kontor.test')).toEqual([]);
    }
    // Ten characters are enough; an emoji is one character.
    expect(passwordProblems('a1b2c3d4e5')).toEqual([]);
    expect(passwordProblems('🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toEqual([PASSWORD_MESSAGES.tooShort]);
  });

  it('registration: 400 at account.password for a common password, the email or its local part, and nothing is created', async () => {
    const cases: [Parameters<typeof registrationBody>[0], string][] = [
      [{ account: { password: 'Password123', password2: 'Password123' } }, PASSWORD_MESSAGES.tooCommon],
      [
        { account: { email: 'Sven.Berglund@shop.test', password: 'sven.berglund@SHOP.test', password2: 'sven.berglund@SHOP.test' } },
        PASSWORD_MESSAGES.similarToEmail,
      ],
      [{ account: { email: 'svenberglund@shop.test', password: 'SvenBerglund', password2: 'SvenBerglund' } }, PASSWORD_MESSAGES.similarToEmail],
      [{ account: { password: 'too-short', password2: 'too-short' } }, PASSWORD_MESSAGES.tooShort],
    ];
    for (const [overrides, message] of cases) {
      const body = registrationBody(overrides);
      const res = await post(app, '/api/user/demo_register/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'account.password': [message] });
      const rows = await app.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, body.account.email));
      expect(rows).toEqual([]);
    }
  });

  it('password reset confirm: 400 at password for a common password or the email, and the link stays usable', async () => {
    const t = await createTenant(app, { account: { email: `ingrid-${Date.now()}@shop.test` } });
    await post(app, '/api/user/password_reset/', { email: t.user.email });
    await passwordResetsSettled(app.deps);
    const token = /#token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(app, t.user.email))!.text)![1]!;
    const confirm = (password: string) => post(app, '/api/user/password_reset/confirm/', { token, password });

    const common = await confirm('qwertyuiop123');
    expect([common.statusCode, common.json()]).toEqual([400, { password: [PASSWORD_MESSAGES.tooCommon] }]);
    const email = await confirm(t.user.email.toUpperCase());
    expect([email.statusCode, email.json()]).toEqual([400, { password: [PASSWORD_MESSAGES.similarToEmail] }]);
    const local = await confirm(t.user.email.split('@')[0]!);
    expect(local.json()).toEqual({ password: [PASSWORD_MESSAGES.similarToEmail] });
    const short = await confirm('short');
    expect(short.json()).toEqual({ password: [PASSWORD_MESSAGES.tooShort] });

    // Refused passwords did not use up the link, nor change the password.
    await login(app, t.user.email, t.password);
    expect((await confirm('a-perfectly-fine-passphrase')).statusCode).toBe(200);
    await login(app, t.user.email, 'a-perfectly-fine-passphrase');
  });

  it('password change: 400 at new_password for a common password, the email, or a short one; the password stays', async () => {
    const t = await createTenant(app);
    const change = (new_password: string) =>
      as(app, t, { method: 'POST', url: '/api/user/password_change/', payload: { old_password: t.password, new_password } });
    expect((await change('iloveyou123')).json()).toEqual({ new_password: [PASSWORD_MESSAGES.tooCommon] });
    expect((await change(t.user.email)).json()).toEqual({ new_password: [PASSWORD_MESSAGES.similarToEmail] });
    const short = await change('tiny');
    expect([short.statusCode, short.json()]).toEqual([400, { new_password: [PASSWORD_MESSAGES.tooShort] }]);
    await login(app, t.user.email, t.password);
  });
});

describe('token lifetimes', () => {
  it('issues access tokens for 15 minutes by default (ACCESS_TOKEN_TTL_SECONDS=900)', async () => {
    expect(app.deps.config.accessTokenTtlSeconds).toBe(900);
    const t = await createTenant(app);
    const { access } = await login(app, t.user.email, t.password);
    const claims = decodeJwt(access);
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('ends a refresh family 90 days after its login, however often it was rotated', async () => {
    const t = await createTenant(app);
    const first = await login(app, t.user.email, t.password);
    const [row] = await app.deps.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, t.user.id));
    const days = (row!.familyExpiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(90, 2);

    const second = (await post(app, '/api/token/refresh/', { refresh: first.refresh })).json();
    const rows = await app.deps.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
    expect(rows).toHaveLength(2);
    // Rotation keeps the family's end: it never moves forward.
    expect(new Set(rows.map((r) => r.familyExpiresAt.getTime())).size).toBe(1);

    // At the family's end, the newest token is refused too.
    await app.deps.database.db
      .update(refreshTokens)
      .set({ familyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, row!.familyId));
    const expired = await post(app, '/api/token/refresh/', { refresh: second.refresh });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Token is invalid or expired' });
  });
});

describe('sessions end with a password change or reset', () => {
  const twoSessions = async (t: Tenant) => ({ laptop: await login(app, t.user.email, t.password), phone: await login(app, t.user.email, t.password) });

  it('POST /api/user/password_change/: the new password works, every earlier access and refresh token stops, this session goes on', async () => {
    const t = await createTenant(app);
    const { laptop, phone } = await twoSessions(t);
    expect((await me(app, phone.access)).statusCode).toBe(200);

    const res = await app.inject({
      method: 'POST',
      url: '/api/user/password_change/',
      headers: bearer(laptop.access),
      payload: { old_password: t.password, new_password: 'a-new-and-better-passphrase' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(Object.keys(fresh).sort()).toEqual(['access', 'refresh']);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)).toMatchObject({ value: fresh.refresh, httpOnly: true, sameSite: 'Strict' });

    // Access tokens issued before the change are refused at once, on every device.
    for (const old of [laptop.access, phone.access, t.token]) {
      const refused = await me(app, old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Given token not valid for any token type' });
    }
    for (const old of [laptop.refresh, phone.refresh]) expect((await post(app, '/api/token/refresh/', { refresh: old })).statusCode).toBe(401);

    // The caller's new tokens work and refresh.
    expect((await me(app, fresh.access)).statusCode).toBe(200);
    const rotated = await post(app, '/api/token/refresh/', { refresh: fresh.refresh });
    expect(rotated.statusCode).toBe(200);
    expect((await me(app, rotated.json().access)).statusCode).toBe(200);

    expect((await post(app, '/api/login/', { username: t.user.email, password: t.password })).statusCode).toBe(401);
    await login(app, t.user.email, 'a-new-and-better-passphrase');
  });

  it('refuses a wrong old password with 400, counts it as a failed login, and throttles the guessing', async () => {
    const t = await createTenant(app);
    const change = (old_password: string) =>
      as(app, t, { method: 'POST', url: '/api/user/password_change/', payload: { old_password, new_password: 'a-new-and-better-passphrase' } });
    for (let i = 0; i < 3; i += 1) {
      const wrong = await change(`not-my-password-${i}`);
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { old_password: [PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect] }]);
    }
    // The account's failure limit (3 in this app) is reached: even the right one is refused now.
    const throttled = await change(t.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeTruthy();
    expect((await post(app, '/api/login/', { username: t.user.email, password: t.password })).statusCode).toBe(429);
    // Nothing changed.
    await app.deps.database.db.delete(loginFailures).where(eq(loginFailures.email, t.user.email.toLowerCase()));
    await login(app, t.user.email, t.password);
  });

  it('answers 401 without a token and 400 for a missing field', async () => {
    const anonymous = await post(app, '/api/user/password_change/', { old_password: 'x', new_password: 'a-new-and-better-passphrase' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    const t = await createTenant(app);
    const missing = await as(app, t, { method: 'POST', url: '/api/user/password_change/', payload: { new_password: 'a-new-and-better-passphrase' } });
    expect([missing.statusCode, missing.json()]).toEqual([400, { old_password: ['This field is required.'] }]);
  });

  it('a password reset ends every session, access tokens included', async () => {
    const t = await createTenant(app);
    const { laptop, phone } = await twoSessions(t);
    await post(app, '/api/user/password_reset/', { email: t.user.email });
    await passwordResetsSettled(app.deps);
    const token = /#token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(app, t.user.email))!.text)![1]!;
    expect((await post(app, '/api/user/password_reset/confirm/', { token, password: 'reset-to-this-passphrase' })).statusCode).toBe(200);

    for (const old of [laptop.access, phone.access]) expect((await me(app, old)).statusCode).toBe(401);
    for (const old of [laptop.refresh, phone.refresh]) expect((await post(app, '/api/token/refresh/', { refresh: old })).statusCode).toBe(401);
    const rows = await app.deps.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, t.user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    const fresh = await login(app, t.user.email, 'reset-to-this-passphrase');
    expect((await me(app, fresh.access)).statusCode).toBe(200);
  });

  it('a new password ends the reset links not used yet: one kept by someone else opens nothing', async () => {
    const t = await createTenant(app);
    const resetLink = async () => {
      // An account gets one mail in ten minutes: the links asked for before are made that old.
      await app.deps.database.db
        .update(passwordResetTokens)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(passwordResetTokens.userId, t.user.id));
      await post(app, '/api/user/password_reset/', { email: t.user.email });
      await passwordResetsSettled(app.deps);
      return /#token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(app, t.user.email))!.text)![1]!;
    };
    const kept = await resetLink();
    const used = await resetLink();
    expect(used).not.toBe(kept);
    expect((await post(app, '/api/user/password_reset/confirm/', { token: used, password: 'the-owners-new-passphrase' })).statusCode).toBe(200);
    const late = await post(app, '/api/user/password_reset/confirm/', { token: kept, password: 'a-takeover-passphrase' });
    expect([late.statusCode, late.json()]).toEqual([400, { token: ['The password reset link is invalid or has expired.'] }]);

    // A password change ends them too.
    const another = await resetLink();
    const session = await login(app, t.user.email, 'the-owners-new-passphrase');
    const change = await app.inject({
      method: 'POST',
      url: '/api/user/password_change/',
      headers: bearer(session.access),
      payload: { old_password: 'the-owners-new-passphrase', new_password: 'and-another-passphrase' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await post(app, '/api/user/password_reset/confirm/', { token: another, password: 'a-takeover-passphrase' })).statusCode).toBe(400);
    expect((await login(app, t.user.email, 'and-another-passphrase')).access).toBeTruthy();
  });

  it('a refresh family with a revoked token has ended, also for a newer token the revocation did not mark', async () => {
    const t = await createTenant(app);
    const first = await login(app, t.user.email, t.password);
    const rotated = (await post(app, '/api/token/refresh/', { refresh: first.refresh })).json();
    // What a password change or logout leaves when a refresh committed while it waited on the older token's lock:
    // the older token revoked, the newer one it could not see not marked.
    const [older] = await app.deps.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, t.user.id));
    await app.deps.database.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.id, older!.id));
    expect((await post(app, '/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    const rows = await app.deps.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, t.user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    // Another login is a family of its own.
    const again = await login(app, t.user.email, t.password);
    expect((await post(app, '/api/token/refresh/', { refresh: again.refresh })).statusCode).toBe(200);
  });

  it('logout revokes the session’s refresh family only', async () => {
    const t = await createTenant(app);
    const { laptop, phone } = await twoSessions(t);
    const rotated = (await post(app, '/api/token/refresh/', { refresh: laptop.refresh })).json();
    expect((await app.inject({ method: 'POST', url: '/api/logout/', cookies: { [REFRESH_COOKIE_NAME]: rotated.refresh } })).statusCode).toBe(204);
    expect((await post(app, '/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    expect((await post(app, '/api/token/refresh/', { refresh: phone.refresh })).statusCode).toBe(200);
  });
});

describe('the refresh cookie', () => {
  const cookieOf = (res: Awaited<ReturnType<TestApp['inject']>>) => res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)!;

  it('is HttpOnly, SameSite=Strict, limited to /api, and not Secure on plain http', async () => {
    const t = await createTenant(app);
    const res = await post(app, '/api/login/', { username: t.user.email, password: t.password });
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 90 * 86_400 });
    expect(cookie.secure).toBeUndefined();
    // A client cannot claim https without a trusted proxy (TRUST_PROXY unset).
    const claimed = await post(app, '/api/login/', { username: t.user.email, password: t.password }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(cookieOf(claimed).secure).toBeUndefined();
  });

  it('is Secure when PUBLIC_URL is https, on login, refresh and password change', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://kontor.example.com' });
    try {
      const t = await createTenant(https);
      const res = await post(https, '/api/login/', { username: t.user.email, password: t.password });
      expect(cookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api' });
      const refreshed = await https.inject({ method: 'POST', url: '/api/token/refresh/', cookies: { [REFRESH_COOKIE_NAME]: res.json().refresh } });
      expect(cookieOf(refreshed)).toMatchObject({ secure: true, httpOnly: true });
      const changed = await https.inject({
        method: 'POST',
        url: '/api/user/password_change/',
        headers: bearer(refreshed.json().access),
        payload: { old_password: t.password, new_password: 'a-new-and-better-passphrase' },
      });
      expect(cookieOf(changed)).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await https.close();
    }
  });

  it('is Secure when the request came over https through a trusted proxy (TRUST_PROXY)', async () => {
    // app.inject's peer is 127.0.0.1: the balancer.
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const t = await createTenant(proxied);
      const overHttps = await post(proxied, '/api/login/', { username: t.user.email, password: t.password }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(cookieOf(overHttps)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      const overHttp = await post(proxied, '/api/login/', { username: t.user.email, password: t.password }, { headers: { 'x-forwarded-proto': 'http' } });
      expect(cookieOf(overHttp).secure).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('counts failures per client IP behind a trusted proxy, not per proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', LOGIN_MAX_FAILURES_PER_IP: '2' });
    try {
      const attempt = (client: string) =>
        post(proxied, '/api/login/', { username: 'nobody@nowhere.test', password: 'wrong-password-0' }, { headers: { 'x-forwarded-for': client } });
      expect((await attempt('203.0.113.1')).statusCode).toBe(401);
      expect((await attempt('203.0.113.1')).statusCode).toBe(401);
      expect((await attempt('203.0.113.1')).statusCode).toBe(429);
      expect((await attempt('203.0.113.2')).statusCode).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
