import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogCategories } from './catalog-categories.js';
import { catalogProducts } from './catalog.js';
import { createdAt, timestamptz, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';
import { inventoryLocations, inventoryTransactions } from './inventory.js';
import { backgroundJobs } from './jobs.js';
import { currencies, globalSuppliers } from './reference.js';

/** A supplier the company buys from (spec §3 "Procurement supplier"). */
export const procurementSuppliers = pgTable(
  'procurement_suppliers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the supplier was taken from the platform directory. */
    globalSupplierId: integer('global_supplier_id').references(() => globalSuppliers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    nameAbbrev: text('name_abbrev').notNull(),
    website: text('website').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The currency its prices are in; a feed may override it. */
    currencyId: integer('currency_id').references(() => currencies.id, { onDelete: 'set null' }),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('procurement_suppliers_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('procurement_suppliers_company_abbrev_key').on(t.companyId, sql`lower(${t.nameAbbrev})`),
  ],
);

export const FEED_FORMATS = ['CSV', 'XML', 'JSON'] as const;
export const FEED_SCHEDULES = ['manual', 'hourly', 'daily', 'weekly'] as const;

/**
 * Where a supplier publishes its catalog and how to read it (DESIGN §5 "Procurement").
 * `column_mapping` maps our fields (sku, name, cost, ...) to the file's columns or keys.
 */
export const procurementFeeds = pgTable(
  'procurement_feeds',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => procurementSuppliers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    format: text('format', { enum: FEED_FORMATS }).notNull(),
    columnMapping: jsonb('column_mapping').$type<Record<string, string>>().notNull(),
    /** CSV delimiter, the XML element or JSON path holding the rows. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    currencyId: integer('currency_id').references(() => currencies.id, { onDelete: 'set null' }),
    schedule: text('schedule', { enum: FEED_SCHEDULES }).notNull().default('manual'),
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
    lastJobId: integer('last_job_id').references(() => backgroundJobs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('procurement_feeds_company_name_key').on(t.companyId, t.name), index('procurement_feeds_supplier_idx').on(t.supplierId)],
);

/** A supplier's category, built from the category paths of its feed ('A > B > C'). */
export const procurementCategories = pgTable(
  'procurement_categories',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => procurementSuppliers.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => procurementCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** The full path from the root, unique per supplier: what a feed row names. */
    path: text('path').notNull(),
    depth: integer('depth').notNull().default(0),
    url: text('url').notNull().default(''),
    urlLocal: text('url_local').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    lastDateScraped: timestamptz('last_date_scraped'),
    latestFeedId: integer('latest_feed_id').references(() => procurementFeeds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('procurement_categories_supplier_path_key').on(t.supplierId, t.path),
    index('procurement_categories_company_idx').on(t.companyId, t.name),
  ],
);

/** catalog_categories_auto_create: products of the supplier category land in these catalog categories. */
export const procurementCategoryMappings = pgTable(
  'procurement_category_mappings',
  {
    procurementCategoryId: integer('procurement_category_id')
      .notNull()
      .references(() => procurementCategories.id, { onDelete: 'cascade' }),
    catalogCategoryId: integer('catalog_category_id')
      .notNull()
      .references(() => catalogCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.procurementCategoryId, t.catalogCategoryId] }), index('procurement_category_mappings_catalog_idx').on(t.catalogCategoryId)],
);

export const PROCUREMENT_PRODUCT_STATUSES = ['active', 'removed'] as const;

/**
 * A product a supplier offers (spec §3 "Procurement product"), upserted by (supplier, sku)
 * from its feed. Rows that vanish from the feed are marked removed, never deleted.
 */
export const procurementProducts = pgTable(
  'procurement_products',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => procurementSuppliers.id, { onDelete: 'restrict' }),
    feedId: integer('feed_id').references(() => procurementFeeds.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => procurementCategories.id, { onDelete: 'set null' }),
    /** The catalog product made from it (add to catalog), if any. */
    catalogProductId: integer('catalog_product_id').references(() => catalogProducts.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default(''),
    ean: text('ean').notNull().default(''),
    /** The supplier's stock text with 'In stock: ' removed; `stock_quantity` is its number when it has one. */
    stockDetails: text('stock_details').notNull().default(''),
    stockQuantity: numeric('stock_quantity', { precision: 14, scale: 2 }),
    cost: numeric('cost', { precision: 14, scale: 4 }),
    costCurrencyId: integer('cost_currency_id').references(() => currencies.id, { onDelete: 'set null' }),
    costSek: numeric('cost_sek', { precision: 12, scale: 2 }),
    /** Product page links at the supplier. */
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    /** Image links as the feed gives them; operators add more as procurement image URLs. */
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    productType: text('product_type', { enum: ['simple', 'variable', 'variation', 'bundle'] })
      .notNull()
      .default('simple'),
    status: text('status', { enum: PROCUREMENT_PRODUCT_STATUSES }).notNull().default('active'),
    /** The wishlist: skipped products are hidden from the default grid. */
    skipped: boolean('skipped').notNull().default(false),
    lastSeenAt: timestamptz('last_seen_at'),
    removedAt: timestamptz('removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('procurement_products_supplier_sku_key').on(t.supplierId, t.sku),
    index('procurement_products_company_created_idx').on(t.companyId, t.createdAt),
    // Supplier lookups use the (supplier_id, sku) key. Most supplier products are never mapped:
    // a partial index keeps them out of it, so a 100k-row import maintains one index less.
    index('procurement_products_catalog_product_idx')
      .on(t.catalogProductId)
      .where(sql`${t.catalogProductId} is not null`),
    index('procurement_products_category_idx').on(t.categoryId),
    // `search=` over SKU, name, brand and EAN as one text (products.service supplierProductSearchText).
    index('procurement_products_search_trgm_idx').using('gin', sql`(${t.sku} || ' ' || ${t.name} || ' ' || ${t.brand} || ' ' || ${t.ean}) gin_trgm_ops`),
    // The catalog's "from this supplier" filter starts from the supplier's mapped offers.
    index('procurement_products_supplier_mapping_idx')
      .on(t.supplierId, t.catalogProductId)
      .where(sql`${t.catalogProductId} is not null`),
    // The catalog's "has procurement products" filter: mapped offers still in the feed.
    index('procurement_products_active_mapping_idx')
      .on(t.catalogProductId)
      .where(sql`${t.catalogProductId} is not null and ${t.status} = 'active'`),
  ],
);

/** Image links added to a procurement product by hand or by upload (spec "Procurement image URLs"). */
export const procurementImageUrls = pgTable(
  'procurement_image_urls',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    procurementProductId: integer('procurement_product_id')
      .notNull()
      .references(() => procurementProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    source: text('source', { enum: ['url', 'upload'] }).notNull(),
    /** For uploads: where the file sits under the media directory. */
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    size: integer('size'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('procurement_image_urls_product_url_key').on(t.procurementProductId, t.url),
    index('procurement_image_urls_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const PROCUREMENT_ORDER_STATUSES = ['open', 'partially_received', 'received', 'cancelled'] as const;

/** A purchase order to one supplier (spec §3 "Procurement order"). */
export const procurementOrders = pgTable(
  'procurement_orders',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => procurementSuppliers.id, { onDelete: 'restrict' }),
    internalOrderNumber: text('internal_order_number').notNull(),
    status: text('status', { enum: PROCUREMENT_ORDER_STATUSES }).notNull().default('open'),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('procurement_orders_company_number_key').on(t.companyId, t.internalOrderNumber),
    index('procurement_orders_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** A line of a purchase order; `quantity_received` grows with each (partial) receipt. */
export const procurementOrderItems = pgTable(
  'procurement_order_items',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => procurementOrders.id, { onDelete: 'cascade' }),
    /** The catalog product it restocks. */
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'restrict' }),
    procurementProductId: integer('procurement_product_id').references(() => procurementProducts.id, { onDelete: 'set null' }),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    quantityReceived: numeric('quantity_received', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Cost per unit in SEK when ordered. */
    unitCostSek: numeric('unit_cost_sek', { precision: 12, scale: 2 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('procurement_order_items_order_product_key').on(t.orderId, t.productId),
    index('procurement_order_items_product_idx').on(t.productId),
    check('procurement_order_items_quantity_check', sql`${t.quantity} > 0 and ${t.quantityReceived} >= 0 and ${t.quantityReceived} <= ${t.quantity}`),
  ],
);

/** One receipt of goods: the STOCK_IN it booked, written in the same transaction. */
export const procurementReceipts = pgTable(
  'procurement_receipts',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => procurementOrderItems.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => inventoryTransactions.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('procurement_receipts_item_idx').on(t.orderItemId),
    // Whether a ledger row is a receipt (a receipt's stock may not be edited on its own).
    index('procurement_receipts_transaction_idx').on(t.transactionId),
  ],
);

/** Per-company counters (purchase order numbers PO-000001...), bumped atomically. */
export const companyCounters = pgTable(
  'company_counters',
  {
    companyId: companyId(),
    name: text('name').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);
