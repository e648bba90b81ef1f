import { foreignKey, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogCategories } from './catalog-categories.js';
import { catalogProducts } from './catalog.js';
import { createdAt, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';

/**
 * The channels' product taxonomies (spec §3 "Google taxonomy item", "Facebook taxonomy item"):
 * platform-wide reference data imported from the official files by `npm run import:taxonomy`
 * (DESIGN §5), read-only to users. `taxonomyId` is the channel's own id, the one a feed names.
 */
export const googleTaxonomyItems = pgTable(
  'google_taxonomy_items',
  {
    id: serial('id').primaryKey(),
    taxonomyId: integer('taxonomy_id').notNull(),
    /** The full path, 'Home & Garden > Lawn & Garden > Gardening', in English and Swedish. */
    slugEn: text('slug_en').notNull().default(''),
    slugSv: text('slug_sv').notNull().default(''),
    /** Depth from the root (0 for a top-level item), from the path. */
    level: integer('level').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('google_taxonomy_items_taxonomy_id_key').on(t.taxonomyId)],
);

export const facebookTaxonomyItems = pgTable(
  'facebook_taxonomy_items',
  {
    id: serial('id').primaryKey(),
    taxonomyId: integer('taxonomy_id').notNull(),
    slugEn: text('slug_en').notNull().default(''),
    slugSv: text('slug_sv').notNull().default(''),
    level: integer('level').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('facebook_taxonomy_items_taxonomy_id_key').on(t.taxonomyId)],
);

/** A Google taxonomy item copied to a user's account (spec §3, §6: the link holds account and taxonomy). */
export const googleTaxonomyLinks = pgTable(
  'google_taxonomy_links',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxonomyId: integer('taxonomy_id')
      .notNull()
      .references(() => googleTaxonomyItems.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('google_taxonomy_links_account_taxonomy_key').on(t.accountId, t.taxonomyId)],
);

/** A Facebook taxonomy item copied to a company (the link holds account, company and taxonomy). */
export const facebookTaxonomyLinks = pgTable(
  'facebook_taxonomy_links',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    taxonomyId: integer('taxonomy_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('facebook_taxonomy_links_company_taxonomy_key').on(t.companyId, t.taxonomyId),
    foreignKey({ name: 'facebook_taxonomy_links_item_fk', columns: [t.taxonomyId], foreignColumns: [facebookTaxonomyItems.id] }).onDelete('cascade'),
  ],
);

/**
 * Which channel category a catalog category maps to (one Google, one Meta). Products inherit
 * it down the tree unless they set their own (catalog_product_taxonomies).
 */
export const catalogCategoryTaxonomies = pgTable(
  'catalog_category_taxonomies',
  {
    categoryId: integer('category_id').primaryKey(),
    companyId: companyId(),
    googleTaxonomyId: integer('google_taxonomy_id'),
    facebookTaxonomyId: integer('facebook_taxonomy_id'),
    updatedAt: updatedAt(),
  },
  // Constraint names by hand: the generated ones pass PostgreSQL's 63-character limit.
  (t) => [
    index('catalog_category_taxonomies_company_idx').on(t.companyId),
    foreignKey({ name: 'catalog_category_taxonomies_category_fk', columns: [t.categoryId], foreignColumns: [catalogCategories.id] }).onDelete('cascade'),
    foreignKey({ name: 'catalog_category_taxonomies_google_fk', columns: [t.googleTaxonomyId], foreignColumns: [googleTaxonomyItems.id] }).onDelete('set null'),
    foreignKey({ name: 'catalog_category_taxonomies_facebook_fk', columns: [t.facebookTaxonomyId], foreignColumns: [facebookTaxonomyItems.id] }).onDelete(
      'set null',
    ),
  ],
);

/** A product's own channel categories, overriding what its categories give it. */
export const catalogProductTaxonomies = pgTable(
  'catalog_product_taxonomies',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    googleTaxonomyId: integer('google_taxonomy_id'),
    facebookTaxonomyId: integer('facebook_taxonomy_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('catalog_product_taxonomies_company_idx').on(t.companyId),
    foreignKey({ name: 'catalog_product_taxonomies_google_fk', columns: [t.googleTaxonomyId], foreignColumns: [googleTaxonomyItems.id] }).onDelete('set null'),
    foreignKey({ name: 'catalog_product_taxonomies_facebook_fk', columns: [t.facebookTaxonomyId], foreignColumns: [facebookTaxonomyItems.id] }).onDelete(
      'set null',
    ),
  ],
);
