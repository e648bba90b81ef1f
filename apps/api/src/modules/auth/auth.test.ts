import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REFRESH_COOKIE_NAME, REGISTRATION_ROLE_MESSAGE } from '@kontor/contract';
import { notifications, refreshTokens, users } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, lastMailTo, login, registrationBody, type TestApp } from '../../../test/helpers.js';
import { passwordResetsSettled } from './auth.service.js';
import { signAccessToken } from './tokens.js';

let app: TestApp;
beforeAll(async () => {
  // No reuse grace here: a replayed refresh token is theft at once (the grace has its own tests).
  app = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', REFRESH_REUSE_GRACE_SECONDS: '0' });
});
afterAll(async () => app?.close());

describe('POST /api/login/', () => {
  it('answers access and refresh for the right password, and sets the HttpOnly refresh cookie', async () => {
    const t = await createTenant(app);
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email.toUpperCase(), password: t.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', value: body.refresh });
    expect(cookie?.maxAge).toBe(90 * 86_400);
    const me = await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${body.access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: t.user.id, company: t.companyId, company_role: 'Admin', role: 'business' });
    expect(me.json().last_login).not.toBeNull();
  });

  it('answers 401 with a detail for a wrong password and an unknown account alike', async () => {
    const t = await createTenant(app);
    const wrong = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email, password: 'not-the-password' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'nobody@nowhere.test', password: 'whatever-it-is' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBeTruthy();
  });

  it('answers 400 with field errors for a missing password', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'a@b.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('password');
    expect(Array.isArray(res.json().password)).toBe(true);
  });

  it('throttles an account after too many failures, even with the right password, with Retry-After', async () => {
    const t = await createTenant(app);
    for (let i = 0; i < 3; i += 1) {
      const r = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email, password: `wrong-${i}-password` } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email, password: t.password } });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/Too many/);
  });

  it('limits login requests per IP with 429 and Retry-After', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () => limited.inject({ method: 'POST', url: '/api/login/', payload: { username: 'x@y.test', password: 'whatever-password' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeTruthy();
      expect(res.json()).toHaveProperty('detail');
    } finally {
      await limited.close();
    }
  });

  it('stores passwords as argon2id hashes', async () => {
    const t = await createTenant(app);
    const [row] = await app.deps.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, t.user.id));
    expect(row!.hash.startsWith('$argon2id$')).toBe(true);
    expect(row!.hash).not.toContain(t.password);
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates the refresh token from the body', async () => {
    const t = await createTenant(app);
    const first = await login(app, t.user.email, t.password);
    const res = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh).not.toBe(first.refresh);
    const me = await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${res.json().access}` } });
    expect(me.statusCode).toBe(200);
  });

  it('accepts the HttpOnly cookie instead of a body', async () => {
    const t = await createTenant(app);
    const first = await login(app, t.user.email, t.password);
    const res = await app.inject({ method: 'POST', url: '/api/token/refresh/', cookies: { [REFRESH_COOKIE_NAME]: first.refresh } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe(res.json().refresh);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const t = await createTenant(app);
    const first = await login(app, t.user.email, t.password);
    const second = (await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } })).json();
    const replay = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also kills the legitimate newest token of the family.
    const afterReplay = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: second.refresh } });
    expect(afterReplay.statusCode).toBe(401);
    const rows = await app.deps.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, t.user.id));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('keeps other login families alive when one family is revoked', async () => {
    const t = await createTenant(app);
    const laptop = await login(app, t.user.email, t.password);
    const phone = await login(app, t.user.email, t.password);
    await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: laptop.refresh } });
    await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: laptop.refresh } });
    const res = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: phone.refresh } });
    expect(res.statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token at the same moment, within the grace period', async () => {
    const graceful = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '30' });
    try {
      const t = await createTenant(graceful);
      const first = await login(graceful, t.user.email, t.password);
      const refreshWith = (refresh: string) => graceful.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
      const [tabA, tabB] = await Promise.all([refreshWith(first.refresh), refreshWith(first.refresh)]);
      expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
      expect(tabA.json().refresh).not.toBe(tabB.json().refresh);
      // Both tabs go on working; nothing was revoked.
      expect((await refreshWith(tabA.json().refresh)).statusCode).toBe(200);
      expect((await refreshWith(tabB.json().refresh)).statusCode).toBe(200);
    } finally {
      await graceful.close();
    }
  });

  it('still revokes the family for a reuse after the grace period', async () => {
    const graceful = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '1' });
    try {
      const t = await createTenant(graceful);
      const first = await login(graceful, t.user.email, t.password);
      const refreshWith = (refresh: string) => graceful.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
      const second = await refreshWith(first.refresh);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await refreshWith(first.refresh)).statusCode).toBe(401);
      expect((await refreshWith(second.json().refresh)).statusCode).toBe(401);
    } finally {
      await graceful.close();
    }
  });

  it('clears the cookie when the token is refused, but keeps it when the server fails (a database blip logs nobody out)', async () => {
    const t = await createTenant(app);
    const first = await login(app, t.user.email, t.password);
    const refresh = () => app.inject({ method: 'POST', url: '/api/token/refresh/', cookies: { [REFRESH_COOKIE_NAME]: first.refresh } });
    await app.deps.database.db.execute(sql`alter table refresh_tokens rename to refresh_tokens_away`);
    let failed;
    try {
      failed = await refresh();
    } finally {
      await app.deps.database.db.execute(sql`alter table refresh_tokens_away rename to refresh_tokens`);
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)).toBeUndefined();
    // The same cookie works once the server does.
    expect((await refresh()).statusCode).toBe(200);
    const refused = await refresh();
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe('');
  });

  it('answers 401 without any token and 400 for a malformed body', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('refresh');
  });
});

describe('POST /api/logout/', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const t = await createTenant(app);
    const tokens = await login(app, t.user.email, t.password);
    const res = await app.inject({ method: 'POST', url: '/api/logout/', cookies: { [REFRESH_COOKIE_NAME]: tokens.refresh } });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe('');
    const again = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: tokens.refresh } });
    expect(again.statusCode).toBe(401);
  });

  it('answers 400 for a malformed body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh: ['x'] } });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/user/', () => {
  it('answers 401 without a token, with a garbage token and with an expired token', async () => {
    const t = await createTenant(app);
    expect((await app.inject({ method: 'GET', url: '/api/user/' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    const expired = await signAccessToken(app.deps.config.jwtSecret, { userId: t.user.id, companyId: t.companyId }, -10);
    const res = await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it('refuses a token signed with another secret', async () => {
    const t = await createTenant(app);
    const forged = await signAccessToken('another-secret-another-secret-another-1', { userId: t.user.id, companyId: t.companyId }, 900);
    expect((await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });

  it('answers the caller only: a token is bound to its own user', async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const res = await as(app, b, { method: 'GET', url: '/api/user/' });
    expect(res.json().id).toBe(b.user.id);
    expect(res.json().company).not.toBe(a.companyId);
  });
});

describe('password reset', () => {
  const tokenFromMail = (text: string) => /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('mails a single-use token; confirm sets the password and ends all sessions', async () => {
    const t = await createTenant(app);
    const session = await login(app, t.user.email, t.password);
    const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: { email: t.user.email } });
    expect(res.statusCode).toBe(200);
    // The mail is written after the answer (password-reset-mail.test.ts).
    await passwordResetsSettled(app.deps);
    const mail = await lastMailTo(app, t.user.email);
    expect(mail?.text).toContain('http://kontor.test/login/new-password#token=');
    const token = tokenFromMail(mail!.text)!;

    const confirm = await app.inject({ method: 'POST', url: '/api/user/password_reset/confirm/', payload: { token, password: 'a-brand-new-password' } });
    expect(confirm.statusCode).toBe(200);
    await login(app, t.user.email, 'a-brand-new-password');
    const old = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: t.user.email, password: t.password } });
    expect(old.statusCode).toBe(401);
    const oldSession = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } });
    expect(oldSession.statusCode).toBe(401);

    const reuse = await app.inject({ method: 'POST', url: '/api/user/password_reset/confirm/', payload: { token, password: 'yet-another-password' } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toHaveProperty('token');
  });

  it('answers 200 for an unknown email and sends nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: { email: 'ghost@nowhere.test' } });
    expect(res.statusCode).toBe(200);
    await passwordResetsSettled(app.deps);
    expect(await lastMailTo(app, 'ghost@nowhere.test')).toBeUndefined();
  });

  it('answers 400 for a malformed address, as DRF’s EmailField does, and sends nothing', async () => {
    for (const email of ['not-an-email', '', 'two@at@example.com']) {
      const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: { email } });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
    }
    await passwordResetsSettled(app.deps);
    expect(await lastMailTo(app, 'not-an-email')).toBeUndefined();
  });

  it('takes an address with whitespace around it as the address', async () => {
    const t = await createTenant(app);
    const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: { email: `  ${t.user.email} ` } });
    expect(res.statusCode).toBe(200);
    await passwordResetsSettled(app.deps);
    expect(await lastMailTo(app, t.user.email)).toBeDefined();
  });

  it('answers 400 with field errors for a short password or a missing token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/confirm/', payload: { token: 'x', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().password[0]).toMatch(/at least 10/);
    const missing = await app.inject({ method: 'POST', url: '/api/user/password_reset/confirm/', payload: { password: 'long-enough-password' } });
    expect(missing.json()).toHaveProperty('token');
    const bad = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: {} });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/user/demo_register/', () => {
  it('creates the company and its Admin user with the spec defaults, and a welcome notification', async () => {
    const body = registrationBody();
    delete (body.account as { role?: string }).role;
    delete (body.company as { role?: string }).role;
    const res = await app.inject({ method: 'POST', url: '/api/user/demo_register/', payload: body });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: body.account.email, role: 'business', company_role: 'Admin', company_name: body.company.name });
    const rows = await app.deps.database.db.select().from(notifications).where(eq(notifications.receiverUserId, user.id));
    expect(rows.map((r) => r.kind)).toContain('welcome');
    await login(app, body.account.email, body.account.password);
  });

  it('requires agreement to the terms', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/demo_register/', payload: registrationBody({ company: { agreed_to_terms: false } }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'company.agreed_to_terms': ['You must agree to the terms.'] });
  });

  it('makes the registrant the Admin: a Staff company role is a 400 and creates nothing', async () => {
    const body = registrationBody({ company: { role: 'Staff' } });
    const res = await app.inject({ method: 'POST', url: '/api/user/demo_register/', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'company.role': [REGISTRATION_ROLE_MESSAGE] });
    const created = await app.deps.database.db.select().from(users).where(eq(users.email, body.account.email));
    expect(created).toEqual([]);
  });

  it('requires password == password2 and a valid email', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/demo_register/',
      payload: registrationBody({ account: { password2: 'something-else-entirely', email: 'not-an-email' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['account.email', 'account.password2']);
  });

  it('refuses an email that is already registered, in any letter case, and creates nothing', async () => {
    const first = registrationBody();
    expect((await app.inject({ method: 'POST', url: '/api/user/demo_register/', payload: first })).statusCode).toBe(201);
    const again = registrationBody({ account: { email: first.account.email.toUpperCase() } });
    const res = await app.inject({ method: 'POST', url: '/api/user/demo_register/', payload: again });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty(['account.email']);
  });

  it('registers one of three registrations of one address at once, and refuses the others with 400, not 500', async () => {
    const body = registrationBody();
    const answers = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/user/demo_register/', payload: body })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) {
      expect(refused.json()).toEqual({ 'account.email': ['A user with that email already exists.'] });
    }
  });

  it('refuses unknown fields and a body that is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/demo_register/', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
    // DESIGN §10: an unknown key is a 400 that changes nothing, on every auth body (they were dropped silently).
    // From an address of its own: the registrations above count against the per-IP throttle.
    const FRESH_IP = '10.9.8.7';
    const base = registrationBody();
    const extra = await app.inject({
      method: 'POST',
      url: '/api/user/demo_register/',
      remoteAddress: FRESH_IP,
      payload: { ...base, plan: 'pro', account: { ...base.account, is_staff: true }, company: { ...base.company, vat: 'SE1' } },
    });
    expect([extra.statusCode, extra.json()]).toEqual([
      400,
      { plan: ['Unknown field.'], 'account.is_staff': ['Unknown field.'], 'company.vat': ['Unknown field.'] },
    ]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/login/',
          remoteAddress: FRESH_IP,
          payload: { username: base.account.email, password: 'x', remember: true },
        })
      ).json(),
    ).toEqual({
      remember: ['Unknown field.'],
    });
    for (const [url, payload] of [
      ['/api/token/refresh/', { refresh: 'x', access: 'y' }],
      ['/api/user/password_reset/', { email: 'a@example.com', next: '/' }],
      ['/api/user/password_reset/confirm/', { token: 't', password: 'long-enough-pass-1', password2: 'long-enough-pass-1' }],
    ] as const) {
      const refused = await app.inject({ method: 'POST', url, remoteAddress: FRESH_IP, payload });
      expect([url, refused.statusCode]).toEqual([url, 400]);
      expect(Object.values(refused.json() as Record<string, string[]>)).toContainEqual(['Unknown field.']);
    }
    // Nothing was registered by the refused body.
    expect((await app.inject({ method: 'POST', url: '/api/user/demo_register/', remoteAddress: FRESH_IP, payload: base })).statusCode).toBe(201);
  });
});

describe('GET /api/health', () => {
  it('answers 200 with the database status, without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: { status: 'ok' } });
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contract schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/login/'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/user/demo_register/']).toBeTruthy();
  });
});
