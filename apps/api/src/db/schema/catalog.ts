import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
    /** Set when the company was told the product is low; cleared when stock is back above the level. */
    lowStockNotifiedAt: timestamptz('low_stock_notified_at'),
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
    check(
      'catalog_products_dimensions_check',
      sql`coalesce(${t.packagingWidth}, 0) >= 0 and coalesce(${t.packagingLength}, 0) >= 0 and coalesce(${t.packagingHeight}, 0) >= 0`,
    ),
    check('catalog_products_weight_check', sql`coalesce(${t.packagingWeight}, 0) >= 0`),
    check('catalog_products_restock_check', sql`${t.qtyRestockLevel} >= 0 and ${t.qtyRestockAmount} >= 0`),
  ],
);
