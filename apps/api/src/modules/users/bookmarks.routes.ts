import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookmarkBody, BookmarkKeyQuery, BookmarkList, BookmarkResponse, BulkPinBody, ListBookmarksQuery } from '@kontor/contract';
import * as bookmarksService from './bookmarks.service.js';

/** The spec addresses a bookmark by `?view=&name=`, not by id. */
export const bookmarksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bookmarks'];

  app.get('/user/bookmarks/', { schema: { tags, querystring: ListBookmarksQuery, response: { 200: BookmarkList } } }, async (request) =>
    bookmarksService.listBookmarks(request.ctx, request.query),
  );

  app.post('/user/bookmarks/', { schema: { tags, body: BookmarkBody, response: { 201: BookmarkResponse } } }, async (request, reply) =>
    reply.status(201).send(await bookmarksService.createBookmark(request.ctx, request.body)),
  );

  app.put('/user/bookmarks/', { schema: { tags, querystring: BookmarkKeyQuery, body: BookmarkBody, response: { 200: BookmarkResponse } } }, async (request) =>
    bookmarksService.updateBookmark(request.ctx, request.query, request.body),
  );

  app.delete('/user/bookmarks/', { schema: { tags, querystring: BookmarkKeyQuery, response: { 204: z.null() } } }, async (request, reply) => {
    await bookmarksService.deleteBookmark(request.ctx, request.query);
    return reply.status(204).send(null);
  });

  app.put('/user/bookmarks/pinned/', { schema: { tags, body: BulkPinBody, response: { 200: BookmarkList } } }, async (request) =>
    bookmarksService.bulkPin(request.ctx, request.body),
  );
};
