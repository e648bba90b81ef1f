import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobResponse } from '@kontor/contract';
import { backgroundJobs } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
let release!: () => void;
const released = new Promise<void>((r) => (release = r));

beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
  app.jobs.register<{ rows: number }>('test_count', async (job) => {
    job.progress(job.payload.rows / 2, job.payload.rows);
    await released;
    job.progress(job.payload.rows, job.payload.rows);
    return { counted: job.payload.rows };
  });
});
afterAll(async () => {
  release();
  await app?.close();
});

const JOBS = '/api/jobs/';

describe('GET /api/jobs/{id}/', () => {
  it('answers a running job with its live progress, then its result', async () => {
    const job = await app.jobs.enqueue({ companyId: me.companyId, accountId: me.user.id }, 'test_count', { rows: 10 });
    // The runner marks the job running, then the handler counts half of the rows: wait for both
    // (a fixed sleep can end before the runner gets to it on a loaded machine).
    await vi.waitFor(() => expect(app.jobs.live(job.id)).toMatchObject({ status: 'running', progressDone: 5 }), { timeout: 10_000 });
    const running = await as(app, me, { method: 'GET', url: `${JOBS}${job.id}/` });
    expect(running.statusCode).toBe(200);
    expect(running.json()).toMatchObject({
      id: job.id,
      kind: 'test_count',
      status: 'running',
      progress: { done: 5, total: 10 },
      result: null,
      error: null,
      finished_at: null,
    });
    // A colleague of the same company sees it too.
    const staff = await createStaffUser(app, me);
    expect((await as(app, staff, { method: 'GET', url: `${JOBS}${job.id}` })).json().status).toBe('running');

    release();
    await app.jobs.waitFor(job.id);
    const done = (await as(app, me, { method: 'GET', url: `${JOBS}${job.id}/` })).json() as JobResponse;
    expect(Object.keys(done).sort()).toEqual(['created_at', 'error', 'finished_at', 'id', 'kind', 'progress', 'result', 'started_at', 'status']);
    expect(done).toMatchObject({ status: 'succeeded', progress: { done: 10, total: 10 }, result: { counted: 10 }, error: null });
    expect(Date.parse(done.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done.started_at!));
    expect(Date.parse(done.started_at!)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
  });

  it('answers a job of an earlier process from the table', async () => {
    const [row] = await app.deps.database.db
      .insert(backgroundJobs)
      .values({ companyId: me.companyId, kind: 'feed_import', status: 'failed', error: 'interrupted', progressDone: 7 })
      .returning();
    const res = await as(app, me, { method: 'GET', url: `${JOBS}${row!.id}/` });
    expect(res.json()).toMatchObject({ id: row!.id, status: 'failed', error: 'interrupted', progress: { done: 7, total: null }, started_at: null });
  });

  it("another company's job, running or done, is a 404 like a missing one", async () => {
    const [stored] = await app.deps.database.db.insert(backgroundJobs).values({ companyId: me.companyId, kind: 'x', status: 'succeeded' }).returning();
    expect((await as(app, other, { method: 'GET', url: `${JOBS}${stored!.id}/` })).statusCode).toBe(404);
    const live = await app.jobs.enqueue({ companyId: me.companyId, accountId: null }, 'test_count', { rows: 2 });
    const res = await as(app, other, { method: 'GET', url: `${JOBS}${live.id}/` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'GET', url: `${JOBS}2147483000/` })).statusCode).toBe(404);
    await app.jobs.waitFor(live.id);
  });

  it('answers 404 for an id that is not one (DRF’s unmatched URL), and 401 without a token', async () => {
    const bad = await as(app, me, { method: 'GET', url: `${JOBS}abc/` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: 'Not found.' });
    expect((await as(app, me, { method: 'GET', url: `${JOBS}99999999999/` })).statusCode).toBe(404);
    const anonymous = await as(app, null, { method: 'GET', url: `${JOBS}1/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
