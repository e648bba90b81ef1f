import type { FormPart } from '../../test/multipart.js';
import { AUDITED_ENTITIES, type AuditedEntity } from '@kontor/contract';
import { slugify } from '../modules/inventory/slug.js';
import { A_TEXT, GHOST_IDS, GHOST_NAMES, ISOLATION_MARKER, type Ids, type Names, type Own } from './isolation-seed.js';

/**
 * The isolation matrix (issue 10): one entry per `METHOD url` of every /api route in the app's
 * route table. Each entry says how company B calls the route with company A's objects and what
 * the isolated answer is: 404 for a path id, 400 on the field for an id in a body or query (DRF's
 * "Invalid pk ... does not exist", the answer for a missing id), 200 with none of A's rows for a
 * list. isolation-matrix.test.ts runs every case as B and checks, besides the status:
 * - the answer holds none of A's marker strings (apart from strings B itself sent), none of A's
 *   row ids where the case names the table its rows come from, and no `company`/`account`/`user`
 *   field naming A; a refusal names the field that held A's id (not some other mistake);
 * - the same call with ids (and names) that no row has gets the same status and the same body
 *   (ids replaced by a placeholder): B cannot tell A's object from a missing one. This runs for
 *   every refused call (4xx) and every read (GET) that names A's objects;
 * - every row of company A, and the platform's reference data, is unchanged after every case,
 *   and no row of B's points at another company's row (any foreign key) after every route;
 * - the LLM fake got no request with A's text;
 * - a route that needs a token answers 401 without one, and an Admin-only route answers 403 to a
 *   Staff user of B's own company (and changes nothing of B).
 * A route in the table without an entry, or an entry without its route, fails the test, and so
 * does an entry whose `access`/`adminOnly` differs from the route's config.
 */

/** What a case names: A's ids and names, or (for the comparison run) ids and names no row has. */
export type Subject = Ids & Names;
export const GHOST_SUBJECT: Subject = { ...GHOST_IDS, ...GHOST_NAMES };

export type Call = {
  /** Path parameters by name (`id`, `token`, `*`...). */
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  payload?: unknown;
  multipart?: FormPart[];
};

/**
 * A route's JSON answer. Each route has its own shape; the checks read it loosely, and a field
 * that is not there fails the check as loudly as a leak would.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = any;

/** Where the ids of a JSON answer come from: none of them may be one of A's rows of that table. */
export type RowCheck = { table: string; ids: (body: Answer) => unknown[] };

export type Case = {
  label: string;
  call: (a: Subject, own: Own) => Call;
  /** The isolated answer's status when the call names A's objects. */
  status: number;
  /** Who calls: company B's Admin (default), or nobody (public routes, the API docs). */
  as?: 'b' | 'anonymous';
  /** A list answer: no results at all. */
  empty?: boolean;
  rows?: RowCheck[];
  /** A refused call (4xx): the field the answer must name, so the refusal is about A's id and not some other mistake in the body. */
  field?: string;
  /** Text the answer may hold although it has the marker: what B sent, in another form (a slug of a name B chose). */
  echoes?: string[];
  /** Further checks of the answer's JSON. */
  check?: (body: Answer, own: Own, a: Subject) => void;
  /** Why this case is not compared with the ghost run although it names A's objects. */
  noGhost?: string;
  /** Removes what a successful call created (as B), so later cases see B's data as seeded. */
  undo?: (body: Answer, own: Own) => { method: string; url: string; query?: Record<string, string | number>; payload?: unknown };
};

export type MatrixEntry = {
  /** Why the route is isolated, or exempt. */
  note: string;
  /** 'company': needs a token and answers for the caller's company; 'public': no token by design; 'docs': the OpenAPI UI. */
  access: 'company' | 'public' | 'docs';
  /** Must equal the route's `config.adminOnly`. */
  adminOnly?: boolean;
  /** For Admin-only routes: what a Staff user of B calls on B's own object; the answer must be 403. */
  staffCall?: (own: Own) => Call;
  cases: Case[];
};

const rowsOf = (table: string, key = 'id'): RowCheck => ({ table, ids: (body) => (body.results as Record<string, unknown>[]).map((r) => r[key]) });
/** A search for A's texts, in the letter case slugs and emails have. */
const MARKER_SEARCH = ISOLATION_MARKER.toLowerCase();

/** The cases every list gets: unfiltered (only B's rows), and filtered to A's objects (nothing). */
function listCases(table: string, filters: ((a: Subject, own: Own) => Record<string, string | number>)[], extraRows: RowCheck[] = []): Case[] {
  return [
    { label: 'unfiltered: only B’s rows', call: () => ({}), status: 200, rows: [rowsOf(table), ...extraRows] },
    ...filters.map((filter, i): Case => ({
      label: `filtered to A’s objects (${i + 1})`,
      call: (a, own) => ({ query: filter(a, own) }),
      status: 200,
      empty: true,
      rows: [rowsOf(table), ...extraRows],
    })),
  ];
}

const notFound = (label: string, call: Case['call']): Case => ({ label, call, status: 404 });
/** A body (or query) naming A's object: 400 on that field, as DRF answers a pk that does not exist. */
const refused = (label: string, field: string, call: Case['call']): Case => ({ label, call, status: 400, field });

const idOf = (id: number) => ({ params: { id } });

/** A's record of each audited kind: its history must read as empty to B. A kind added to the contract needs its line here. */
const AUDITED_OF_A: Record<AuditedEntity, (a: Subject) => number> = {
  catalog_product: (a) => a.product,
  catalog_category: (a) => a.catalogCategory,
  catalog_markup: (a) => a.markup,
  product_description: (a) => a.description,
  inventory_location: (a) => a.location,
  inventory_location_type: (a) => a.locationType,
  customer_order: (a) => a.order,
  customer_order_item: (a) => a.orderItem,
  customer_backorder: (a) => a.backorder,
  procurement_supplier: (a) => a.supplier,
  procurement_feed: (a) => a.feed,
  procurement_order: (a) => a.procurementOrder,
  procurement_order_item: (a) => a.procurementOrderItem,
  // A storefront connection is the company's own row, keyed by the company id.
  storefront_connection: (a) => a.company,
  company: (a) => a.company,
  user: (a) => a.user,
};
const now = () => new Date().toISOString();

