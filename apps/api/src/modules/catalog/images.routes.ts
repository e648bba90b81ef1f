import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoryImageBody,
  CategoryImagePage,
  CategoryImageResponse,
  ErrorDetail,
  FieldErrors,
  IdParams,
  ImageClassificationBody,
  ImageClassificationPage,
  ImageClassificationResponse,
  ImagePage,
  ImageResponse,
  ListCategoryImagesQuery,
  ListImageClassificationsQuery,
  ListImagesQuery,
  ListProductImagesQuery,
  MAX_CATALOG_IMAGE_UPLOAD_FILES,
  ProductImageBody,
  ProductImagePage,
  ProductImageResponse,
  UpdateImageBody,
  UploadImagesResponse,
} from '@kontor/contract';
import { catalogImageClassifications, catalogImages } from '../../db/schema/index.js';
import { ownedBy } from '../../http/path-object.js';
import { badRequest } from '../../http/errors.js';
import { FORM_FIELD_BYTES, readMultipartForm } from '../../http/multipart.js';
import { absoluteUrl } from '../../http/pagination.js';
import { mediaStorage } from '../../lib/storage.js';
import { removeImageFiles } from '../media/image-files.js';
import * as attachments from './image-attachments.service.js';
import * as classifications from './image-classifications.service.js';
import * as images from './images.service.js';

/**
 * The catalog image library (spec §7 "Catalog images"): images (list, upload many at once,
 * rename/classify, delete), image classifications, and images attached to catalog products
 * and categories.
 */
export const catalogImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const storage = mediaStorage(config);
  const tags = ['catalog images'];
  const urlOf = (requestUrl: string) => absoluteUrl(config.publicUrl, requestUrl);

  // Registered in this plugin only, with this library's limits. An oversized file is cut at
  // the limit and reported on its own (throwFileSizeLimit off); the rest of the upload goes on.
  await app.register(multipart, {
    limits: {
      fileSize: config.imageMaxBytes,
      files: MAX_CATALOG_IMAGE_UPLOAD_FILES,
      fields: 10,
      fieldSize: FORM_FIELD_BYTES,
      parts: MAX_CATALOG_IMAGE_UPLOAD_FILES + 10,
    },
    throwFileSizeLimit: false,
  });

  // Images

  app.get('/catalog/images/', { schema: { tags, querystring: ListImagesQuery, response: { 200: ImagePage } } }, async (request) =>
    images.listImages(request.ctx, config.publicUrl, request.query, urlOf(request.url)),
  );
  app.get('/catalog/images/:id/', { schema: { tags, params: IdParams, response: { 200: ImageResponse } } }, async (request) =>
    images.getImage(request.ctx, config.publicUrl, request.params.id),
  );
  app.post(
    '/catalog/images/',
    {
      schema: {
        tags,
        description:
          'multipart/form-data: `files` (one or more), optional `classification`. 201 when at least one image was stored, 400 with the same body when none was.',
        consumes: ['multipart/form-data'],
        // The 400 of a refused upload has the upload's body; other 400s are DRF field errors.
        response: { 201: UploadImagesResponse, 400: z.union([UploadImagesResponse, FieldErrors, ErrorDetail]) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest({ non_field_errors: ['Send multipart/form-data with one or more files.'] });
      const uploads: images.ReceivedUpload[] = [];
      let form;
      try {
        form = await readMultipartForm(request, {
          fileField: 'files',
          onFile: async (file) => {
            uploads.push(await images.receiveUpload(storage, file, config.imageMaxBytes));
          },
        });
      } catch (err) {
        await removeImageFiles(
          storage,
          uploads.flatMap((u) => ('stored' in u ? [u.stored] : [])),
        );
        throw err;
      }
      const result = await images.recordUploads(request.ctx, storage, config.publicUrl, { fields: form.fields, formErrors: form.errors, uploads });
      return reply.status(result.uploaded > 0 ? 201 : 400).send(result);
    },
  );
  app.patch(
    '/catalog/images/:id/',
    { config: { pathObject: ownedBy(catalogImages) }, schema: { tags, params: IdParams, body: UpdateImageBody, response: { 200: ImageResponse } } },
    async (request) => images.updateImage(request.ctx, config.publicUrl, request.params.id, request.body),
  );
  app.delete('/catalog/images/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await images.deleteImage(request.ctx, storage, request.params.id);
    return reply.status(204).send(null);
  });

  // Image classifications

  const classificationsPath = '/catalog/image_classifications/';
  app.get(classificationsPath, { schema: { tags, querystring: ListImageClassificationsQuery, response: { 200: ImageClassificationPage } } }, async (request) =>
    classifications.listClassifications(request.ctx, request.query, urlOf(request.url)),
  );
  app.get(`${classificationsPath}:id/`, { schema: { tags, params: IdParams, response: { 200: ImageClassificationResponse } } }, async (request) =>
    classifications.getClassification(request.ctx, request.params.id),
  );
  app.post(classificationsPath, { schema: { tags, body: ImageClassificationBody, response: { 201: ImageClassificationResponse } } }, async (request, reply) =>
    reply.status(201).send(await classifications.createClassification(request.ctx, request.body)),
  );
  for (const method of ['put', 'patch'] as const) {
    app[method](
      `${classificationsPath}:id/`,
      {
        config: { pathObject: ownedBy(catalogImageClassifications) },
        schema: { tags, params: IdParams, body: ImageClassificationBody, response: { 200: ImageClassificationResponse } },
      },
      async (request) => classifications.renameClassification(request.ctx, request.params.id, request.body),
    );
  }
  app.delete(`${classificationsPath}:id/`, { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await classifications.deleteClassification(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });

  // Product and category images

  app.get('/catalog/product_images/', { schema: { tags, querystring: ListProductImagesQuery, response: { 200: ProductImagePage } } }, async (request) =>
    attachments.listProductImages(request.ctx, config.publicUrl, request.query, urlOf(request.url)),
  );
  app.post('/catalog/product_images/', { schema: { tags, body: ProductImageBody, response: { 201: ProductImageResponse } } }, async (request, reply) =>
    reply.status(201).send(await attachments.attachProductImage(request.ctx, config.publicUrl, request.body)),
  );
  app.delete('/catalog/product_images/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await attachments.detachProductImage(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/catalog/category_images/', { schema: { tags, querystring: ListCategoryImagesQuery, response: { 200: CategoryImagePage } } }, async (request) =>
    attachments.listCategoryImages(request.ctx, config.publicUrl, request.query, urlOf(request.url)),
  );
  app.post('/catalog/category_images/', { schema: { tags, body: CategoryImageBody, response: { 201: CategoryImageResponse } } }, async (request, reply) =>
    reply.status(201).send(await attachments.attachCategoryImage(request.ctx, config.publicUrl, request.body)),
  );
  app.delete('/catalog/category_images/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await attachments.detachCategoryImage(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
};
