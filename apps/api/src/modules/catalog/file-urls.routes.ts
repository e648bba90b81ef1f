import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileUrlBody, FileUrlPage, FileUrlResponse, IdParams, ListFileUrlsQuery } from '@kontor/contract';
import { catalogFileUrls } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as fileUrls from './file-urls.service.js';

/** Catalog file URLs (spec §7 "File URLs"): document and file links of products. */
export const catalogFileUrlsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const base = '/catalog/file_urls/';

  app.get(base, { schema: { tags, querystring: ListFileUrlsQuery, response: { 200: FileUrlPage } } }, async (request) =>
    fileUrls.listFileUrls(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get(`${base}:id/`, { schema: { tags, params: IdParams, response: { 200: FileUrlResponse } } }, async (request) =>
    fileUrls.getFileUrl(request.ctx, request.params.id),
  );
  app.post(base, { schema: { tags, body: FileUrlBody, response: { 201: FileUrlResponse } } }, async (request, reply) =>
    reply.status(201).send(await fileUrls.createFileUrl(request.ctx, request.body)),
  );
  app.put(
    `${base}:id/`,
    { config: { pathObject: ownedBy(catalogFileUrls) }, schema: { tags, params: IdParams, body: FileUrlBody, response: { 200: FileUrlResponse } } },
    async (request) => fileUrls.updateFileUrl(request.ctx, request.params.id, request.body),
  );
  app.delete(`${base}:id/`, { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await fileUrls.deleteFileUrl(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
