import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { desc } from 'drizzle-orm';
import type { DemoRegisterBody, TokenPair, UserResponse } from '@kontor/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { outboundEmails, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/secrets.js';
import { demoRegister, toUserResponse } from '../src/modules/auth/auth.service.js';
import { signAccessToken } from '../src/modules/auth/tokens.js';
import { openTestDatabase } from './test-database.js';

export type TestApp = FastifyInstance;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kontor-test-')),
    PUBLIC_URL: 'http://kontor.test',
    // Many logins come from one test IP; the limit itself is tested with its own app.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Likewise the unknown paths that tests (and the fuzzer) call; the limit has its own test.
    NOT_FOUND_RATE_LIMIT_PER_MINUTE: '100000',
    // Test feed and storefront servers listen on 127.0.0.1; the SSRF guard has its own tests (lib/outbound.test.ts).
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...env,
  });
}

/** A real app on a fresh database. Call `app.close()` in afterAll; it also drops the database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(env), database, logger: false });
  app.addHook('onClose', async () => database.close());
  await app.ready();
  return app;
}

let sequence = 0;

/** Builds a registration body; every call gets a new email. */
export function registrationBody(
  overrides: { account?: Partial<DemoRegisterBody['account']>; company?: Partial<DemoRegisterBody['company']> } = {},
): DemoRegisterBody {
  sequence += 1;
  const tag = `${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    account: {
      first_name: 'Ada',
      last_name: 'Lindqvist',
      email: `ada-${tag}@shop.test`,
      phonenumber: '+46 70 000 00 00',
      role: 'business',
      password: 'correct-horse-battery',
      password2: 'correct-horse-battery',
      company_name: `Shop ${tag}`,
      category: 'Home',
      ...overrides.account,
    },
    company: {
      name: `Shop ${tag} AB`,
      country: 'Sweden',
      url: 'https://shop.test',
      role: 'Admin',
      platform: 'WooCommerce',
      agreed_to_terms: true,
      ...overrides.company,
    },
  };
}

export type Tenant = { user: UserResponse; companyId: number; token: string; password: string; headers: { authorization: string } };

/**
 * A company with its Admin user (through the real registration service) and an access token.
 * Without the demo shop unless `demoData: true`: most tests want an empty company.
 */
export async function createTenant(
  app: TestApp,
  overrides: Parameters<typeof registrationBody>[0] = {},
  options: { demoData?: boolean } = {},
): Promise<Tenant> {
  const body = registrationBody(overrides);
  const user = await demoRegister(app.deps, body, { demoData: options.demoData ?? false });
  const token = await signAccessToken(app.deps.config.jwtSecret, { userId: user.id, companyId: user.company }, 900);
  return { user, companyId: user.company, token, password: body.account.password, headers: { authorization: `Bearer ${token}` } };
}

/** A Staff user of the tenant's company, inserted directly, with its own access token. */
export async function createStaffUser(
  app: TestApp,
  tenant: Tenant,
  overrides: { first_name?: string; last_name?: string; email?: string } = {},
): Promise<Tenant> {
  sequence += 1;
  const password = 'staff-password-123';
  const [row] = await app.deps.database.db
    .insert(users)
    .values({
      companyId: tenant.companyId,
      email: overrides.email ?? `staff-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}@shop.test`,
      firstName: overrides.first_name ?? 'Sam',
      lastName: overrides.last_name ?? 'Staffsson',
      companyRole: 'Staff',
      passwordHash: await hashPassword(password),
    })
    .returning();
  const user = toUserResponse(row!, tenant.user.company_name);
  const token = await signAccessToken(app.deps.config.jwtSecret, { userId: user.id, companyId: user.company }, 900);
  return { user, companyId: user.company, token, password, headers: { authorization: `Bearer ${token}` } };
}

export async function login(app: TestApp, email: string, password: string): Promise<TokenPair> {
  const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** app.inject with a tenant's bearer token. */
export function as(app: TestApp, tenant: Tenant | null, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(tenant ? tenant.headers : {}) } });
}

export async function lastMailTo(app: TestApp, to: string) {
  const rows = await app.deps.database.db.select().from(outboundEmails).orderBy(desc(outboundEmails.id));
  return rows.find((r) => r.to === to);
}
