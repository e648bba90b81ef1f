import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { DEMO_SUPPLIERS, renderDemoFeed, renderDemoImage } from '../../db/seed/demo-feeds.js';

const DEMO_SKU = /^[A-Z]{3}-\d{4}$/;

/**
 * The demo suppliers' feed files and product pictures, served by the app itself so the demo
 * company's feeds run like real ones without the internet. Public: a feed fetcher sends no token.
 */
export const demoFeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/demo-feeds/:file', { config: { public: true }, schema: { hide: true, params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const supplier = DEMO_SUPPLIERS.find((s) => s.file === request.params.file);
    if (!supplier) throw notFound();
    const { body, contentType } = renderDemoFeed(supplier, app.deps.config.publicUrl);
    return reply.type(contentType).send(body);
  });
  app.get('/demo-feeds/images/:file', { config: { public: true }, schema: { hide: true, params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const sku = request.params.file.replace(/\.svg$/, '');
    if (!DEMO_SKU.test(sku) || !request.params.file.endsWith('.svg')) throw notFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(renderDemoImage(sku));
  });
};
