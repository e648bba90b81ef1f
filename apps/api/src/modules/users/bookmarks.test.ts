import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKMARK_NAME_TAKEN, type BookmarkResponse } from '@kontor/contract';
import { bookmarks } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

/** Takes any object: the malformed bodies are the point of some tests. */
const create = (t: Tenant | null, payload: Record<string, unknown>) => as(app, t, { method: 'POST', url: '/api/user/bookmarks/', payload });
const get = (t: Tenant | null, query = '') => as(app, t, { method: 'GET', url: `/api/user/bookmarks/${query}` });
const keyQuery = (view: string, name: string) => `?view=${encodeURIComponent(view)}&name=${encodeURIComponent(name)}`;
const rowsOf = (t: Tenant) => app.deps.database.db.select().from(bookmarks).where(eq(bookmarks.userId, t.user.id)).orderBy(bookmarks.view, bookmarks.name);
const names = (list: BookmarkResponse[]) => list.map((b) => `${b.view}/${b.name}`);

/** A user with bookmarks in two views, plus a colleague and an outsider with their own. */
async function scene() {
  const me = await createTenant(app);
  const colleague = await createStaffUser(app, me);
  const outsider = await createTenant(app);
  for (const [view, name, pinned] of [
    ['prices', 'Negative margin', true],
    ['default', 'Low stock', false],
    ['default', 'Abandoned', true],
  ] as const) {
    expect((await create(me, { view, name, pinned, query: `?f=${name}` })).statusCode).toBe(201);
  }
  expect((await create(colleague, { view: 'default', name: 'Colleague', pinned: true })).statusCode).toBe(201);
  expect((await create(outsider, { view: 'default', name: 'Outsider', pinned: true })).statusCode).toBe(201);
  return { me, colleague, outsider };
}

