import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { registerFeedImportJob } from '../modules/procurement/feed-import/job.js';
import { JobRunner } from './runner.js';

/** The app's runner with every job kind registered. A new kind registers itself here. */
export function createJobRunner(db: Db, log: FastifyBaseLogger): JobRunner {
  const runner = new JobRunner(db, log);
  registerFeedImportJob(runner);
  return runner;
}
