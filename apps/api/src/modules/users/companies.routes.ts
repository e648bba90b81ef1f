import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyPage, CompanyResponse, IdParams, ListCompaniesQuery, UpdateCompanyBody } from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import { ownCompany } from '../../http/path-object.js';
import * as companiesService from './companies.service.js';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['companies'];

  app.get('/users/companies/', { schema: { tags, querystring: ListCompaniesQuery, response: { 200: CompanyPage } } }, async (request) =>
    companiesService.listCompanies(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.get('/users/companies/:id/', { schema: { tags, params: IdParams, response: { 200: CompanyResponse } } }, async (request) =>
    companiesService.getCompany(request.ctx, request.params.id),
  );

  app.put(
    '/users/companies/:id/',
    { config: { adminOnly: true, pathObject: ownCompany }, schema: { tags, params: IdParams, body: UpdateCompanyBody, response: { 200: CompanyResponse } } },
    async (request) => companiesService.updateCompany(request.ctx, request.params.id, request.body),
  );
};
