import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BulkDescriptionPage,
  BulkDescriptionPatch,
  BulkDescriptionRow,
  GenerateDescriptionsBody,
  IdParams,
  ListBulkDescriptionsQuery,
  MachineCopyResponse,
  TranslateDescriptionsBody,
} from '@kontor/contract';
import { catalogProducts } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import { llmClient } from '../../lib/llm.js';
import * as bulk from './descriptions-bulk.service.js';

/** Bulk descriptions (spec §7 "Bulk description", DESIGN §3): the grid, the save per cell, machine translation and generation. */
export const productDescriptionsBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const base = '/catalog/product_descriptions_bulk/';

  app.get(base, { schema: { tags, querystring: ListBulkDescriptionsQuery, response: { 200: BulkDescriptionPage } } }, async (request) =>
    bulk.listBulkDescriptions(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.patch(
    `${base}:id/`,
    { config: { pathObject: ownedBy(catalogProducts) }, schema: { tags, params: IdParams, body: BulkDescriptionPatch, response: { 200: BulkDescriptionRow } } },
    async (request) => bulk.patchBulkDescription(request.ctx, request.params.id, request.body),
  );
  // The client is made per request: without LLM_BASE_URL/LLM_API_KEY it answers 503 before any work.
  app.post(`${base}translate/`, { schema: { tags, body: TranslateDescriptionsBody, response: { 200: MachineCopyResponse } } }, async (request) =>
    bulk.translateDescriptions(request.ctx, llmClient(app.deps.config.llm), request.body),
  );
  app.post(`${base}generate/`, { schema: { tags, body: GenerateDescriptionsBody, response: { 200: MachineCopyResponse } } }, async (request) =>
    bulk.generateDescriptions(request.ctx, llmClient(app.deps.config.llm), request.body),
  );
};
