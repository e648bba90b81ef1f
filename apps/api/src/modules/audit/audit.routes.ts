import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEventPage, ListAuditEventsQuery } from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as auditService from './audit.service.js';

/** The History tabs' source (ADR 0016): what changed on a record, by whom, when. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/audit/events/', { schema: { tags: ['audit'], querystring: ListAuditEventsQuery, response: { 200: AuditEventPage } } }, async (request) =>
    auditService.listEvents(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
};
