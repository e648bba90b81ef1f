import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListUsersQuery, UserPage } from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as usersService from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/', { schema: { tags: ['users'], querystring: ListUsersQuery, response: { 200: UserPage } } }, async (request) =>
    usersService.listUsers(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
};
