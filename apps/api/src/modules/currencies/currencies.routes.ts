import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CurrencyPage, ListCurrenciesQuery } from '@kontor/contract';
import { absoluteUrl } from '../../http/pagination.js';
import * as currenciesService from './currencies.service.js';

/** GET /currencies/ (spec §7 "Other data": the list is in results). */
export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/currencies/', { schema: { tags: ['currencies'], querystring: ListCurrenciesQuery, response: { 200: CurrencyPage } } }, async (request) =>
    currenciesService.listCurrencies(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
};
