import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';

/** What services need from the outside world; built once in app.ts. */
export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  version: string;
};
