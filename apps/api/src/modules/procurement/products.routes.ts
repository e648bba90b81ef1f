import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToCatalogResponse,
  IdParams,
  ListProcurementProductsQuery,
  ProcurementOrderAndBackorderDataQuery,
  ProcurementOrderAndBackorderDataResponse,
  ProcurementProductIdsBody,
  ProcurementProductPage,
  ProcurementProductResponse,
  SkipProcurementProductsResponse,
} from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as productsService from './products.service.js';

/** The procurement product grid and what it does with a selection (spec §7 "Procurement products and suppliers"). */
export const procurementProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['procurement'];

  app.get(
    '/procurement/products/',
    { schema: { tags, querystring: ListProcurementProductsQuery, response: { 200: ProcurementProductPage } } },
    async (request) => productsService.listProducts(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  // A static path: Fastify prefers it over /procurement/products/:id/.
  app.get(
    '/procurement/products/with_procurement_order_and_backorder_data/',
    { schema: { tags, querystring: ProcurementOrderAndBackorderDataQuery, response: { 200: ProcurementOrderAndBackorderDataResponse } } },
    async (request) => productsService.procurementOrderAndBackorderData(request.ctx, request.query.product_ids),
  );

  app.get('/procurement/products/:id/', { schema: { tags, params: IdParams, response: { 200: ProcurementProductResponse } } }, async (request) =>
    productsService.getProduct(request.ctx, request.params.id),
  );

  app.post(
    '/procurement/products/skip/',
    { schema: { tags, body: ProcurementProductIdsBody, response: { 200: SkipProcurementProductsResponse } } },
    async (request) => productsService.setSkipped(request.ctx, request.body.ids, true),
  );

  app.post(
    '/procurement/products/unskip/',
    { schema: { tags, body: ProcurementProductIdsBody, response: { 200: SkipProcurementProductsResponse } } },
    async (request) => productsService.setSkipped(request.ctx, request.body.ids, false),
  );

  app.post(
    '/procurement/products/add-to-catalog/',
    { schema: { tags, body: ProcurementProductIdsBody, response: { 201: AddToCatalogResponse } } },
    async (request, reply) => reply.status(201).send(await productsService.addToCatalog(request.ctx, request.body.ids)),
  );
};
