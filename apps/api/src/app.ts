import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { installDrfMessages } from '@kontor/contract';
import type { Config } from './config.js';
import { runAsActor } from './db/actor.js';
import type { Database } from './db/client.js';
import { registerAuthentication } from './http/authenticate.js';
import { frameworkErrors, registerErrorHandler, registerNotFound } from './http/errors.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { logSerializers } from './http/log-redaction.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { collectRouteTable } from './http/route-table.js';
import { createJobRunner } from './jobs/index.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { demoFeedsRoutes } from './modules/demo-feeds/demo-feeds.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { apiModules } from './modules/index.js';

export const VERSION = '0.1.0';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Serve the built SPA from this folder at / (with history fallback). */
  webDist?: string | undefined;
  /** Tests pass their own mailer; otherwise SMTP_URL decides. */
  mailer?: Mailer;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write: (line: string) => void };
};

/** Builds the Fastify instance: plugins, then modules. No listen(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // No headers, and no capability token of an export or media URL (issue 10).
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed URL or an over-long path parameter is refused before any hook: DRF bodies all the same.
    frameworkErrors,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // Lengths, bounds and formats a schema refuses are answered in DRF's words (zod's configuration is global).
  installDrfMessages();
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every response against zod as well (response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.env === 'test' }));
  app.decorate('deps', {
    config,
    database,
    mailer: options.mailer ?? createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    log: app.log,
    version: VERSION,
  });
  // Jobs belong to this app instance (a test's app has its own runner). Inline, jobs a
  // previous process left unfinished are failed first; with JOBS=worker other processes own
  // running jobs and the workers recover those of a dead one (ADR 0014). Closing the app
  // stops the runner before onClose hooks can close the database.
  const jobs = createJobRunner(database.db, app.log, config);
  if (jobs.mode === 'inline') await jobs.failInterrupted();
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => jobs.stop());

  app.decorate('routeTable', collectRouteTable(app));
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  // A POST without a body validates as {} so a missing field gets its own DRF message.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  await app.register(cookie);
  // API answers are compressed for clients that ask (browsers do): a grid page of 25 products is
  // 24 KB of JSON and 3 KB gzipped, and operators work over shop and home connections. Brotli at
  // the plugin's quality 4 (fast enough per request), gzip otherwise; answers under 1 KB and
  // images go as they are. The SPA's files come precompressed (registerSpa), and request bodies
  // are never inflated here: bodyLimit counts the bytes a client sends.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  // The security headers, built once. (@fastify/helmet built helmet's middleware, CSP parsing
  // included, again on every request: about 5% of a stock move's CPU, DESIGN §9.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://*.sentry.io', 'https://*.ingest.sentry.io'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only where the app is reached over https: on plain http it would lock browsers out.
    strictTransportSecurity: config.publicUrlIsHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kontor API', version: VERSION, description: 'Back-office API in the Django REST Framework dialect.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(
    async (api) => {
      // Authentication covers the API scope only: the SPA's files and the API docs are public.
      registerAuthentication(api);
      // Every transaction an authenticated request opens names its user to the audit trigger (ADR 0016).
      api.addHook('onRequest', (request, _reply, done) => (request.ctx ? runAsActor(request.ctx.user.id, done) : done()));
      await api.register(healthRoutes);
      await api.register(demoFeedsRoutes);
      await api.register(authRoutes);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  // Unknown paths (probing, scanners) are limited per IP; real routes have their own limits.
  const notFoundLimit = app.rateLimit({ max: config.notFoundPerMinutePerIp, timeWindow: '1 minute' });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) await notFoundLimit.call(app, request, reply);
  });

  const serveSpa = Boolean(options.webDist && existsSync(path.join(options.webDist, 'index.html')));
  if (serveSpa) await registerSpa(app, options.webDist!);
  registerNotFound(app, serveSpa ? { indexFile: 'index.html' } : undefined);
  return app;
}

/** The built SPA at /, with index.html for every path that is not a file or under /api. */
async function registerSpa(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each asset (vite.config.ts precompress): a third of
    // the bytes on the wire, compressed once at build time instead of on every request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be fresh.
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
