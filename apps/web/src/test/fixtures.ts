import {
  BOOKMARK_NAME_TAKEN,
  type BookmarkResponse,
  type CompanyResponse,
  type JobResponse,
  type NotificationResponse,
  type Page,
  type ProductLiteResponse,
  type SystemNotificationResponse,
  type UserListItem,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { testUser } from './render';
import { apiUrl } from './server';

export const page = <T>(results: T[], count = results.length): Page<T> => ({ count, next: null, previous: null, results });

let nextJobId = 9000;

/** A background job of `kind` as GET /jobs/{id}/ answers it: queued, no progress yet, unless overridden. */
export const createJobResponse = (kind: string, overrides: Partial<JobResponse> = {}): JobResponse => ({
  id: overrides.id ?? ++nextJobId,
  kind,
  status: 'queued',
  progress: { done: 0, total: null },
  result: null,
  error: null,
  created_at: '2026-03-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...overrides,
});

let nextProductId = 70_000;

/** A catalog product as the product pickers list it (GET /catalog/products2/). */
export const createProductLite = (overrides: Partial<ProductLiteResponse> = {}): ProductLiteResponse => {
  const id = overrides.id ?? ++nextProductId;
  return { id, sku: `SKU-${id}`, name: `Product ${id}`, product_type: 'simple', qty_in_stock: 0, ...overrides };
};

export const createCompany = (overrides: Partial<CompanyResponse> = {}): CompanyResponse => ({
  id: testUser.company,
  name: testUser.company_name,
  country: 'Sweden',
  url: 'https://engines.example.com',
  platform: 'WooCommerce',
  agreed_to_terms: true,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  ...overrides,
});

let nextId = 100;
export const createNotification = (overrides: Partial<NotificationResponse> = {}): NotificationResponse => ({
  id: ++nextId,
  receiver_user_id: testUser.id,
  kind: 'info',
  title: `Notification ${nextId}`,
  message: '',
  link: '',
  read_at: null,
  created_at: '2026-02-01T09:00:00.000Z',
  ...overrides,
});

export const createTask = (overrides: Partial<SystemNotificationResponse> = {}): SystemNotificationResponse => ({
  id: ++nextId,
  title: 'Complete your company profile',
  message: 'Add your country, shop URL and e-commerce platform.',
  link: '/company-Preferences',
  'completed-by': null,
  completed_at: null,
  created_at: '2026-02-01T09:00:00.000Z',
  ...overrides,
});

export const createBookmark = (overrides: Partial<BookmarkResponse> = {}): BookmarkResponse => ({
  id: ++nextId,
  name: `Bookmark ${nextId}`,
  query: '',
  view: '/notification',
  pinned: false,
  created_at: '2026-02-01T09:00:00.000Z',
  ...overrides,
});

export const teamMember: UserListItem = {
  id: testUser.id,
  email: testUser.email,
  first_name: testUser.first_name,
  last_name: testUser.last_name,
  company_role: 'Admin',
  is_active: true,
};

/**
 * A small in-memory back end for the signed-in screens: notifications can be read, tasks
 * completed, so a test sees the same state changes the real API makes.
 */
export function createBackend({
  notifications = [] as NotificationResponse[],
  tasks = [] as SystemNotificationResponse[],
  bookmarks = [] as BookmarkResponse[],
  company = createCompany(),
} = {}) {
  const state = { notifications: [...notifications], tasks: [...tasks], bookmarks: [...bookmarks], company, feedback: [] as unknown[] };
  const handlers = [
    http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ access: 'fresh-access', refresh: 'fresh-refresh' })),
    http.get(apiUrl('/user/'), () => HttpResponse.json(testUser)),
    http.get(apiUrl('/notifications/'), ({ request }) => {
      const url = new URL(request.url);
      const unread = url.searchParams.get('read_at__isnull') === 'true';
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const rows = state.notifications.filter((n) => String(n.receiver_user_id) === url.searchParams.get('receiver_user_id') && (!unread || !n.read_at));
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.put(apiUrl('/notifications/:id/'), async ({ params, request }) => {
      const body = (await request.json()) as { read_at: string };
      const row = state.notifications.find((n) => n.id === Number(params.id));
      if (!row) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      row.read_at = body.read_at;
      return HttpResponse.json(row);
    }),
    http.post(apiUrl('/notifications/mark_all_read/'), () => {
      const now = new Date().toISOString();
      const unread = state.notifications.filter((n) => !n.read_at);
      for (const n of unread) n.read_at = now;
      return HttpResponse.json({ updated: unread.length });
    }),
    http.get(apiUrl('/system_notifications/'), ({ request }) => {
      const open = new URL(request.url).searchParams.get('completed_at__isnull') === 'true';
      return HttpResponse.json(page(state.tasks.filter((t) => !open || !t.completed_at)));
    }),
    http.put(apiUrl('/system_notifications/:id/'), async ({ params, request }) => {
      const body = (await request.json()) as { 'completed-by': number };
      const row = state.tasks.find((t) => t.id === Number(params.id));
      if (!row) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      row['completed-by'] = body['completed-by'];
      row.completed_at = new Date().toISOString();
      return HttpResponse.json(row);
    }),
    http.get(apiUrl('/user/bookmarks/'), ({ request }) => {
      const pinned = new URL(request.url).searchParams.get('pinned');
      return HttpResponse.json(state.bookmarks.filter((b) => pinned === null || String(b.pinned) === pinned));
    }),
    http.post(apiUrl('/user/bookmarks/'), async ({ request }) => {
      const body = (await request.json()) as Pick<BookmarkResponse, 'name' | 'query' | 'view' | 'pinned'>;
      if (state.bookmarks.some((b) => b.view === body.view && b.name === body.name)) {
        return HttpResponse.json({ name: [BOOKMARK_NAME_TAKEN] }, { status: 400 });
      }
      const bookmark: BookmarkResponse = { id: ++nextId, created_at: new Date().toISOString(), ...body };
      state.bookmarks.push(bookmark);
      return HttpResponse.json(bookmark, { status: 201 });
    }),
    http.put(apiUrl('/user/bookmarks/pinned/'), async ({ request }) => {
      const body = (await request.json()) as { bookmarks: { view: string; name: string; pinned: boolean }[] };
      for (const change of body.bookmarks) {
        const row = state.bookmarks.find((b) => b.view === change.view && b.name === change.name);
        if (row) row.pinned = change.pinned;
      }
      return HttpResponse.json(state.bookmarks);
    }),
    http.put(apiUrl('/user/bookmarks/'), async ({ request }) => {
      const url = new URL(request.url);
      const row = state.bookmarks.find((b) => b.view === url.searchParams.get('view') && b.name === url.searchParams.get('name'));
      if (!row) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const body = (await request.json()) as Pick<BookmarkResponse, 'name' | 'query' | 'view' | 'pinned'>;
      if (state.bookmarks.some((b) => b !== row && b.view === body.view && b.name === body.name)) {
        return HttpResponse.json({ name: [BOOKMARK_NAME_TAKEN] }, { status: 400 });
      }
      Object.assign(row, body);
      return HttpResponse.json(row);
    }),
    http.delete(apiUrl('/user/bookmarks/'), ({ request }) => {
      const url = new URL(request.url);
      state.bookmarks = state.bookmarks.filter((b) => !(b.view === url.searchParams.get('view') && b.name === url.searchParams.get('name')));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/users/'), () => HttpResponse.json(page([teamMember]))),
    http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json(state.company)),
    // The company screen shows the storefront connection; the app starts without one.
    http.get(apiUrl('/customers/storefront/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    http.post(apiUrl('/feedback/'), async ({ request }) => {
      state.feedback.push(await request.json());
      return HttpResponse.json({ id: state.feedback.length, message: '', page: '', created_at: new Date().toISOString() }, { status: 201 });
    }),
  ];
  return { state, handlers };
}
