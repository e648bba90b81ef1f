import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('route table', () => {
  it('lists every API route once per method, with its schema and access flags', () => {
    const api = app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const keys = api.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('GET /api/catalog/products/');
    expect(keys).toContain('POST /api/customers/order_items/:id/actions/pick/');
    expect(api.find((r) => r.url.endsWith('/login/'))?.public).toBe(true);
    expect(api.find((r) => r.method === 'GET' && r.url === '/api/catalog/products/')?.schema?.querystring).toBeDefined();
    expect(keys.some((k) => k.startsWith('HEAD '))).toBe(false);
  });
});
