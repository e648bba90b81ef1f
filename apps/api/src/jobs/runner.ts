import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { backgroundJobs } from '../db/schema/index.js';

export type JobRow = typeof backgroundJobs.$inferSelect;

/** Who a job runs for: its company, and the user who started it (null for the scheduler). */
export type JobOwner = { companyId: number; accountId: number | null };

export type JobContext<P = Record<string, unknown>> = {
  id: number;
  kind: string;
  companyId: number;
  accountId: number | null;
  payload: P;
  db: Db;
  log: FastifyBaseLogger;
  /** Aborted when the runner stops; a handler gives up at its next step. */
  signal: AbortSignal;
  /** Live progress, kept in memory: cheap, call it as often as you like. */
  progress: (done: number, total?: number | null) => void;
  /**
   * Writes the progress to the table if the last write is a while ago. Call it only outside
   * a transaction: on PGlite a transaction holds the one connection.
   */
  saveProgress: () => Promise<void>;
};

/** What a handler returns is the job's `result`; what it throws fails the job. */
export type JobHandler<P = Record<string, unknown>> = (job: JobContext<P>) => Promise<Record<string, unknown>>;

/** A failure to tell the operator as it is; any other error is logged and reported in general words. */
export class JobFailure extends Error {}

export const JOB_INTERRUPTED = 'interrupted';
const INTERNAL_FAILURE = 'The job failed because of an internal error.';
const SAVE_PROGRESS_EVERY_MS = 1000;

/** The operator-facing text for a job's error. */
export function jobErrorMessage(err: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return JOB_INTERRUPTED;
  if (err instanceof JobFailure) return err.message;
  return INTERNAL_FAILURE;
}

type ActiveJob = {
  row: JobRow;
  key: string | undefined;
  abort: AbortController;
  lastSavedAt: number;
  settled: Promise<JobRow>;
  resolve: (row: JobRow) => void;
};

