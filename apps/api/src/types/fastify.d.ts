// Module augmentation needs interfaces (declaration merging); this is the one place for it.
import type { AppDeps } from '../deps.js';
import type { Ctx } from '../http/context.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set for every route that is not `config: { public: true }`. */
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token (login, refresh, password reset, register, health). */
    public?: boolean;
    /** Only a company Admin may call it. */
    adminOnly?: boolean;
  }
}
