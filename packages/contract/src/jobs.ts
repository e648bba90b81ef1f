import { z } from 'zod';

// ---- Background jobs (/jobs/{id}/, ADR 0009) ----
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/**
 * How far a job has come. `total` is null while it is not known yet (a feed import that is
 * still reading the file counts rows read in `done`; once the file is read, `total` is the
 * row count and `done` counts rows written).
 */
export const JobProgress = z.object({
  done: z.number().int(),
  total: z.number().int().nullable(),
});
export type JobProgress = z.infer<typeof JobProgress>;

/** A job and its outcome. `result` is the job kind's own summary (feed import: `FeedImportResult`). */
export const JobResponse = z.object({
  id: z.number().int(),
  /** What it does, e.g. 'feed_import'. */
  kind: z.string(),
  status: JobStatus,
  progress: JobProgress,
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed, in words for the operator; 'interrupted' when the server stopped while it ran. */
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobResponse = z.infer<typeof JobResponse>;

/** A job that has not finished yet. */
export const isJobActive = (job: Pick<JobResponse, 'status'>) => job.status === 'queued' || job.status === 'running';
