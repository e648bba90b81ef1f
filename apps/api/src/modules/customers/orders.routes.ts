import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  ListOrdersQuery,
  OrderPage,
  OrderResponse,
  StorefrontConnectionBody,
  StorefrontConnectionResponse,
  SyncOrdersQuery,
  SyncOrdersResponse,
  UpdateOrderBody,
} from '@kontor/contract';
import { customerOrders } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import { outboundPolicy } from '../../lib/outbound.js';
import * as ordersService from './orders.service.js';
import * as storefrontService from './storefront.service.js';
import { syncOrders } from './woocommerce/sync.service.js';

/** Customer orders, their storefront sync and the storefront connection (spec §7 "Customer orders"). */
export const customerOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];

  app.get('/customers/orders/', { schema: { tags, querystring: ListOrdersQuery, response: { 200: OrderPage } } }, async (request) =>
    ordersService.listOrders(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  // GET as the spec calls it, and POST (DESIGN §3: the spec's unsafe GETs are also accepted as POST).
  app.route({
    method: ['GET', 'POST'],
    url: '/customers/orders/sync/',
    schema: { tags, querystring: SyncOrdersQuery, response: { 200: SyncOrdersResponse } },
    // The store URL is the user's: fetched only through the SSRF guard (lib/outbound.ts).
    handler: async (request) => syncOrders(request.ctx, request.query.no_of_days, { outbound: outboundPolicy(app.deps.config) }),
  });
  app.get('/customers/orders/:id/', { schema: { tags, params: IdParams, response: { 200: OrderResponse } } }, async (request) =>
    ordersService.getOrder(request.ctx, request.params.id),
  );
  app.put(
    '/customers/orders/:id/',
    { config: { pathObject: ownedBy(customerOrders) }, schema: { tags, params: IdParams, body: UpdateOrderBody, response: { 200: OrderResponse } } },
    async (request) => ordersService.updateOrder(request.ctx, request.params.id, request.body),
  );

  app.get('/customers/storefront/', { schema: { tags, response: { 200: StorefrontConnectionResponse } } }, async (request) =>
    storefrontService.getConnection(request.ctx),
  );
  // The storefront's consumer key and secret are credentials: an Admin's to set (issue 10 roles).
  app.put(
    '/customers/storefront/',
    { config: { adminOnly: true }, schema: { tags, body: StorefrontConnectionBody, response: { 200: StorefrontConnectionResponse } } },
    async (request) => storefrontService.saveConnection(request.ctx, request.body),
  );
};
