import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateFacebookTaxonomyLinkBody,
  CreateGoogleTaxonomyLinkBody,
  FacebookTaxonomyLinkPage,
  FacebookTaxonomyLinkResponse,
  FacebookTaxonomyPage,
  GoogleTaxonomyLinkPage,
  GoogleTaxonomyLinkResponse,
  GoogleTaxonomyPage,
  IdParams,
  ListTaxonomyItemsQuery,
  ListTaxonomyLinksQuery,
} from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as taxonomies from './taxonomies.service.js';

/** The channels' product taxonomies and the caller's links to them (spec §7, DESIGN §3). */
export const taxonomiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['taxonomies'];
  const url = (requestUrl: string) => absoluteUrl(app.deps.config.publicUrl, requestUrl);

  app.get('/taxonomies/google/', { schema: { tags, querystring: ListTaxonomyItemsQuery, response: { 200: GoogleTaxonomyPage } } }, async (request) =>
    taxonomies.listGoogleItems(request.ctx, request.query, url(request.url)),
  );
  app.get('/taxonomies/google/links/', { schema: { tags, querystring: ListTaxonomyLinksQuery, response: { 200: GoogleTaxonomyLinkPage } } }, async (request) =>
    taxonomies.listGoogleLinks(request.ctx, request.query, url(request.url)),
  );
  app.post(
    '/taxonomies/google/links/',
    { schema: { tags, body: CreateGoogleTaxonomyLinkBody, response: { 201: GoogleTaxonomyLinkResponse } } },
    async (request, reply) => reply.status(201).send(await taxonomies.createGoogleLink(request.ctx, request.body)),
  );
  app.delete('/taxonomies/google/links/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await taxonomies.deleteGoogleLink(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/taxonomies/facebook/', { schema: { tags, querystring: ListTaxonomyItemsQuery, response: { 200: FacebookTaxonomyPage } } }, async (request) =>
    taxonomies.listFacebookItems(request.ctx, request.query, url(request.url)),
  );
  app.get(
    '/taxonomies/facebook/links/',
    { schema: { tags, querystring: ListTaxonomyLinksQuery, response: { 200: FacebookTaxonomyLinkPage } } },
    async (request) => taxonomies.listFacebookLinks(request.ctx, request.query, url(request.url)),
  );
  app.post(
    '/taxonomies/facebook/links/',
    { schema: { tags, body: CreateFacebookTaxonomyLinkBody, response: { 201: FacebookTaxonomyLinkResponse } } },
    async (request, reply) => reply.status(201).send(await taxonomies.createFacebookLink(request.ctx, request.body)),
  );
  app.delete('/taxonomies/facebook/links/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await taxonomies.deleteFacebookLink(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
