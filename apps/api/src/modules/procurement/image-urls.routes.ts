import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProcurementImageUrlsResponse,
  IdParams,
  ListProcurementImageUrlsQuery,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_FILES,
  ProcurementImageUrlPage,
  type ImageUploadFailure,
} from '@kontor/contract';
import { badRequest } from '../../http/errors.js';
import { FORM_FIELD_BYTES, readMultipartForm } from '../../http/multipart.js';
import { absoluteUrl } from '../../http/pagination.js';
import { mediaStorage } from '../../lib/storage.js';
import * as imageUrls from './image-urls.service.js';

/** Procurement image URLs (spec §7): list, add by upload or by URL (multipart), delete. */
export const procurementImageUrlsRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = mediaStorage(app.deps.config);
  const tags = ['procurement'];

  // Registered in this plugin only: no other route accepts multipart bodies. Oversized files are
  // cut at the limit and reported per file (throwFileSizeLimit off), not as a failed request.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: MAX_IMAGE_UPLOAD_FILES, fields: 10, fieldSize: FORM_FIELD_BYTES, parts: MAX_IMAGE_UPLOAD_FILES + 10 },
    throwFileSizeLimit: false,
  });

  app.get(
    '/procurement/image_urls/',
    { schema: { tags, querystring: ListProcurementImageUrlsQuery, response: { 200: ProcurementImageUrlPage } } },
    async (request) => imageUrls.listImageUrls(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.post(
    '/procurement/image_urls/',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: CreateProcurementImageUrlsResponse } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest({ non_field_errors: ['Send multipart/form-data with procurement_product and file or urls.'] });
      const uploads: imageUrls.StoredUpload[] = [];
      const fileFailures: ImageUploadFailure[] = [];
      let fields: Record<string, string[]>;
      try {
        const form = await readMultipartForm(request, {
          fileField: 'file',
          onFile: async (file) => {
            const result = await imageUrls.storeUpload(storage, file);
            if ('stored' in result) uploads.push(result.stored);
            else fileFailures.push(result.failed);
          },
        });
        if (Object.keys(form.errors).length) throw badRequest(form.errors);
        fields = form.fields;
      } catch (err) {
        await Promise.all(uploads.map((u) => storage.remove(u.key)));
        throw err;
      }
      return reply.status(201).send(await imageUrls.createImageUrls(request.ctx, storage, app.deps.config.publicUrl, { fields, uploads, fileFailures }));
    },
  );

  app.delete('/procurement/image_urls/:id/', { schema: { tags, params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await imageUrls.deleteImageUrl(request.ctx, storage, request.params.id);
    return reply.status(204).send(null);
  });
};
