import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/**
 * Platform-wide reference data: no company, read-only to users (DESIGN §4).
 */

/** A currency and what one unit of it costs in SEK; feed costs are converted with it. */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  /** ISO 4217 code, e.g. EUR. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** SEK per one unit of this currency. */
  rateToSek: numeric('rate_to_sek', { precision: 18, scale: 6 }).notNull(),
  updatedAt: updatedAt(),
});

/** The platform's directory of suppliers and brands (spec: suppliers_global). */
export const globalSuppliers = pgTable(
  'global_suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameAbbrev: text('name_abbrev').notNull(),
    website: text('website').notNull().default(''),
    country: text('country').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Brands the supplier carries, for browsing. */
    brands: text('brands').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('global_suppliers_name_key').on(t.name)],
);

/** What a directory supplier offers, for browsing before a company sets the supplier up. */
export const globalSupplierProducts = pgTable(
  'global_supplier_products',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => globalSuppliers.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id, { onDelete: 'set null' }),
    url: text('url').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('global_supplier_products_supplier_sku_key').on(t.supplierId, t.sku), index('global_supplier_products_name_idx').on(t.name)],
);
