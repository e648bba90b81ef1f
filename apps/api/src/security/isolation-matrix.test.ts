import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { startChatServer, type ChatServer } from '../../test/chat-server.js';
import { as, createTestApp, type Tenant, type TestApp } from '../../test/helpers.js';
import { multipartForm } from '../../test/multipart.js';
import type { RegisteredRoute } from '../http/route-table.js';
import { GHOST_SUBJECT, isolationMatrix, type Call, type Case, type MatrixEntry, type Subject } from './isolation-matrix.js';
import { ISOLATION_MARKER, seedIsolationWorld, type IsolationWorld } from './isolation-seed.js';

/**
 * Issue 10, "Isolation matrix": every /api route of the app's route table, called by company B
 * with company A's ids, answers like for an object that does not exist; lists never show A's
 * rows; nothing of A changes. The entries and what each case checks are in isolation-matrix.ts.
 * Every route with a path id is also called with input that fails validation (at the end of
 * this file): the path's object is looked up first, as DRF does (ADR 0006).
 * ISOLATION_DUMP=1 prints every answer, to review what each route says to company B.
 */

let app: TestApp;
let chat: ChatServer;
let world: IsolationWorld;
/** Company A's row ids per table (A's rows never change: the snapshot proves it after every case). */
let aRows: Map<string, Set<number>>;
let aUserIds: Set<number>;
let snapshotQuery: string;
let crossCompanyQuery: string;
let snapshotBQuery: string;
let baseline: Map<string, string>;

/** Platform data every company reads and none may change. */
const REFERENCE_TABLES = ['currencies', 'global_suppliers', 'global_supplier_products', 'google_taxonomy_items', 'facebook_taxonomy_items'];

type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (result: unknown) => {
  const r = result as Rows;
  return Array.isArray(r) ? r : r.rows;
};
const query = async (text: string) => rowsOf(await app.deps.database.db.execute(sql.raw(text)));

/** One hash per table of company A's rows (and of the reference tables), in one round trip; order-free, so no sorting. */
async function snapshot(): Promise<Map<string, string>> {
  const rows = await query(snapshotQuery);
  return new Map(rows.map((r) => [String(r.t), `${String(r.n)}:${String(r.h)}`]));
}

/** No row of B's points at a row of another company (through any foreign key between company tables). */
async function expectNoCrossCompanyReference(when: string) {
  const found = (await query(crossCompanyQuery)).map((r) => `${String(r.t)}: ${String(r.n)}`);
  expect(found, `${when}: rows of company B that point at another company's row`).toEqual([]);
}

async function expectCompanyAUnchanged(when: string) {
  const now = await snapshot();
  const changed = [...baseline.keys()].filter((t) => baseline.get(t) !== now.get(t));
  // Reported once, by the case that made the change, not again by every later one.
  baseline = now;
  expect(changed, `${when}: company A's rows (or reference data) changed`).toEqual([]);
}

