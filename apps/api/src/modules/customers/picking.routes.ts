import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, PickQuery, PickResponse, UnpickQuery, UnpickResponse } from '@kontor/contract';
import * as pickingService from './picking.service.js';

/** Picking and unpicking order items (spec §7 "Customer orders"): GET as the spec calls them, and POST. */
export const customerPickingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];
  app.route({
    method: ['GET', 'POST'],
    url: '/customers/order_items/:id/actions/pick/',
    schema: { tags, params: IdParams, querystring: PickQuery, response: { 200: PickResponse } },
    handler: async (request) => pickingService.pick(request.ctx, request.params.id, request.query),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/customers/order_items/:id/actions/unpick/',
    schema: { tags, params: IdParams, querystring: UnpickQuery, response: { 200: UnpickResponse } },
    handler: async (request) => pickingService.unpick(request.ctx, request.params.id, request.query),
  });
};
