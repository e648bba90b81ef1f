import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  BackorderPage,
  BackorderResponse,
  CreateBackorderBody,
  IdParams,
  ListBackordersQuery,
  ReserveBackorderBody,
  ReserveBackorderResponse,
} from '@kontor/contract';
import { customerBackorders } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as backordersService from './backorders.service.js';

/** Customer backorders (spec §7 "Customer orders"): list, add, remove, reserve against a purchase order line. */
export const customerBackordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];
  // Only an open backorder is reserved: a resolved one is a 404 like a missing one.
  const openBackorder = ownedBy(customerBackorders, () => isNull(customerBackorders.resolvedAt));
  app.get('/customers/backorders/', { schema: { tags, querystring: ListBackordersQuery, response: { 200: BackorderPage } } }, async (request) =>
    backordersService.listBackorders(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.post('/customers/backorders/', { schema: { tags, body: CreateBackorderBody, response: { 201: BackorderResponse } } }, async (request, reply) =>
    reply.status(201).send(await backordersService.createBackorder(request.ctx, request.body)),
  );
  app.delete('/customers/backorders/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await backordersService.deleteBackorder(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
  app.post(
    '/customers/backorders/:id/reserve/',
    { config: { pathObject: openBackorder }, schema: { tags, params: IdParams, body: ReserveBackorderBody, response: { 200: ReserveBackorderResponse } } },
    async (request) => backordersService.reserveBackorder(request.ctx, request.params.id, request.body),
  );
};
