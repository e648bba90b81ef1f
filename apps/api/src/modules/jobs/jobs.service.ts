import { and, eq } from 'drizzle-orm';
import type { JobResponse } from '@kontor/contract';
import { backgroundJobs } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import type { JobRow, JobRunner } from '../../jobs/runner.js';

export const toJobResponse = (row: JobRow): JobResponse => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  progress: { done: row.progressDone, total: row.progressTotal },
  result: row.result,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  started_at: row.startedAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/**
 * The row, or the runner's live copy while the job is queued or running in this process (its
 * progress is in memory). A worker process (ADR 0014) writes its jobs' progress to the row.
 */
export function withLiveProgress(runner: JobRunner, row: JobRow): JobRow {
  return runner.live(row.id) ?? row;
}

export async function getJob(ctx: Ctx, runner: JobRunner, id: number): Promise<JobResponse> {
  const live = runner.live(id);
  if (live) {
    if (live.companyId !== ctx.user.companyId) throw notFound();
    return toJobResponse(live);
  }
  const [row] = await ctx.db
    .select()
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.companyId, ctx.user.companyId)));
  if (!row) throw notFound();
  return toJobResponse(row);
}
