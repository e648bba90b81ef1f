import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogCategoryPage,
  CatalogCategoryResponse,
  CreateCatalogCategoryBody,
  IdParams,
  ListCatalogCategoriesQuery,
  UpdateCatalogCategoryBody,
} from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as categories from './categories.service.js';

/** Catalog categories (spec §7 "Catalog categories"): the minimal tree procurement maps onto. */
export const catalogCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const base = '/catalog/categories/';

  app.get(base, { schema: { tags, querystring: ListCatalogCategoriesQuery, response: { 200: CatalogCategoryPage } } }, async (request) =>
    categories.listCatalogCategories(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get(`${base}:id/`, { schema: { tags, params: IdParams, response: { 200: CatalogCategoryResponse } } }, async (request) =>
    categories.getCatalogCategory(request.ctx, request.params.id),
  );
  app.post(base, { schema: { tags, body: CreateCatalogCategoryBody, response: { 201: CatalogCategoryResponse } } }, async (request, reply) =>
    reply.status(201).send(await categories.createCatalogCategory(request.ctx, request.body)),
  );
  app.patch(
    `${base}:id/`,
    { schema: { tags, params: IdParams, body: UpdateCatalogCategoryBody, response: { 200: CatalogCategoryResponse } } },
    async (request) => categories.updateCatalogCategory(request.ctx, request.params.id, request.body),
  );
  app.delete(`${base}:id/`, { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await categories.deleteCatalogCategory(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
