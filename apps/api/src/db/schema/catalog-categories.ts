import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogProducts } from './catalog.js';
import { catalogImages } from './catalog-media.js';
import { createdAt, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';

/**
 * The company's own category tree (spec §3 "Catalog category"). `parentId` and `sortOrder`
 * are the truth; lft/rght/treeId/level are a nested-set index over them that the category
 * service rewrites in the same transaction as every structural change (ADR 0012), so a
 * subtree or an ancestor path is one range query.
 */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    slug: text('slug').notNull(),
    includeRootInSlug: boolean('include_root_in_slug').notNull().default(false),
    /** Position among its siblings (spec "order"). */
    sortOrder: integer('sort_order').notNull().default(0),
    imageId: integer('image_id').references((): AnyPgColumn => catalogImages.id, { onDelete: 'set null' }),
    defaultCategory: boolean('default_category').notNull().default(false),
    newsCategory: boolean('news_category').notNull().default(false),
    active: boolean('active').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    comments: text('comments').notNull().default(''),
    /** The category's address in the storefront, and its id there (spec url_local, db_id). */
    urlLocal: text('url_local').notNull().default(''),
    dbId: integer('db_id'),
    lft: integer('lft').notNull().default(0),
    rght: integer('rght').notNull().default(0),
    treeId: integer('tree_id').notNull().default(0),
    level: integer('level').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_categories_company_slug_key').on(t.companyId, t.slug),
    index('catalog_categories_parent_idx').on(t.parentId),
    index('catalog_categories_tree_idx').on(t.companyId, t.treeId, t.lft),
  ],
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

/** An image shown for a category (spec "category images"), in order. */
export const catalogCategoryImages = pgTable(
  'catalog_category_images',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogCategories.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => catalogImages.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('catalog_category_images_category_image_key').on(t.categoryId, t.imageId), index('catalog_category_images_image_idx').on(t.imageId)],
);
