import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorageKey, mediaStorage } from '../../lib/storage.js';
import { notFound } from '../../http/errors.js';
import { contentTypeOfKey } from './images.js';

/**
 * GET /api/media/<key>: uploaded files, without a token (ADR 0009). Images go into <img> tags,
 * which send no bearer token, so the random key is the capability. A key's content never
 * changes, so browsers may keep it for a year.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = mediaStorage(app.deps.config);

  app.get(
    '/media/:key',
    {
      config: { public: true },
      schema: { tags: ['media'], security: [], params: z.strictObject({ key: z.string().max(200) }) },
    },
    async (request, reply) => {
      const { key } = request.params;
      const contentType = contentTypeOfKey(key);
      // The key check comes before any file system access: '..', '/' and the like never reach it.
      if (!isStorageKey(key) || !contentType) throw notFound();
      const file = await storage.read(key);
      if (!file) throw notFound();
      return reply
        .header('Content-Type', contentType)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
};
