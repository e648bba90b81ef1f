import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { backgroundJobs } from '../db/schema/index.js';
import { createTenant, createTestApp, type Tenant, type TestApp } from '../../test/helpers.js';
import { JobFailure, JobRunner, type JobContext } from './runner.js';

let app: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app);
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const owner = () => ({ companyId: tenant.companyId, accountId: tenant.user.id });
const newRunner = () => new JobRunner(db(), app.log);
const rowOfIn = async (of: TestApp, id: number) => (await of.deps.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;
const rowOf = (id: number) => rowOfIn(app, id);

/** A promise with its resolve function, to hold a job until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('JobRunner', () => {
  it('runs jobs of one kind one at a time in order, other kinds alongside, and records results', async () => {
    const runner = newRunner();
    const events: string[] = [];
    const gates = new Map([
      ['a1', gate()],
      ['a2', gate()],
      ['b1', gate()],
    ]);
    const handler = async (job: JobContext<{ name: string }>) => {
      events.push(`start ${job.payload.name}`);
      await gates.get(job.payload.name)!.opened;
      events.push(`end ${job.payload.name}`);
      return { name: job.payload.name };
    };
    runner.register('a', handler);
    runner.register('b', handler);
    const a1 = await runner.enqueue(owner(), 'a', { name: 'a1' });
    const a2 = await runner.enqueue(owner(), 'a', { name: 'a2' });
    const b1 = await runner.enqueue(owner(), 'b', { name: 'b1' });
    expect(a2).toMatchObject({ status: 'queued', kind: 'a', companyId: tenant.companyId, accountId: tenant.user.id, payload: { name: 'a2' } });
    // Each job starts once its row says running: under load that takes a while, so wait for it.
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: 10_000 });
    // a2 waits for a1; b1 does not.
    expect(events).toEqual(['start a1', 'start b1']);
    expect(runner.live(a1.id)?.status).toBe('running');
    expect(runner.live(a2.id)?.status).toBe('queued');
    gates.get('a2')!.open();
    gates.get('b1')!.open();
    await runner.waitFor(b1.id);
    expect(events).toEqual(['start a1', 'start b1', 'end b1']);
    gates.get('a1')!.open();
    await runner.whenIdle();
    expect(events).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2', 'end a2']);
    const done = await rowOf(a2.id);
    expect(done).toMatchObject({ status: 'succeeded', result: { name: 'a2' }, error: null });
    expect(done.startedAt).toBeInstanceOf(Date);
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt!.getTime());
    expect(runner.live(a2.id)).toBeUndefined();
    expect(await runner.waitFor(a2.id)).toMatchObject({ id: a2.id, status: 'succeeded' });
    await runner.stop();
  });

  it('fails a job with its JobFailure message, or in general words for any other error', async () => {
    const runner = newRunner();
    runner.register('told', async () => {
      throw new JobFailure('The file is not valid XML.');
    });
    runner.register('crash', async () => {
      throw new TypeError('cannot read properties of undefined');
    });
    const told = await runner.waitFor((await runner.enqueue(owner(), 'told', {})).id);
    const crash = await runner.waitFor((await runner.enqueue(owner(), 'crash', {})).id);
    expect(told).toMatchObject({ status: 'failed', error: 'The file is not valid XML.', result: null });
    expect(crash).toMatchObject({ status: 'failed', error: 'The job failed because of an internal error.' });
    expect(await rowOf(crash.id)).toMatchObject({ status: 'failed', error: 'The job failed because of an internal error.' });
    await expect(runner.enqueue(owner(), 'unknown', {})).rejects.toThrow("No handler for job kind 'unknown'.");
    await runner.stop();
  });

  it('answers the queued or running job for the same key instead of a second one', async () => {
    const runner = newRunner();
    const hold = gate();
    let runs = 0;
    runner.register('import', async () => {
      runs += 1;
      await hold.opened;
      return {};
    });
    const [first, second] = await Promise.all([
      runner.enqueue(owner(), 'import', {}, { key: 'feed:1' }),
      runner.enqueue(owner(), 'import', {}, { key: 'feed:1' }),
    ]);
    expect(second.id).toBe(first.id);
    const otherKey = await runner.enqueue(owner(), 'import', {}, { key: 'feed:2' });
    expect(otherKey.id).not.toBe(first.id);
    hold.open();
    await runner.whenIdle();
    const third = await runner.enqueue(owner(), 'import', {}, { key: 'feed:1' });
    expect(third.id).not.toBe(first.id);
    await runner.whenIdle();
    expect(runs).toBe(3);
    await runner.stop();
  });

  it('keeps progress in memory and writes it to the table when asked, at most once a second', async () => {
    const runner = newRunner();
    const step = gate();
    const saved = gate();
    runner.register('count', async (job) => {
      job.progress(10, null);
      await job.saveProgress();
      job.progress(40, 100);
      await new Promise((r) => setTimeout(r, 1100));
      await job.saveProgress();
      job.progress(50);
      saved.open();
      await step.opened;
      job.progress(100, 100);
      return { counted: 100 };
    });
    const job = await runner.enqueue(owner(), 'count', {});
    await saved.opened;
    // Memory has the latest; the table has what the last save wrote.
    expect(runner.live(job.id)).toMatchObject({ progressDone: 50, progressTotal: 100 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'running', progressDone: 40, progressTotal: 100 });
    step.open();
    expect(await runner.waitFor(job.id)).toMatchObject({ status: 'succeeded', progressDone: 100, progressTotal: 100 });
    expect(await rowOf(job.id)).toMatchObject({ progressDone: 100, progressTotal: 100, result: { counted: 100 } });
    await runner.stop();
  });

  it('stop() aborts the running job, fails the queued ones as interrupted and takes no more', async () => {
    const runner = newRunner();
    const started = gate();
    runner.register('slow', async (job) => {
      started.open();
      await new Promise((resolve, reject) => {
        job.signal.addEventListener('abort', () => reject(new Error('aborted')));
        setTimeout(resolve, 60_000).unref();
      });
      return {};
    });
    const running = await runner.enqueue(owner(), 'slow', {});
    const queued = await runner.enqueue(owner(), 'slow', {});
    // Stop once the handler listens for the abort (a fixed sleep may end before it runs).
    await started.opened;
    const stopping = Date.now();
    await runner.stop();
    // Far below the handler's 60 s: stop() aborts it instead of waiting for it.
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(await rowOf(running.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await rowOf(queued.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await runner.waitFor(queued.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
    await expect(runner.enqueue(owner(), 'slow', {})).rejects.toThrow('The job runner has stopped.');
  });

  it('at start, fails the jobs a previous process left queued or running', async () => {
    const [queued, running, finished] = await db()
      .insert(backgroundJobs)
      .values([
        { companyId: tenant.companyId, kind: 'x', status: 'queued' },
        { companyId: tenant.companyId, kind: 'x', status: 'running', startedAt: new Date() },
        { companyId: tenant.companyId, kind: 'x', status: 'succeeded', result: { ok: true } },
      ])
      .returning();
    expect(await newRunner().failInterrupted()).toBe(2);
    expect(await rowOf(queued!.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect((await rowOf(running!.id)).finishedAt).toBeInstanceOf(Date);
    expect(await rowOf(finished!.id)).toMatchObject({ status: 'succeeded', error: null, result: { ok: true } });
  });

  it('each app has its own runner, and closing the app stops it before the database closes', async () => {
    const second = await createTestApp();
    expect(second.jobs).not.toBe(app.jobs);
    const hold = gate();
    const started = gate();
    let aborted = false;
    second.jobs.register('held', async (job) => {
      started.open();
      job.signal.addEventListener('abort', () => {
        aborted = true;
        hold.open();
      });
      await hold.opened;
      throw new Error('stopped');
    });
    const owner2 = await createTenant(second);
    const job = await second.jobs.enqueue({ companyId: owner2.companyId, accountId: null }, 'held', {});
    const settled = second.jobs.waitFor(job.id);
    await started.opened;
    // What the job's row says at the moment the database closes.
    const database = second.deps.database;
    const close = database.close;
    let atClose: unknown;
    database.close = async () => {
      atClose = await rowOfIn(second, job.id);
      await close();
    };
    await second.close();
    expect(aborted).toBe(true);
    expect(atClose).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await settled).toMatchObject({ status: 'failed', error: 'interrupted' });
  });
});
