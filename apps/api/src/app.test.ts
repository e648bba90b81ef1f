import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from '../test/helpers.js';
import { openTestDatabase } from '../test/test-database.js';

const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

/** The production shape: the built SPA and the API on one port. */
describe('serving the SPA beside the API', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'kontor-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kontor</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'big-5678.js'), BIG_SCRIPT);
    writeFileSync(path.join(webDist, 'assets', 'big-5678.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(path.join(webDist, 'assets', 'big-5678.js.gz'), gzipSync(BIG_SCRIPT));
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

  it("serves the build's precompressed copy to a browser that takes it, the plain file to one that does not", async () => {
    const br = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);
    const gz = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/big-5678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('keeps unknown API paths and non-GET requests a DRF 404', async () => {
    const api = await app.inject('/api/nothing-here/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});
