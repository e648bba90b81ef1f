import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateFeedBody, FeedPage, FeedResponse, IdParams, JobResponse, ListFeedsQuery, UpdateFeedBody } from '@kontor/contract';
import { procurementFeeds } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as feeds from './feeds.service.js';

/** Supplier feeds (spec §7 "Procurement feeds", ADR 0009): CRUD and "Run now", which answers the import job. */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['procurement feeds'];

  app.get('/procurement/feeds/', { schema: { tags, querystring: ListFeedsQuery, response: { 200: FeedPage } } }, async (request) =>
    feeds.listFeeds(request.ctx, app.jobs, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get('/procurement/feeds/:id/', { schema: { tags, params: IdParams, response: { 200: FeedResponse } } }, async (request) =>
    feeds.getFeed(request.ctx, app.jobs, request.params.id),
  );
  app.post('/procurement/feeds/', { schema: { tags, body: CreateFeedBody, response: { 201: FeedResponse } } }, async (request, reply) =>
    reply.status(201).send(await feeds.createFeed(request.ctx, app.jobs, request.body)),
  );
  app.put(
    '/procurement/feeds/:id/',
    { config: { pathObject: ownedBy(procurementFeeds) }, schema: { tags, params: IdParams, body: UpdateFeedBody, response: { 200: FeedResponse } } },
    async (request) => feeds.updateFeed(request.ctx, app.jobs, request.params.id, request.body),
  );
  app.delete('/procurement/feeds/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await feeds.deleteFeed(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
  app.post('/procurement/feeds/:id/run/', { schema: { tags, params: IdParams, response: { 202: JobResponse } } }, async (request, reply) =>
    reply.status(202).send(await feeds.runFeed(request.ctx, app.jobs, request.params.id)),
  );
};
