import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NotificationResponse } from '@kontor/contract';
import { feedback, notifications, systemNotifications } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { addSystemTask, notify } from './notify.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const notificationRow = async (id: number) => (await db().select().from(notifications).where(eq(notifications.id, id)))[0]!;
const taskRow = async (id: number) => (await db().select().from(systemNotifications).where(eq(systemNotifications.id, id)))[0]!;

/** Registration already gave each user a welcome notice; `extra` more are added oldest first. */
async function userWithNotifications(tenant: Tenant, extra: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < extra; i += 1) {
    const id = await notify(db(), { companyId: tenant.companyId, receiverUserId: tenant.user.id, title: `Notice ${i}`, kind: 'import' });
    // Distinct created_at values so "newest first" is observable, not a tie broken by id.
    await db()
      .update(notifications)
      .set({ createdAt: new Date(Date.UTC(2030, 0, 1 + i)) })
      .where(eq(notifications.id, id));
    ids.push(id);
  }
  return ids;
}

describe('GET /api/notifications/', () => {
  it('answers the caller’s notifications, newest first, as a DRF page', async () => {
    const me = await createTenant(app);
    const ids = await userWithNotifications(me, 3);
    const res = await as(app, me, { method: 'GET', url: `/api/notifications/?receiver_user_id=${me.user.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.results.slice(0, 3).map((n: NotificationResponse) => n.id)).toEqual([...ids].reverse());
    expect(body.results[3]).toMatchObject({ kind: 'welcome', receiver_user_id: me.user.id, read_at: null });
    expect(Object.keys(body.results[0]).sort()).toEqual(['created_at', 'id', 'kind', 'link', 'message', 'read_at', 'receiver_user_id', 'title']);
    // Without receiver_user_id it is the same list.
    expect((await as(app, me, { method: 'GET', url: '/api/notifications/' })).json()).toEqual(body);
  });

  it('filters with read_at__isnull and pages with limit/offset', async () => {
    const me = await createTenant(app);
    const ids = await userWithNotifications(me, 3);
    await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, ids[1]!));
    const unread = (await as(app, me, { method: 'GET', url: `/api/notifications/?receiver_user_id=${me.user.id}&read_at__isnull=true` })).json();
    expect(unread.count).toBe(3);
    expect(unread.results.map((n: NotificationResponse) => n.id)).not.toContain(ids[1]);
    const read = (await as(app, me, { method: 'GET', url: '/api/notifications/?read_at__isnull=false' })).json();
    expect(read.results.map((n: NotificationResponse) => n.id)).toEqual([ids[1]]);
    const page = (await as(app, me, { method: 'GET', url: '/api/notifications/?limit=2&offset=2' })).json();
    expect(page.results).toHaveLength(2);
    expect(page.next).toBeNull();
    expect(page.previous).toBe('http://kontor.test/api/notifications/?limit=2');
  });

  it('answers 404 for anyone else’s receiver_user_id, in the same company or another', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const outsider = await createTenant(app);
    for (const id of [colleague.user.id, outsider.user.id, 999999]) {
      const res = await as(app, me, { method: 'GET', url: `/api/notifications/?receiver_user_id=${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    // And the caller's own list never holds the others' notices.
    const mine = (await as(app, me, { method: 'GET', url: '/api/notifications/' })).json();
    expect(mine.results.every((n: NotificationResponse) => n.receiver_user_id === me.user.id)).toBe(true);
    expect(mine.count).toBe(1);
  });

  it('answers 400 for a bad filter value or an unknown filter', async () => {
    const me = await createTenant(app);
    const bad = await as(app, me, { method: 'GET', url: '/api/notifications/?receiver_user_id=me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ receiver_user_id: ['Enter a whole number.'] });
    const isnull = await as(app, me, { method: 'GET', url: '/api/notifications/?read_at__isnull=maybe' });
    expect(isnull.statusCode).toBe(400);
    expect(Object.keys(isnull.json())).toEqual(['read_at__isnull']);
    expect((await as(app, me, { method: 'GET', url: '/api/notifications/?kind=import' })).json()).toEqual({ kind: ['Unknown field.'] });
  });

  it('answers 401 without a token', async () => {
    expect((await as(app, null, { method: 'GET', url: '/api/notifications/' })).statusCode).toBe(401);
  });
});

describe('PUT /api/notifications/{id}/', () => {
  it('sets read_at, and null marks it unread again', async () => {
    const me = await createTenant(app);
    const [id] = await userWithNotifications(me, 1);
    const res = await as(app, me, { method: 'PUT', url: `/api/notifications/${id}/`, payload: { read_at: '2031-05-06T07:08:09+02:00' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, read_at: '2031-05-06T05:08:09.000Z', title: 'Notice 0' });
    expect((await notificationRow(id!)).readAt?.toISOString()).toBe('2031-05-06T05:08:09.000Z');
    const unread = await as(app, me, { method: 'PUT', url: `/api/notifications/${id}/`, payload: { read_at: null } });
    expect(unread.statusCode).toBe(200);
    expect(unread.json().read_at).toBeNull();
    expect((await notificationRow(id!)).readAt).toBeNull();
  });

  it('answers 400 for a bad body', async () => {
    const me = await createTenant(app);
    const [id] = await userWithNotifications(me, 1);
    const notADate = await as(app, me, { method: 'PUT', url: `/api/notifications/${id}/`, payload: { read_at: 'yesterday' } });
    expect(notADate.statusCode).toBe(400);
    expect(Object.keys(notADate.json())).toEqual(['read_at']);
    const missing = await as(app, me, { method: 'PUT', url: `/api/notifications/${id}/`, payload: {} });
    expect(missing.json()).toEqual({ read_at: ['This field is required.'] });
    const unknown = await as(app, me, { method: 'PUT', url: `/api/notifications/${id}/`, payload: { read_at: null, title: 'x' } });
    expect(unknown.json()).toEqual({ title: ['Unknown field.'] });
    expect((await notificationRow(id!)).title).toBe('Notice 0');
  });

  it('answers 404 for a colleague’s or another company’s notification, and leaves it unread', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const outsider = await createTenant(app);
    const [theirs] = await userWithNotifications(colleague, 1);
    const [outsiders] = await userWithNotifications(outsider, 1);
    for (const id of [theirs!, outsiders!]) {
      const res = await as(app, me, { method: 'PUT', url: `/api/notifications/${id}/`, payload: { read_at: '2031-01-01T00:00:00Z' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect((await notificationRow(id)).readAt).toBeNull();
    }
  });

  it('answers 401 without a token', async () => {
    const res = await as(app, null, { method: 'PUT', url: '/api/notifications/1/', payload: { read_at: null } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/notifications/mark_all_read/', () => {
  it('marks every unread notification of the caller read now, and only those', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const outsider = await createTenant(app);
    const ids = await userWithNotifications(me, 3);
    const alreadyRead = new Date('2029-01-01T00:00:00Z');
    await db().update(notifications).set({ readAt: alreadyRead }).where(eq(notifications.id, ids[0]!));
    const [colleagues] = await userWithNotifications(colleague, 1);
    const startedAt = Date.now();

    const res = await as(app, me, { method: 'POST', url: '/api/notifications/mark_all_read/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    for (const id of ids.slice(1)) expect((await notificationRow(id)).readAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect((await notificationRow(ids[0]!)).readAt).toEqual(alreadyRead);
    expect((await notificationRow(colleagues!)).readAt).toBeNull();
    expect((await as(app, outsider, { method: 'GET', url: '/api/notifications/?read_at__isnull=true' })).json().count).toBe(1);

    const again = await as(app, me, { method: 'POST', url: '/api/notifications/mark_all_read/', payload: {} });
    expect(again.json()).toEqual({ updated: 0 });
  });

  it('answers 400 for a body with fields, and 401 without a token', async () => {
    const me = await createTenant(app);
    const bad = await as(app, me, { method: 'POST', url: '/api/notifications/mark_all_read/', payload: { receiver_user_id: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ receiver_user_id: ['Unknown field.'] });
    expect((await as(app, me, { method: 'GET', url: '/api/notifications/?read_at__isnull=true' })).json().count).toBe(1);
    expect((await as(app, null, { method: 'POST', url: '/api/notifications/mark_all_read/' })).statusCode).toBe(401);
  });
});

describe('GET /api/system_notifications/', () => {
  it('answers the company’s tasks, for every user of the company, and no other company’s', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const outsider = await createTenant(app);
    const id = await addSystemTask(db(), { companyId: me.companyId, title: 'Connect your storefront', link: '/customers/orders' });
    const res = await as(app, colleague, { method: 'GET', url: '/api/system_notifications/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Registration adds "Complete your company profile"; newest first.
    expect(body.count).toBe(2);
    expect(body.results[0]).toMatchObject({ id, title: 'Connect your storefront', link: '/customers/orders', 'completed-by': null, completed_at: null });
    expect(Object.keys(body.results[0]).sort()).toEqual(['completed-by', 'completed_at', 'created_at', 'id', 'link', 'message', 'title']);
    const theirs = (await as(app, outsider, { method: 'GET', url: '/api/system_notifications/' })).json();
    expect(theirs.count).toBe(1);
    expect(theirs.results[0].id).not.toBe(id);
  });

  it('filters with completed_at__isnull', async () => {
    const me = await createTenant(app);
    const id = await addSystemTask(db(), { companyId: me.companyId, title: 'Done already' });
    await db().update(systemNotifications).set({ completedBy: me.user.id, completedAt: new Date() }).where(eq(systemNotifications.id, id));
    const open = (await as(app, me, { method: 'GET', url: '/api/system_notifications/?completed_at__isnull=true' })).json();
    expect(open.results.map((t: { title: string }) => t.title)).toEqual(['Complete your company profile']);
    const done = (await as(app, me, { method: 'GET', url: '/api/system_notifications/?completed_at__isnull=false' })).json();
    expect(done.results).toEqual([expect.objectContaining({ id, 'completed-by': me.user.id })]);
  });

  it('answers 400 for a bad filter, and 401 without a token', async () => {
    const me = await createTenant(app);
    const bad = await as(app, me, { method: 'GET', url: '/api/system_notifications/?completed_at__isnull=soon' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['completed_at__isnull']);
    expect((await as(app, me, { method: 'GET', url: '/api/system_notifications/?completed_by=1' })).json()).toEqual({ completed_by: ['Unknown field.'] });
    expect((await as(app, null, { method: 'GET', url: '/api/system_notifications/' })).statusCode).toBe(401);
  });
});

describe('PUT /api/system_notifications/{id}/', () => {
  it('lets any user of the company complete a task for a colleague, and null re-opens it', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const id = await addSystemTask(db(), { companyId: me.companyId, title: 'Set up locations' });
    const res = await as(app, colleague, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: { 'completed-by': me.user.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, 'completed-by': me.user.id });
    expect(res.json().completed_at).not.toBeNull();
    expect(await taskRow(id)).toMatchObject({ completedBy: me.user.id });

    const reopened = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: { 'completed-by': null } });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ 'completed-by': null, completed_at: null });
    expect(await taskRow(id)).toMatchObject({ completedBy: null, completedAt: null });
  });

  it('answers 400 when completed-by is not a user of the caller’s company, and changes nothing', async () => {
    const me = await createTenant(app);
    const outsider = await createTenant(app);
    const id = await addSystemTask(db(), { companyId: me.companyId, title: 'Check prices' });
    for (const userId of [outsider.user.id, 999999]) {
      const res = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: { 'completed-by': userId } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'completed-by': [`Invalid pk "${userId}" - object does not exist.`] });
    }
    expect(await taskRow(id)).toMatchObject({ completedBy: null, completedAt: null });
  });

  it('answers 400 for a malformed body', async () => {
    const me = await createTenant(app);
    const id = await addSystemTask(db(), { companyId: me.companyId, title: 'Check prices' });
    const wrongType = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: { 'completed-by': 'me' } });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['completed-by']);
    const huge = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: { 'completed-by': 99_999_999_999 } });
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json())).toEqual(['completed-by']);
    const missing = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: {} });
    expect(missing.json()).toEqual({ 'completed-by': ['This field is required.'] });
    // The spec spells it with a hyphen; the underscore form is not the field.
    const underscore = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${id}/`, payload: { 'completed-by': null, completed_by: 1 } });
    expect(underscore.json()).toEqual({ completed_by: ['Unknown field.'] });
  });

  it('answers 404 for another company’s task, and leaves it open', async () => {
    const me = await createTenant(app);
    const outsider = await createTenant(app);
    const theirs = await addSystemTask(db(), { companyId: outsider.companyId, title: 'Theirs' });
    const res = await as(app, me, { method: 'PUT', url: `/api/system_notifications/${theirs}/`, payload: { 'completed-by': me.user.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await taskRow(theirs)).toMatchObject({ completedBy: null, completedAt: null });
  });

  it('answers 401 without a token', async () => {
    const res = await as(app, null, { method: 'PUT', url: '/api/system_notifications/1/', payload: { 'completed-by': null } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/feedback/', () => {
  it('stores the feedback with the caller’s company and user (201)', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const res = await as(app, colleague, {
      method: 'POST',
      url: '/api/feedback/',
      payload: { message: '  The stock grid is great.  ', page: '/catalog/products' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ message: 'The stock grid is great.', page: '/catalog/products' });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'message', 'page']);
    const [row] = await db().select().from(feedback).where(eq(feedback.id, body.id));
    // The sender is thanked through a notification of their own.
    const thanks = await db().select().from(notifications).where(eq(notifications.receiverUserId, colleague.user.id));
    expect(thanks.map((n) => n.kind)).toContain('feedback');
    expect(row).toMatchObject({ companyId: me.companyId, userId: colleague.user.id, message: 'The stock grid is great.' });
    const noPage = await as(app, me, { method: 'POST', url: '/api/feedback/', payload: { message: 'Hello' } });
    expect(noPage.json().page).toBe('');
  });

  it('answers 400 for a blank or missing message and unknown fields, storing nothing', async () => {
    const me = await createTenant(app);
    const blank = await as(app, me, { method: 'POST', url: '/api/feedback/', payload: { message: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: ['This field may not be blank.'] });
    expect((await as(app, me, { method: 'POST', url: '/api/feedback/' })).json()).toEqual({ message: ['This field is required.'] });
    expect((await as(app, me, { method: 'POST', url: '/api/feedback/', payload: { message: 'x', user: 5 } })).json()).toEqual({ user: ['Unknown field.'] });
    expect(await db().select().from(feedback).where(eq(feedback.userId, me.user.id))).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await as(app, null, { method: 'POST', url: '/api/feedback/', payload: { message: 'Anonymous' } })).statusCode).toBe(401);
  });
});