export const isolationMatrix: Record<string, MatrixEntry> = {
  // ---------------------------------------------------------------- public and documentation
  'GET /api/docs': {
    access: 'docs',
    note: 'The OpenAPI UI (outside the authenticated /api scope): describes routes, never holds tenant data.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({}), status: 200 }],
  },
  'GET /api/docs/static/index.html': {
    access: 'docs',
    note: 'A static file of the OpenAPI UI.',
    cases: [{ label: 'a redirect to the UI', as: 'anonymous', call: () => ({}), status: 302 }],
  },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'docs',
    note: 'A static file of the OpenAPI UI.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({}), status: 200 }],
  },
  'GET /api/docs/json': {
    access: 'docs',
    note: 'The OpenAPI document, generated from the route schemas.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({}), status: 200 }],
  },
  'GET /api/docs/yaml': {
    access: 'docs',
    note: 'The OpenAPI document as YAML.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({}), status: 200 }],
  },
  'GET /api/docs/static/*': {
    access: 'docs',
    note: 'Static files of the OpenAPI UI.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({ params: { '*': 'index.css' } }), status: 200 }],
  },
  'GET /api/health': {
    access: 'public',
    note: 'Public liveness: status, database driver and version, nothing per company.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({}), status: 200 }],
  },
  'GET /api/demo-feeds/:file': {
    access: 'public',
    note: 'Public: the demo suppliers’ feed files are the same generated platform data for every company (a feed fetcher sends no token).',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({ params: { file: 'nordisk-tradgard.csv' } }), status: 200 }],
  },
  'GET /api/demo-feeds/images/:file': {
    access: 'public',
    note: 'Public: generated demo product pictures, the same for every company.',
    cases: [{ label: 'no tenant data', as: 'anonymous', call: () => ({ params: { file: 'NTR-5001.svg' } }), status: 200 }],
  },
  'POST /api/login/': {
    access: 'public',
    note: 'Public: the credentials are the check. B’s password does not open A’s account, and A’s email gets the same answer as an unknown one.',
    cases: [
      {
        label: 'A’s email with B’s password',
        as: 'anonymous',
        call: (a, own) => ({ payload: { username: a.email, password: own.password } }),
        status: 401,
      },
    ],
  },
  'POST /api/token/refresh/': {
    access: 'public',
    note: 'Public: the refresh token is the credential (random, stored hashed). An access token or a made-up string is no refresh token.',
    cases: [{ label: 'a made-up token', as: 'anonymous', call: () => ({ payload: { refresh: 'not-a-refresh-token-of-anyone-0000000000' } }), status: 401 }],
  },
  'POST /api/logout/': {
    access: 'public',
    note: 'Public: revokes the refresh token it is given, and only that one; a made-up token revokes nothing.',
    cases: [{ label: 'a made-up token', as: 'anonymous', call: () => ({ payload: { refresh: 'not-a-refresh-token-of-anyone-0000000000' } }), status: 204 }],
  },
  'POST /api/user/password_change/': {
    access: 'company',
    note: 'Inherently the caller’s own password (the user comes from the token; the body names nobody). A’s password is not B’s old password, and A’s user row stays as it was.',
    cases: [
      {
        label: 'A’s password as the old one',
        call: () => ({ payload: { old_password: A_TEXT.password, new_password: 'a-long-unusual-passphrase-88' } }),
        status: 400,
        field: 'old_password',
      },
    ],
  },
  'POST /api/user/password_reset/': {
    access: 'public',
    note: 'Public: always 200 (no enumeration); the mail goes to the address’s owner, never to the caller.',
    cases: [{ label: 'A’s email', as: 'anonymous', call: (a) => ({ payload: { email: a.email } }), status: 200 }],
  },
  'POST /api/user/password_reset/confirm/': {
    access: 'public',
    note: 'Public: the single-use reset token (random, hashed, 1 hour) is the credential.',
    cases: [
      { label: 'a made-up token', as: 'anonymous', call: () => ({ payload: { token: 'made-up-reset-token', password: 'another-password-123' } }), status: 400 },
    ],
  },
  'POST /api/user/demo_register/': {
    access: 'public',
    note: 'Public: registration makes a new company. A taken email is refused (as any sign-up must), with nothing of the account that holds it.',
    cases: [
      {
        label: 'A’s email',
        as: 'anonymous',
        call: (a) => ({
          payload: {
            account: {
              first_name: 'Eve',
              last_name: 'Evil',
              email: a.email,
              password: 'correct-horse-battery',
              password2: 'correct-horse-battery',
              company_name: 'Eve AB',
            },
            company: { name: 'Eve AB', agreed_to_terms: true },
          },
        }),
        status: 400,
        noGhost: 'an unknown email registers a company (and seeds a demo shop): the taken email is the one thing sign-up must reveal',
        check: (body) => {
          if (JSON.stringify(Object.keys(body)) !== '["account.email"]') throw new Error(`unexpected fields: ${JSON.stringify(body)}`);
        },
      },
    ],
  },
  'GET /api/exports/:token/:file': {
    access: 'public',
    note: 'Public by design (ADR 0013): channels fetch feeds without credentials, the random per-company token is the capability. A token that is not one answers 404.',
    cases: [{ label: 'a made-up token', as: 'anonymous', call: () => ({ params: { token: GHOST_NAMES.exportToken, file: 'catalog.csv' } }), status: 404 }],
  },
  'GET /api/media/:key': {
    access: 'public',
    note: 'Public by design (ADR 0009): <img> tags send no token, the random storage key is the capability. A key that is not one answers 404.',
    cases: [{ label: 'a made-up key', as: 'anonymous', call: () => ({ params: { key: GHOST_NAMES.mediaKey } }), status: 404 }],
  },

  // ---------------------------------------------------------------- the caller, users, companies
  'GET /api/user/': {
    access: 'company',
    note: 'Inherently the caller’s own user (from the token); no id to name.',
    cases: [{ label: 'B’s own user', call: () => ({}), status: 200, rows: [{ table: 'users', ids: (b) => [b.id] }] }],
  },
  'GET /api/users/': {
    access: 'company',
    note: 'Users of the caller’s company only.',
    cases: listCases('users', [() => ({ name__icontains: MARKER_SEARCH }), () => ({ email__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })]),
  },
  'POST /api/users/': {
    access: 'company',
    adminOnly: true,
    note: 'Admin only; makes a user of the caller’s company. Emails are logins for the whole platform, so A’s is refused as taken, with nothing else of A’s user.',
    staffCall: () => ({ payload: { email: 'new-by-staff@bravo.test', first_name: 'New', last_name: 'Staff', password: 'a-long-unusual-passphrase-88' } }),
    cases: [
      {
        label: 'A’s email',
        call: (a) => ({ payload: { email: a.email, first_name: 'Eve', last_name: 'Evil', password: 'a-long-unusual-passphrase-88' } }),
        status: 400,
        field: 'email',
        noGhost: 'an unknown email makes a user: a taken email is the one thing adding a user must reveal',
        check: (b) => {
          if (JSON.stringify(Object.keys(b)) !== '["email"]') throw new Error(`unexpected fields: ${JSON.stringify(b)}`);
        },
      },
    ],
  },
  'PATCH /api/users/:id/': {
    access: 'company',
    adminOnly: true,
    note: 'Admin only; users of another company answer 404 like missing ones (no renaming, demoting or deactivating them).',
    staffCall: (own) => ({ params: { id: own.user }, payload: { company_role: 'Staff' } }),
    cases: [
      notFound('A’s Admin', (a) => ({ params: { id: a.user }, payload: { first_name: 'Taken over' } })),
      notFound('A’s Staff user deactivated', (a) => ({ params: { id: a.staffUser }, payload: { is_active: false } })),
      notFound('A’s Staff user made Admin', (a) => ({ params: { id: a.staffUser }, payload: { company_role: 'Admin' } })),
    ],
  },
  'GET /api/users/companies/': {
    access: 'company',
    note: 'A user sees exactly one company, their own.',
    cases: listCases('companies', [() => ({ name__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })]),
  },
  'GET /api/users/companies/:id/': {
    access: 'company',
    note: 'Another company answers 404 like a missing one.',
    cases: [notFound('A’s company', (a) => idOf(a.company))],
  },
  'PUT /api/users/companies/:id/': {
    access: 'company',
    adminOnly: true,
    note: 'Admin only; another company answers 404 like a missing one.',
    staffCall: (own) => ({ params: { id: own.company }, payload: { name: 'Bravo renamed by staff' } }),
    cases: [notFound('A’s company', (a) => ({ params: { id: a.company }, payload: { name: 'Taken over' } }))],
  },
  'GET /api/user/bookmarks/': {
    access: 'company',
    note: 'Bookmarks are the calling user’s own, addressed by (view, name).',
    cases: [
      { label: 'all of B’s', call: () => ({}), status: 200, rows: [{ table: 'bookmarks', ids: (b) => b.map((r: { id: number }) => r.id) }] },
      {
        label: 'A’s view',
        call: (a) => ({ query: { view: a.bookmarkView } }),
        status: 200,
        rows: [{ table: 'bookmarks', ids: (b) => b.map((r: { id: number }) => r.id) }],
        check: (b) => {
          if (b.length !== 0) throw new Error('expected no bookmarks');
        },
      },
    ],
  },
  'POST /api/user/bookmarks/': {
    access: 'company',
    note: 'Creates the caller’s own bookmark; names are unique per user, so A’s (view, name) is free for B.',
    cases: [
      {
        label: 'A’s view and name',
        call: (a) => ({ payload: { name: a.bookmarkName, view: a.bookmarkView, query: 'search=b', pinned: false } }),
        status: 201,
        rows: [{ table: 'bookmarks', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: '/api/user/bookmarks/', query: { view: b.view, name: b.name } }),
      },
    ],
  },
  'PUT /api/user/bookmarks/': {
    access: 'company',
    note: 'Only the caller’s own bookmarks are found.',
    cases: [
      notFound('A’s bookmark', (a) => ({
        query: { view: a.bookmarkView, name: a.bookmarkName },
        payload: { name: 'x', view: 'catalog', query: '', pinned: false },
      })),
    ],
  },
  'DELETE /api/user/bookmarks/': {
    access: 'company',
    note: 'Only the caller’s own bookmarks are found.',
    cases: [notFound('A’s bookmark', (a) => ({ query: { view: a.bookmarkView, name: a.bookmarkName } }))],
  },
  'PUT /api/user/bookmarks/pinned/': {
    access: 'company',
    note: 'Only the caller’s own bookmarks are found; all or nothing (a body reference: 400 like a missing one).',
    cases: [refused('A’s bookmark', 'bookmarks.0', (a) => ({ payload: { bookmarks: [{ view: a.bookmarkView, name: a.bookmarkName, pinned: false }] } }))],
  },

  // ---------------------------------------------------------------- notifications
  'GET /api/notifications/': {
    access: 'company',
    note: 'The caller’s own notifications; `receiver_user_id` may only name the caller.',
    cases: [
      { label: 'B’s own', call: () => ({}), status: 200, rows: [rowsOf('notifications')] },
      notFound('receiver A’s user', (a) => ({ query: { receiver_user_id: a.user } })),
    ],
  },
  'PUT /api/notifications/:id/': {
    access: 'company',
    note: 'Only the caller’s own notifications are found.',
    cases: [notFound('A’s notification', (a) => ({ params: { id: a.notification }, payload: { read_at: now() } }))],
  },
  'POST /api/notifications/mark_all_read/': {
    access: 'company',
    note: 'No id: marks the caller’s own notifications; A’s stay unread (the snapshot of A’s rows is unchanged).',
    cases: [{ label: 'B’s own', call: () => ({ payload: {} }), status: 200 }],
  },
  'GET /api/system_notifications/': {
    access: 'company',
    note: 'The caller’s company’s tasks only.',
    cases: listCases('system_notifications', [() => ({ search: MARKER_SEARCH }), () => ({ completed_at__isnull: 'true', search: MARKER_SEARCH })]),
  },
  'PUT /api/system_notifications/:id/': {
    access: 'company',
    note: 'Only the caller’s company’s tasks are found, and only its users complete them.',
    cases: [
      notFound('A’s task', (a, own) => ({ params: { id: a.systemNotification }, payload: { 'completed-by': own.user } })),
      refused('B’s task completed by A’s user', 'completed-by', (a, own) => ({ params: { id: own.systemNotification }, payload: { 'completed-by': a.user } })),
    ],
  },
  'POST /api/feedback/': {
    access: 'company',
    note: 'Write-only, stored for the caller’s company and user; no id to name.',
    cases: [{ label: 'B’s feedback', call: () => ({ payload: { message: 'B likes it' } }), status: 201 }],
  },

  // ---------------------------------------------------------------- catalog products
  'GET /api/catalog/product-types/': {
    access: 'company',
    note: 'A fixed list of product types, the same for everyone.',
    cases: [{ label: 'the fixed list', call: () => ({}), status: 200 }],
  },
  'GET /api/catalog/product-count/': {
    access: 'company',
    note: 'Counts the caller’s company’s products only (A has 300+, B a handful).',
    cases: (['edited', 'unedited', 'mapped', 'new', 'low-in-stock'] as const).map((f): Case => ({
      label: f,
      call: () => ({ query: { f } }),
      status: 200,
      check: (b) => {
        if (b.products > 20) throw new Error(`B's ${f} count ${b.products} includes A's products`);
      },
    })),
  },
  'GET /api/catalog/products/': {
    access: 'company',
    note: 'The caller’s company’s products only.',
    cases: listCases('catalog_products', [
      (a) => ({ id__in: `${a.product},${a.productTwo}` }),
      (a) => ({ id: a.product }),
      () => ({ search: MARKER_SEARCH }),
      () => ({ sku__icontains: MARKER_SEARCH }),
      (a) => ({ supplier: a.supplier }),
    ]),
  },
  'GET /api/catalog/products/:id/': {
    access: 'company',
    note: 'Another company’s product answers 404 like a missing one.',
    cases: [notFound('A’s product', (a) => idOf(a.product))],
  },
  'GET /api/catalog/products2/': {
    access: 'company',
    note: 'The caller’s company’s products only.',
    cases: listCases('catalog_products', [(a) => ({ id__in: `${a.product},${a.productTwo}` }), () => ({ search: MARKER_SEARCH })]),
  },
  'POST /api/catalog/products/': {
    access: 'company',
    note: 'A new product of the caller’s company; references to A’s objects are refused like missing ones, and A’s SKU is free for B.',
    cases: [
      refused('default location of A', 'default_location_id', (a) => ({ payload: { sku: 'B-NEW-1', name: 'B new', default_location_id: a.location } })),
      refused('stock proxy parent of A', 'product__stock_proxy_parent', (a) => ({
        payload: { sku: 'B-NEW-2', name: 'B new', product__stock_proxy_parent: a.product },
      })),
      {
        label: 'A’s SKU',
        call: () => ({ payload: { sku: A_TEXT.productTwoSku, name: 'B shade' } }),
        status: 201,
        rows: [{ table: 'catalog_products', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: '/api/catalog/products/', payload: { products: [b.id] } }),
      },
    ],
  },
  'PUT /api/catalog/products/': {
    access: 'company',
    note: 'Bulk update of the caller’s products; any of A’s ids, as a row or as a reference, fails the whole request like a missing one.',
    cases: [
      refused('A’s product', 'products.0.id', (a) => ({ payload: { products: [{ id: a.product, name: 'taken over' }] } })),
      refused('B’s and A’s product', 'products.1.id', (a, own) => ({
        payload: {
          products: [
            { id: own.product, name: 'B renamed' },
            { id: a.product, name: 'taken over' },
          ],
        },
      })),
      refused('B’s product with A’s default location', 'products.0.default_location_id', (a, own) => ({
        payload: { products: [{ id: own.product, default_location_id: a.location }] },
      })),
      refused('B’s product with A’s stock proxy parent', 'products.0.product__stock_proxy_parent', (a, own) => ({
        payload: { products: [{ id: own.product, product__stock_proxy_parent: a.product }] },
      })),
    ],
  },
  'DELETE /api/catalog/products/': {
    access: 'company',
    note: 'Deletes the caller’s products only.',
    cases: [notFound('A’s product', (a) => ({ payload: { products: [a.productTwo] } }))],
  },

  // ---------------------------------------------------------------- descriptions
  'GET /api/catalog/product_descriptions/': {
    access: 'company',
    note: 'The caller’s company’s descriptions only.',
    cases: listCases('product_descriptions', [
      (a) => ({ product: a.product }),
      (a) => ({ product__in: `${a.product},${a.productTwo}` }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/catalog/product_descriptions/:id/': {
    access: 'company',
    note: 'Another company’s description answers 404.',
    cases: [notFound('A’s description', (a) => idOf(a.description))],
  },
  'POST /api/catalog/product_descriptions/': {
    access: 'company',
    note: 'A description for one of the caller’s products; A’s product is refused like a missing one.',
    cases: [refused('for A’s product', 'product', (a) => ({ payload: { product: a.product, language: 'DA', name: 'x' } }))],
  },
  'PUT /api/catalog/product_descriptions/:id/': {
    access: 'company',
    note: 'Another company’s description answers 404.',
    cases: [notFound('A’s description', (a) => ({ params: { id: a.description }, payload: { name: 'taken over' } }))],
  },
  'DELETE /api/catalog/product_descriptions/:id/': {
    access: 'company',
    note: 'Another company’s description answers 404.',
    cases: [notFound('A’s description', (a) => idOf(a.description))],
  },
  'GET /api/catalog/product_descriptions_bulk/': {
    access: 'company',
    note: 'Grid rows are the caller’s products, with their descriptions.',
    cases: listCases(
      'catalog_products',
      [(a) => ({ id__in: `${a.product},${a.productTwo}` }), () => ({ search: MARKER_SEARCH })],
      [{ table: 'product_descriptions', ids: (b) => b.results.map((r: { description: { id: number } | null }) => r.description?.id) }],
    ),
  },
  'PATCH /api/catalog/product_descriptions_bulk/:id/': {
    access: 'company',
    note: 'The id is a product of the caller’s company; A’s answers 404.',
    cases: [notFound('A’s product', (a) => ({ params: { id: a.product }, payload: { language: 'SV', name: 'taken over' } }))],
  },
  'POST /api/catalog/product_descriptions_bulk/translate/': {
    access: 'company',
    note: 'Products of the caller’s company only; A’s is refused before the model is asked (the LLM fake sees none of A’s text).',
    cases: [refused('A’s product', 'products', (a) => ({ payload: { products: [a.product], source_language: 'SV', target_language: 'EN' } }))],
  },
  'POST /api/catalog/product_descriptions_bulk/generate/': {
    access: 'company',
    note: 'Products of the caller’s company only; A’s is refused before the model is asked. For B’s own product the model gets B’s data only.',
    cases: [
      refused('A’s product', 'products', (a) => ({ payload: { products: [a.product], language: 'EN' } })),
      {
        label: 'B’s product (what the model is sent holds nothing of A)',
        call: (_a, own) => ({ payload: { products: [own.product], language: 'EN' } }),
        status: 200,
        rows: [{ table: 'catalog_products', ids: (b) => b.results.map((r: { product: number }) => r.product) }],
      },
    ],
  },

  // ---------------------------------------------------------------- inventory
  'GET /api/catalog/inventory_location_types/': {
    access: 'company',
    note: 'The caller’s company’s location types only.',
    cases: listCases('inventory_location_types', [
      (a) => ({ id__in: String(a.locationType) }),
      () => ({ name__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'POST /api/catalog/inventory_location_types/': {
    access: 'company',
    note: 'A type of the caller’s company; names are unique per company, so A’s name is free for B.',
    cases: [
      {
        label: 'A’s name',
        call: () => ({ payload: { name: A_TEXT.locationTypeName } }),
        status: 201,
        rows: [{ table: 'inventory_location_types', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: `/api/catalog/inventory_location_types/${b.id}/` }),
      },
    ],
  },
  'PUT /api/catalog/inventory_location_types/:id/': {
    access: 'company',
    note: 'Another company’s type answers 404.',
    cases: [notFound('A’s type', (a) => ({ params: { id: a.locationType }, payload: { name: 'taken over' } }))],
  },
  'DELETE /api/catalog/inventory_location_types/:id/': {
    access: 'company',
    note: 'Another company’s type answers 404.',
    cases: [notFound('A’s type', (a) => idOf(a.locationType))],
  },
  'DELETE /api/catalog/inventory_location_types/': {
    access: 'company',
    note: 'Delete by ids of the caller’s company: any of A’s fails the whole request like a missing one.',
    cases: [notFound('A’s type', (a) => ({ payload: { ids: [a.locationType] } }))],
  },
  'GET /api/catalog/inventory_locations/': {
    access: 'company',
    note: 'The caller’s company’s locations only.',
    cases: listCases('inventory_locations', [
      (a) => ({ id__in: `${a.location},${a.locationTwo}` }),
      (a) => ({ id: a.location }),
      (a) => ({ type: a.locationType }),
      () => ({ name__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/catalog/inventory_locations/:id/': {
    access: 'company',
    note: 'Another company’s location answers 404.',
    cases: [notFound('A’s location', (a) => idOf(a.location))],
  },
  'POST /api/catalog/inventory_locations/': {
    access: 'company',
    note: 'A location of the caller’s company; A’s type is refused like a missing one. Slugs are per company: A’s name gives B the plain slug.',
    cases: [
      refused('with A’s type', 'type', (a) => ({ payload: { name: 'B new shelf', type: a.locationType } })),
      {
        label: 'A’s name',
        call: () => ({ payload: { name: A_TEXT.locationName, abbreviation_slug: A_TEXT.locationAbbreviation } }),
        status: 201,
        echoes: [slugify(A_TEXT.locationName)],
        rows: [{ table: 'inventory_locations', ids: (b) => [b.id] }],
        check: (b) => {
          if (b.name_slug !== slugify(A_TEXT.locationName)) throw new Error(`slug ${b.name_slug} tells A's location exists`);
        },
        undo: (b) => ({ method: 'DELETE', url: `/api/catalog/inventory_locations/${b.id}/` }),
      },
    ],
  },
  'PUT /api/catalog/inventory_locations/:id/': {
    access: 'company',
    note: 'Another company’s location answers 404; A’s type on B’s location is refused.',
    cases: [
      notFound('A’s location', (a) => ({ params: { id: a.location }, payload: { comment: 'taken over' } })),
      refused('B’s location with A’s type', 'type', (a, own) => ({ params: { id: own.location }, payload: { type: a.locationType } })),
    ],
  },
  'PUT /api/catalog/inventory_locations/': {
    access: 'company',
    note: 'Bulk update of the caller’s locations; A’s ids fail the whole request.',
    cases: [
      notFound('A’s location', (a) => ({ payload: { locations: [{ id: a.location, comment: 'taken over' }] } })),
      refused('B’s location with A’s type', 'locations.0.type', (a, own) => ({ payload: { locations: [{ id: own.location, type: a.locationType }] } })),
    ],
  },
  'DELETE /api/catalog/inventory_locations/:id/': {
    access: 'company',
    note: 'Another company’s location answers 404.',
    cases: [notFound('A’s location', (a) => idOf(a.locationTwo))],
  },
  'GET /api/catalog/inventory_locations_with_transactions/': {
    access: 'company',
    note: 'The caller’s locations with their own ledger activity; A’s product adds nothing.',
    cases: listCases('inventory_locations', [() => ({ name__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })]).concat([
      {
        label: 'activity of A’s product',
        call: (a) => ({ query: { product: a.product } }),
        status: 200,
        rows: [rowsOf('inventory_locations')],
        check: (b) => {
          for (const r of b.results)
            if (r.transaction_count !== 0 || r.total_quantity !== 0) throw new Error(`A's product shows activity: ${JSON.stringify(r)}`);
        },
      },
    ]),
  },
  'GET /api/catalog/inventory_transactions/': {
    access: 'company',
    note: 'The caller’s company’s ledger only.',
    cases: listCases('inventory_transactions', [
      (a) => ({ product: a.product }),
      (a) => ({ location: a.location }),
      (a) => ({ id__in: `${a.transaction},${a.pickTransaction}` }),
      (a) => ({ product__in: `${a.product},${a.productTwo}` }),
    ]),
  },
  'POST /api/catalog/inventory_transactions/': {
    access: 'company',
    note: 'A ledger row for the caller’s product at the caller’s location; either of A’s is refused like a missing one.',
    cases: [
      refused('A’s product at B’s location', 'product', (a, own) => ({
        payload: { product: a.product, location: own.location, quantity: 1, inventory_action: 'STOCK_IN' },
      })),
      refused('B’s product at A’s location', 'location', (a, own) => ({
        payload: { product: own.product, location: a.location, quantity: 1, inventory_action: 'STOCK_IN' },
      })),
      refused('A’s product at A’s location', 'product', (a) => ({
        payload: { product: a.product, location: a.location, quantity: 1, inventory_action: 'STOCK_OUT' },
      })),
      {
        label: 'B’s own stock below its restock level (the low-stock notices go to B’s users only)',
        call: (_a, own) => ({ payload: { product: own.product, location: own.location, quantity: 6, inventory_action: 'STOCK_OUT' } }),
        status: 201,
        rows: [{ table: 'inventory_transactions', ids: (b) => [b.id] }],
        undo: (_b, own) => ({
          method: 'POST',
          url: '/api/catalog/inventory_transactions/',
          payload: { product: own.product, location: own.location, quantity: 6, inventory_action: 'STOCK_IN' },
        }),
      },
    ],
  },
  'PUT /api/catalog/inventory_transactions/:id/': {
    access: 'company',
    note: 'Another company’s ledger row answers 404; B’s row cannot move to A’s location.',
    cases: [
      notFound('A’s transaction', (a) => ({ params: { id: a.transaction }, payload: { quantity: 1 } })),
      refused('B’s transaction to A’s location', 'location', (a, own) => ({ params: { id: own.transaction }, payload: { location: a.location } })),
    ],
  },
  'POST /api/catalog/inventory_transactions/move/': {
    access: 'company',
    note: 'Moves the caller’s stock between the caller’s locations; any of A’s ids is refused like a missing one.',
    cases: [
      refused('A’s product between A’s locations', 'product', (a) => ({
        payload: { product: a.product, from_location: a.location, to_location: a.locationTwo, quantity: 1 },
      })),
      refused('B’s stock to A’s location', 'to_location', (a, own) => ({
        payload: { product: own.product, from_location: own.location, to_location: a.location, quantity: 1 },
      })),
      refused('from A’s location', 'from_location', (a, own) => ({
        payload: { product: own.product, from_location: a.location, to_location: own.location, quantity: 1 },
      })),
      refused('A’s product between B’s locations', 'product', (a, own) => ({
        payload: { product: a.product, from_location: own.location, to_location: own.locationTwo, quantity: 1 },
      })),
    ],
  },
  'GET /api/catalog/products/inventories/': {
    access: 'company',
    note: 'Stock per location of the caller’s products; A’s product ids give nothing.',
    cases: [
      {
        label: 'A’s products',
        call: (a) => ({ query: { product_ids: `${a.product},${a.productTwo}` } }),
        status: 200,
        rows: [{ table: 'catalog_products', ids: (b) => b.results.map((r: { product_id: number }) => r.product_id) }],
        check: (b) => {
          if (b.results.length !== 0) throw new Error('expected no inventories');
        },
      },
    ],
  },
  'GET /api/catalog/products/inventories/transactions/': {
    access: 'company',
    note: 'Ledger rows by id, of the caller’s company only.',
    cases: [
      {
        label: 'A’s transactions',
        call: (a) => ({ query: { inventory_transaction_ids: `${a.transaction},${a.pickTransaction}` } }),
        status: 200,
        rows: [rowsOf('inventory_transactions')],
        empty: true,
      },
    ],
  },
  'GET /api/catalog/stocktaking/': {
    access: 'company',
    note: 'The caller’s locations and products only.',
    cases: [
      {
        label: 'unfiltered: only B’s rows',
        call: () => ({}),
        status: 200,
        rows: [
          { table: 'inventory_locations', ids: (b) => b.result.inventory_locations.map((r: { id: number }) => r.id) },
          { table: 'catalog_products', ids: (b) => b.result.products.map((r: { product_id: number }) => r.product_id) },
        ],
      },
      ...[(a: Subject) => ({ location: a.location }), (a: Subject) => ({ product: a.product }), () => ({ search: MARKER_SEARCH })].map((filter, i): Case => ({
        label: `filtered to A’s objects (${i + 1})`,
        call: (a) => ({ query: filter(a) }),
        status: 200,
        check: (b) => {
          if (b.count !== 0 || b.result.products.length !== 0) throw new Error('expected no stocktaking rows');
        },
        rows: [{ table: 'inventory_locations', ids: (b) => b.result.inventory_locations.map((r: { id: number }) => r.id) }],
      })),
    ],
  },
  'GET /api/catalog/stock-value-by-location/': {
    access: 'company',
    note: 'The caller’s locations and stock only; no id to name.',
    cases: [
      {
        label: 'B’s locations',
        call: () => ({}),
        status: 200,
        rows: [{ table: 'inventory_locations', ids: (b) => b.results.map((r: { location_id: number }) => r.location_id) }],
      },
    ],
  },

  // ---------------------------------------------------------------- reference data
  'GET /api/currencies/': {
    access: 'company',
    note: 'Platform reference data, read-only, the same for every company.',
    cases: [{ label: 'the platform list', call: () => ({}), status: 200 }],
  },

  // ---------------------------------------------------------------- suppliers
  'GET /api/suppliers/': {
    access: 'company',
    note: 'The caller’s company’s suppliers only (picker list).',
    cases: listCases('procurement_suppliers', [
      (a) => ({ id__in: String(a.supplier) }),
      () => ({ name__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/procurement/suppliers/': {
    access: 'company',
    note: 'The caller’s company’s suppliers only.',
    cases: listCases('procurement_suppliers', [(a) => ({ id: a.supplier }), () => ({ name__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })]),
  },
  'GET /api/procurement/suppliers/:id/': {
    access: 'company',
    note: 'Another company’s supplier answers 404.',
    cases: [notFound('A’s supplier', (a) => idOf(a.supplier))],
  },
  'POST /api/procurement/suppliers/': {
    access: 'company',
    note: 'A supplier of the caller’s company; names are unique per company, so A’s name is free for B.',
    cases: [
      {
        label: 'A’s name and abbreviation',
        call: () => ({ payload: { name: A_TEXT.supplierName, name_abbrev: A_TEXT.supplierAbbreviation } }),
        status: 201,
        rows: [{ table: 'procurement_suppliers', ids: (b) => [b.id] }],
        check: (b) => {
          if (b.products_count !== 0 || b.feeds_count !== 0) throw new Error('B’s new supplier counts A’s rows');
        },
        undo: (b) => ({ method: 'DELETE', url: `/api/procurement/suppliers/${b.id}/` }),
      },
    ],
  },
  'PUT /api/procurement/suppliers/:id/': {
    access: 'company',
    note: 'Another company’s supplier answers 404.',
    cases: [notFound('A’s supplier', (a) => ({ params: { id: a.supplier }, payload: { name: 'taken over', name_abbrev: 'TO' } }))],
  },
  'DELETE /api/procurement/suppliers/:id/': {
    access: 'company',
    note: 'Another company’s supplier answers 404.',
    cases: [notFound('A’s supplier', (a) => idOf(a.supplier))],
  },
  'GET /api/suppliers_global/': {
    access: 'company',
    note: 'The platform directory: reference data, read-only, the same for every company.',
    cases: [{ label: 'the directory', call: () => ({}), status: 200 }],
  },
  'GET /api/suppliers_global/products/': {
    access: 'company',
    note: 'The platform directory’s products: reference data, the same for every company.',
    cases: [{ label: 'the directory', call: () => ({}), status: 200 }],
  },
  'GET /api/suppliers_global/:id/': {
    access: 'company',
    note: 'A directory entry (reference data); nothing of the companies that adopted it.',
    cases: [{ label: 'the entry A adopted', call: (_a, own) => idOf(own.globalSupplier), status: 200 }],
  },
  'POST /api/suppliers_global/:id/adopt/': {
    access: 'company',
    note: 'Copies a directory entry into the caller’s company; A having adopted it changes nothing for B.',
    cases: [
      {
        label: 'the entry A adopted',
        call: (_a, own) => idOf(own.globalSupplier),
        status: 201,
        rows: [{ table: 'procurement_suppliers', ids: (b) => [b.id] }],
        check: (b) => {
          if (b.products_count !== 0 || b.feeds_count !== 0) throw new Error('B’s adopted supplier counts A’s rows');
        },
        undo: (b) => ({ method: 'DELETE', url: `/api/procurement/suppliers/${b.id}/` }),
      },
    ],
  },

  // ---------------------------------------------------------------- procurement categories
  'GET /api/procurement/categories/': {
    access: 'company',
    note: 'The caller’s company’s supplier categories only.',
    cases: listCases('procurement_categories', [
      (a) => ({ supplier: a.supplier }),
      (a) => ({ id__in: String(a.procurementCategory) }),
      (a) => ({ parent: a.procurementCategory }),
      () => ({ name__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/procurement/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404.',
    cases: [notFound('A’s category', (a) => idOf(a.procurementCategory))],
  },
  'POST /api/procurement/categories/': {
    access: 'company',
    note: 'A category of one of the caller’s suppliers; A’s supplier, parent or catalog categories are refused like missing ones.',
    cases: [
      refused('for A’s supplier', 'supplier', (a) => ({ payload: { supplier: a.supplier, name: 'B cat' } })),
      refused('under A’s category', 'parent', (a, own) => ({ payload: { supplier: own.supplier, name: 'B cat', parent: a.procurementCategory } })),
      refused('mapped to A’s catalog category', 'catalog_categories_auto_create', (a, own) => ({
        payload: { supplier: own.supplier, name: 'B cat', catalog_categories_auto_create: [a.catalogCategory] },
      })),
    ],
  },
  'PATCH /api/procurement/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404; B’s cannot map to A’s catalog category.',
    cases: [
      notFound('A’s category', (a) => ({ params: { id: a.procurementCategory }, payload: { name: 'taken over' } })),
      refused('B’s category mapped to A’s catalog category', 'catalog_categories_auto_create', (a, own) => ({
        params: { id: own.procurementCategory },
        payload: { catalog_categories_auto_create: [a.catalogCategory] },
      })),
    ],
  },
  'DELETE /api/procurement/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404.',
    cases: [notFound('A’s category', (a) => idOf(a.procurementCategory))],
  },

  // ---------------------------------------------------------------- catalog categories
  'GET /api/catalog/categories/': {
    access: 'company',
    note: 'The caller’s company’s category tree only.',
    cases: listCases('catalog_categories', [
      (a) => ({ id__in: String(a.catalogCategory) }),
      (a) => ({ parent: a.catalogCategory }),
      () => ({ title__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/catalog/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404.',
    cases: [notFound('A’s category', (a) => idOf(a.catalogCategory))],
  },
  'POST /api/catalog/categories/': {
    access: 'company',
    note: 'A category of the caller’s company; A’s parent, image or supplier categories are refused like missing ones.',
    cases: [
      refused('under A’s category', 'parent', (a) => ({ payload: { title: 'B cat', parent: a.catalogCategory } })),
      refused('with A’s image', 'image', (a) => ({ payload: { title: 'B cat', image: a.image } })),
      refused('mapped to A’s supplier category', 'procurement_category_ids', (a) => ({
        payload: { title: 'B cat', procurement_category_ids: [a.procurementCategory] },
      })),
      {
        label: 'A’s title (slugs are per company)',
        call: () => ({ payload: { title: A_TEXT.catalogCategoryTitle } }),
        status: 201,
        echoes: [slugify(A_TEXT.catalogCategoryTitle)],
        rows: [{ table: 'catalog_categories', ids: (b) => [b.id] }],
        check: (b) => {
          if (b.slug !== slugify(A_TEXT.catalogCategoryTitle)) throw new Error(`slug ${b.slug} tells A's category exists`);
        },
        undo: (b) => ({ method: 'DELETE', url: `/api/catalog/categories/${b.id}/` }),
      },
    ],
  },
  'PATCH /api/catalog/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404; B’s cannot hang under A’s.',
    cases: [
      notFound('A’s category', (a) => ({ params: { id: a.catalogCategory }, payload: { title: 'taken over' } })),
      refused('B’s category under A’s', 'parent', (a, own) => ({ params: { id: own.catalogCategory }, payload: { parent: a.catalogCategory } })),
      refused('B’s category with A’s image', 'image', (a, own) => ({ params: { id: own.catalogCategory }, payload: { image: a.image } })),
    ],
  },
  'PUT /api/catalog/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404.',
    cases: [
      notFound('A’s category', (a) => ({ params: { id: a.catalogCategory }, payload: { title: 'taken over' } })),
      refused('B’s category mapped to A’s supplier category', 'procurement_category_ids', (a, own) => ({
        params: { id: own.catalogCategory },
        payload: { title: 'B category', procurement_category_ids: [a.procurementCategory] },
      })),
    ],
  },
  'POST /api/catalog/categories/:id/move/': {
    access: 'company',
    note: 'Another company’s category answers 404; B’s cannot move under A’s.',
    cases: [
      notFound('A’s category', (a) => ({ params: { id: a.catalogCategory }, payload: { parent: null, position: 0 } })),
      refused('B’s category under A’s', 'parent', (a, own) => ({ params: { id: own.catalogCategory }, payload: { parent: a.catalogCategory, position: 0 } })),
      {
        label: 'past the last of B’s roots (A’s roots are not counted)',
        call: (_a, own) => ({ params: { id: own.catalogCategory }, payload: { parent: null, position: 99 } }),
        status: 400,
        field: 'position',
        check: (b) => {
          if (b.position[0] !== 'Ensure this value is less than or equal to 0.') throw new Error(`position limit counts A's roots: ${b.position[0]}`);
        },
      },
    ],
  },
  'DELETE /api/catalog/categories/:id/': {
    access: 'company',
    note: 'Another company’s category answers 404; B’s products cannot be reassigned into A’s.',
    cases: [
      notFound('A’s category', (a) => idOf(a.catalogCategory)),
      refused('B’s category, reassigning to A’s', 'reassign_to', (a, own) => ({
        params: { id: own.catalogCategory },
        query: { reassign_to: a.catalogCategory },
      })),
    ],
  },

  // ---------------------------------------------------------------- markups
  'GET /api/catalog/markups/': {
    access: 'company',
    note: 'The caller’s company’s markup rules only.',
    cases: listCases('catalog_markups', [() => ({ name__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })]),
  },
  'GET /api/catalog/markups/:id/': {
    access: 'company',
    note: 'Another company’s rule answers 404.',
    cases: [notFound('A’s rule', (a) => idOf(a.markup))],
  },
  'POST /api/catalog/markups/': {
    access: 'company',
    note: 'A rule of the caller’s company; names are unique per company, so A’s name is free for B.',
    cases: [
      {
        label: 'A’s name',
        call: () => ({ payload: { name: A_TEXT.markupName, percent: 10 } }),
        status: 201,
        rows: [{ table: 'catalog_markups', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: `/api/catalog/markups/${b.id}/` }),
      },
    ],
  },
  'PUT /api/catalog/markups/:id/': {
    access: 'company',
    note: 'Another company’s rule answers 404.',
    cases: [notFound('A’s rule', (a) => ({ params: { id: a.markup }, payload: { name: 'taken over', percent: 1 } }))],
  },
  'DELETE /api/catalog/markups/:id/': {
    access: 'company',
    note: 'Another company’s rule answers 404.',
    cases: [notFound('A’s rule', (a) => idOf(a.markup))],
  },

  // ---------------------------------------------------------------- images
  'GET /api/catalog/images/': {
    access: 'company',
    note: 'The caller’s company’s image library only.',
    cases: listCases('catalog_images', [
      (a) => ({ id__in: String(a.image) }),
      (a) => ({ product: a.product }),
      (a) => ({ classification: a.imageClassification }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/catalog/images/:id/': {
    access: 'company',
    note: 'Another company’s image answers 404.',
    cases: [notFound('A’s image', (a) => idOf(a.image))],
  },
  'POST /api/catalog/images/': {
    access: 'company',
    note: 'Uploads into the caller’s library; A’s classification is refused like a missing one and nothing is stored.',
    cases: [
      refused('with A’s classification', 'classification', (a, own) => ({
        multipart: [
          { name: 'classification', value: String(a.imageClassification) },
          { name: 'files', filename: 'b.png', contentType: 'image/png', data: own.png },
        ],
      })),
    ],
  },
  'PATCH /api/catalog/images/:id/': {
    access: 'company',
    note: 'Another company’s image answers 404; B’s image cannot take A’s classification.',
    cases: [
      notFound('A’s image', (a) => ({ params: { id: a.image }, payload: { title: 'taken over' } })),
      refused('B’s image with A’s classification', 'classification', (a, own) => ({
        params: { id: own.image },
        payload: { classification: a.imageClassification },
      })),
    ],
  },
  'DELETE /api/catalog/images/:id/': {
    access: 'company',
    note: 'Another company’s image answers 404 (and its files stay).',
    cases: [notFound('A’s image', (a) => idOf(a.image))],
  },
  'GET /api/catalog/image_classifications/': {
    access: 'company',
    note: 'The caller’s company’s classifications only.',
    cases: listCases('catalog_image_classifications', [
      (a) => ({ id__in: String(a.imageClassification) }),
      () => ({ title__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/catalog/image_classifications/:id/': {
    access: 'company',
    note: 'Another company’s classification answers 404.',
    cases: [notFound('A’s classification', (a) => idOf(a.imageClassification))],
  },
  'POST /api/catalog/image_classifications/': {
    access: 'company',
    note: 'A classification of the caller’s company; titles are unique per company, so A’s is free for B.',
    cases: [
      {
        label: 'A’s title',
        call: () => ({ payload: { title: A_TEXT.classificationTitle } }),
        status: 201,
        rows: [{ table: 'catalog_image_classifications', ids: (b) => [b.id] }],
        check: (b) => {
          if (b.image_count !== 0) throw new Error('B’s new classification counts A’s images');
        },
        undo: (b) => ({ method: 'DELETE', url: `/api/catalog/image_classifications/${b.id}/` }),
      },
    ],
  },
  'PUT /api/catalog/image_classifications/:id/': {
    access: 'company',
    note: 'Another company’s classification answers 404.',
    cases: [notFound('A’s classification', (a) => ({ params: { id: a.imageClassification }, payload: { title: 'taken over' } }))],
  },
  'PATCH /api/catalog/image_classifications/:id/': {
    access: 'company',
    note: 'Another company’s classification answers 404.',
    cases: [notFound('A’s classification', (a) => ({ params: { id: a.imageClassification }, payload: { title: 'taken over' } }))],
  },
  'DELETE /api/catalog/image_classifications/:id/': {
    access: 'company',
    note: 'Another company’s classification answers 404.',
    cases: [notFound('A’s classification', (a) => idOf(a.imageClassification))],
  },
  'GET /api/catalog/product_images/': {
    access: 'company',
    note: 'Images attached to the caller’s products only.',
    cases: listCases(
      'catalog_product_images',
      [(a) => ({ product: a.product }), (a) => ({ image: a.image }), (a) => ({ product__in: `${a.product},${a.productTwo}` })],
      [{ table: 'catalog_images', ids: (b) => b.results.map((r: { image: { id: number } }) => r.image.id) }],
    ),
  },
  'POST /api/catalog/product_images/': {
    access: 'company',
    note: 'Attaches one of the caller’s images to one of the caller’s products; either of A’s is refused like a missing one.',
    cases: [
      refused('B’s image on A’s product', 'product', (a, own) => ({ payload: { product: a.product, image: own.image } })),
      refused('A’s image on B’s product', 'image', (a, own) => ({ payload: { product: own.product, image: a.image } })),
    ],
  },
  'DELETE /api/catalog/product_images/:id/': {
    access: 'company',
    note: 'Another company’s attachment answers 404.',
    cases: [notFound('A’s attachment', (a) => idOf(a.productImage))],
  },
  'GET /api/catalog/category_images/': {
    access: 'company',
    note: 'Images attached to the caller’s categories only.',
    cases: listCases(
      'catalog_category_images',
      [(a) => ({ category: a.catalogCategory }), (a) => ({ image: a.image })],
      [{ table: 'catalog_images', ids: (b) => b.results.map((r: { image: { id: number } }) => r.image.id) }],
    ),
  },
  'POST /api/catalog/category_images/': {
    access: 'company',
    note: 'Attaches one of the caller’s images to one of the caller’s categories; either of A’s is refused like a missing one.',
    cases: [
      refused('B’s image on A’s category', 'category', (a, own) => ({ payload: { category: a.catalogCategory, image: own.image } })),
      refused('A’s image on B’s category', 'image', (a, own) => ({ payload: { category: own.catalogCategory, image: a.image } })),
    ],
  },
  'DELETE /api/catalog/category_images/:id/': {
    access: 'company',
    note: 'Another company’s attachment answers 404.',
    cases: [notFound('A’s attachment', (a) => idOf(a.categoryImage))],
  },

  // ---------------------------------------------------------------- file URLs
  'GET /api/catalog/file_urls/': {
    access: 'company',
    note: 'The caller’s company’s file links only.',
    cases: listCases('catalog_file_urls', [(a) => ({ product: a.product }), (a) => ({ id__in: String(a.fileUrl) }), () => ({ search: MARKER_SEARCH })]),
  },
  'GET /api/catalog/file_urls/:id/': {
    access: 'company',
    note: 'Another company’s link answers 404.',
    cases: [notFound('A’s link', (a) => idOf(a.fileUrl))],
  },
  'POST /api/catalog/file_urls/': {
    access: 'company',
    note: 'A link of the caller’s company; A’s product is refused like a missing one.',
    cases: [refused('on A’s product', 'product', (a) => ({ payload: { url: 'https://files.test/b.pdf', product: a.product } }))],
  },
  'PUT /api/catalog/file_urls/:id/': {
    access: 'company',
    note: 'Another company’s link answers 404.',
    cases: [notFound('A’s link', (a) => ({ params: { id: a.fileUrl }, payload: { url: 'https://files.test/taken-over.pdf' } }))],
  },
  'DELETE /api/catalog/file_urls/:id/': {
    access: 'company',
    note: 'Another company’s link answers 404.',
    cases: [notFound('A’s link', (a) => idOf(a.fileUrl))],
  },

  // ---------------------------------------------------------------- publishing and channel categories
  'POST /api/catalog/products/publish/validate/': {
    access: 'company',
    note: 'Validates the caller’s products only; A’s ids are refused like missing ones.',
    cases: [
      notFound('A’s products', (a) => ({ payload: { action: 'google_merchant', ids: [a.product, a.productTwo] } })),
      {
        label: 'all of B’s products',
        call: () => ({ payload: { action: 'csv' } }),
        status: 200,
        rows: [{ table: 'catalog_products', ids: (b) => b.problems.map((p: { id: number }) => p.id) }],
        check: (b) => {
          if (b.total > 20) throw new Error(`B's publish would hold ${b.total} products`);
        },
      },
    ],
  },
  'POST /api/catalog/products/publish/': {
    access: 'company',
    note: 'Publishes the caller’s products only, to the caller’s own export token; A’s ids are refused like missing ones.',
    cases: [
      notFound('A’s products', (a) => ({ payload: { action: 'csv', ids: [a.product] } })),
      {
        label: 'all of B’s products, under B’s own token',
        call: () => ({ payload: { action: 'csv' } }),
        status: 200,
        check: (b, _own, a) => {
          if (b.urls.length === 0 || b.urls.some((u: string) => u.includes(a.exportToken))) throw new Error(`B's export URLs use A's token: ${b.urls}`);
        },
      },
    ],
  },
  'GET /api/catalog/products/:id/taxonomies/': {
    access: 'company',
    note: 'Another company’s product answers 404.',
    cases: [notFound('A’s product', (a) => idOf(a.product))],
  },
  'PUT /api/catalog/products/:id/taxonomies/': {
    access: 'company',
    note: 'Another company’s product answers 404.',
    cases: [notFound('A’s product', (a) => ({ params: { id: a.product }, payload: { google_taxonomy: null, facebook_taxonomy: null } }))],
  },

  // ---------------------------------------------------------------- procurement products
  'GET /api/procurement/products/': {
    access: 'company',
    note: 'The caller’s company’s supplier products only.',
    cases: listCases('procurement_products', [
      (a) => ({ id__in: String(a.procurementProduct) }),
      (a) => ({ supplier: a.supplier }),
      (a) => ({ category: a.procurementCategory }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/procurement/products/with_procurement_order_and_backorder_data/': {
    access: 'company',
    note: 'Supplier products, purchase orders and backorders of the caller’s catalog products only.',
    cases: [
      {
        label: 'A’s catalog products',
        call: (a) => ({ query: { product_ids: `${a.product},${a.productTwo}` } }),
        status: 200,
        rows: [
          { table: 'procurement_products', ids: (b) => b.result.procurement_products.map((r: { id: number }) => r.id) },
          { table: 'customer_backorders', ids: (b) => b.result.backorders.results.map((r: { id: number }) => r.id) },
        ],
        check: (b) => {
          if (b.result.procurement_products.length || b.result.backorders.results.length || b.result.backorders.count) throw new Error('expected nothing');
        },
      },
    ],
  },
  'GET /api/procurement/products/:id/': {
    access: 'company',
    note: 'Another company’s supplier product answers 404.',
    cases: [notFound('A’s supplier product', (a) => idOf(a.procurementProduct))],
  },
  'POST /api/procurement/products/skip/': {
    access: 'company',
    note: 'The caller’s supplier products only; all or nothing.',
    cases: [notFound('A’s supplier product', (a) => ({ payload: { ids: [a.procurementProduct] } }))],
  },
  'POST /api/procurement/products/unskip/': {
    access: 'company',
    note: 'The caller’s supplier products only; all or nothing.',
    cases: [notFound('A’s supplier product', (a) => ({ payload: { ids: [a.procurementProduct] } }))],
  },
  'POST /api/procurement/products/add-to-catalog/': {
    access: 'company',
    note: 'The caller’s supplier products only; A’s is refused like a missing one and nothing is created.',
    cases: [
      notFound('A’s supplier product', (a) => ({ payload: { ids: [a.procurementProduct] } })),
      notFound('B’s and A’s supplier products', (a, own) => ({ payload: { ids: [own.procurementProduct, a.procurementProduct] } })),
      {
        label: 'a SKU A’s catalog has (SKUs are per company: no conflict)',
        call: (_a, own) => ({ payload: { ids: [own.procurementProductTwin] } }),
        status: 201,
        rows: [{ table: 'catalog_products', ids: (b) => b.created.map((r: { id: number }) => r.id) }],
        undo: (b) => ({ method: 'DELETE', url: '/api/catalog/products/', payload: { products: b.created.map((r: { id: number }) => r.id) } }),
      },
    ],
  },

  // ---------------------------------------------------------------- purchase orders
  'GET /api/procurement/orders/': {
    access: 'company',
    note: 'The caller’s company’s purchase orders only.',
    cases: listCases('procurement_orders', [
      (a) => ({ id__in: String(a.procurementOrder) }),
      (a) => ({ supplier: a.supplier }),
      () => ({ internal_order_number__icontains: MARKER_SEARCH }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'GET /api/procurement/orders/:id/': {
    access: 'company',
    note: 'Another company’s purchase order answers 404.',
    cases: [notFound('A’s order', (a) => idOf(a.procurementOrder))],
  },
  'POST /api/procurement/orders/': {
    access: 'company',
    note: 'A purchase order of the caller’s company; A’s supplier is refused like a missing one.',
    cases: [refused('from A’s supplier', 'supplier', (a) => ({ payload: { supplier: a.supplier } }))],
  },
  'PUT /api/procurement/orders/:id/': {
    access: 'company',
    note: 'Another company’s purchase order answers 404.',
    cases: [notFound('A’s order', (a) => ({ params: { id: a.procurementOrder }, payload: { comments: 'taken over' } }))],
  },
  'DELETE /api/procurement/orders/:id/': {
    access: 'company',
    note: 'Another company’s purchase order answers 404.',
    cases: [notFound('A’s order', (a) => idOf(a.procurementOrder))],
  },
  'GET /api/procurement/order_items/': {
    access: 'company',
    note: 'Lines of the caller’s purchase orders only.',
    cases: listCases('procurement_order_items', [
      (a) => ({ product: a.product }),
      (a) => ({ order: a.procurementOrder }),
      (a) => ({ product__in: `${a.product},${a.productTwo}` }),
    ]),
  },
  'POST /api/procurement/order_items/': {
    access: 'company',
    note: 'A line on the caller’s order for the caller’s product; either of A’s is refused like a missing one.',
    cases: [
      refused('on A’s order', 'order', (a, own) => ({ payload: { order: a.procurementOrder, product: own.product, quantity: 1 } })),
      refused('A’s product on B’s order', 'product', (a, own) => ({ payload: { order: own.procurementOrder, product: a.product, quantity: 1 } })),
    ],
  },
  'PUT /api/procurement/order_items/:id/': {
    access: 'company',
    note: 'Another company’s line answers 404.',
    cases: [notFound('A’s line', (a) => ({ params: { id: a.procurementOrderItem }, payload: { quantity: 3 } }))],
  },
  'DELETE /api/procurement/order_items/:id/': {
    access: 'company',
    note: 'Another company’s line answers 404.',
    cases: [notFound('A’s line', (a) => idOf(a.procurementOrderItem))],
  },
  'POST /api/procurement/order_items/:id/receive/': {
    access: 'company',
    note: 'Receives the caller’s line into the caller’s location; A’s line answers 404, A’s location is refused.',
    cases: [
      notFound('A’s line', (a, own) => ({ params: { id: a.procurementOrderItem }, payload: { location: own.location, quantity: 1 } })),
      refused('B’s line into A’s location', 'location', (a, own) => ({
        params: { id: own.procurementOrderItem },
        payload: { location: a.location, quantity: 1 },
      })),
      {
        label: 'B’s own line (the backorder notices go to B’s users only)',
        call: (_a, own) => ({ params: { id: own.procurementOrderItem }, payload: { location: own.locationTwo, quantity: 1 } }),
        status: 201,
        rows: [{ table: 'inventory_transactions', ids: (b) => [b.transaction.id] }],
      },
    ],
  },

  // ---------------------------------------------------------------- procurement image URLs
  'GET /api/procurement/image_urls/': {
    access: 'company',
    note: 'Image URLs of the caller’s supplier products only.',
    cases: listCases('procurement_image_urls', [
      (a) => ({ procurement_product: a.procurementProduct }),
      (a) => ({ id__in: String(a.procurementImageUrl) }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'POST /api/procurement/image_urls/': {
    access: 'company',
    note: 'Adds to the caller’s supplier products only; A’s is refused like a missing one and nothing is stored.',
    cases: [
      refused('on A’s supplier product', 'procurement_product', (a) => ({
        multipart: [
          { name: 'procurement_product', value: String(a.procurementProduct) },
          { name: 'urls', value: 'https://images.test/b.jpg' },
        ],
      })),
    ],
  },
  'DELETE /api/procurement/image_urls/:id/': {
    access: 'company',
    note: 'Another company’s image URL answers 404.',
    cases: [notFound('A’s image URL', (a) => idOf(a.procurementImageUrl))],
  },

  // ---------------------------------------------------------------- customer orders and picking
  'GET /api/customers/orders/': {
    access: 'company',
    note: 'The caller’s company’s orders only.',
    cases: listCases(
      'customer_orders',
      [() => ({ order_number: A_TEXT.orderNumber }), () => ({ order_number__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })],
      [{ table: 'customer_order_items', ids: (b) => b.results.flatMap((o: { order_items: { id: number }[] }) => o.order_items.map((i) => i.id)) }],
    ),
  },
  ...Object.fromEntries(
    (['GET', 'POST'] as const).map((method) => [
      `${method} /api/customers/orders/sync/`,
      {
        access: 'company',
        note: 'Syncs through the caller’s own storefront connection (B’s answers nothing: 502); A’s shop is never contacted and A’s orders never touched.',
        cases: [{ label: 'B’s storefront', call: () => ({}), status: 502 }],
      } satisfies MatrixEntry,
    ]),
  ),
  'GET /api/customers/orders/:id/': {
    access: 'company',
    note: 'Another company’s order answers 404.',
    cases: [notFound('A’s order', (a) => idOf(a.order))],
  },
  'PUT /api/customers/orders/:id/': {
    access: 'company',
    note: 'Another company’s order answers 404.',
    cases: [notFound('A’s order', (a) => ({ params: { id: a.order }, payload: { notes: 'taken over', internal_status: 'cancelled' } }))],
  },
  'GET /api/customers/storefront/': {
    access: 'company',
    note: 'Inherently the caller’s company’s connection; no id to name.',
    cases: [{ label: 'B’s connection', call: () => ({}), status: 200 }],
  },
  'PUT /api/customers/storefront/': {
    access: 'company',
    adminOnly: true,
    note: 'Admin only (the consumer key and secret are credentials). Inherently the caller’s company’s connection; A’s stays as it was.',
    staffCall: () => ({ payload: { store_url: 'http://127.0.0.1:9', consumer_key: 'ck_staff', consumer_secret: 'cs_staff' } }),
    cases: [
      { label: 'B’s connection', call: () => ({ payload: { store_url: 'http://127.0.0.1:9', consumer_key: 'ck_b', consumer_secret: 'cs_b' } }), status: 200 },
      {
        label: 'A’s shop URL and key (nothing tells they are taken)',
        // A new store URL needs its secret (the old one is never sent to another host).
        call: () => ({ payload: { store_url: A_TEXT.storeUrl, consumer_key: A_TEXT.consumerKey, consumer_secret: 'cs_b_again' } }),
        status: 200,
        check: (b) => {
          if (b.has_consumer_secret !== true) throw new Error('B’s secret was lost');
        },
        undo: () => ({
          method: 'PUT',
          url: '/api/customers/storefront/',
          payload: { store_url: 'http://127.0.0.1:9', consumer_key: 'ck_b', consumer_secret: 'cs_b' },
        }),
      },
    ],
  },
  ...Object.fromEntries(
    (['GET', 'POST'] as const).flatMap((method) => [
      [
        `${method} /api/customers/order_items/:id/actions/pick/`,
        {
          access: 'company',
          note: 'Picks the caller’s order line from the caller’s stock; A’s line answers 404, A’s location or product is refused.',
          cases: [
            notFound('A’s line', (a, own) => ({ params: { id: a.orderItem }, query: { location_id: own.location, product_id: own.product, quantity: 1 } })),
            refused('B’s line from A’s location', 'location_id', (a, own) => ({
              params: { id: own.orderItem },
              query: { location_id: a.location, product_id: own.product, quantity: 1 },
            })),
            refused('B’s line as A’s product', 'product_id', (a, own) => ({
              params: { id: own.orderItem },
              query: { location_id: own.location, product_id: a.product, quantity: 1 },
            })),
          ],
        } satisfies MatrixEntry,
      ],
      [
        `${method} /api/customers/order_items/:id/actions/unpick/`,
        {
          access: 'company',
          note: 'Unpicks a pick of the caller’s order line; A’s line or A’s pick is refused like a missing one.',
          cases: [
            notFound('A’s line and pick', (a) => ({ params: { id: a.orderItem }, query: { inventory_transaction_id: a.pickTransaction } })),
            refused('B’s line with A’s pick', 'inventory_transaction_id', (a, own) => ({
              params: { id: own.orderItem },
              query: { inventory_transaction_id: a.pickTransaction },
            })),
          ],
        } satisfies MatrixEntry,
      ],
    ]),
  ),
  'PUT /api/customers/order_items/:id/': {
    access: 'company',
    note: 'Links the caller’s order line to one of the caller’s products; A’s line answers 404, A’s product is refused like a missing one.',
    cases: [
      notFound('A’s line', (a, own) => ({ params: { id: a.orderItem }, payload: { product: own.product } })),
      refused('B’s line to A’s product', 'product', (a, own) => ({ params: { id: own.orderItem }, payload: { product: a.product } })),
    ],
  },
  'GET /api/customers/backorders/': {
    access: 'company',
    note: 'The caller’s company’s backorders only.',
    cases: listCases('customer_backorders', [
      (a) => ({ product: a.product }),
      (a) => ({ order_item: a.orderItem }),
      () => ({ order_number: A_TEXT.orderNumber }),
      () => ({ search: MARKER_SEARCH }),
    ]),
  },
  'POST /api/customers/backorders/': {
    access: 'company',
    note: 'A backorder of the caller’s order line; A’s line is refused like a missing one.',
    cases: [refused('for A’s line', 'order_item', (a) => ({ payload: { order_item: a.orderItem, quantity: 1 } }))],
  },
  'DELETE /api/customers/backorders/:id/': {
    access: 'company',
    note: 'Another company’s backorder answers 404.',
    cases: [notFound('A’s backorder', (a) => idOf(a.backorder))],
  },
  'POST /api/customers/backorders/:id/reserve/': {
    access: 'company',
    note: 'Reserves the caller’s backorder against the caller’s purchase order line; either of A’s is refused like a missing one.',
    cases: [
      notFound('A’s backorder', (a, own) => ({ params: { id: a.backorder }, payload: { procurement_order_item: own.procurementOrderItem } })),
      refused('B’s backorder on A’s line', 'procurement_order_item', (a, own) => ({
        params: { id: own.backorder },
        payload: { procurement_order_item: a.procurementOrderItem },
      })),
    ],
  },

  // ---------------------------------------------------------------- jobs and feeds
  'GET /api/audit/events/': {
    access: 'company',
    note: 'The history of one record (and its parts) of the caller’s company; A’s records have no history for B (an empty page, like a missing record).',
    cases: [
      {
        label: 'B’s own product',
        call: (_a, own) => ({ query: { entity: 'catalog_product', entity_id: own.product } }),
        status: 200,
        rows: [rowsOf('audit_events')],
        check: (b) => {
          if (b.count === 0) throw new Error('B’s own product has no history: the A cases below would prove nothing');
        },
      },
      ...AUDITED_ENTITIES.map((entity): Case => ({
        label: `A’s ${entity}`,
        call: (a) => ({ query: { entity, entity_id: AUDITED_OF_A[entity](a) } }),
        status: 200,
        empty: true,
        rows: [rowsOf('audit_events')],
      })),
    ],
  },
  'GET /api/jobs/:id/': {
    access: 'company',
    note: 'Another company’s job answers 404 (live or finished).',
    cases: [notFound('A’s job', (a) => idOf(a.job))],
  },
  'GET /api/procurement/feeds/': {
    access: 'company',
    note: 'The caller’s company’s feeds only.',
    cases: listCases(
      'procurement_feeds',
      [(a) => ({ supplier: a.supplier }), (a) => ({ id__in: String(a.feed) }), () => ({ name__icontains: MARKER_SEARCH }), () => ({ search: MARKER_SEARCH })],
      [{ table: 'background_jobs', ids: (b) => b.results.map((r: { last_job: { id: number } | null }) => r.last_job?.id) }],
    ),
  },
  'GET /api/procurement/feeds/:id/': {
    access: 'company',
    note: 'Another company’s feed answers 404.',
    cases: [notFound('A’s feed', (a) => idOf(a.feed))],
  },
  'POST /api/procurement/feeds/': {
    access: 'company',
    note: 'A feed of the caller’s supplier; A’s supplier is refused like a missing one. Names are unique per company: A’s is free for B.',
    cases: [
      {
        label: 'A’s name',
        call: (_a, own) => ({
          payload: {
            supplier: own.supplier,
            name: A_TEXT.feedName,
            url: 'http://127.0.0.1:9/b3.csv',
            format: 'CSV',
            column_mapping: { sku: 'sku', name: 'name' },
          },
        }),
        status: 201,
        rows: [{ table: 'procurement_feeds', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: `/api/procurement/feeds/${b.id}/` }),
      },
      refused('for A’s supplier', 'supplier', (a) => ({
        payload: { supplier: a.supplier, name: 'B feed 2', url: 'http://127.0.0.1:9/b2.csv', format: 'CSV', column_mapping: { sku: 'sku', name: 'name' } },
      })),
    ],
  },
  'PUT /api/procurement/feeds/:id/': {
    access: 'company',
    note: 'Another company’s feed answers 404; B’s feed cannot move to A’s supplier.',
    cases: [
      notFound('A’s feed', (a, own) => ({
        params: { id: a.feed },
        payload: { supplier: own.supplier, name: 'taken over', url: 'http://127.0.0.1:9/x.csv', format: 'CSV', column_mapping: { sku: 'sku', name: 'name' } },
      })),
      refused('B’s feed to A’s supplier', 'supplier', (a, own) => ({
        params: { id: own.feed },
        payload: { supplier: a.supplier, name: 'B feed', url: 'http://127.0.0.1:9/b.csv', format: 'CSV', column_mapping: { sku: 'sku', name: 'name' } },
      })),
    ],
  },
  'DELETE /api/procurement/feeds/:id/': {
    access: 'company',
    note: 'Another company’s feed answers 404.',
    cases: [notFound('A’s feed', (a) => idOf(a.feed))],
  },
  'POST /api/procurement/feeds/:id/run/': {
    access: 'company',
    note: 'Another company’s feed answers 404 and no job starts. B’s own run fails (its URL answers nothing) and tells B’s users only.',
    cases: [
      notFound('A’s feed', (a) => idOf(a.feed)),
      {
        label: 'B’s own feed',
        call: (_a, own) => idOf(own.feed),
        status: 202,
        rows: [{ table: 'background_jobs', ids: (b) => [b.id] }],
      },
    ],
  },

  // ---------------------------------------------------------------- taxonomies
  'GET /api/taxonomies/google/': {
    access: 'company',
    note: 'Platform items; `linked`/`link_id` describe the caller’s own links only (Google links belong to a user).',
    cases: [
      { label: 'all items', call: () => ({}), status: 200, rows: [rowsOf('google_taxonomy_links', 'link_id')], check: noneLinked },
      {
        label: 'the item A linked',
        call: (_a, own) => ({ query: { id: own.googleItem } }),
        status: 200,
        rows: [rowsOf('google_taxonomy_links', 'link_id')],
        check: noneLinked,
      },
      { label: 'linked only', call: () => ({ query: { linked: 'True' } }), status: 200, empty: true },
    ],
  },
  'GET /api/taxonomies/google/links/': {
    access: 'company',
    note: 'The caller’s own links only.',
    cases: listCases('google_taxonomy_links', [(_a, own) => ({ taxonomy: own.googleItem })]),
  },
  'POST /api/taxonomies/google/links/': {
    access: 'company',
    note: 'Links for the caller’s own account only; the item A linked is free for B.',
    cases: [
      refused('for A’s user', 'account', (a, own) => ({ payload: { account: a.user, taxonomy: own.googleItem } })),
      {
        label: 'the item A linked',
        call: (_a, own) => ({ payload: { account: own.user, taxonomy: own.googleItem } }),
        status: 201,
        rows: [{ table: 'google_taxonomy_links', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: `/api/taxonomies/google/links/${b.id}/` }),
      },
    ],
  },
  'DELETE /api/taxonomies/google/links/:id/': {
    access: 'company',
    note: 'Another user’s link answers 404.',
    cases: [notFound('A’s link', (a) => idOf(a.googleLink))],
  },
  'GET /api/taxonomies/facebook/': {
    access: 'company',
    note: 'Platform items; `linked`/`link_id` describe the caller’s company’s links only.',
    cases: [
      { label: 'all items', call: () => ({}), status: 200, rows: [rowsOf('facebook_taxonomy_links', 'link_id')], check: noneLinked },
      {
        label: 'the item A linked',
        call: (_a, own) => ({ query: { id: own.facebookItem } }),
        status: 200,
        rows: [rowsOf('facebook_taxonomy_links', 'link_id')],
        check: noneLinked,
      },
      { label: 'linked only', call: () => ({ query: { linked: 'True' } }), status: 200, empty: true },
    ],
  },
  'GET /api/taxonomies/facebook/links/': {
    access: 'company',
    note: 'The caller’s company’s links only.',
    cases: listCases('facebook_taxonomy_links', [(_a, own) => ({ taxonomy: own.facebookItem })]),
  },
  'POST /api/taxonomies/facebook/links/': {
    access: 'company',
    note: 'Links for the caller’s own account and company only; the item A linked is free for B.',
    cases: [
      refused('for A’s company', 'company', (a, own) => ({ payload: { account: own.user, company: a.company, taxonomy: own.facebookItem } })),
      refused('for A’s user', 'account', (a, own) => ({ payload: { account: a.user, company: own.company, taxonomy: own.facebookItem } })),
      {
        label: 'the item A linked',
        call: (_a, own) => ({ payload: { account: own.user, company: own.company, taxonomy: own.facebookItem } }),
        status: 201,
        rows: [{ table: 'facebook_taxonomy_links', ids: (b) => [b.id] }],
        undo: (b) => ({ method: 'DELETE', url: `/api/taxonomies/facebook/links/${b.id}/` }),
      },
    ],
  },
  'DELETE /api/taxonomies/facebook/links/:id/': {
    access: 'company',
    note: 'Another company’s link answers 404.',
    cases: [notFound('A’s link', (a) => idOf(a.facebookLink))],
  },
};

function noneLinked(body: { results: { linked: boolean; link_id: number | null }[] }) {
  for (const item of body.results) if (item.linked || item.link_id !== null) throw new Error(`B sees a link it never made: ${JSON.stringify(item)}`);
}
