import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExportFileParams,
  IdParams,
  ProductTaxonomiesResponse,
  PublishBody,
  PublishResponse,
  PublishValidationResponse,
  UpdateProductTaxonomiesBody,
} from '@kontor/contract';
import { catalogProducts } from '../../../db/schema/index.js';
import { ownedBy } from '../../../http/path-object.js';
import { notFound } from '../../../http/errors.js';
import { CONTENT_TYPES, exportFiles } from './export-files.js';
import { getProductTaxonomies, updateProductTaxonomies } from './product-taxonomies.service.js';
import { startPublish, validatePublish } from './publish.service.js';

/** Publishing to the channels (spec §7 "POST /catalog/products/publish/", ADR 0013) and a product's own channel categories. */
export const catalogPublishRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const files = exportFiles(app.deps.config);

  app.post('/catalog/products/publish/validate/', { schema: { tags, body: PublishBody, response: { 200: PublishValidationResponse } } }, async (request) =>
    validatePublish(request.ctx, request.body, app.deps.config.publicUrl),
  );

  app.post('/catalog/products/publish/', { schema: { tags, body: PublishBody, response: { 200: PublishResponse } } }, async (request) =>
    startPublish(request.ctx, app.jobs, request.body, app.deps.config.publicUrl),
  );

  app.get('/catalog/products/:id/taxonomies/', { schema: { tags, params: IdParams, response: { 200: ProductTaxonomiesResponse } } }, async (request) =>
    getProductTaxonomies(request.ctx, request.params.id),
  );

  app.put(
    '/catalog/products/:id/taxonomies/',
    {
      config: { pathObject: ownedBy(catalogProducts) },
      schema: { tags, params: IdParams, body: UpdateProductTaxonomiesBody, response: { 200: ProductTaxonomiesResponse } },
    },
    async (request) => updateProductTaxonomies(request.ctx, request.params.id, request.body),
  );

  // Channels fetch feeds by URL with no credentials: the random token in the path is the capability.
  app.get(
    '/exports/:token/:file',
    { config: { public: true }, schema: { tags: ['exports'], security: [], params: ExportFileParams } },
    async (request, reply) => {
      const { token, file } = request.params;
      const found = await files.read(token, file);
      if (!found) throw notFound();
      return (
        reply
          .header('Content-Type', CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
          .header('Content-Length', String(found.size))
          .header('Content-Disposition', `inline; filename="${file}"`)
          // The same URL gets a new file at every publish: caches must ask again.
          .header('Cache-Control', 'no-cache')
          .send(found.stream)
      );
    },
  );
};
