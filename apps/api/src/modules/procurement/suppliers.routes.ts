import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateSupplierBody,
  IdParams,
  ListSupplierOptionsQuery,
  ListSuppliersQuery,
  SupplierOptionPage,
  SupplierPage,
  SupplierResponse,
  UpdateSupplierBody,
} from '@kontor/contract';
import { procurementSuppliers } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as suppliers from './suppliers.service.js';

/** Procurement suppliers (spec §7 "Procurement products and suppliers") and the pickers' GET /suppliers/. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['procurement'];

  app.get('/suppliers/', { schema: { tags, querystring: ListSupplierOptionsQuery, response: { 200: SupplierOptionPage } } }, async (request) =>
    suppliers.listSupplierOptions(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.get('/procurement/suppliers/', { schema: { tags, querystring: ListSuppliersQuery, response: { 200: SupplierPage } } }, async (request) =>
    suppliers.listSuppliers(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get('/procurement/suppliers/:id/', { schema: { tags, params: IdParams, response: { 200: SupplierResponse } } }, async (request) =>
    suppliers.getSupplier(request.ctx, request.params.id),
  );
  app.post('/procurement/suppliers/', { schema: { tags, body: CreateSupplierBody, response: { 201: SupplierResponse } } }, async (request, reply) =>
    reply.status(201).send(await suppliers.createSupplier(request.ctx, request.body)),
  );
  app.put(
    '/procurement/suppliers/:id/',
    {
      config: { pathObject: ownedBy(procurementSuppliers) },
      schema: { tags, params: IdParams, body: UpdateSupplierBody, response: { 200: SupplierResponse } },
    },
    async (request) => suppliers.updateSupplier(request.ctx, request.params.id, request.body),
  );
  app.delete('/procurement/suppliers/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await suppliers.deleteSupplier(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
