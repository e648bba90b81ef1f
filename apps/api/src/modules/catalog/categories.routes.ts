import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogCategoryPage,
  CatalogCategoryResponse,
  CreateCatalogCategoryBody,
  DeleteCatalogCategoryQuery,
  IdParams,
  ListCatalogCategoriesQuery,
  MoveCatalogCategoryBody,
  ReplaceCatalogCategoryBody,
  UpdateCatalogCategoryBody,
} from '@kontor/contract';
import { catalogCategories } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as categories from './categories.service.js';

/** Catalog categories (spec §7 "Catalog categories"): the company's category tree. */
export const catalogCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const category = ownedBy(catalogCategories);
  const base = '/catalog/categories/';
  // Read per request: with PORT=0 the real port is only known once the server listens.
  const publicUrl = () => app.deps.config.publicUrl;

  app.get(base, { schema: { tags, querystring: ListCatalogCategoriesQuery, response: { 200: CatalogCategoryPage } } }, async (request) =>
    categories.listCatalogCategories(request.ctx, publicUrl(), request.query, absoluteUrl(publicUrl(), request.url)),
  );
  app.get(`${base}:id/`, { schema: { tags, params: IdParams, response: { 200: CatalogCategoryResponse } } }, async (request) =>
    categories.getCatalogCategory(request.ctx, publicUrl(), request.params.id),
  );
  app.post(base, { schema: { tags, body: CreateCatalogCategoryBody, response: { 201: CatalogCategoryResponse } } }, async (request, reply) =>
    reply.status(201).send(await categories.createCatalogCategory(request.ctx, publicUrl(), request.body)),
  );
  app.patch(
    `${base}:id/`,
    { config: { pathObject: category }, schema: { tags, params: IdParams, body: UpdateCatalogCategoryBody, response: { 200: CatalogCategoryResponse } } },
    async (request) => categories.updateCatalogCategory(request.ctx, publicUrl(), request.params.id, request.body),
  );
  app.put(
    `${base}:id/`,
    { config: { pathObject: category }, schema: { tags, params: IdParams, body: ReplaceCatalogCategoryBody, response: { 200: CatalogCategoryResponse } } },
    async (request) => categories.updateCatalogCategory(request.ctx, publicUrl(), request.params.id, request.body),
  );
  app.post(
    `${base}:id/move/`,
    { config: { pathObject: category }, schema: { tags, params: IdParams, body: MoveCatalogCategoryBody, response: { 200: CatalogCategoryResponse } } },
    async (request) => categories.moveCatalogCategory(request.ctx, publicUrl(), request.params.id, request.body),
  );
  app.delete(
    `${base}:id/`,
    { config: { pathObject: category }, schema: { tags, params: IdParams, querystring: DeleteCatalogCategoryQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      await categories.deleteCatalogCategory(request.ctx, request.params.id, request.query);
      return reply.status(204).send(null);
    },
  );
};
