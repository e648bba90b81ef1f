import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateUserBody, IdParams, ListUsersQuery, UpdateUserBody, UserListItem, UserPage } from '@kontor/contract';
import { users } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as usersService from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get('/users/', { schema: { tags, querystring: ListUsersQuery, response: { 200: UserPage } } }, async (request) =>
    usersService.listUsers(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  // Managing the company's users is an Admin's job (issue 10, roles).
  app.post('/users/', { config: { adminOnly: true }, schema: { tags, body: CreateUserBody, response: { 201: UserListItem } } }, async (request, reply) =>
    reply.status(201).send(await usersService.createUser(request.ctx, request.body)),
  );

  app.patch(
    '/users/:id/',
    { config: { adminOnly: true, pathObject: ownedBy(users) }, schema: { tags, params: IdParams, body: UpdateUserBody, response: { 200: UserListItem } } },
    async (request) => usersService.updateUser(request.ctx, request.params.id, request.body),
  );
};