beforeAll(async () => {
  chat = await startChatServer();
  app = await createTestApp({ LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: chat.apiKey, LLM_MODEL: chat.model, LLM_TIMEOUT_SECONDS: '2' });
  world = await seedIsolationWorld(app);
  const companyId = world.a.companyId;

  const tables = (
    await query(`select table_name from information_schema.columns where column_name = 'company_id' and table_schema = current_schema() order by 1`)
  ).map((r) => String(r.table_name));
  const withId = new Set(
    (await query(`select table_name from information_schema.columns where column_name = 'id' and table_schema = current_schema()`)).map((r) =>
      String(r.table_name),
    ),
  );
  const hash = (table: string, where: string) =>
    `select '${table}' as t, count(*)::int as n, coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as h from "${table}" x ${where}`;
  // Every single-column foreign key between two company tables: a row of B's pointing at another
  // company's row is a cross-tenant reference (rows of A's that change are in A's hashes).
  const scoped = new Set(tables);
  const foreignKeys = (
    await query(`select c.conrelid::regclass::text as child, a.attname as col, c.confrelid::regclass::text as parent, af.attname as pcol
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1 and c.connamespace = current_schema()::regnamespace`)
  )
    .map((r) => ({ child: String(r.child).replace(/"/g, ''), col: String(r.col), parent: String(r.parent).replace(/"/g, ''), pcol: String(r.pcol) }))
    .filter((fk) => scoped.has(fk.child) && scoped.has(fk.parent));
  expect(foreignKeys.length, 'foreign keys between company tables').toBeGreaterThan(20);
  const cross = ({ child, col, parent, pcol }: (typeof foreignKeys)[number]) =>
    `select '${child}.${col}' as t, count(*)::int as n from "${child}" x join "${parent}" y on x."${col}" = y."${pcol}" where x.company_id = ${world.b.companyId} and y.company_id <> ${world.b.companyId}`;
  crossCompanyQuery = `select t, n from (${foreignKeys.map(cross).join('\nunion all\n')}) c where n > 0`;
  snapshotQuery = [
    ...tables.map((t) => hash(t, `where x.company_id = ${companyId}`)),
    hash('companies', `where x.id = ${companyId}`),
    ...REFERENCE_TABLES.map((t) => hash(t, '')),
  ].join('\nunion all\n');

  snapshotBQuery = [...tables.map((t) => hash(t, `where x.company_id = ${world.b.companyId}`)), hash('companies', `where x.id = ${world.b.companyId}`)].join(
    '\nunion all\n',
  );

  aRows = new Map([['companies', new Set([companyId])]]);
  for (const table of tables.filter((t) => withId.has(t))) {
    aRows.set(table, new Set((await query(`select id from "${table}" where company_id = ${companyId}`)).map((r) => Number(r.id))));
  }
  aUserIds = aRows.get('users')!;
  baseline = await snapshot();
  await expectNoCrossCompanyReference('after seeding');
  // The seed must have given A at least one row of every table a route shows.
  const empty = [...aRows].filter(([, ids]) => ids.size === 0).map(([t]) => t);
  expect(empty, 'tables where company A has no row (a leak there could not show)').toEqual([]);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await chat?.close();
});

// ---------------------------------------------------------------- building and running a call

function urlOf(template: string, params: Call['params'] = {}): string {
  return template.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`no value for ${whole} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

function injectOptions(method: string, template: string, call: Call): InjectOptions {
  const options: InjectOptions = { method: method as InjectOptions['method'], url: urlOf(template, call.params) };
  if (call.query) options.query = Object.fromEntries(Object.entries(call.query).map(([k, v]) => [k, String(v)]));
  if (call.multipart) Object.assign(options, multipartForm(call.multipart));
  else if (call.payload !== undefined) options.payload = call.payload as InjectOptions['payload'];
  return options;
}

function send(tenant: Tenant | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return tenant ? as(app, tenant, options) : app.inject(options);
}

const jsonOf = (res: LightMyRequestResponse): unknown => {
  if (!String(res.headers['content-type'] ?? '').includes('application/json') || res.body === '') return undefined;
  return JSON.parse(res.body);
};

// ---------------------------------------------------------------- what a leak looks like

/** Every string the caller itself sent: an echo of those is not a leak. */
function sentStrings(call: Call): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) Object.values(v).forEach(walk);
  };
  walk(call.params);
  walk(call.query);
  walk(call.payload);
  for (const part of call.multipart ?? []) if ('value' in part) walk(part.value);
  return out.filter((s) => s.length >= 4).sort((x, y) => y.length - x.length);
}

function expectNoMarker(text: string, call: Call, what: string, echoes: string[] = []) {
  let rest = text;
  for (const s of [...sentStrings(call), ...echoes]) rest = rest.split(s).join('').split(JSON.stringify(s).slice(1, -1)).join('');
  const at = rest.toLowerCase().indexOf(ISOLATION_MARKER.toLowerCase());
  expect(at, `${what}: company A's text in the answer: …${rest.slice(Math.max(0, at - 120), at + 80)}…`).toBe(-1);
}

const COMPANY_KEYS = new Set(['company', 'company_id']);
const USER_KEYS = new Set(['account', 'account_id', 'receiver_user_id', 'completed-by', 'user', 'user_id']);

