import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogProducts } from './catalog.js';
import { createdAt, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';

/**
 * The company's own category tree (spec §3 "Catalog category"). Only what procurement needs
 * to map supplier categories onto it; the content issue adds the rest of the spec's fields.
 */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('catalog_categories_company_slug_key').on(t.companyId, t.slug), index('catalog_categories_parent_idx').on(t.parentId)],
);

/** Which catalog categories a catalog product sits in. */
export const catalogProductCategories = pgTable(
  'catalog_product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('catalog_product_categories_category_idx').on(t.categoryId)],
);
