import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { JobResponse } from '@kontor/contract';
import { DEMO_FEED_MAPPING, DEMO_SUPPLIERS } from '../db/seed/demo-feeds.js';
import { storefrontConnections } from '../db/schema/index.js';
import { startFeedServer, type FeedServer } from '../modules/procurement/feed-import/feed-server.fixture.js';
import { insertFeed, insertSupplier } from '../modules/procurement/procurement.factories.js';
import { as, createTenant, createTestApp, testConfig, type Tenant, type TestApp } from '../../test/helpers.js';
import { blockedAddressReason, OutboundBlockedError, OutboundError, outboundFetch, outboundPolicy, type OutboundPolicy } from './outbound.js';

/** A local server that records every request; `redirects` answers a path with a 302 to a URL. */
type Recorder = { origin: string; url: (path: string) => string; requests: { url: string; authorization: string | undefined }[]; close: () => Promise<void> };

async function startRecorder(redirects: Record<string, (self: Recorder) => string> = {}): Promise<Recorder> {
  const recorder: Recorder = { origin: '', url: () => '', requests: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    recorder.requests.push({ url: req.url ?? '/', authorization: req.headers.authorization });
    const to = redirects[req.url ?? '/'];
    if (to) res.writeHead(302, { location: to(recorder) }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('sku,name\r\nR1,Rake\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recorder.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  recorder.url = (path) => `${recorder.origin}${path}`;
  recorder.close = () => new Promise((resolve) => server.close(() => resolve()));
  return recorder;
}

const REFUSED_LOOPBACK = 'Refused to connect to 127.0.0.1: it is a loopback address. Only addresses on the public internet are fetched.';
const REFUSED_METADATA = 'Refused to connect to 169.254.169.254: it is a link-local address. Only addresses on the public internet are fetched.';

describe('blockedAddressReason', () => {
  it('classifies IPv4 addresses', () => {
    const cases: [string, string | null][] = [
      ['127.0.0.1', 'a loopback address'],
      ['127.255.255.254', 'a loopback address'],
      ['10.0.0.1', 'a private network address'],
      ['172.16.0.1', 'a private network address'],
      ['172.31.255.255', 'a private network address'],
      ['192.168.1.10', 'a private network address'],
      ['169.254.169.254', 'a link-local address'],
      ['0.0.0.0', 'an unspecified address'],
      ['100.64.0.1', 'a carrier-grade NAT address'],
      ['100.127.255.255', 'a carrier-grade NAT address'],
      ['224.0.0.1', 'a multicast address'],
      ['239.255.255.250', 'a multicast address'],
      ['255.255.255.255', 'a reserved address'],
      ['8.8.8.8', null],
      ['93.184.216.34', null],
      ['172.32.0.1', null],
      ['172.15.255.255', null],
      ['100.128.0.1', null],
      ['100.63.255.255', null],
      ['169.255.0.1', null],
      ['192.169.0.1', null],
    ];
    expect(cases.map(([ip]) => [ip, blockedAddressReason(ip)])).toEqual(cases);
  });

  it('classifies IPv6 addresses', () => {
    const cases: [string, string | null][] = [
      ['::1', 'a loopback address'],
      ['0:0:0:0:0:0:0:1', 'a loopback address'],
      ['::', 'an unspecified address'],
      ['fc00::1', 'a private network address'],
      ['fd12:3456:789a::1', 'a private network address'],
      ['fe80::1', 'a link-local address'],
      ['fe80::1%eth0', 'a link-local address'],
      ['febf::1', 'a link-local address'],
      ['fec0::1', 'a private network address'],
      ['ff02::1', 'a multicast address'],
      ['2001:4860:4860::8888', null],
      ['2606:4700:4700::1111', null],
      ['fe00::1', null],
    ];
    expect(cases.map(([ip]) => [ip, blockedAddressReason(ip)])).toEqual(cases);
  });

  it('classifies IPv4 addresses inside IPv6 (mapped, NAT64, compatible) by the IPv4 address', () => {
    const cases: [string, string | null][] = [
      ['::ffff:127.0.0.1', 'a loopback address'],
      ['::ffff:7f00:1', 'a loopback address'],
      ['::FFFF:169.254.169.254', 'a link-local address'],
      ['::ffff:a9fe:a9fe', 'a link-local address'],
      ['::ffff:10.0.0.1', 'a private network address'],
      ['0:0:0:0:0:ffff:c0a8:0101', 'a private network address'],
      ['::ffff:0.0.0.0', 'an unspecified address'],
      ['64:ff9b::127.0.0.1', 'a loopback address'],
      ['::127.0.0.1', 'a loopback address'],
      ['::ffff:8.8.8.8', null],
      ['::ffff:808:808', null],
      ['64:ff9b::808:808', null],
    ];
    expect(cases.map(([ip]) => [ip, blockedAddressReason(ip)])).toEqual(cases);
  });

  it('refuses what is not an IP address', () => {
    for (const junk of ['', 'localhost', '1.2.3', '1.2.3.256', '::g', '1::2::3', '1:2:3:4:5:6:7:8:9']) {
      expect(blockedAddressReason(junk), junk).toBe('not an IP address');
    }
  });
});

describe('outboundFetch', () => {
  let target: Recorder;
  const strict: OutboundPolicy = { allowPrivate: false, allowedOrigins: [] };
  const refusal = (url: string, policy: OutboundPolicy = strict) =>
    outboundFetch(url, {}, policy).then(
      () => null,
      (err: unknown) => err,
    );

  beforeAll(async () => {
    target = await startRecorder();
  });
  afterAll(async () => {
    await target?.close();
  });

  it('refuses loopback, IPv4-mapped, link-local (cloud metadata) and private addresses, and sends nothing', async () => {
    expect(await refusal(target.url('/direct'))).toEqual(new OutboundBlockedError('127.0.0.1', '127.0.0.1', 'a loopback address'));
    expect(((await refusal(target.url('/direct'))) as Error).message).toBe(REFUSED_LOOPBACK);
    const port = new URL(target.origin).port;
    expect(await refusal(`http://[::ffff:127.0.0.1]:${port}/mapped`)).toBeInstanceOf(OutboundBlockedError);
    expect(await refusal(`http://0.0.0.0:${port}/unspecified`)).toBeInstanceOf(OutboundBlockedError);
    // An integer or short form of 127.0.0.1 is the same address to the URL parser.
    expect(await refusal(`http://2130706433:${port}/integer`)).toBeInstanceOf(OutboundBlockedError);
    expect(await refusal(`http://127.1:${port}/short`)).toBeInstanceOf(OutboundBlockedError);
    expect(((await refusal('http://169.254.169.254/latest/meta-data/')) as Error).message).toBe(REFUSED_METADATA);
    expect(await refusal('https://10.1.2.3/feed.csv')).toBeInstanceOf(OutboundBlockedError);
    expect(await refusal('http://[fd00::1]/feed.csv')).toBeInstanceOf(OutboundBlockedError);
    expect(target.requests).toEqual([]);
  });

  it('checks the address the name resolves to when connecting: a public-looking name on 127.0.0.1 is refused', async () => {
    const lookups: string[] = [];
    // A name whose DNS answers 127.0.0.1 (or, rebinding, answered something else to an earlier check).
    const resolve = ((hostname: string, _options: unknown, callback: (err: Error | null, addresses: dns.LookupAddress[]) => void) => {
      lookups.push(hostname);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as unknown as typeof dns.lookup;
    const err = await refusal(`http://feeds.supplier-example.com:${new URL(target.origin).port}/feed.csv`, { ...strict, resolve });
    expect(err).toBeInstanceOf(OutboundBlockedError);
    expect((err as Error).message).toBe(
      'Refused to connect to feeds.supplier-example.com: it resolves to 127.0.0.1, a loopback address. Only addresses on the public internet are fetched.',
    );
    expect(lookups).toEqual(['feeds.supplier-example.com']);
    // The real resolver: localhost.
    expect(((await refusal(`http://localhost:${new URL(target.origin).port}/localhost`)) as Error).message).toMatch(
      /^Refused to connect to localhost: it resolves to (127\.0\.0\.1|::1), a loopback address\./,
    );
    expect(target.requests).toEqual([]);
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of ['ftp://files.example.com/feed.csv', 'file:///etc/passwd', 'data:text/plain,hi', 'gopher://example.com/']) {
      const err = await refusal(url);
      expect(err, url).toBeInstanceOf(OutboundError);
      expect((err as Error).message, url).toMatch(/^Only http and https URLs are fetched, not [a-z]+:\.$/);
    }
    expect(await refusal('not a url')).toEqual(new OutboundError('The URL is not valid.'));
  });

  it('lets the allowed origin through, but not a redirect from it to another private address', async () => {
    const redirector = await startRecorder({ '/moved': () => target.url('/secret'), '/self': (self) => self.url('/final') });
    try {
      const policy: OutboundPolicy = { allowPrivate: false, allowedOrigins: [redirector.origin] };
      const ok = await outboundFetch(redirector.url('/self'), {}, policy);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('R1,Rake');
      const err = await refusal(redirector.url('/moved'), policy);
      expect((err as Error).message).toBe(REFUSED_LOOPBACK);
      expect(redirector.requests.map((r) => r.url)).toEqual(['/self', '/final', '/moved']);
      expect(target.requests).toEqual([]);
    } finally {
      await redirector.close();
    }
  });

  it('follows at most 5 redirects', async () => {
    const loop = await startRecorder(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/r${i}`, (self: Recorder) => self.url(`/r${i + 1}`)])));
    try {
      const policy: OutboundPolicy = { allowPrivate: true, allowedOrigins: [] };
      expect(await refusal(loop.url('/r0'), policy)).toEqual(new OutboundError('The server redirected more than 5 times.'));
      expect(loop.requests).toHaveLength(6);
      const five = await startRecorder(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`/r${i}`, (self: Recorder) => self.url(`/r${i + 1}`)])));
      try {
        expect((await outboundFetch(five.url('/r0'), {}, policy)).status).toBe(200);
      } finally {
        await five.close();
      }
    } finally {
      await loop.close();
    }
  });

  it('does not send the Authorization header on to another origin', async () => {
    const other = await startRecorder();
    const redirector = await startRecorder({ '/away': () => other.url('/landed'), '/here': (self) => self.url('/landed') });
    try {
      const policy: OutboundPolicy = { allowPrivate: true, allowedOrigins: [] };
      const headers = { authorization: 'Basic c2VjcmV0' };
      await (await outboundFetch(redirector.url('/here'), { headers }, policy)).text();
      await (await outboundFetch(redirector.url('/away'), { headers }, policy)).text();
      expect(redirector.requests).toEqual([
        { url: '/here', authorization: 'Basic c2VjcmV0' },
        { url: '/landed', authorization: 'Basic c2VjcmV0' },
        { url: '/away', authorization: 'Basic c2VjcmV0' },
      ]);
      expect(other.requests).toEqual([{ url: '/landed', authorization: undefined }]);
    } finally {
      await Promise.all([other.close(), redirector.close()]);
    }
  });

  it('OUTBOUND_ALLOW_PRIVATE lets private addresses through; the policy follows the config', async () => {
    const response = await outboundFetch(target.url('/allowed'), {}, outboundPolicy(testConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' })));
    expect(await response.text()).toContain('R1,Rake');
    expect(target.requests.map((r) => r.url)).toEqual(['/allowed']);
    target.requests.length = 0;

    expect(testConfig({ OUTBOUND_ALLOW_PRIVATE: 'false' }).outboundAllowPrivate).toBe(false);
    expect(outboundPolicy(testConfig({ OUTBOUND_ALLOW_PRIVATE: 'false', PUBLIC_URL: 'https://kontor.example.com/' }))).toEqual({
      allowPrivate: false,
      allowedOrigins: ['https://kontor.example.com'],
    });
  });
});

describe('the SSRF guard in the app (OUTBOUND_ALLOW_PRIVATE=false)', () => {
  let app: TestApp;
  let tenant: Tenant;
  let feeds: FeedServer;
  /** The app's PUBLIC_URL: an allowed origin on 127.0.0.1 that redirects to the feed server. */
  let home: Recorder;

  beforeAll(async () => {
    feeds = await startFeedServer();
    home = await startRecorder({ '/to-private.csv': () => feeds.url('/private.csv') });
    app = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'false', PUBLIC_URL: home.origin });
    tenant = await createTenant(app);
  });
  afterAll(async () => {
    await app?.close();
    await home?.close();
    await feeds?.close();
  });

  const db = () => app.deps.database.db;

  async function runFeed(url: string, overrides: Parameters<typeof insertFeed>[3] = {}): Promise<JobResponse> {
    const supplier = await insertSupplier(db(), tenant.companyId);
    const feed = await insertFeed(db(), tenant.companyId, supplier.id, { url, ...overrides });
    const res = await as(app, tenant, { method: 'POST', url: `/api/procurement/feeds/${feed.id}/run/` });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json() as JobResponse;
    await app.jobs.waitFor(id);
    return (await as(app, tenant, { method: 'GET', url: `/api/jobs/${id}/` })).json();
  }

  it('fails a feed on 127.0.0.1 with the reason, and the local server gets no request', async () => {
    feeds.set('/local.csv', { body: 'sku,name\r\nL1,Local\r\n' });
    expect(await runFeed(feeds.url('/local.csv'))).toMatchObject({ status: 'failed', error: REFUSED_LOOPBACK });
    expect(feeds.hits('/local.csv')).toBe(0);
  });

  it('fails a feed on the cloud metadata address', async () => {
    expect(await runFeed('http://169.254.169.254/latest/meta-data/iam/security-credentials/')).toMatchObject({ status: 'failed', error: REFUSED_METADATA });
  });

  it('fails a feed on a name that resolves to loopback (localhost)', async () => {
    feeds.set('/by-name.csv', { body: 'sku,name\r\nL1,Local\r\n' });
    const job = await runFeed(feeds.url('/by-name.csv').replace('127.0.0.1', 'localhost'));
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^Refused to connect to localhost: it resolves to (127\.0\.0\.1|::1), a loopback address\./);
    expect(feeds.hits('/by-name.csv')).toBe(0);
  });

  it('refuses a redirect from the allowed PUBLIC_URL origin to another private address', async () => {
    feeds.set('/private.csv', { body: 'sku,name\r\nP1,Private\r\n' });
    expect(await runFeed(home.url('/to-private.csv'))).toMatchObject({ status: 'failed', error: REFUSED_LOOPBACK });
    expect(home.requests.map((r) => r.url)).toEqual(['/to-private.csv']);
    expect(feeds.hits('/private.csv')).toBe(0);
  });

  it("still imports a demo feed from the app's own origin", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const configured = app.deps.config.publicUrl;
    // What server.ts does without PUBLIC_URL: the app's own address, 127.0.0.1 on a local install.
    app.deps.config.publicUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const demo = DEMO_SUPPLIERS[0]!;
      const job = await runFeed(`${app.deps.config.publicUrl}/api/demo-feeds/${demo.file}`, {
        format: demo.format,
        columnMapping: { ...DEMO_FEED_MAPPING },
        options: { delimiter: ',' },
      });
      expect(job).toMatchObject({ status: 'succeeded', result: { rows_total: demo.rows, created: demo.rows, error_count: 0 } });
    } finally {
      app.deps.config.publicUrl = configured;
    }
  });

  it('answers the storefront sync on a private address with its 502 and sends nothing', async () => {
    const store = await startRecorder();
    try {
      const saved = await as(app, tenant, {
        method: 'PUT',
        url: '/api/customers/storefront/',
        payload: { store_url: store.origin, consumer_key: 'ck_test', consumer_secret: 'cs_test' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sync = await as(app, tenant, { method: 'GET', url: '/api/customers/orders/sync/' });
      expect(sync.statusCode).toBe(502);
      expect(sync.json()).toEqual({ detail: `${REFUSED_LOOPBACK} Check the store URL.` });

      await db().update(storefrontConnections).set({ storeUrl: 'http://169.254.169.254' }).where(eq(storefrontConnections.companyId, tenant.companyId));
      const metadata = await as(app, tenant, { method: 'GET', url: '/api/customers/orders/sync/' });
      expect(metadata.statusCode).toBe(502);
      expect(metadata.json()).toEqual({ detail: `${REFUSED_METADATA} Check the store URL.` });
      expect(store.requests).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
