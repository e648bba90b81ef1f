import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { as, createTenant, testConfig, type Tenant, type TestApp } from '../../test/helpers.js';
import { createScratchPostgresDatabase } from '../../test/test-database.js';
import { USER_CHANGED_CHANNEL } from './known-users.js';

/**
 * The users an API process keeps (known-users.ts) follow changes made by any other process: here
 * a plain connection stands for another API process or an operator's SQL, so nothing of this
 * process forgets the user for it; only the database's notification can. PostgreSQL only.
 */
let scratch: { url: string; drop: () => Promise<void> };
let database: Database;
let app: TestApp;
let other: pg.Client;

beforeAll(async () => {
  scratch = await createScratchPostgresDatabase();
  database = await openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  app = await buildApp({ config: testConfig({ DATABASE_URL: scratch.url }), database, logger: false });
  await app.ready();
  other = new pg.Client({ connectionString: scratch.url });
  await other.connect();
}, 60_000);

afterAll(async () => {
  await other?.end();
  await app?.close();
  await database?.close();
  await scratch?.drop();
});

const me = (tenant: Tenant) => as(app, tenant, { method: 'GET', url: '/api/users/companies/' });

/** Polls until the app answers `status` (a notification arrives within milliseconds; two seconds at most). */
async function eventually(tenant: Tenant, status: number) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    if ((await me(tenant)).statusCode === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect((await me(tenant)).statusCode).toBe(status);
}

const listeningBackends = async () =>
  (await other.query(`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %${USER_CHANGED_CHANNEL}%'`)).rows as {
    pid: number;
  }[];

describe('kept users follow changes made elsewhere', () => {
  it('refuses a deactivated user, and takes a reactivated one back, once another connection commits it', async () => {
    const tenant = await createTenant(app);
    expect((await me(tenant)).statusCode).toBe(200);
    await other.query('update users set is_active = false where id = $1', [tenant.user.id]);
    await eventually(tenant, 401);
    await other.query('update users set is_active = true where id = $1', [tenant.user.id]);
    await eventually(tenant, 200);
  });

  it('refuses every token issued before a token_version raised elsewhere', async () => {
    const tenant = await createTenant(app);
    expect((await me(tenant)).statusCode).toBe(200);
    await other.query('update users set token_version = token_version + 1 where id = $1', [tenant.user.id]);
    await eventually(tenant, 401);
  });

  it('reads the user on every request while its notifications may be missed, and keeps users again once it listens again', async () => {
    const tenant = await createTenant(app);
    expect((await me(tenant)).statusCode).toBe(200);
    const [listener] = await listeningBackends();
    expect(listener).toBeDefined();
    await other.query('select pg_terminate_backend($1)', [listener!.pid]);
    // A change while nobody listens: no notification can tell of it, so the user must be read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.query('update users set is_active = false where id = $1', [tenant.user.id]);
    expect((await me(tenant)).statusCode).toBe(401);
    await other.query('update users set is_active = true where id = $1', [tenant.user.id]);
    expect((await me(tenant)).statusCode).toBe(200);
    // It connects again a second later, and changes are heard again.
    for (let attempt = 0; attempt < 60 && (await listeningBackends()).length === 0; attempt += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await listeningBackends()).toHaveLength(1);
    expect((await me(tenant)).statusCode).toBe(200);
    await other.query('update users set is_active = false where id = $1', [tenant.user.id]);
    await eventually(tenant, 401);
  });
});
