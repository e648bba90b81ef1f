import type { FastifyPluginAsync } from 'fastify';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { bookmarksRoutes } from './users/bookmarks.routes.js';
import { companiesRoutes } from './users/companies.routes.js';
import { usersRoutes } from './users/users.routes.js';

/**
 * Every domain's routes, registered under /api. A new module adds itself here.
 */
export const apiModules: FastifyPluginAsync[] = [usersRoutes, companiesRoutes, bookmarksRoutes, notificationsRoutes, catalogRoutes, inventoryRoutes];
