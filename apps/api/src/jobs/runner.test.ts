import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { currentActorId, runAsActor } from '../db/actor.js';
import { auditEvents, backgroundJobs, companies } from '../db/schema/index.js';
import { createTenant, createTestApp, type Tenant, type TestApp } from '../../test/helpers.js';
import { JobFailure, JobRunner, type JobContext, type WorkOptions } from './runner.js';

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

describe('JobRunner in worker mode (ADR 0014)', () => {
  // Rounds far faster than production's, so the tests do not wait for them.
  const FAST: WorkOptions = { pollMs: 50, heartbeatMs: 50, staleMs: 60_000 };
  const runners: JobRunner[] = [];
  /** A runner as an API process with JOBS=worker has it, or (after `work()`) as a worker process does. */
  const queueRunner = (...kinds: [string, (job: JobContext) => Promise<Record<string, unknown>>][]) => {
    const runner = new JobRunner(db(), app.log, 'worker');
    for (const [kind, handler] of kinds) runner.register(kind, handler);
    runners.push(runner);
    return runner;
  };
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
  });

  it('only records the job; a working runner claims it, writes its progress to the table and records the result', async () => {
    const counted = gate();
    const step = gate();
    const count = async (job: JobContext) => {
      job.progress(5, 10);
      counted.open();
      await step.opened;
      job.progress(10, 10);
      return { counted: 10 };
    };
    const api = queueRunner(['w_count', count]);
    const job = await api.enqueue(owner(), 'w_count', { rows: 10 });
    expect(job).toMatchObject({ status: 'queued', lockedBy: null, kind: 'w_count', payload: { rows: 10 } });
    expect(api.live(job.id)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    // Nobody works yet: the job waits in the table, however long.
    expect(await rowOf(job.id)).toMatchObject({ status: 'queued', startedAt: null });

    const worker = queueRunner(['w_count', count]);
    worker.work(FAST);
    await counted.opened;
    // The heartbeat writes the live progress, so any process answers it from the table.
    await vi.waitFor(async () => expect(await rowOf(job.id)).toMatchObject({ status: 'running', lockedBy: worker.id, progressDone: 5, progressTotal: 10 }), {
      timeout: 10_000,
    });
    expect(api.live(job.id)).toBeUndefined();
    step.open();
    const done = await api.waitFor(job.id);
    expect(done).toMatchObject({ status: 'succeeded', result: { counted: 10 }, progressDone: 10, error: null, lockedBy: worker.id });
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt!.getTime());
  });

  it('runs one job at a time per kind, oldest first, other kinds alongside', async () => {
    const events: string[] = [];
    const gates = new Map([
      ['a1', gate()],
      ['a2', gate()],
      ['b1', gate()],
    ]);
    const handler = async (job: JobContext) => {
      const name = job.payload.name as string;
      events.push(`start ${name}`);
      await gates.get(name)!.opened;
      events.push(`end ${name}`);
      return {};
    };
    const worker = queueRunner(['w_a', handler], ['w_b', handler]);
    const a1 = await worker.enqueue(owner(), 'w_a', { name: 'a1' });
    const a2 = await worker.enqueue(owner(), 'w_a', { name: 'a2' });
    const b1 = await worker.enqueue(owner(), 'w_b', { name: 'b1' });
    worker.work(FAST);
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: 10_000 });
    expect(events.sort()).toEqual(['start a1', 'start b1']);
    expect(await rowOf(a2.id)).toMatchObject({ status: 'queued' });
    gates.get('a2')!.open();
    gates.get('b1')!.open();
    await worker.waitFor(b1.id);
    gates.get('a1')!.open();
    expect(await worker.waitFor(a2.id)).toMatchObject({ status: 'succeeded' });
    expect(events.filter((e) => / a\d$/.test(e))).toEqual(['start a1', 'end a1', 'start a2', 'end a2']);
    expect((await rowOf(a1.id)).status).toBe('succeeded');
  });

  it('two workers never run the same job', async () => {
    const runs = new Map<number, number>();
    const busy = new Map<string, number>();
    let overlapped = false;
    const handlerOf = (name: string) => async (job: JobContext) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      busy.set(name, (busy.get(name) ?? 0) + 1);
      if (busy.get(name)! > 1) overlapped = true;
      await new Promise((r) => setTimeout(r, 5));
      busy.set(name, busy.get(name)! - 1);
      return { by: name };
    };
    const api = queueRunner(['w_many', handlerOf('api')]);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await api.enqueue(owner(), 'w_many', { i })).id);
    const one = queueRunner(['w_many', handlerOf('one')]);
    const two = queueRunner(['w_many', handlerOf('two')]);
    one.work(FAST);
    two.work(FAST);
    const rows = await Promise.all(ids.map((id) => api.waitFor(id)));
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    expect(new Set(rows.map((r) => r.lockedBy)).size).toBeLessThanOrEqual(2);
    expect(rows.every((r) => r.lockedBy === one.id || r.lockedBy === two.id)).toBe(true);
    // Each worker keeps to one job of a kind at a time.
    expect(overlapped).toBe(false);
  });

  it('answers the queued or running job for the same key, from any process, until it has finished', async () => {
    const hold = gate();
    const handler = async () => {
      await hold.opened;
      return {};
    };
    const first = queueRunner(['w_keyed', handler]);
    const second = queueRunner(['w_keyed', handler]);
    const [a, b] = await Promise.all([first.enqueue(owner(), 'w_keyed', {}, { key: 'w-feed:1' }), second.enqueue(owner(), 'w_keyed', {}, { key: 'w-feed:1' })]);
    expect(b.id).toBe(a.id);
    expect((await second.enqueue(owner(), 'w_keyed', {}, { key: 'w-feed:2' })).id).not.toBe(a.id);
    const worker = queueRunner(['w_keyed', handler]);
    worker.work(FAST);
    await vi.waitFor(async () => expect((await rowOf(a.id)).status).toBe('running'), { timeout: 10_000 });
    // Running holds the key too.
    expect((await first.enqueue(owner(), 'w_keyed', {}, { key: 'w-feed:1' })).id).toBe(a.id);
    hold.open();
    await first.waitFor(a.id);
    const again = await second.enqueue(owner(), 'w_keyed', {}, { key: 'w-feed:1' });
    expect(again.id).not.toBe(a.id);
    await second.waitFor(again.id);
  });

  it('fails the jobs of a worker that stopped touching them, as interrupted, and frees their keys; a live worker keeps its long job', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const [dead, inlineLeft] = await db()
      .insert(backgroundJobs)
      .values([
        {
          companyId: tenant.companyId,
          kind: 'w_gone',
          status: 'running',
          lockedBy: 'gone-host:1:dead',
          startedAt: longAgo,
          heartbeatAt: longAgo,
          dedupeKey: 'w-dead:1',
        },
        // An inline process never writes a heartbeat: its started_at counts.
        { companyId: tenant.companyId, kind: 'w_gone', status: 'running', lockedBy: 'gone-host:2:inline', startedAt: longAgo },
      ])
      .returning();
    const long = async () => {
      await new Promise((r) => setTimeout(r, 2500));
      return { long: true };
    };
    const worker = queueRunner(['w_long', long], ['w_gone', long]);
    const job = await worker.enqueue(owner(), 'w_long', {});
    worker.work({ pollMs: 100, heartbeatMs: 100, staleMs: 1000 });
    await vi.waitFor(async () => expect(await rowOf(dead!.id)).toMatchObject({ status: 'failed', error: 'interrupted' }), { timeout: 10_000 });
    expect((await rowOf(dead!.id)).finishedAt).toBeInstanceOf(Date);
    expect(await rowOf(inlineLeft!.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
    // Failed, not run again: a job that killed its worker could kill the next one too.
    expect(await worker.waitFor(job.id)).toMatchObject({ status: 'succeeded', result: { long: true } });
    const fresh = await worker.enqueue(owner(), 'w_gone', {}, { key: 'w-dead:1' });
    expect(fresh.id).not.toBe(dead!.id);
    expect(await worker.waitFor(fresh.id)).toMatchObject({ status: 'succeeded' });
  });

  it('aborts a job that was taken for interrupted while it ran, and leaves the row as that', async () => {
    const started = gate();
    const worker = queueRunner([
      'w_taken',
      async (job) => {
        started.open();
        // Ignores the abort on purpose: its success must not overwrite 'interrupted'.
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
        return { late: true };
      },
    ]);
    const job = await worker.enqueue(owner(), 'w_taken', {});
    worker.work(FAST);
    await started.opened;
    // As another worker's recovery does when this one looked dead.
    await db().update(backgroundJobs).set({ status: 'failed', error: 'interrupted', finishedAt: new Date() }).where(eq(backgroundJobs.id, job.id));
    await vi.waitFor(() => expect(worker.live(job.id)).toBeUndefined(), { timeout: 10_000 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed', error: 'interrupted', result: null });
  });

  it('stop() aborts the running job as interrupted and leaves queued ones for another worker', async () => {
    const started = gate();
    const slow = async (job: JobContext) => {
      started.open();
      await new Promise((resolve, reject) => {
        job.signal.addEventListener('abort', () => reject(new Error('aborted')));
        setTimeout(resolve, 60_000).unref();
      });
      return {};
    };
    const worker = queueRunner(['w_slow', slow]);
    const running = await worker.enqueue(owner(), 'w_slow', {});
    const queued = await worker.enqueue(owner(), 'w_slow', {});
    worker.work(FAST);
    await started.opened;
    const stopping = Date.now();
    await worker.stop();
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(await rowOf(running.id)).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await rowOf(queued.id)).toMatchObject({ status: 'queued', lockedBy: null, startedAt: null });
    await expect(worker.enqueue(owner(), 'w_slow', {})).rejects.toThrow('The job runner has stopped.');
  });

  it('claims nothing inline: a job an inline runner recorded is never taken by a worker', async () => {
    expect(() => newRunner().work()).toThrow('Only a runner in worker mode claims jobs from the table.');
    const inline = newRunner();
    const hold = gate();
    let runs = 0;
    const handler = async () => {
      runs += 1;
      await hold.opened;
      return {};
    };
    inline.register('w_mixed', handler);
    const first = await inline.enqueue(owner(), 'w_mixed', {});
    const second = await inline.enqueue(owner(), 'w_mixed', {});
    expect(await rowOf(second.id)).toMatchObject({ status: 'queued', lockedBy: inline.id });
    const worker = queueRunner(['w_mixed', handler]);
    worker.work(FAST);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
    hold.open();
    await inline.whenIdle();
    expect(runs).toBe(2);
    expect(await rowOf(first.id)).toMatchObject({ status: 'succeeded', lockedBy: inline.id });
    await inline.stop();
  });
});

