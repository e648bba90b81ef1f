import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { startChatServer } from '../../test/chat-server.js';
import { createTenant, createTestApp } from '../../test/helpers.js';
import { keepOffline } from '../../test/offline.js';
import { passwordResetsSettled } from '../modules/auth/auth.service.js';
import { signAccessToken } from '../modules/auth/tokens.js';
import type { RegisteredRoute } from '../http/route-table.js';
import { forgetKnownUser } from '../http/known-users.js';
import { describeRequest, isDrfErrorBody, requestArb, zodWordsIn, type FuzzContext, type FuzzRequest } from './fuzz.js';

/**
 * Property-based fuzzing of every API route (issue 10): requests generated from each route's zod
 * schemas (fuzz.ts), sent through app.inject with an Admin's token, against a company with the
 * demo shop. For every case: never a 5xx; a 4xx answers a DRF error body; and a rejected request
 * leaves the database as it was. FUZZ_RUNS sets the cases per route (more in `npm run fuzz`);
 * FUZZ_SEED replays a run (fast-check prints the seed of a failure); FUZZ_REPORT=1
 * prints the status codes each route answered, to see how deep the cases got.
 */

/**
 * `npm test` sends 200 cases per route: all on PGlite, or, where TEST_DATABASE_URL runs the API
 * tests on PostgreSQL too (CI), 100 on each database. Each run draws its cases from a fresh seed,
 * so the halves are different cases, and a database-specific failure still has 100 chances on its
 * database. The fuzz file was a third of the suite's time while it sent 200 to each.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 100 : 200));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Routes not fuzzed, each with its reason. Everything else under /api is, public routes included.
 * (Empty: every route takes hostile input safely enough to be fuzzed as it is.)
 */
const SKIPPED: Record<string, string> = {};

/**
 * Tables a rejected request may legitimately change, left out of the database fingerprint.
 * Everything else in the public schema is in it.
 */
const VOLATILE_TABLES: Record<string, string> = {
  // A failed login is a 400/401 that records the failure: that count is the per-account and
  // per-IP lockout (DESIGN §4).
  login_failures: 'failed logins are counted on purpose',
  // Presenting a rotated refresh token is a 401 that revokes the token's whole family (DESIGN §4).
  refresh_tokens: 'reuse of a rotated token revokes its family',
};

// Cases send URLs into code that fetches them (feed imports, the storefront sync, image URLs):
// nothing in this process reaches beyond 127.0.0.1 (test/offline.ts), so a fuzzed URL fails at
// once. The servers that are there: a fake LLM, and a storefront that has no orders.
const restoreNetwork = keepOffline();
const chat = await startChatServer();
const storefront = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': '0', 'x-wp-totalpages': '1' }).end('[]');
});
await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));

const app = await createTestApp({
  LLM_BASE_URL: chat.baseUrl,
  LLM_API_KEY: chat.apiKey,
  LLM_MODEL: chat.model,
  LLM_TIMEOUT_SECONDS: '2',
  // The storefront above is on 127.0.0.1, which the SSRF guard refuses unless told.
  OUTBOUND_ALLOW_PRIVATE: 'true',
});
const tenant = await createTenant(app, {}, { demoData: true });
const db = app.deps.database.db;
// Connected, so the order sync (a GET, fuzzed before PUT storefront changes the URL) runs through.
const connected = await app.inject({
  method: 'PUT',
  url: '/api/customers/storefront/',
  headers: { authorization: `Bearer ${tenant.token}` },
  payload: { store_url: `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`, consumer_key: 'ck_fuzz', consumer_secret: 'cs_fuzz' },
});
if (connected.statusCode !== 200) throw new Error(`could not connect the storefront: ${connected.statusCode} ${connected.body}`);

afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    const lines = [...stats].map(
      ([k, counts]) =>
        `${k.padEnd(72)} ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}:${n}`)
          .join(' ')}`,
    );
    console.log(`${lines.join('\n')}\nfingerprints taken: ${fingerprintsTaken}`);
  }
  await db.execute(sql`drop function if exists fuzz_db_state(bigint, boolean)`);
  await app.close();
  await chat.close();
  await new Promise((resolve) => storefront.close(resolve));
  restoreNetwork();
});

type Row = Record<string, unknown>;
const rowsOf = async (query: ReturnType<typeof sql>): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const tables = (
  await rowsOf(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
)
  .map((r) => String(r.table_name))
  .filter((t) => !(t in VOLATILE_TABLES));

/** Ids that exist (the first rows of every table): id fields draw on them, so cases reach real rows. */
const ids = await (async () => {
  const withId = await rowsOf(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type in ('integer', 'bigint')`,
  );
  const found = new Set<number>();
  for (const { table_name } of withId) {
    for (const row of await rowsOf(sql`select id from ${sql.identifier(String(table_name))} order by id limit 100`)) found.add(Number(row.id));
  }
  return [...found].sort((a, b) => a - b);
})();

