import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProductDescriptionBody,
  IdParams,
  ListProductDescriptionsQuery,
  ProductDescriptionPage,
  ProductDescriptionResponse,
  UpdateProductDescriptionBody,
} from '@kontor/contract';
import { productDescriptions } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as descriptions from './descriptions.service.js';

/** Product descriptions, one per product and language (spec §7 "Catalog products"). */
export const productDescriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];

  app.get(
    '/catalog/product_descriptions/',
    { schema: { tags, querystring: ListProductDescriptionsQuery, response: { 200: ProductDescriptionPage } } },
    async (request) => descriptions.listDescriptions(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get('/catalog/product_descriptions/:id/', { schema: { tags, params: IdParams, response: { 200: ProductDescriptionResponse } } }, async (request) =>
    descriptions.getDescription(request.ctx, request.params.id),
  );
  app.post(
    '/catalog/product_descriptions/',
    { schema: { tags, body: CreateProductDescriptionBody, response: { 201: ProductDescriptionResponse } } },
    async (request, reply) => reply.status(201).send(await descriptions.createDescription(request.ctx, request.body)),
  );
  app.put(
    '/catalog/product_descriptions/:id/',
    {
      config: { pathObject: ownedBy(productDescriptions) },
      schema: { tags, params: IdParams, body: UpdateProductDescriptionBody, response: { 200: ProductDescriptionResponse } },
    },
    async (request) => descriptions.updateDescription(request.ctx, request.params.id, request.body),
  );
  app.delete('/catalog/product_descriptions/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await descriptions.deleteDescription(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
