import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LONE_SURROGATE_REFUSED, REFRESH_COOKIE_NAME } from '@kontor/contract';
import { buildApp } from '../app.js';
import { catalogImages } from '../db/schema/index.js';
import { createTenant, createTestApp, login, testConfig, type TestApp } from '../../test/helpers.js';
import { multipartForm } from '../../test/multipart.js';
import { openTestDatabase } from '../../test/test-database.js';
import { REDACTED, redactUrl } from './log-redaction.js';

/**
 * Issue 10 (OWASP ASVS 4.0 level 2), the HTTP layer: no credential in a log line, security
 * headers on the API and the SPA, a rate limit on unknown paths, and the body and upload limits.
 */

/** An app with its own settings (and a built SPA or a log stream when asked). Close it. */
async function appWith(env: Record<string, string>, options: { webDist?: string; log?: string[] } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const log = options.log;
  const app = await buildApp({
    config: testConfig(env),
    database,
    webDist: options.webDist,
    ...(log ? { logStream: { write: (line: string) => void log.push(line) } } : { logger: false }),
  });
  app.addHook('onClose', async () => database.close());
  await app.ready();
  return app;
}

describe('no token in a log line', () => {
  it('redacts the capability segment of export and media URLs and secret-looking query values', () => {
    expect(redactUrl('/api/exports/AbCdEfGhIjKlMnOpQrStUvWxYz012345/catalog.csv')).toBe(`/api/exports/${REDACTED}/catalog.csv`);
    expect(redactUrl('/API/Exports/secret-token')).toBe(`/API/Exports/${REDACTED}`);
    expect(redactUrl('/api/media/2026/ab/cd.png?w=10')).toBe(`/api/media/${REDACTED}/ab/cd.png?w=10`);
    expect(redactUrl('/api/health?access_token=abc&x=1&refresh=def&api_key=ghi')).toBe(
      `/api/health?access_token=${REDACTED}&x=1&refresh=${REDACTED}&api_key=${REDACTED}`,
    );
    expect(redactUrl('/api/catalog/products/?search=lamp&limit=25')).toBe('/api/catalog/products/?search=lamp&limit=25');
  });

  it('logs requests without the password, the tokens, the cookie or a capability URL', async () => {
    const log: string[] = [];
    const app = await appWith({ LOG_LEVEL: 'info' }, { log });
    try {
      const t = await createTenant(app);
      const tokens = await login(app, t.user.email, t.password);
      await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${tokens.access}` } });
      const refreshed = await app.inject({ method: 'POST', url: '/api/token/refresh/', cookies: { [REFRESH_COOKIE_NAME]: tokens.refresh } });
      const exportToken = 'ExportTokenExportTokenExport0123';
      await app.inject({ method: 'GET', url: `/api/exports/${exportToken}/catalog.csv` });
      await app.inject({ method: 'GET', url: '/api/media/secret-media-key-0123456789.png' });
      await app.inject({ method: 'GET', url: '/api/health?access_token=query-token-0123456789' });
      // A failing request is logged with its error too.
      await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${tokens.access}x` } });

      const text = log.join('');
      expect(text).toContain('incoming request');
      expect(text).toContain(`/api/exports/${REDACTED}/catalog.csv`);
      for (const secret of [
        t.password,
        tokens.access,
        tokens.refresh,
        refreshed.json().refresh,
        refreshed.json().access,
        exportToken,
        'secret-media-key-0123456789',
        'query-token-0123456789',
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text.toLowerCase()).not.toContain('authorization');
      expect(text).not.toContain(REFRESH_COOKIE_NAME);
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  const expectStrictHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'kontor-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kontor</title><div id="root"></div>');
  });

  it('answers the API, its errors, the SPA and its deep links with a strict CSP and the other headers; no HSTS on http', async () => {
    const app = await appWith({}, { webDist });
    try {
      const t = await createTenant(app);
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/health' }),
        app.inject({ method: 'GET', url: '/api/user/', headers: t.headers }),
        app.inject({ method: 'GET', url: '/api/user/' }),
        app.inject({ method: 'GET', url: '/api/no-such-thing/' }),
        app.inject({ method: 'GET', url: '/' }),
        app.inject({ method: 'GET', url: '/catalog/products' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 200, 200]);
      for (const res of answers) {
        expectStrictHeaders(res.headers);
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      expect(answers[5]!.body).toContain('<div id="root">');
    } finally {
      await app.close();
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://kontor.example.com' }, { webDist });
    try {
      for (const url of ['/api/health', '/', '/api/nothing-here/']) {
        const res = await app.inject({ method: 'GET', url });
        expectStrictHeaders(res.headers);
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await app.close();
    }
  });
});

describe('limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ NOT_FOUND_RATE_LIMIT_PER_MINUTE: '3', IMAGE_MAX_BYTES: '1024' });
  });
  afterAll(async () => app?.close());

  it('limits unknown paths per IP: the 4th unknown /api/ path from one IP in a minute answers 429 with a DRF detail', async () => {
    const from = (remoteAddress: string, url: string) => app.inject({ method: 'GET', url, remoteAddress });
    for (const url of ['/api/admin/', '/api/.env', '/api/wp-login.php']) {
      const res = await from('203.0.113.50', url);
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
    const limited = await from('203.0.113.50', '/api/phpmyadmin/');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Request was throttled. Try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Other methods count too, and only the prober is limited.
    expect((await app.inject({ method: 'POST', url: '/api/nothing/', remoteAddress: '203.0.113.50' })).statusCode).toBe(429);
    expect((await from('203.0.113.51', '/api/phpmyadmin/')).statusCode).toBe(404);
    // Real routes are not counted against the limit.
    expect((await from('203.0.113.50', '/api/health')).statusCode).toBe(200);
  });

  it('answers 413 with a DRF detail for a JSON body over 1 MiB', async () => {
    const payload = JSON.stringify({ username: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await app.inject({ method: 'POST', url: '/api/login/', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(res.json().detail).toMatch(/too large/i);
  });

  it('refuses a JSON string with a lone surrogate (400, nothing stored), and takes a pair, an escaped backslash and a plain body as before', async () => {
    const t = await createTenant(app);
    const send = (url: string, payload: string) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' }, payload });
    // A pair of escapes is one character; `\\ud800` is a backslash and text.
    const supplier = await send('/api/procurement/suppliers/', '{"name": "Nordic \\ud83d\\ude00", "name_abbrev": "a\\\\ud800b"}');
    expect(supplier.statusCode).toBe(201);
    expect(supplier.json()).toMatchObject({ name: 'Nordic 😀', name_abbrev: 'a\\ud800b' });

    // In text (node-postgres would have written U+FFFD) and in jsonb (PostgreSQL would have refused it: a 500).
    const lone = [
      ['/api/procurement/suppliers/', '{"name": "x\\udfffy", "name_abbrev": "X"}'],
      ['/api/procurement/suppliers/', '{"name": "Ok", "name_abbrev": "X", "\\ud800": 1}'],
      [
        '/api/procurement/feeds/',
        `{"supplier": ${supplier.json().id}, "name": "Feed", "url": "https://shop.test/feed.csv", "format": "CSV", "column_mapping": {"sku": "\\ud800", "name": "name"}}`,
      ],
    ];
    for (const [url, payload] of lone) {
      const res = await send(url!, payload!);
      expect([res.statusCode, res.json()]).toEqual([400, { detail: LONE_SURROGATE_REFUSED }]);
    }
    const feeds = await app.inject({ method: 'GET', url: '/api/procurement/feeds/', headers: { authorization: `Bearer ${t.token}` } });
    expect(feeds.json().count).toBe(0);
    const suppliers = await app.inject({ method: 'GET', url: '/api/procurement/suppliers/', headers: { authorization: `Bearer ${t.token}` } });
    expect(suppliers.json().count).toBe(1);

    // Fastify's own refusals still hold: prototype poisoning, malformed JSON.
    const poisoned = await send('/api/procurement/suppliers/', '{"name": "P", "name_abbrev": "P", "__proto__": {"x": 1}}');
    expect(poisoned.statusCode).toBe(400);
    expect(Object.keys(poisoned.json())).toEqual(['detail']);
    const malformed = await send('/api/procurement/suppliers/', '{"name": ');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['detail']);
  });

  it('refuses an upload over IMAGE_MAX_BYTES (400 for the file) or with too many files (413), and stores nothing', async () => {
    const t = await createTenant(app);
    const mediaDir = path.join(app.deps.config.dataDir, 'media');
    const filesIn = (dir: string): string[] => {
      try {
        return readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name);
      } catch {
        return [];
      }
    };
    const upload = (files: { filename: string; data: Buffer }[]) => {
      const form = multipartForm(files.map((f) => ({ name: 'files', ...f })));
      return app.inject({ method: 'POST', url: '/api/catalog/images/', payload: form.payload, headers: { ...form.headers, ...t.headers } });
    };

    const big = await upload([{ filename: 'big.png', data: Buffer.alloc(8 * 1024, 1) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ uploaded: 0, failed: 1, results: [{ filename: 'big.png', error: expect.stringMatching(/too large/i) }] });

    const many = await upload(Array.from({ length: 51 }, (_, i) => ({ filename: `${i}.png`, data: Buffer.alloc(10, 1) })));
    expect(many.statusCode).toBe(413);
    expect(Object.keys(many.json())).toEqual(['detail']);

    const rows = await app.deps.database.db.select().from(catalogImages).where(eq(catalogImages.companyId, t.companyId));
    expect(rows).toEqual([]);
    expect(filesIn(mediaDir)).toEqual([]);
  });
});
