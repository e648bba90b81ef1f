import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProcurementCategoryBody,
  IdParams,
  ListProcurementCategoriesQuery,
  ProcurementCategoryPage,
  ProcurementCategoryResponse,
  UpdateProcurementCategoryBody,
} from '@kontor/contract';
import { procurementCategories } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as categories from './categories.service.js';

/**
 * Supplier categories (spec §7 "Procurement categories"). The client shows the §4 messages
 * ('category added successfully', ...); the server answers the category itself.
 */
export const procurementCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['procurement'];
  const base = '/procurement/categories/';

  app.get(base, { schema: { tags, querystring: ListProcurementCategoriesQuery, response: { 200: ProcurementCategoryPage } } }, async (request) =>
    categories.listCategories(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get(`${base}:id/`, { schema: { tags, params: IdParams, response: { 200: ProcurementCategoryResponse } } }, async (request) =>
    categories.getCategory(request.ctx, request.params.id),
  );
  app.post(base, { schema: { tags, body: CreateProcurementCategoryBody, response: { 201: ProcurementCategoryResponse } } }, async (request, reply) =>
    reply.status(201).send(await categories.createCategory(request.ctx, request.body)),
  );
  app.patch(
    `${base}:id/`,
    {
      config: { pathObject: ownedBy(procurementCategories) },
      schema: { tags, params: IdParams, body: UpdateProcurementCategoryBody, response: { 200: ProcurementCategoryResponse } },
    },
    async (request) => categories.updateCategory(request.ctx, request.params.id, request.body),
  );
  app.delete(`${base}:id/`, { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await categories.deleteCategory(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
