import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OrderResponse, PickQuery, PickResponse, UnpickQuery, UnpickResponse, UpdateOrderItemBody } from '@kontor/contract';
import { customerOrderItems } from '../../db/schema/index.js';
import { ownedBy } from '../../http/path-object.js';
import { getOrder } from './orders.service.js';
import * as pickingService from './picking.service.js';

/** Picking and unpicking order items (spec §7 "Customer orders"): GET as the spec calls them, and POST; and linking an item to its catalog product. */
export const customerPickingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];
  const orderItem = ownedBy(customerOrderItems);
  app.route({
    method: ['GET', 'POST'],
    url: '/customers/order_items/:id/actions/pick/',
    config: { pathObject: orderItem },
    schema: { tags, params: IdParams, querystring: PickQuery, response: { 200: PickResponse } },
    handler: async (request) => pickingService.pick(request.ctx, request.params.id, request.query),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/customers/order_items/:id/actions/unpick/',
    config: { pathObject: orderItem },
    schema: { tags, params: IdParams, querystring: UnpickQuery, response: { 200: UnpickResponse } },
    handler: async (request) => pickingService.unpick(request.ctx, request.params.id, request.query),
  });
  app.put(
    '/customers/order_items/:id/',
    { config: { pathObject: orderItem }, schema: { tags, params: IdParams, body: UpdateOrderItemBody, response: { 200: OrderResponse } } },
    async (request) => getOrder(request.ctx, await pickingService.linkOrderItemProduct(request.ctx, request.params.id, request.body)),
  );
};
