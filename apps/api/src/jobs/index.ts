import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { exportFiles } from '../modules/catalog/publish/export-files.js';
import { registerPublishJob } from '../modules/catalog/publish/publish.job.js';
import { registerFeedImportJob } from '../modules/procurement/feed-import/job.js';
import { JobRunner } from './runner.js';

/** The app's runner with every job kind registered. A new kind registers itself here. */
export function createJobRunner(db: Db, log: FastifyBaseLogger, config: Pick<Config, 'dataDir'>): JobRunner {
  const runner = new JobRunner(db, log);
  registerFeedImportJob(runner);
  registerPublishJob(runner, exportFiles(config));
  return runner;
}