const words = await (async () => {
  const skus = await rowsOf(sql`select sku, name from catalog_products where company_id = ${tenant.companyId} order by id limit 5`);
  const media = await rowsOf(sql`select storage_key, thumbnail_key from catalog_images where company_id = ${tenant.companyId} order by id limit 3`);
  // Refresh tokens to present (each rotates on use; a second use revokes its family, a 401).
  const refresh: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: tenant.user.email, password: tenant.password } });
    if (res.statusCode === 200) refresh.push((res.json() as { refresh: string }).refresh);
  }
  return [
    ...skus.flatMap((r) => [String(r.sku), String(r.name)]),
    ...media.flatMap((r) => [String(r.storage_key), String(r.thumbnail_key)]),
    ...refresh,
    tenant.user.email,
    // Login and password change may succeed: a changed password only costs the rest of that
    // route's cases their token (tenantToken() signs a new one for the next route).
    tenant.password,
    'Widget',
    'Ada',
    // A password for the register and reset forms.
    'Tr0ub4dor&3-long-enough',
    'https://shop.test/image.png',
    'https://shop.test/feed.csv',
    'simple',
    'bundle',
    'Yes',
    'No',
    'true',
    'false',
    'sv',
    'en',
    'SV',
    'EN',
    'STOCK_IN',
    'STOCK_OUT',
    'Admin',
    'Staff',
    '2024-01-31',
    '2024-01-31T12:00:00Z',
    '1,2,3',
  ];
})();

const ctx: FuzzContext = { ids, words, self: { userId: tenant.user.id, companyId: tenant.companyId } };

/**
 * The database's state, in one call of a PL/pgSQL function (planned once, not per call):
 * - `next`: the next transaction id the server will hand out. Every transaction that writes takes
 *   one, committed or rolled back;
 * - `committed`: whether any transaction since `since` committed (pg_xact_status). Only then can the
 *   data differ: a rolled-back transaction leaves nothing behind;
 * - `fingerprint`, only then: per table, its row count and the sum of its rows' xmin (the id of the
 *   transaction that wrote each row version). A committed insert, update or delete changes one of
 *   the two. Stricter than comparing contents: even a committed rewrite of the same values shows.
 * On PostgreSQL the transaction ids are the whole server's: other test files' transactions make
 * `committed` true too, which only costs a fingerprint.
 */
const tableSums = tables
  .map((t) => `select '${t.replaceAll("'", "''")}' || ':' || count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) as part from "${t.replaceAll('"', '""')}"`)
  .join(' union all ');
await db.execute(
  sql.raw(`create function fuzz_db_state(since bigint, force boolean) returns table (next bigint, committed boolean, fingerprint text) language plpgsql as $$
declare
  upto bigint := pg_snapshot_xmax(pg_current_snapshot())::text::bigint;
  done boolean := force or exists (select 1 from generate_series(since, upto - 1) x where pg_xact_status(x::text::xid8) = 'committed');
begin
  return query select upto, done, case when done then (select string_agg(part, ' ' order by part) from (${tableSums}) sums) end;
end $$`),
);

type DbState = { next: number; committed: boolean; fingerprint: string | null };
const dbState = async (since: number, force = false): Promise<DbState> => {
  const [row] = await rowsOf(sql`select * from fuzz_db_state(${since}, ${force})`);
  return { next: Number(row!.next), committed: row!.committed === true, fingerprint: (row!.fingerprint as string | null) ?? null };
};

let baseline = { next: 0, fingerprint: '' };
const rebaseline = async () => {
  const state = await dbState(0, true);
  baseline = { next: state.next, fingerprint: state.fingerprint! };
};
const stats = new Map<string, Map<number, number>>();
let fingerprintsTaken = 0;

/** The route's own declared body for this status, where the contract gives a 4xx another shape (the image upload's refusal). */
function matchesDeclaredError(route: RegisteredRoute, status: number, body: unknown): boolean {
  const declared = (route.schema?.response as Record<number, { safeParse?: (v: unknown) => { success: boolean } }> | undefined)?.[status];
  return typeof declared?.safeParse === 'function' && declared.safeParse(body).success;
}

