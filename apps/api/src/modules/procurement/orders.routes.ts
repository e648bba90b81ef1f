import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProcurementOrderBody,
  CreateProcurementOrderItemBody,
  CreateProcurementOrderItemResponse,
  IdParams,
  ListProcurementOrderItemsQuery,
  ListProcurementOrdersQuery,
  ProcurementOrderDetailResponse,
  ProcurementOrderItemPage,
  ProcurementOrderItemResponse,
  ProcurementOrderPage,
  ReceiveProcurementOrderItemBody,
  ReceiveProcurementOrderItemResponse,
  UpdateProcurementOrderBody,
  UpdateProcurementOrderItemBody,
} from '@kontor/contract';
import { procurementOrderItems, procurementOrders } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as ordersService from './orders.service.js';

/** Purchase orders, their items and receiving (spec §7 "Procurement orders", ADR 0009 paths). */
export const procurementOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['procurement'];
  const orderItem = ownedBy(procurementOrderItems);
  const noContent = { 204: z.null() };

  app.get('/procurement/orders/', { schema: { tags, querystring: ListProcurementOrdersQuery, response: { 200: ProcurementOrderPage } } }, async (request) =>
    ordersService.listOrders(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get('/procurement/orders/:id/', { schema: { tags, params: IdParams, response: { 200: ProcurementOrderDetailResponse } } }, async (request) =>
    ordersService.getOrder(request.ctx, request.params.id),
  );
  app.post(
    '/procurement/orders/',
    { schema: { tags, body: CreateProcurementOrderBody, response: { 201: ProcurementOrderDetailResponse } } },
    async (request, reply) => reply.status(201).send(await ordersService.createOrder(request.ctx, request.body)),
  );
  app.put(
    '/procurement/orders/:id/',
    {
      config: { pathObject: ownedBy(procurementOrders) },
      schema: { tags, params: IdParams, body: UpdateProcurementOrderBody, response: { 200: ProcurementOrderDetailResponse } },
    },
    async (request) => ordersService.updateOrder(request.ctx, request.params.id, request.body),
  );
  app.delete('/procurement/orders/:id/', { schema: { tags, params: IdParams, response: noContent } }, async (request, reply) => {
    await ordersService.deleteOrder(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/procurement/order_items/',
    { schema: { tags, querystring: ListProcurementOrderItemsQuery, response: { 200: ProcurementOrderItemPage } } },
    async (request) => ordersService.listItems(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.post(
    '/procurement/order_items/',
    { schema: { tags, body: CreateProcurementOrderItemBody, response: { 201: CreateProcurementOrderItemResponse } } },
    async (request, reply) => reply.status(201).send(await ordersService.createItem(request.ctx, request.body)),
  );
  app.put(
    '/procurement/order_items/:id/',
    {
      config: { pathObject: orderItem },
      schema: { tags, params: IdParams, body: UpdateProcurementOrderItemBody, response: { 200: ProcurementOrderItemResponse } },
    },
    async (request) => ordersService.updateItem(request.ctx, request.params.id, request.body),
  );
  app.delete('/procurement/order_items/:id/', { schema: { tags, params: IdParams, response: noContent } }, async (request, reply) => {
    await ordersService.deleteItem(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
  app.post(
    '/procurement/order_items/:id/receive/',
    {
      config: { pathObject: orderItem },
      schema: { tags, params: IdParams, body: ReceiveProcurementOrderItemBody, response: { 201: ReceiveProcurementOrderItemResponse } },
    },
    async (request, reply) => reply.status(201).send(await ordersService.receiveItem(request.ctx, request.params.id, request.body)),
  );
};