describe('POST /api/user/bookmarks/', () => {
  it('creates a bookmark for the caller (201), with the spec defaults', async () => {
    const me = await createTenant(app);
    const res = await create(me, { name: ' Low stock ', view: 'stocks' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Low stock', view: 'stocks', query: '', pinned: false });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'name', 'pinned', 'query', 'view']);
    const [row] = await rowsOf(me);
    expect(row).toMatchObject({ id: body.id, companyId: me.companyId, userId: me.user.id, name: 'Low stock' });
  });

  it('refuses the same (view, name) twice for one user, but not in another view or for another user', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    expect((await create(me, { name: 'Mine', view: 'default', query: '?a=1' })).statusCode).toBe(201);
    const again = await create(me, { name: 'Mine', view: 'default', query: '?a=2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ name: ['A bookmark with this name already exists for this view.'] });
    expect(again.json().name[0]).toBe(BOOKMARK_NAME_TAKEN);
    expect((await create(me, { name: 'Mine', view: 'prices' })).statusCode).toBe(201);
    expect((await create(colleague, { name: 'Mine', view: 'default' })).statusCode).toBe(201);
    expect((await rowsOf(me)).map((r) => r.query)).toEqual(['?a=1', '']);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const me = await createTenant(app);
    const missing = await create(me, { view: 'default' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ['This field is required.'] });
    const blank = await create(me, { name: 'x', view: '  ' });
    expect(blank.json()).toEqual({ view: ['This field may not be blank.'] });
    const wrongType = await create(me, { name: 'x', view: 'default', pinned: 'yes' });
    expect(Object.keys(wrongType.json())).toEqual(['pinned']);
    const unknown = await create(me, { name: 'x', view: 'default', user: 1 });
    expect(unknown.json()).toEqual({ user: ['Unknown field.'] });
    expect(await rowsOf(me)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await create(null, { name: 'x', view: 'default' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/bookmarks/', () => {
  it('answers all of the caller’s bookmarks as a plain array ordered by view, name', async () => {
    const { me } = await scene();
    const res = await get(me);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(names(res.json())).toEqual(['default/Abandoned', 'default/Low stock', 'prices/Negative margin']);
  });

  it('filters by view and by pinned, and never shows a colleague’s or another company’s bookmarks', async () => {
    const { me, colleague, outsider } = await scene();
    expect(names((await get(me, '?view=default')).json())).toEqual(['default/Abandoned', 'default/Low stock']);
    expect(names((await get(me, '?pinned=true')).json())).toEqual(['default/Abandoned', 'prices/Negative margin']);
    expect(names((await get(me, '?view=default&pinned=false')).json())).toEqual(['default/Low stock']);
    expect(names((await get(me, '?view=nothing-here')).json())).toEqual([]);
    expect(names((await get(colleague)).json())).toEqual(['default/Colleague']);
    expect(names((await get(outsider)).json())).toEqual(['default/Outsider']);
  });

  it('answers 400 for a bad pinned value or an unknown parameter, and 401 without a token', async () => {
    const me = await createTenant(app);
    const bad = await get(me, '?pinned=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['pinned']);
    expect((await get(me, '?user_id=1')).json()).toEqual({ user_id: ['Unknown field.'] });
    expect((await get(null)).statusCode).toBe(401);
  });
});

describe('PUT /api/user/bookmarks/?view=&name=', () => {
  it('replaces the bookmark, and may rename it or move it to another view', async () => {
    const { me } = await scene();
    const res = await as(app, me, {
      method: 'PUT',
      url: `/api/user/bookmarks/${keyQuery('default', 'Low stock')}`,
      payload: { name: 'Restock soon', view: 'stocks', query: '?low=1', pinned: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Restock soon', view: 'stocks', query: '?low=1', pinned: true });
    expect(names((await get(me)).json())).toEqual(['default/Abandoned', 'prices/Negative margin', 'stocks/Restock soon']);
  });

  it('keeps the name when the body repeats it', async () => {
    const { me } = await scene();
    const res = await as(app, me, {
      method: 'PUT',
      url: `/api/user/bookmarks/${keyQuery('default', 'Abandoned')}`,
      payload: { name: 'Abandoned', view: 'default', query: '?changed=1' },
    });
    expect(res.statusCode).toBe(200);
    // PUT replaces: `pinned` left out goes back to its default.
    expect(res.json()).toMatchObject({ name: 'Abandoned', query: '?changed=1', pinned: false });
  });

  it('answers 400 when the new name is taken in that view, and changes nothing', async () => {
    const { me } = await scene();
    const before = await rowsOf(me);
    const res = await as(app, me, {
      method: 'PUT',
      url: `/api/user/bookmarks/${keyQuery('default', 'Low stock')}`,
      payload: { name: 'Abandoned', view: 'default' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [BOOKMARK_NAME_TAKEN] });
    expect(await rowsOf(me)).toEqual(before);
  });

  it('answers 400 for a bad body or missing view/name parameters', async () => {
    const { me } = await scene();
    const body = await as(app, me, { method: 'PUT', url: `/api/user/bookmarks/${keyQuery('default', 'Abandoned')}`, payload: { name: '' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ name: ['This field may not be blank.'], view: ['This field is required.'] });
    const params = await as(app, me, { method: 'PUT', url: '/api/user/bookmarks/', payload: { name: 'x', view: 'default' } });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toEqual({ view: ['This field is required.'], name: ['This field is required.'] });
  });

  it('answers 404 for no such bookmark, and for a colleague’s or another company’s bookmark', async () => {
    const { me, colleague, outsider } = await scene();
    const payload = { name: 'Hijacked', view: 'default' };
    const missing = await as(app, me, { method: 'PUT', url: `/api/user/bookmarks/${keyQuery('default', 'Nope')}`, payload });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'PUT', url: `/api/user/bookmarks/${keyQuery('default', 'Colleague')}`, payload })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'PUT', url: `/api/user/bookmarks/${keyQuery('default', 'Outsider')}`, payload })).statusCode).toBe(404);
    expect(names((await get(colleague)).json())).toEqual(['default/Colleague']);
    expect(names((await get(outsider)).json())).toEqual(['default/Outsider']);
  });

  it('answers 401 without a token', async () => {
    const res = await as(app, null, { method: 'PUT', url: `/api/user/bookmarks/${keyQuery('default', 'x')}`, payload: { name: 'x', view: 'default' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/user/bookmarks/?view=&name=', () => {
  it('deletes the bookmark (204); a second delete is a 404', async () => {
    const { me } = await scene();
    const res = await as(app, me, { method: 'DELETE', url: `/api/user/bookmarks/${keyQuery('default', 'Low stock')}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(names((await get(me)).json())).toEqual(['default/Abandoned', 'prices/Negative margin']);
    const again = await as(app, me, { method: 'DELETE', url: `/api/user/bookmarks/${keyQuery('default', 'Low stock')}` });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a colleague’s or another company’s bookmark, and keeps it', async () => {
    const { me, colleague, outsider } = await scene();
    expect((await as(app, me, { method: 'DELETE', url: `/api/user/bookmarks/${keyQuery('default', 'Colleague')}` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'DELETE', url: `/api/user/bookmarks/${keyQuery('default', 'Outsider')}` })).statusCode).toBe(404);
    expect(await rowsOf(colleague)).toHaveLength(1);
    expect(await rowsOf(outsider)).toHaveLength(1);
  });

  it('answers 400 without view and name, and 401 without a token', async () => {
    const { me } = await scene();
    const bad = await as(app, me, { method: 'DELETE', url: '/api/user/bookmarks/?view=default' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: ['This field is required.'] });
    expect(await rowsOf(me)).toHaveLength(3);
    expect((await as(app, null, { method: 'DELETE', url: `/api/user/bookmarks/${keyQuery('default', 'Abandoned')}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/bookmarks/pinned/', () => {
  const pin = (t: Tenant | null, payload: unknown) => as(app, t, { method: 'PUT', url: '/api/user/bookmarks/pinned/', payload: payload as object });

  it('sets pinned on many bookmarks at once and answers the caller’s full list', async () => {
    const { me } = await scene();
    const res = await pin(me, {
      bookmarks: [
        { view: 'default', name: 'Low stock', pinned: true },
        { view: 'default', name: 'Abandoned', pinned: false },
        { view: 'prices', name: 'Negative margin', pinned: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((b: BookmarkResponse) => [b.view, b.name, b.pinned])).toEqual([
      ['default', 'Abandoned', false],
      ['default', 'Low stock', true],
      ['prices', 'Negative margin', false],
    ]);
    expect(names((await get(me, '?pinned=true')).json())).toEqual(['default/Low stock']);
  });

  it('changes nothing and names the unknown bookmark when one of them does not exist', async () => {
    const { me } = await scene();
    const before = await rowsOf(me);
    const res = await pin(me, {
      bookmarks: [
        { view: 'default', name: 'Low stock', pinned: true },
        { view: 'default', name: 'Ghost', pinned: true },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'bookmarks.1': ['No bookmark named "Ghost" in view "default".'] });
    // The first item was valid; the transaction rolled it back with the rest.
    expect(await rowsOf(me)).toEqual(before);
  });

  it('treats a colleague’s or another company’s bookmark as unknown (400), and leaves it alone', async () => {
    const { me, colleague, outsider } = await scene();
    const res = await pin(me, {
      bookmarks: [
        { view: 'default', name: 'Colleague', pinned: false },
        { view: 'default', name: 'Outsider', pinned: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['bookmarks.0', 'bookmarks.1']);
    expect((await rowsOf(colleague))[0]!.pinned).toBe(true);
    expect((await rowsOf(outsider))[0]!.pinned).toBe(true);
  });

  it('answers 400 with nested field errors for a malformed body', async () => {
    const { me } = await scene();
    const res = await pin(me, {
      bookmarks: [
        { view: 'default', name: 'Low stock' },
        { view: 'default', name: 'Abandoned', pinned: true, extra: 1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'bookmarks.0.pinned': ['This field is required.'], 'bookmarks.1.extra': ['Unknown field.'] });
    expect((await pin(me, {})).json()).toEqual({ bookmarks: ['This field is required.'] });
  });

  it('answers 401 without a token', async () => {
    expect((await pin(null, { bookmarks: [] })).statusCode).toBe(401);
  });
});
