import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from '../test/helpers.js';
import { openTestDatabase } from '../test/test-database.js';

/** The production shape: the built SPA and the API on one port. */
describe('serving the SPA beside the API', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'kontor-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kontor</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    const database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database, webDist, logger: false });
    app.addHook('onClose', async () => database.close());
  });
  afterAll(async () => app?.close());

  it('answers index.html for client-side routes, never cached', async () => {
    for (const url of ['/', '/login', '/notification?unread=true', '/no/such/page']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and security headers', async () => {
    const res = await app.inject('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps unknown API paths and non-GET requests a DRF 404', async () => {
    const api = await app.inject('/api/nothing-here/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});
