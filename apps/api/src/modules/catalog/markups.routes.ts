import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, ListMarkupsQuery, MarkupBody, MarkupPage, MarkupResponse } from '@kontor/contract';
import { catalogMarkups } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as markups from './markups.service.js';

/** Catalog markups (spec §7 "Catalog markups"): the rules of the pricing engine (DESIGN §5). */
export const catalogMarkupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const base = '/catalog/markups/';

  app.get(base, { schema: { tags, querystring: ListMarkupsQuery, response: { 200: MarkupPage } } }, async (request) =>
    markups.listMarkups(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get(`${base}:id/`, { schema: { tags, params: IdParams, response: { 200: MarkupResponse } } }, async (request) =>
    markups.getMarkup(request.ctx, request.params.id),
  );
  app.post(base, { schema: { tags, body: MarkupBody, response: { 201: MarkupResponse } } }, async (request, reply) =>
    reply.status(201).send(await markups.createMarkup(request.ctx, request.body)),
  );
  app.put(
    `${base}:id/`,
    { config: { pathObject: ownedBy(catalogMarkups) }, schema: { tags, params: IdParams, body: MarkupBody, response: { 200: MarkupResponse } } },
    async (request) => markups.updateMarkup(request.ctx, request.params.id, request.body),
  );
  app.delete(`${base}:id/`, { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await markups.deleteMarkup(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
