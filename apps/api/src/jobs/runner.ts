import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { runAsSystem } from '../db/actor.js';
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
/** Queued or running: while unfinished a job holds its key (the condition of the unique index on `dedupe_key`). */
const UNFINISHED = sql`${backgroundJobs.status} in ('queued', 'running')`;

/** 'inline': this process runs the jobs it records (ADR 0009). 'worker': the table is a queue that worker processes claim from (ADR 0014). */
export type JobsMode = 'inline' | 'worker';

export type WorkOptions = {
  /** How often an idle worker looks for queued jobs and for jobs of dead workers. */
  pollMs?: number;
  /** How often a running job's row is touched, with its progress: other processes read both. */
  heartbeatMs?: number;
  /** A running job untouched for this long belongs to a process that died: it is failed as interrupted. */
  staleMs?: number;
};

const WORK_DEFAULTS: Required<WorkOptions> = { pollMs: 1000, heartbeatMs: 1000, staleMs: 60_000 };

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
 * The job runner. `background_jobs` is the record of every job. One runner belongs to one app
 * instance (tests' apps each have their own) or to one worker process.
 *
 * Inline (ADR 0009), this process runs the jobs it records, one at a time per kind in the order
 * they came, and keeps queued and running jobs in memory so their live progress can be
 * answered without the database.
 *
 * In worker mode (ADR 0014), `enqueue` only records a queued row. A runner that `work()`s (the
 * worker process) claims queued rows with SKIP LOCKED, still one at a time per kind in id
 * order, marks them with its id, and touches them while they run (heartbeat and progress), so
 * any API process answers their progress from the table and any worker can tell when the
 * owner died.
 */
export class JobRunner {
  /** This runner's name in `locked_by`: the rows of the jobs it owns. */
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly queues = new Map<string, ActiveJob[]>();
  private readonly draining = new Map<string, Promise<void>>();
  private readonly active = new Map<number, ActiveJob>();
  /** Keys of queued or running jobs (e.g. one import per feed), to the job that holds them. */
  private readonly keyed = new Map<string, Promise<ActiveJob>>();
  private readonly enqueuing = new Set<Promise<unknown>>();
  private stopped = false;
  /** Set while this runner claims jobs from the table (worker mode). */
  private working: { options: Required<WorkOptions>; timers: NodeJS.Timeout[]; chores: Set<Promise<void>> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly mode: JobsMode = 'inline',
  ) {}

  register<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as JobHandler);
  }

  /**
   * At start, inline only: jobs a previous process left queued or running will never finish;
   * fail them. With workers other processes own running jobs: see `work()` for their recovery.
   */
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
    if (this.mode === 'worker') {
      const row = await this.record(owner, kind, payload, key);
      // A worker's own scheduler queued it: claim it now rather than at the next poll.
      if (this.working) this.kick(kind);
      return row;
    }
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

  /**
   * Worker mode: a queued row for any worker to claim. With a key, the unique index on queued and
   * running keys decides between processes; the holder is answered instead of a new job.
   */
  private async record(owner: JobOwner, kind: string, payload: Record<string, unknown>, key: string | undefined): Promise<JobRow> {
    const values = { companyId: owner.companyId, accountId: owner.accountId, kind, payload, dedupeKey: key ?? null };
    if (!key) return (await this.db.insert(backgroundJobs).values(values).returning())[0]!;
    // The holder can finish between the insert and the select: then the key is free, try again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await this.db
        .insert(backgroundJobs)
        .values(values)
        .onConflictDoNothing({ target: backgroundJobs.dedupeKey, where: UNFINISHED })
        .returning();
      if (row) return row;
      const [holder] = await this.db
        .select()
        .from(backgroundJobs)
        .where(and(eq(backgroundJobs.dedupeKey, key), UNFINISHED));
      if (holder) return holder;
    }
    throw new Error(`Could not queue a job for key '${key}'.`);
  }

  private async insert(owner: JobOwner, kind: string, payload: Record<string, unknown>, key: string | undefined): Promise<ActiveJob> {
    // locked_by: this process owns the row from the start, so no worker ever claims it.
    const [row] = await this.db
      .insert(backgroundJobs)
      .values({ companyId: owner.companyId, accountId: owner.accountId, kind, payload, dedupeKey: key ?? null, lockedBy: this.id })
      .returning();
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

  /**
   * Resolves with the job's final row once it has finished (at once if it already has). A job
   * another process runs (worker mode) is watched in the table.
   */
  async waitFor(id: number): Promise<JobRow> {
    for (;;) {
      const job = this.active.get(id);
      if (job) return job.settled;
      const [row] = await this.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
      if (!row) throw new Error(`No job ${id}.`);
      if (this.mode === 'inline' || row.status === 'succeeded' || row.status === 'failed') return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Resolves when nothing is queued or running. */
  async whenIdle(): Promise<void> {
    while (this.enqueuing.size || this.draining.size) {
      await Promise.allSettled([...this.enqueuing, ...this.draining.values()]);
    }
  }

  /**
   * Worker mode: claims queued jobs from the table until `stop()`: at most one at a time per
   * kind, oldest first, like the inline runner, while other workers take the next ones. Jobs
   * whose worker died (heartbeat older than `staleMs`) are failed as interrupted, as a restart
   * does inline: a job is never run twice, and a key it held is free again.
   */
  work(options: WorkOptions = {}): void {
    if (this.mode !== 'worker') throw new Error('Only a runner in worker mode claims jobs from the table.');
    if (this.working || this.stopped) return;
    const working = { options: { ...WORK_DEFAULTS, ...options }, timers: [] as NodeJS.Timeout[], chores: new Set<Promise<void>>() };
    this.working = working;
    // A slow round is not overlapped by the next one.
    const every = (ms: number, chore: () => Promise<void>) => {
      let round: Promise<void> | undefined;
      const tick = () => {
        if (round || this.stopped) return;
        round = chore()
          .catch((err: unknown) => this.log.error({ err }, 'job worker round failed'))
          .finally(() => {
            working.chores.delete(round!);
            round = undefined;
          });
        working.chores.add(round);
      };
      working.timers.push(setInterval(tick, ms));
      tick();
    };
    every(working.options.pollMs, async () => {
      await this.failDead(working.options.staleMs);
      for (const kind of this.handlers.keys()) this.kick(kind);
    });
    every(working.options.heartbeatMs, () => this.heartbeat());
  }

  /** Jobs of processes that stopped touching their rows. Queued rows no process owns wait for a worker. */
  private async failDead(staleMs: number): Promise<void> {
    const rows = await this.db
      .update(backgroundJobs)
      .set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: sql`now()` })
      .where(
        and(
          UNFINISHED,
          sql`${backgroundJobs.lockedBy} is not null`,
          // An inline process never touches its rows: its jobs count from their start.
          sql`coalesce(${backgroundJobs.heartbeatAt}, ${backgroundJobs.startedAt}, ${backgroundJobs.createdAt}) < now() - make_interval(secs => ${staleMs / 1000})`,
        ),
      )
      .returning({ id: backgroundJobs.id });
    if (rows.length) this.log.warn({ jobs: rows.map((r) => r.id) }, 'jobs of a worker that stopped marked interrupted');
  }

  /** Touches this worker's running jobs, with their live progress. A row taken for dead meanwhile aborts its job. */
  private async heartbeat(): Promise<void> {
    for (const job of [...this.active.values()]) {
      const [mine] = await this.db
        .update(backgroundJobs)
        .set({ heartbeatAt: sql`now()`, progressDone: job.row.progressDone, progressTotal: job.row.progressTotal })
        .where(and(eq(backgroundJobs.id, job.row.id), eq(backgroundJobs.lockedBy, this.id), eq(backgroundJobs.status, 'running')))
        .returning({ id: backgroundJobs.id });
      if (!mine && this.active.has(job.row.id)) {
        this.log.error({ job: job.row.id }, 'job was taken for interrupted while it ran here; aborting it');
        job.abort.abort();
      }
    }
  }

  /** Takes the oldest queued job of the kind that no process owns; SKIP LOCKED lets workers claim side by side. */
  private async claim(kind: string): Promise<ActiveJob | undefined> {
    const oldest = this.db
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.status, 'queued'), eq(backgroundJobs.kind, kind), isNull(backgroundJobs.lockedBy)))
      .orderBy(backgroundJobs.id)
      .limit(1)
      .for('no key update', { skipLocked: true });
    const [row] = await this.db
      .update(backgroundJobs)
      .set({ status: 'running', lockedBy: this.id, startedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(sql`${backgroundJobs.id} = ${oldest}`)
      .returning();
    if (!row) return undefined;
    let resolve!: (row: JobRow) => void;
    const settled = new Promise<JobRow>((r) => (resolve = r));
    const job: ActiveJob = { row, key: undefined, abort: new AbortController(), lastSavedAt: Date.now(), settled, resolve };
    this.active.set(row.id, job);
    return job;
  }

  /** A job claimed while the worker was stopping has not started: it goes back to the queue for another worker. */
  private async release(job: ActiveJob): Promise<void> {
    try {
      await this.db
        .update(backgroundJobs)
        .set({ status: 'queued', lockedBy: null, startedAt: null, heartbeatAt: null })
        .where(and(eq(backgroundJobs.id, job.row.id), eq(backgroundJobs.lockedBy, this.id)));
      job.row = { ...job.row, status: 'queued', lockedBy: null, startedAt: null, heartbeatAt: null };
    } catch (err) {
      // Left running with a heartbeat that stops: another worker fails it as interrupted.
      this.log.error({ err, job: job.row.id }, 'could not put a claimed job back');
    }
    this.active.delete(job.row.id);
    job.resolve(job.row);
  }

  /**
   * Stops taking jobs: running ones are aborted and awaited (their transactions roll back),
   * queued ones are marked interrupted (inline; a worker's queue is the table and stays).
   * Call it before the database closes.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.working?.timers ?? []) clearInterval(timer);
    await Promise.allSettled([...this.enqueuing]);
    for (const queue of this.queues.values()) {
      for (const job of queue.splice(0)) await this.finish(job, { status: 'failed', error: JOB_INTERRUPTED, result: null });
    }
    for (const job of this.active.values()) job.abort.abort();
    await Promise.allSettled([...this.draining.values(), ...(this.working?.chores ?? [])]);
  }

  private snapshot(job: ActiveJob): JobRow {
    return { ...job.row };
  }

  private kick(kind: string) {
    if (this.draining.has(kind) || this.stopped) return;
    // Jobs are the system's writes (ADR 0016), in inline mode too: the loop is often started by a
    // request, and must not run as its user the jobs that other users queue meanwhile.
    const run = runAsSystem(() => this.drain(kind)).finally(() => {
      this.draining.delete(kind);
      // A job queued while the loop was finishing gets a new loop.
      if (this.queues.get(kind)?.length) this.kick(kind);
    });
    this.draining.set(kind, run);
  }

  private async drain(kind: string) {
    if (this.mode === 'worker') return this.drainTable(kind);
    const queue = this.queues.get(kind)!;
    for (let job = queue.shift(); job; job = this.stopped ? undefined : queue.shift()) await this.execute(job);
  }

  private async drainTable(kind: string) {
    while (!this.stopped) {
      let job: ActiveJob | undefined;
      try {
        job = await this.claim(kind);
      } catch (err) {
        // The database is away: the next poll tries again.
        this.log.error({ err, kind }, 'could not claim a job');
        return;
      }
      if (!job) return;
      if (this.stopped) return this.release(job);
      await this.execute(job);
    }
  }

  private async execute(job: ActiveJob) {
    const handler = this.handlers.get(job.row.kind)!;
    const log = this.log.child({ job: job.row.id, kind: job.row.kind });
    // A claimed job (worker mode) is running already.
    if (job.row.status === 'queued') {
      job.row = { ...job.row, status: 'running', startedAt: new Date() };
      try {
        await this.db.update(backgroundJobs).set({ status: 'running', startedAt: job.row.startedAt }).where(eq(backgroundJobs.id, job.row.id));
      } catch (err) {
        log.error({ err }, 'could not start job');
        await this.finish(job, { status: 'failed', error: INTERNAL_FAILURE, result: null });
        return;
      }
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
    // A worker writes the end only while the row is still its own: a job taken for dead keeps 'interrupted'.
    const where =
      this.mode === 'worker'
        ? and(eq(backgroundJobs.id, job.row.id), eq(backgroundJobs.lockedBy, this.id), eq(backgroundJobs.status, 'running'))
        : eq(backgroundJobs.id, job.row.id);
    try {
      const [row] = await this.db.update(backgroundJobs).set(values).where(where).returning();
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