/**
 * The in-process job runner of ADR 0009. `background_jobs` is the record; this process runs
 * them, one at a time per kind in the order they came, and keeps queued and running jobs in
 * memory so their live progress can be answered without the database. One runner belongs to
 * one app instance: tests' apps each have their own.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly queues = new Map<string, ActiveJob[]>();
  private readonly draining = new Map<string, Promise<void>>();
  private readonly active = new Map<number, ActiveJob>();
  /** Keys of queued or running jobs (e.g. one import per feed), to the job that holds them. */
  private readonly keyed = new Map<string, Promise<ActiveJob>>();
  private readonly enqueuing = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  register<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as JobHandler);
  }

  /** At start: jobs a previous process left queued or running will never finish; fail them. */
  async failInterrupted(): Promise<number> {
    const rows = await this.db
      .update(backgroundJobs)
      .set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: new Date() })
      .where(inArray(backgroundJobs.status, ['queued', 'running']))
      .returning({ id: backgroundJobs.id });
    if (rows.length) this.log.warn({ jobs: rows.map((r) => r.id) }, 'jobs of a previous process marked interrupted');
    return rows.length;
  }

  /**
   * Records a job and queues it. With `key`, a job with the same key that is still queued or
   * running is answered instead of a new one.
   */
  async enqueue(owner: JobOwner, kind: string, payload: Record<string, unknown>, options: { key?: string } = {}): Promise<JobRow> {
    if (this.stopped) throw new Error('The job runner has stopped.');
    if (!this.handlers.has(kind)) throw new Error(`No handler for job kind '${kind}'.`);
    const { key } = options;
    const existing = key ? this.keyed.get(key) : undefined;
    if (existing) return this.snapshot(await existing);

    const pending = this.insert(owner, kind, payload, key);
    if (key) this.keyed.set(key, pending);
    this.enqueuing.add(pending);
    try {
      return this.snapshot(await pending);
    } catch (err) {
      if (key && this.keyed.get(key) === pending) this.keyed.delete(key);
      throw err;
    } finally {
      this.enqueuing.delete(pending);
    }
  }

  private async insert(owner: JobOwner, kind: string, payload: Record<string, unknown>, key: string | undefined): Promise<ActiveJob> {
    const [row] = await this.db.insert(backgroundJobs).values({ companyId: owner.companyId, accountId: owner.accountId, kind, payload }).returning();
    let resolve!: (row: JobRow) => void;
    const settled = new Promise<JobRow>((r) => (resolve = r));
    const job: ActiveJob = { row: row!, key, abort: new AbortController(), lastSavedAt: Date.now(), settled, resolve };
    this.active.set(job.row.id, job);
    const queue = this.queues.get(kind) ?? [];
    this.queues.set(kind, queue);
    queue.push(job);
    this.kick(kind);
    return job;
  }

  /** A queued or running job of this process, with its live progress; undefined otherwise. */
  live(id: number): JobRow | undefined {
    const job = this.active.get(id);
    return job ? this.snapshot(job) : undefined;
  }

  /** Resolves with the job's final row once it has finished (at once if it already has). */
  async waitFor(id: number): Promise<JobRow> {
    const job = this.active.get(id);
    if (job) return job.settled;
    const [row] = await this.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    if (!row) throw new Error(`No job ${id}.`);
    return row;
  }

  /** Resolves when nothing is queued or running. */
  async whenIdle(): Promise<void> {
    while (this.enqueuing.size || this.draining.size) {
      await Promise.allSettled([...this.enqueuing, ...this.draining.values()]);
    }
  }

  /**
   * Stops taking jobs: running ones are aborted and awaited (their transactions roll back),
   * queued ones are marked interrupted. Call it before the database closes.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.enqueuing]);
    for (const queue of this.queues.values()) {
      for (const job of queue.splice(0)) await this.finish(job, { status: 'failed', error: JOB_INTERRUPTED, result: null });
    }
    for (const job of this.active.values()) job.abort.abort();
    await Promise.allSettled([...this.draining.values()]);
  }

  private snapshot(job: ActiveJob): JobRow {
    return { ...job.row };
  }

  private kick(kind: string) {
    if (this.draining.has(kind) || this.stopped) return;
    const run = this.drain(kind).finally(() => {
      this.draining.delete(kind);
      // A job queued while the loop was finishing gets a new loop.
      if (this.queues.get(kind)?.length) this.kick(kind);
    });
    this.draining.set(kind, run);
  }

  private async drain(kind: string) {
    const queue = this.queues.get(kind)!;
    for (let job = queue.shift(); job; job = this.stopped ? undefined : queue.shift()) await this.execute(job);
  }

  private async execute(job: ActiveJob) {
    const handler = this.handlers.get(job.row.kind)!;
    const log = this.log.child({ job: job.row.id, kind: job.row.kind });
    job.row = { ...job.row, status: 'running', startedAt: new Date() };
    try {
      await this.db.update(backgroundJobs).set({ status: 'running', startedAt: job.row.startedAt }).where(eq(backgroundJobs.id, job.row.id));
    } catch (err) {
      log.error({ err }, 'could not start job');
      await this.finish(job, { status: 'failed', error: INTERNAL_FAILURE, result: null });
      return;
    }
    const context: JobContext = {
      id: job.row.id,
      kind: job.row.kind,
      companyId: job.row.companyId,
      accountId: job.row.accountId,
      payload: job.row.payload,
      db: this.db,
      log,
      signal: job.abort.signal,
      progress: (done, total) => {
        job.row = { ...job.row, progressDone: done, progressTotal: total === undefined ? job.row.progressTotal : total };
      },
      saveProgress: async () => {
        if (Date.now() - job.lastSavedAt < SAVE_PROGRESS_EVERY_MS) return;
        job.lastSavedAt = Date.now();
        await this.db
          .update(backgroundJobs)
          .set({ progressDone: job.row.progressDone, progressTotal: job.row.progressTotal })
          .where(eq(backgroundJobs.id, job.row.id));
      },
    };
    try {
      const result = await handler(context);
      await this.finish(job, { status: 'succeeded', error: null, result });
    } catch (err) {
      if (!(err instanceof JobFailure) && !job.abort.signal.aborted) log.error({ err }, 'job failed');
      await this.finish(job, { status: 'failed', error: jobErrorMessage(err, job.abort.signal), result: null });
    }
  }

  private async finish(job: ActiveJob, outcome: { status: 'succeeded' | 'failed'; error: string | null; result: Record<string, unknown> | null }) {
    const values = { ...outcome, progressDone: job.row.progressDone, progressTotal: job.row.progressTotal, finishedAt: new Date() };
    try {
      const [row] = await this.db.update(backgroundJobs).set(values).where(eq(backgroundJobs.id, job.row.id)).returning();
      job.row = row ?? { ...job.row, ...values };
    } catch (err) {
      // The outcome still reaches waiters; a restart marks the row interrupted.
      this.log.error({ err, job: job.row.id }, 'could not record the end of a job');
      job.row = { ...job.row, ...values };
    }
    this.active.delete(job.row.id);
    // One job per key is queued or running at a time, so the key is this job's.
    if (job.key) this.keyed.delete(job.key);
    job.resolve(job.row);
  }
}
