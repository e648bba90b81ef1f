import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@kontor/contract';
import { pingDatabase } from '../../db/client.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const { db, driver } = app.deps.database;
      const up = await pingDatabase(db);
      const body = { status: up ? 'ok' : 'degraded', db: { status: up ? 'ok' : 'down', driver }, version: app.deps.version } as const;
      return reply.status(up ? 200 : 503).send(body);
    },
  );
};
