import type { FastifyPluginAsync } from 'fastify';

/**
 * Every domain's routes, registered under /api. A new module adds itself here.
 */
export const apiModules: FastifyPluginAsync[] = [];
