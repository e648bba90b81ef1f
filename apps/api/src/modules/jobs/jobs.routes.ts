import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, JobResponse } from '@kontor/contract';
import { getJob } from './jobs.service.js';

/** Background jobs' status (ADR 0009): progress while they run, result or error when done. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jobs/:id/', { schema: { tags: ['jobs'], params: IdParams, response: { 200: JobResponse } } }, async (request) =>
    getJob(request.ctx, app.jobs, request.params.id),
  );
};
