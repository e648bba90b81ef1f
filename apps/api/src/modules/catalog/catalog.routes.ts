import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkDeleteProductsBody,
  BulkUpdateProductsBody,
  BulkUpdateProductsResponse,
  CreateProductBody,
  IdParams,
  ListProductsLiteQuery,
  ListProductsQuery,
  ProductLitePage,
  ProductCountQuery,
  ProductCountResponse,
  ProductPage,
  ProductResponse,
  ProductTypeList,
} from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as catalogService from './catalog.service.js';
import { countProducts } from './product-count.service.js';

/** Catalog products (spec §7 "Catalog products"). Staff and Admin alike read and write them. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];

  app.get('/catalog/product-types/', { schema: { tags, response: { 200: ProductTypeList } } }, async () => catalogService.listProductTypes());

  app.get('/catalog/product-count/', { schema: { tags, querystring: ProductCountQuery, response: { 200: ProductCountResponse } } }, async (request) =>
    countProducts(request.ctx, request.query),
  );

  app.get('/catalog/products/', { schema: { tags, querystring: ListProductsQuery, response: { 200: ProductPage } } }, async (request) =>
    catalogService.listProducts(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.get('/catalog/products/:id/', { schema: { tags, params: IdParams, response: { 200: ProductResponse } } }, async (request) =>
    catalogService.getProduct(request.ctx, request.params.id),
  );

  app.get('/catalog/products2/', { schema: { tags, querystring: ListProductsLiteQuery, response: { 200: ProductLitePage } } }, async (request) =>
    catalogService.listProductsLite(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.post('/catalog/products/', { schema: { tags, body: CreateProductBody, response: { 201: ProductResponse } } }, async (request, reply) =>
    reply.status(201).send(await catalogService.createProduct(request.ctx, request.body)),
  );

  app.put('/catalog/products/', { schema: { tags, body: BulkUpdateProductsBody, response: { 200: BulkUpdateProductsResponse } } }, async (request) =>
    catalogService.bulkUpdateProducts(request.ctx, request.body),
  );

  app.delete('/catalog/products/', { schema: { tags, body: BulkDeleteProductsBody, response: { 204: z.null() } } }, async (request, reply) => {
    await catalogService.bulkDeleteProducts(request.ctx, request.body);
    return reply.status(204).send(null);
  });
};