/** No field of the answer names A's company or one of A's users. */
function expectNoOwnerOfA(body: unknown, what: string) {
  const found: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'number' && COMPANY_KEYS.has(k) && x === world.a.companyId) found.push(`${path}.${k}`);
        else if (typeof x === 'number' && USER_KEYS.has(k) && aUserIds.has(x)) found.push(`${path}.${k}`);
        else walk(x, `${path}.${k}`);
      }
    }
  };
  walk(body, '$');
  expect(found, `${what}: fields naming company A or its users`).toEqual([]);
}

/** A 2xx answer: empty when the case says so, and none of the ids the case names is one of A's rows. */
function expectRows(c: Case, body: unknown, what: string) {
  if (c.empty) {
    const page = body as { count?: number; results?: unknown[] };
    expect(page.results, `${what}: a list answer`).toBeInstanceOf(Array);
    expect(page.results!.length, `${what}: results`).toBe(0);
    if (page.count !== undefined) expect(page.count, `${what}: count`).toBe(0);
  }
  for (const check of c.rows ?? []) {
    const ids = aRows.get(check.table);
    if (!ids) throw new Error(`${what}: unknown table ${check.table}`);
    const leaked = check.ids(body).filter((id) => typeof id === 'number' && ids.has(id));
    expect(leaked, `${what}: ids of company A's ${check.table}`).toEqual([]);
  }
}

/** The numbers and strings a call sends. */
function sentValues(call: Call): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.add(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) Object.values(v).forEach(walk);
  };
  walk(call);
  for (const part of call.multipart ?? []) if ('value' in part) for (const piece of part.value.split(/[\s,]+/)) out.add(piece);
  return out;
}

/**
 * The answer with the ids and names of the subject the call sent replaced by placeholders (4xx),
 * or without next/previous (2xx), so the run with A's ids and the one with missing ids compare.
 * A number inside a field path ("products.1.id") is a position, not an id.
 */
function comparable(res: LightMyRequestResponse, subject: Subject, call: Call): string {
  const body = jsonOf(res);
  if (res.statusCode < 400) {
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { next: _next, previous: _previous, ...rest } = body as Record<string, unknown>;
      return JSON.stringify(rest);
    }
    return res.body;
  }
  let text = res.body;
  const sent = sentValues(call);
  const values = Object.values(subject)
    .map(String)
    .filter((v) => sent.has(v) || [...sent].some((s) => s.includes(v)))
    .sort((x, y) => y.length - x.length);
  for (const value of values) {
    text = /^\d+$/.test(value) ? text.replace(new RegExp(`(?<![\\d.])${value}(?!\\d|\\.\\w)`, 'g'), '<id>') : text.split(value).join('<name>');
  }
  return text;
}

// ---------------------------------------------------------------- the tests

const stats = { cases: 0, comparedWithMissing: 0, staffChecks: 0 };
afterAll(() => {
  console.log(
    `isolation matrix: ${stats.cases} cases as company B, ${stats.comparedWithMissing} compared with ids that do not exist, ${stats.staffChecks} Admin-only routes refused to Staff`,
  );
});

