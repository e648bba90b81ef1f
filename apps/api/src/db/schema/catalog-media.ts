import { boolean, foreignKey, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogProducts } from './catalog.js';
import { createdAt, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';

/** A company's image kinds (e.g. 'Packshot', 'Lifestyle'): spec "image classifications". */
export const catalogImageClassifications = pgTable(
  'catalog_image_classifications',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('catalog_image_classifications_company_title_key').on(t.companyId, t.title)],
);

/**
 * The image library (spec §3 "Image"). The file and its WebP thumbnail sit in media storage
 * under random keys (ADR 0009); title, size, width and height are read from the file itself.
 */
export const catalogImages = pgTable(
  'catalog_images',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The uploaded file's name, as the client sent it (shown, never used as a path). */
    filename: text('filename').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    classificationId: integer('classification_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('catalog_images_company_created_idx').on(t.companyId, t.createdAt),
    index('catalog_images_classification_idx').on(t.classificationId),
    // Named by hand: the generated name would pass PostgreSQL's 63-character limit.
    foreignKey({ name: 'catalog_images_classification_fk', columns: [t.classificationId], foreignColumns: [catalogImageClassifications.id] }).onDelete(
      'set null',
    ),
  ],
);

/** An image attached to a catalog product (spec "product images"), in order. */
export const catalogProductImages = pgTable(
  'catalog_product_images',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => catalogImages.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('catalog_product_images_product_image_key').on(t.productId, t.imageId), index('catalog_product_images_image_idx').on(t.imageId)],
);

/** Spec §3 "File URL": a document or file link of a product (manuals, data sheets...). */
export const catalogFileUrls = pgTable(
  'catalog_file_urls',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => catalogProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Where the file was found (e.g. a supplier page); empty when added by hand. */
    sourceUrl: text('source_url').notNull().default(''),
    priority: integer('priority').notNull().default(0),
    title: text('title').notNull().default(''),
    /** The source no longer offers the file; kept so links already published don't vanish silently. */
    removedFromSource: boolean('removed_from_source').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('catalog_file_urls_company_idx').on(t.companyId, t.priority, t.id), index('catalog_file_urls_product_idx').on(t.productId)],
);
