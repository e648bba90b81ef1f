import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit/audit.routes.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { catalogCategoriesRoutes } from './catalog/categories.routes.js';
import { productDescriptionsRoutes } from './catalog/descriptions.routes.js';
import { productDescriptionsBulkRoutes } from './catalog/descriptions-bulk.routes.js';
import { catalogMarkupsRoutes } from './catalog/markups.routes.js';
import { catalogImagesRoutes } from './catalog/images.routes.js';
import { catalogFileUrlsRoutes } from './catalog/file-urls.routes.js';
import { catalogPublishRoutes } from './catalog/publish/publish.routes.js';
import { currenciesRoutes } from './currencies/currencies.routes.js';
import { customerOrdersRoutes } from './customers/orders.routes.js';
import { customerPickingRoutes } from './customers/picking.routes.js';
import { customerBackordersRoutes } from './customers/backorders.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { feedsRoutes } from './procurement/feeds.routes.js';
import { procurementCategoriesRoutes } from './procurement/categories.routes.js';
import { globalSuppliersRoutes } from './procurement/global-suppliers.routes.js';
import { suppliersRoutes } from './procurement/suppliers.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { procurementImageUrlsRoutes } from './procurement/image-urls.routes.js';
import { procurementOrdersRoutes } from './procurement/orders.routes.js';
import { procurementProductsRoutes } from './procurement/products.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { bookmarksRoutes } from './users/bookmarks.routes.js';
import { companiesRoutes } from './users/companies.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { taxonomiesRoutes } from './taxonomies/taxonomies.routes.js';

/**
 * Every domain's routes, registered under /api. A new module adds itself here.
 */
export const apiModules: FastifyPluginAsync[] = [
  usersRoutes,
  companiesRoutes,
  bookmarksRoutes,
  notificationsRoutes,
  catalogRoutes,
  productDescriptionsRoutes,
  productDescriptionsBulkRoutes,
  inventoryRoutes,
  currenciesRoutes,
  suppliersRoutes,
  globalSuppliersRoutes,
  procurementCategoriesRoutes,
  catalogCategoriesRoutes,
  catalogMarkupsRoutes,
  catalogImagesRoutes,
  catalogFileUrlsRoutes,
  catalogPublishRoutes,
  procurementProductsRoutes,
  procurementOrdersRoutes,
  procurementImageUrlsRoutes,
  customerOrdersRoutes,
  customerPickingRoutes,
  customerBackordersRoutes,
  mediaRoutes,
  jobsRoutes,
  feedsRoutes,
  auditRoutes,
  dashboardRoutes,
  taxonomiesRoutes,
];
