import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { companies, users } from '../db/schema/index.js';
import { insertProduct } from '../modules/catalog/catalog.factories.js';
import { as, createTenant, testConfig, type Tenant, type TestApp } from '../../test/helpers.js';
import { createScratchPostgresDatabase } from '../../test/test-database.js';

/**
 * READ_DATABASE_URL: the long lists read from the replica, everything else from the primary.
 * The "replica" is a second database holding a copy of the tenant and a product of its own, so
 * where each answer came from shows. PostgreSQL only (see vitest.config.ts).
 */
let primary: { url: string; drop: () => Promise<void> };
let replica: { url: string; drop: () => Promise<void> };
let replicaDb: Database;
let database: Database;
let app: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  [primary, replica] = [await createScratchPostgresDatabase(), await createScratchPostgresDatabase()];
  database = await openDatabase({ databaseUrl: primary.url, readDatabaseUrl: replica.url });
  await database.migrate();
  replicaDb = await openDatabase({ databaseUrl: replica.url });
  await replicaDb.migrate();
  app = await buildApp({ config: testConfig({ DATABASE_URL: primary.url, READ_DATABASE_URL: replica.url }), database, logger: false });
  await app.ready();
  tenant = await createTenant(app);
  // What replication would have copied: the company and its user, with the same ids.
  const [company] = await database.db
    .select()
    .from(companies)
    .where(sql`${companies.id} = ${tenant.companyId}`);
  const [user] = await database.db
    .select()
    .from(users)
    .where(sql`${users.id} = ${tenant.user.id}`);
  await replicaDb.db.insert(companies).values(company!);
  await replicaDb.db.insert(users).values(user!);
  await insertProduct(replicaDb.db, tenant.companyId, { sku: 'ON-REPLICA' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await replicaDb?.close();
  await primary?.drop();
  await replica?.drop();
});

describe('READ_DATABASE_URL', () => {
  it('writes to the primary; the product list reads the replica, the product itself the primary', async () => {
    const created = await as(app, tenant, { method: 'POST', url: '/api/catalog/products/', payload: { sku: 'ON-PRIMARY', name: 'Written' } });
    expect(created.statusCode, created.body).toBe(201);

    const list = await as(app, tenant, { method: 'GET', url: '/api/catalog/products/' });
    expect(list.json().results.map((p: { sku: string }) => p.sku)).toEqual(['ON-REPLICA']);
    const detail = await as(app, tenant, { method: 'GET', url: `/api/catalog/products/${created.json().id}/` });
    expect(detail.json().sku).toBe('ON-PRIMARY');
  });

  it('sends the other long lists to the replica too', async () => {
    for (const url of ['/api/customers/orders/', '/api/procurement/products/', '/api/catalog/inventory_transactions/', '/api/catalog/stocktaking/']) {
      const res = await as(app, tenant, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const count = await as(app, tenant, { method: 'GET', url: '/api/catalog/product-count/?f=edited' });
    expect(count.statusCode).toBe(200);
  });

  it('needs DATABASE_URL beside it', () => {
    expect(() => testConfig({ READ_DATABASE_URL: replica.url })).toThrow(/READ_DATABASE_URL: needs DATABASE_URL/);
  });
});
