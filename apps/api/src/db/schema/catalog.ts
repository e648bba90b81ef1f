import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';
import { inventoryLocations } from './inventory.js';

/**
 * A product of the company's catalog (spec §3). Money and quantities are NUMERIC (DESIGN §3);
 * packaging dimensions are whole millimetres, weight kg with 3 decimals.
 * `qty_in_stock` is the sum of the product's inventory levels at stock locations, kept by the
 * ledger service in the same transaction as every level change (`db:check` proves it).
 */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    productType: text('product_type', { enum: ['simple', 'variable', 'variation', 'bundle'] })
      .notNull()
      .default('simple'),
    /** Variations pick stock from their variable parent when this is set (spec: product__stock_proxy_parent). */
    stockProxyParentId: integer('stock_proxy_parent_id').references((): AnyPgColumn => catalogProducts.id, { onDelete: 'set null' }),
    qtyInStock: numeric('qty_in_stock', { precision: 14, scale: 2 }).notNull().default('0'),
    costShipping: numeric('cost_shipping', { precision: 12, scale: 2 }).notNull().default('0'),
    priceManualOverride: numeric('price_manual_override', { precision: 12, scale: 2 }),
    priceOnSale: numeric('price_on_sale', { precision: 12, scale: 2 }),
    /** The auto price of the pricing engine (DESIGN §5); null until a cost is known. */
    priceCalculatedAutomatically: numeric('price_calculated_automatically', { precision: 12, scale: 2 }),
    /**
     * Kept by the pricing service with the prices (never written elsewhere) so the margin band and
     * negative-margin filters are index lookups: margin = effective price excl. VAT - total cost,
     * margin_percent = margin / price excl. VAT x 100. Null while the product has no price.
     */
    margin: numeric('margin', { precision: 12, scale: 2 }),
    marginPercent: numeric('margin_percent', { precision: 9, scale: 2 }),
    vat: numeric('vat', { precision: 5, scale: 2 }).notNull().default('25'),
    procurementCost: numeric('procurement_cost', { precision: 12, scale: 2 }),
    costPackagingLabour: numeric('cost_packaging_labour', { precision: 12, scale: 2 }).notNull().default('0'),
    costPackagingMaterial: numeric('cost_packaging_material', { precision: 12, scale: 2 }).notNull().default('0'),
    packagingWidth: integer('packaging_width'),
    packagingLength: integer('packaging_length'),
    packagingHeight: integer('packaging_height'),
    packagingWeight: numeric('packaging_weight', { precision: 10, scale: 3 }),
    defaultLocationId: integer('default_location_id').references((): AnyPgColumn => inventoryLocations.id, { onDelete: 'set null' }),
    qtyRestockLevel: numeric('qty_restock_level', { precision: 12, scale: 2 }).notNull().default('0'),
    qtyRestockAmount: numeric('qty_restock_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Free-form description object (spec §3); the per-language descriptions arrive with their own table. */
    description: jsonb('description').$type<Record<string, unknown>>().notNull().default({}),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    url: text('url').notNull().default(''),
    /**
     * Low stock (spec's low-in-stock filter), kept by the database. The filter's partial index
     * names this column rather than qty_in_stock, so a stock write that leaves it as it was
     * changes no indexed column and is a HOT update (ADR 0025).
     */
    stockLow: boolean('stock_low')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${catalogProducts.qtyInStock} <= ${catalogProducts.qtyRestockLevel} and ${catalogProducts.qtyRestockLevel} > 0`),
    /** Set when the company was told the product is low; cleared when stock is back above the level. */
    lowStockNotifiedAt: timestamptz('low_stock_notified_at'),
    /** Last edit by an operator (PUT); imports and recomputed prices leave it alone. Null = unedited. */
    editedAt: timestamptz('edited_at'),
    /** Last successful publish to the e-commerce channels (the publish issue sets it). */
    syncedAt: timestamptz('synced_at'),
    /** Products with history are archived, never deleted. */
    archivedAt: timestamptz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_products_company_sku_key').on(t.companyId, t.sku),
    index('catalog_products_company_created_idx').on(t.companyId, t.createdAt),
    index('catalog_products_company_updated_idx').on(t.companyId, t.updatedAt),
    index('catalog_products_company_name_idx').on(t.companyId, t.name),
    // The default order (newest first) walks this one; without it a company's first page scans
    // the primary key past every other company's products.
    index('catalog_products_company_id_idx').on(t.companyId, t.id),
    index('catalog_products_company_margin_idx').on(t.companyId, t.marginPercent),
    index('catalog_products_negative_margin_idx')
      .on(t.companyId)
      .where(sql`${t.margin} < 0`),
    index('catalog_products_company_edited_idx').on(t.companyId, t.editedAt),
    index('catalog_products_company_synced_idx').on(t.companyId, t.syncedAt),
    index('catalog_products_company_type_idx').on(t.companyId, t.productType),
    // `search=` looks in SKU and name as one text (catalog.service productSearchText): one
    // trigram index answers ILIKE '%...%' on it (DESIGN §3), where two would need a BitmapOr.
    // The grid's default order (SKU, then id as the list's tie-breaker) over live products, with
    // the id in the key: a page's ids come from this index alone, however deep the page.
    index('catalog_products_live_sku_idx')
      .on(t.companyId, t.sku, t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index('catalog_products_search_trgm_idx').using('gin', sql`(${t.sku} || ' ' || ${t.name}) gin_trgm_ops`),
    // "Highest first" sorts empty values last (http/filters.ts): these serve that order.
    index('catalog_products_company_margin_percent_desc_idx').on(t.companyId, sql`${t.marginPercent} desc nulls last`, sql`${t.id} desc`),
    index('catalog_products_company_price_idx').on(t.companyId, sql`coalesce(${t.priceManualOverride}, ${t.priceCalculatedAutomatically})`),
    index('catalog_products_company_price_desc_idx').on(
      t.companyId,
      sql`coalesce(${t.priceManualOverride}, ${t.priceCalculatedAutomatically}) desc nulls last`,
    ),
    // Yes/No filters whose Yes side is rare: partial indexes keep them small.
    index('catalog_products_override_idx')
      .on(t.companyId)
      .where(sql`${t.priceManualOverride} is not null`),
    // Of the active products only: the overview's count and the grid's filter read the index
    // alone (no whole row per low product: 18 ms -> 1.5 ms for 6,560 of 100k).
    index('catalog_products_low_stock_active_idx')
      .on(t.companyId)
      .where(sql`${t.stockLow} and ${t.archivedAt} is null`),
    check(
      'catalog_products_dimensions_check',
      sql`coalesce(${t.packagingWidth}, 0) >= 0 and coalesce(${t.packagingLength}, 0) >= 0 and coalesce(${t.packagingHeight}, 0) >= 0`,
    ),
    check('catalog_products_weight_check', sql`coalesce(${t.packagingWeight}, 0) >= 0`),
    check('catalog_products_restock_check', sql`${t.qtyRestockLevel} >= 0 and ${t.qtyRestockAmount} >= 0`),
  ],
);

/**
 * A markup rule (DESIGN §5): the first rule of the company that matches a product, by priority
 * (lowest first), sets the markup of its auto price. A rule matches when the product's total
 * cost lies in [cost_from, cost_to) (an empty bound is open) and its product type equals the
 * rule's (an empty type matches every product). The one default rule applies when none matches.
 */
export const catalogMarkups = pgTable(
  'catalog_markups',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    percent: numeric('percent', { precision: 7, scale: 2 }).notNull(),
    costFrom: numeric('cost_from', { precision: 12, scale: 2 }),
    costTo: numeric('cost_to', { precision: 12, scale: 2 }),
    productType: text('product_type', { enum: ['simple', 'variable', 'variation', 'bundle'] }),
    priority: integer('priority').notNull().default(100),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_markups_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('catalog_markups_company_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
    index('catalog_markups_company_priority_idx').on(t.companyId, t.priority, t.id),
    check('catalog_markups_percent_check', sql`${t.percent} >= -100`),
    check('catalog_markups_band_check', sql`${t.costFrom} is null or ${t.costTo} is null or ${t.costFrom} < ${t.costTo}`),
  ],
);

/** Spec §3 "Product description": one per product and language (SV, EN, NO, DA). */
export const productDescriptions = pgTable(
  'product_descriptions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['SV', 'EN', 'NO', 'DA'] })
      .notNull()
      .default('SV'),
    name: text('name').notNull().default(''),
    content: text('content').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaKeywords: text('meta_keywords').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    source: text('source').notNull().default('chatgpt'),
    machineTranslation: boolean('machine_translation').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('product_descriptions_product_language_key').on(t.productId, t.language), index('product_descriptions_company_idx').on(t.companyId)],
);
