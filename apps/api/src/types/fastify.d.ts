// Module augmentation needs interfaces (declaration merging); this is the one place for it.
import type { AppDeps } from '../deps.js';
import type { Ctx } from '../http/context.js';
import type { JobRunner } from '../jobs/runner.js';
import type { PathObjectLookup } from '../http/path-object.js';
import type { RegisteredRoute } from '../http/route-table.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** This app's background job runner (ADR 0009); stopped when the app closes. */
    jobs: JobRunner;
    /** Every route this app registered, in order: the security tests walk it (isolation matrix, fuzzing). */
    routeTable: RegisteredRoute[];
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
    /**
     * A route with a path id and a body or query: whether the path's object is the caller's, asked
     * only when the request fails validation (404 before 400, http/path-object.ts).
     */
    pathObject?: PathObjectLookup;
  }
}
