import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GlobalSupplierPage,
  GlobalSupplierProductPage,
  GlobalSupplierResponse,
  IdParams,
  ListGlobalSupplierProductsQuery,
  ListGlobalSuppliersQuery,
  SupplierResponse,
} from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as globalSuppliers from './global-suppliers.service.js';

/** The platform directory (spec §7 GET /suppliers_global/; /global-suppliers-and-brands screens). */
export const globalSuppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['procurement'];

  app.get('/suppliers_global/', { schema: { tags, querystring: ListGlobalSuppliersQuery, response: { 200: GlobalSupplierPage } } }, async (request) =>
    globalSuppliers.listGlobalSuppliers(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  // A static path: Fastify prefers it over /suppliers_global/:id/.
  app.get(
    '/suppliers_global/products/',
    { schema: { tags, querystring: ListGlobalSupplierProductsQuery, response: { 200: GlobalSupplierProductPage } } },
    async (request) => globalSuppliers.listGlobalSupplierProducts(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get('/suppliers_global/:id/', { schema: { tags, params: IdParams, response: { 200: GlobalSupplierResponse } } }, async (request) =>
    globalSuppliers.getGlobalSupplier(request.ctx, request.params.id),
  );
  app.post('/suppliers_global/:id/adopt/', { schema: { tags, params: IdParams, response: { 201: SupplierResponse } } }, async (request, reply) =>
    reply.status(201).send(await globalSuppliers.adoptGlobalSupplier(request.ctx, request.params.id)),
  );
};