const apiRoutes = () => app.routeTable.filter((r) => r.url.startsWith('/api/') || r.url === '/api');
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('isolation matrix', () => {
  it('has exactly one entry per API route of the route table', () => {
    const routes = apiRoutes().map(keyOf);
    const entries = Object.keys(isolationMatrix);
    const missing = routes.filter((k) => !(k in isolationMatrix));
    const stale = entries.filter((k) => !routes.includes(k));
    console.log(`isolation matrix: ${routes.length - missing.length} of ${routes.length} routes covered`);
    expect(missing, 'routes without a matrix entry (add one to isolation-matrix.ts)').toEqual([]);
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('records each route’s access as the route table has it (public, Admin-only)', () => {
    const wrong = apiRoutes().flatMap((route) => {
      const entry = isolationMatrix[keyOf(route)];
      if (!entry) return [];
      const problems: string[] = [];
      if ((entry.access === 'public') !== route.public) problems.push(`${keyOf(route)}: public is ${route.public}, matrix says ${entry.access}`);
      if (Boolean(entry.adminOnly) !== route.adminOnly)
        problems.push(`${keyOf(route)}: adminOnly is ${route.adminOnly}, matrix says ${Boolean(entry.adminOnly)}`);
      if (entry.adminOnly && !entry.staffCall) problems.push(`${keyOf(route)}: Admin-only without a staff call`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it.each(Object.entries(isolationMatrix))('%s', async (key, entry: MatrixEntry) => {
    const [method, template] = key.split(' ') as [string, string];
    for (const c of entry.cases) {
      const what = `${key} — ${c.label}`;
      const caller = c.as === 'anonymous' ? null : world.b;
      const subjectA: Subject = { ...world.aIds, ...world.aNames };
      const call = c.call(subjectA, world.own);
      const chatBefore = chat.requests.length;
      stats.cases += 1;

      const res = await send(caller, injectOptions(method, template, call));
      if (process.env.ISOLATION_DUMP) console.log(`DUMP ${what} => ${res.statusCode} ${res.body.slice(0, 400)}`);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(c.status);
      expectNoMarker(res.body, call, what, c.echoes);
      const body = jsonOf(res);
      if (body !== undefined) {
        expectNoOwnerOfA(body, what);
        if (res.statusCode < 300) expectRows(c, body, what);
        if (c.field) expect(Object.keys(body as object), `${what}: the refusal names the field with A's id`).toContain(c.field);
        c.check?.(body, world.own, subjectA);
      }

      const ghostCall = c.call(GHOST_SUBJECT, world.own);
      const namesA = JSON.stringify(call) !== JSON.stringify(ghostCall);
      if (namesA && !c.noGhost && (res.statusCode >= 400 || method === 'GET')) {
        const ghost = await send(caller, injectOptions(method, template, ghostCall));
        stats.comparedWithMissing += 1;
        expect(ghost.statusCode, `${what}: the same call with ids that do not exist`).toBe(res.statusCode);
        expect(comparable(res, subjectA, call), `${what}: A's object is told apart from a missing one`).toBe(comparable(ghost, GHOST_SUBJECT, ghostCall));
      }

      for (const request of chat.requests.slice(chatBefore)) expectNoMarker(JSON.stringify(request.body), {}, `${what}: the LLM was sent`);
      if (c.undo && body !== undefined) {
        const undo = c.undo(body, world.own);
        const undone = await send(caller, injectOptions(undo.method, undo.url, { query: undo.query, payload: undo.payload }));
        expect(undone.statusCode, `${what}: undo ${undone.body}`).toBeLessThan(300);
      }
      // What the call started in the background (a publish) counts as its doing too.
      await app.jobs.whenIdle();
      await expectCompanyAUnchanged(what);
    }

    // Once per route (it joins every foreign key): nothing B did made its rows point at A's.
    await expectNoCrossCompanyReference(key);

    if (entry.access === 'company') {
      // Without a token the route answers 401 before anything else.
      const first = entry.cases[0]!.call({ ...world.aIds, ...world.aNames }, world.own);
      expect((await send(null, injectOptions(method, template, first))).statusCode, `${key} without a token`).toBe(401);
    }
    if (entry.adminOnly && entry.staffCall) {
      // Roles: a Staff user of the same company is refused, and nothing of the company changes.
      const companyB = async () => JSON.stringify(await query(snapshotBQuery));
      const before = await companyB();
      const res = await send(world.bStaff, injectOptions(method, template, entry.staffCall(world.own)));
      expect(res.statusCode, `${key} as Staff: ${res.body}`).toBe(403);
      stats.staffChecks += 1;
      expect(await companyB(), `${key} as Staff changed company B`).toBe(before);
    }
  });
});

// ---------------------------------------------------------------- the path's object before the input

/** Ids that name nothing: not a number, not positive, not whole, beyond int4. */
const MALFORMED_IDS = ['abc', '0', '-1', '1.5', '2147483648'];
const NOT_FOUND_BODY = { detail: 'Not found.' };

/**
 * Input that fails validation, for every route with a body or query schema: a list where the body
 * is an object, or a query key no route knows (every query schema is strict, ADR 0006). The owner's
 * answer (the 400) shows it fails.
 */
function failingInput(route: RegisteredRoute, call: Call): Call {
  if (route.schema?.body) return { params: call.params, payload: [1] };
  return { params: call.params, query: { ...call.query, zz_not_a_field: 1 } };
}

const detailEntries = Object.entries(isolationMatrix).filter(([key, entry]) => entry.access === 'company' && /\/:\w+/.test(key));

/**
 * DRF's generic views look the path's object up (get_object, a 404) before they validate the
 * input; Kontor validates first, so a route with a path id and a body or query declares its
 * object's lookup (`config.pathObject`, http/path-object.ts), which the error handler asks when
 * the input fails (ADR 0006). For every such route of the route table: company B naming A's
 * object, or one that does not exist, with input that fails validation gets 404 {"detail": "Not
 * found."}; A, the owner, gets the 400 as before; no token is still a 401 and Staff on an
 * Admin-only route still a 403. A path id that names nothing (`abc`, 0, beyond int4) is a 404 on
 * every route, as an unmatched URL is in DRF. Company A's rows stay as they were.
 */
describe('detail routes: the path object before the input', () => {
  it('every route with a path id and a body or query declares its path object lookup', () => {
    const routes = apiRoutes().filter((r) => !r.public && /\/:\w+/.test(r.url));
    expect(routes.length, 'detail routes').toBeGreaterThan(60);
    const undeclared = routes.filter((r) => (r.schema?.body || r.schema?.querystring) && !r.pathObject).map(keyOf);
    expect(undeclared, 'routes without config.pathObject (http/path-object.ts)').toEqual([]);
  });

  it.each(detailEntries)('%s', async (key, entry: MatrixEntry) => {
    const [method, template] = key.split(' ') as [string, string];
    const route = apiRoutes().find((r) => keyOf(r) === key)!;
    const subjectA: Subject = { ...world.aIds, ...world.aNames };
    const named = (c: Case) => c.call(subjectA, world.own).params?.id !== undefined;
    const withId = entry.cases.find(named);
    expect(withId, `${key}: the matrix entry has a case with a path id`).toBeDefined();
    for (const id of MALFORMED_IDS) {
      const call = withId!.call(subjectA, world.own);
      const res = await send(world.b, injectOptions(method, template, { ...call, params: { ...call.params, id } }));
      expect(res.statusCode, `${key} with id ${id}: ${res.body}`).toBe(404);
      expect(jsonOf(res), `${key} with id ${id}`).toEqual(NOT_FOUND_BODY);
    }

    if (route.schema?.body || route.schema?.querystring) {
      // A's object, as the entry names it: its first 404 case with a path id.
      const aCase = entry.cases.find((c) => c.status === 404 && named(c));
      expect(aCase, `${key}: the matrix entry has a 404 case naming A's object by its path id`).toBeDefined();
      const call = aCase!.call(subjectA, world.own);
      const bad = failingInput(route, call);
      const owner = await send(world.a, injectOptions(method, template, bad));
      expect(owner.statusCode, `${key} by A, the owner, with input that fails: ${owner.body}`).toBe(400);
      expect(Object.keys(jsonOf(owner) as object), `${key} by A: field errors`).not.toContain('detail');

      const ofA = await send(world.b, injectOptions(method, template, bad));
      expect(ofA.statusCode, `${key} by B on A's object with input that fails: ${ofA.body}`).toBe(404);
      expect(jsonOf(ofA)).toEqual(NOT_FOUND_BODY);
      const ghost = await send(world.b, injectOptions(method, template, failingInput(route, aCase!.call(GHOST_SUBJECT, world.own))));
      expect(ghost.statusCode, `${key} by B on a missing object with input that fails: ${ghost.body}`).toBe(404);
      expect(jsonOf(ghost)).toEqual(NOT_FOUND_BODY);

      expect((await send(null, injectOptions(method, template, bad))).statusCode, `${key} without a token`).toBe(401);
      if (entry.adminOnly && entry.staffCall) {
        const staff = entry.staffCall(world.own);
        const res = await send(world.bStaff, injectOptions(method, template, failingInput(route, staff)));
        expect(res.statusCode, `${key} as Staff with input that fails: ${res.body}`).toBe(403);
      }
    }
    await expectCompanyAUnchanged(key);
  });
});