describe('JobRunner and the audit trail (ADR 0016)', () => {
  it('runs every job as the system, whoever queued it and whichever request started the queue', async () => {
    const runner = newRunner();
    const hold = gate();
    const seen: (number | null)[] = [];
    runner.register<{ name: string }>('as_system', async (job) => {
      seen.push(currentActorId());
      await hold.opened;
      // A write to an audited table: its history must say "System", not a request's user.
      await job.db.transaction((tx) => tx.update(companies).set({ name: job.payload.name }).where(eq(companies.id, tenant.companyId)));
      return {};
    });
    // The first request starts the kind's queue; a second user's job waits in that queue.
    await runAsActor(tenant.user.id, () => runner.enqueue(owner(), 'as_system', { name: 'Queued by one user' }));
    await runAsActor(tenant.user.id + 1000, () => runner.enqueue(owner(), 'as_system', { name: 'Queued by another' }));
    hold.open();
    await runner.whenIdle();
    expect(seen).toEqual([null, null]);
    const events = await db()
      .select({ userId: auditEvents.userId, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'company'), eq(auditEvents.entityId, tenant.companyId)))
      .orderBy(desc(auditEvents.id))
      .limit(2);
    expect(events).toEqual([
      { userId: null, after: { name: 'Queued by another' } },
      { userId: null, after: { name: 'Queued by one user' } },
    ]);
    await runner.stop();
  });
});
