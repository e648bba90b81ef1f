import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { exportFiles } from '../modules/catalog/publish/export-files.js';
import { registerPublishJob } from '../modules/catalog/publish/publish.job.js';
import { registerFeedImportJob } from '../modules/procurement/feed-import/job.js';
import { JobRunner } from './runner.js';

/**
 * A runner with every job kind registered (a new kind registers itself here): the app's, which
 * runs its jobs or only queues them per JOBS, or a worker process's (jobs: 'worker').
 */
export function createJobRunner(db: Db, log: FastifyBaseLogger, config: Pick<Config, 'dataDir' | 'jobs' | 'publicUrl' | 'outboundAllowPrivate'>): JobRunner {
  const runner = new JobRunner(db, log, config.jobs);
  registerFeedImportJob(runner, config);
  registerPublishJob(runner, exportFiles(config));
  return runner;
}
