import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogProducts } from '../db/schema/index.js';
import { insertProduct } from '../modules/catalog/catalog.factories.js';
import { createTenant, createTestApp, type Tenant, type TestApp } from '../../test/helpers.js';

/**
 * API answers are compressed for a client that asks (app.ts): the same JSON, fewer bytes. Small
 * answers go as they are, and a compressed request body is not inflated.
 */
let app: TestApp;
let tenant: Tenant;
const list = '/api/catalog/products/?ordering=sku&limit=25&offset=0';

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app);
  for (let i = 0; i < 25; i++) await insertProduct(app.deps.database.db, tenant.companyId, { name: `Oak chair ${i} with a long enough name` });
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: { ...tenant.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('compressed answers', () => {
  it('answers a page of products gzipped to a client that asks for gzip: the same JSON in a fraction of the bytes', async () => {
    const plain = await get(list);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const gzipped = await get(list, 'gzip');
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the client takes it (as browsers do)', async () => {
    const plain = await get(list);
    const response = await get(list, 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends an answer under 1 KB as it is', async () => {
    const response = await get('/api/catalog/inventory_locations/?limit=1', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ count: 0, results: [] });
  });

  it('does not inflate a compressed request body: it is refused as malformed JSON and nothing changes', async () => {
    const [product] = await app.deps.database.db.select().from(catalogProducts).where(eq(catalogProducts.companyId, tenant.companyId)).limit(1);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/catalog/products/${product!.id}/`,
      headers: { ...tenant.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Renamed' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/JSON/) });
    const [after] = await app.deps.database.db.select().from(catalogProducts).where(eq(catalogProducts.id, product!.id));
    expect(after!.name).toBe(product!.name);
  });
});
