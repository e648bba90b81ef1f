import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StockValueByLocationQuery, StockValueByLocationResponse } from '@kontor/contract';
import * as dashboardService from './dashboard.service.js';

/** Figures for the overview that no list endpoint answers (the product counts live with the catalog). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog/stock-value-by-location/',
    { schema: { tags: ['dashboard'], querystring: StockValueByLocationQuery, response: { 200: StockValueByLocationResponse } } },
    async (request) => dashboardService.stockValueByLocation(request.ctx),
  );
};