async function check(route: RegisteredRoute, request: FuzzRequest) {
  const res = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    remoteAddress: request.remoteAddress,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  // A password reset does its work after its answer (no timing tells an account exists): that
  // work is this request's, not the next one's, whose database check would otherwise see it.
  await new Promise((resolve) => setImmediate(resolve));
  await passwordResetsSettled(app.deps);
  const key = `${route.method} ${route.url}`;
  const counts = stats.get(key) ?? new Map<number, number>();
  counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
  stats.set(key, counts);
  const seen = () => `${describeRequest(request)}\n  -> ${res.statusCode} ${res.body.slice(0, 500)}`;

  if (res.statusCode >= 500) throw new Error(`a 5xx:\n${seen()}`);
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      throw new Error(`a 4xx that is not JSON:\n${seen()}`);
    }
    if (!isDrfErrorBody(body) && !matchesDeclaredError(route, res.statusCode, body)) throw new Error(`a 4xx that is not a DRF error body:\n${seen()}`);
    const zodWords = zodWordsIn(body);
    if (zodWords.length) throw new Error(`a 4xx in zod's words, not DRF's (${zodWords.join(' | ')}):\n${seen()}`);
    if (!writes(route)) return;
    const state = await dbState(baseline.next);
    if (state.committed) {
      fingerprintsTaken += 1;
      if (state.fingerprint !== baseline.fingerprint) {
        const before = new Set(baseline.fingerprint.split(' '));
        const changed = state.fingerprint!.split(' ').filter((t) => !before.has(t));
        baseline = { next: state.next, fingerprint: state.fingerprint! };
        throw new Error(`a rejected request changed the database (${changed.join(', ')}):\n${seen()}`);
      }
    }
    baseline.next = state.next;
    return;
  }
  // Accepted: its writes, and those of any job it started, are the new baseline.
  if (!writes(route)) return;
  await app.jobs.whenIdle();
  const state = await dbState(baseline.next);
  if (state.committed) {
    fingerprintsTaken += 1;
    baseline.fingerprint = state.fingerprint!;
  }
  baseline.next = state.next;
}

/**
 * GETs are reads, except the spec's unsafe ones (DESIGN §3: pick, unpick and order sync), which
 * the database check covers like any write. A GET is not checked: each route's run starts from a
 * fresh baseline, so a read that wrote would not be blamed on the next route either.
 */
const UNSAFE_GET = /\/actions\/(pick|unpick)\/$|\/orders\/sync\/$/;
const writes = (route: RegisteredRoute) => route.method !== 'GET' || UNSAFE_GET.test(route.url);

/**
 * A fresh token for the tenant before each route: the cases may have changed what a token needs
 * (changed the password, so bumped the token version; deactivated or demoted the Admin through
 * PATCH /users/{id}/), and `npm run fuzz` outlives a token. The Admin is set right directly.
 */
async function tenantToken(): Promise<string> {
  const [row] = await rowsOf(sql`select to_jsonb(u) as u from users u where id = ${tenant.user.id}`);
  const user = row!.u as Record<string, unknown>;
  if (user.company_role !== 'Admin' || user.is_active === false) {
    await db.execute(sql`update users set company_role = 'Admin'${'is_active' in user ? sql`, is_active = true` : sql``} where id = ${tenant.user.id}`);
    // The app hears of the change by a notification; the next case must not race it.
    forgetKnownUser(tenant.user.id);
  }
  const claims = { userId: tenant.user.id, companyId: tenant.companyId, tokenVersion: Number(user.token_version ?? 0) };
  return signAccessToken(app.deps.config.jwtSecret, claims, 24 * 3600);
}

/** Reads first (the unsafe GETs last of them) and deletes last, so the demo shop is still there for most cases. */
const order = (route: RegisteredRoute) => (route.method === 'GET' ? (writes(route) ? 1 : 0) : ({ POST: 2, PUT: 3, PATCH: 3, DELETE: 4 }[route.method] ?? 2));
const routes = app.routeTable
  .filter((r) => r.url.startsWith('/api/'))
  .map((route, i) => ({ route, i }))
  .sort((a, b) => order(a.route) - order(b.route) || a.i - b.i)
  .map(({ route }) => route);

describe(`fuzzing every API route (${RUNS} cases each)`, () => {
  it('covers every route of the route table', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const key of Object.keys(SKIPPED)) expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(key);
  });

  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    // Reads are not checked against the database, so several run at once (vitest's maxConcurrency):
    // on PostgreSQL one route's cases wait for the server while another's run. Writes run alone,
    // one case at a time: the database check must know which request changed what.
    const test = key in SKIPPED ? it.skip : writes(route) ? it : it.concurrent;
    test(
      key,
      async () => {
        const token = await tenantToken();
        if (writes(route)) await rebaseline();
        await fc.assert(
          fc.asyncProperty(requestArb(route, ctx, token), (request) => check(route, request)),
          { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
        );
      },
      // A concurrent read shares its process with up to maxConcurrency (5) other routes' cases (and,
      // on PGlite, their queries, which run on this thread): its time is theirs too. On a slow
      // 2-core machine GET /api/docs/static/* took over 60 s so, next to 5 database routes, and
      // 0.6 s alone.
      writes(route) ? Math.max(60_000, RUNS * 300) : Math.max(180_000, RUNS * 900),
    );
  }
});
