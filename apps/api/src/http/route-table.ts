import type { FastifyInstance, FastifySchema } from 'fastify';

/** One registered route as the security tests see it: every method, the full URL, its schemas and config. */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  public: boolean;
  adminOnly: boolean;
  /** Declares how its path's object is looked up when a request fails validation (`config.pathObject`). */
  pathObject: boolean;
};

/**
 * Collects every route registered after this call (so call it before the modules register). The
 * isolation matrix and the fuzzer enumerate this table, so a route added later cannot escape them.
 */
export function collectRouteTable(app: FastifyInstance): RegisteredRoute[] {
  const table: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as { public?: boolean; adminOnly?: boolean; pathObject?: unknown };
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic HEAD twin of every GET.
      table.push({
        method,
        url: route.url,
        schema: route.schema,
        public: Boolean(config.public),
        adminOnly: Boolean(config.adminOnly),
        pathObject: typeof config.pathObject === 'function',
      });
    }
  });
  return table;
}
