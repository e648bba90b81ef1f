import { z } from 'zod';
import { PkValue, listQuery, page } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), DRF_FIELD_MESSAGES.url);

/** Paths join names with this; a name may not hold '>' or the path would split wrongly. */
export const CATEGORY_PATH_SEPARATOR = ' > ';
const categoryName = z
  .string()
  .trim()
  .min(1, DRF_FIELD_MESSAGES.blank)
  .max(200)
  .refine((v) => !v.includes('>'), "A category name may not contain '>'.");

const idList = z.array(PkValue).max(1000);

// ---- Procurement categories (/procurement/categories/) ----
/** Spec §3 "Procurement category", plus supplier_name and path. */
export const ProcurementCategoryResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  supplier: z.number().int(),
  supplier_name: z.string(),
  url: z.string(),
  slug: z.string(),
  /** How many procurement products sit directly in it. */
  products: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  url_local: z.string(),
  depth: z.number().int(),
  description: z.string(),
  description_html: z.string(),
  /** The old scraper's database id; always null here. */
  db_id: z.null(),
  last_date_scraped: z.string().nullable(),
  account: z.number().int().nullable(),
  company: z.number().int(),
  parent: z.number().int().nullable(),
  latest_feed: z.number().int().nullable(),
  /** urls, child_category_urls and product_urls described the old scraper's crawl; always []. */
  urls: z.array(z.string()),
  child_category_urls: z.array(z.string()),
  product_urls: z.array(z.string()),
  /** Catalog category ids its products go into when added to the catalog. */
  catalog_categories_auto_create: z.array(z.number().int()),
  /** 'Root > Child > Leaf', unique per supplier. */
  path: z.string(),
});
export type ProcurementCategoryResponse = z.infer<typeof ProcurementCategoryResponse>;
export const ProcurementCategoryPage = page(ProcurementCategoryResponse);
export type ProcurementCategoryPage = z.infer<typeof ProcurementCategoryPage>;
/** `search` looks in name and path; `ordering`: name, path, products, depth, created_at (each also with '-'). */
export const ListProcurementCategoriesQuery = listQuery({
  id: ['exact', 'in'],
  supplier: ['exact', 'in'],
  parent: ['exact', 'isnull'],
  depth: ['exact', 'gte', 'lte'],
  name: ['icontains'],
});
export type ListProcurementCategoriesQuery = z.infer<typeof ListProcurementCategoriesQuery>;

export const CreateProcurementCategoryBody = z.strictObject({
  supplier: PkValue,
  name: categoryName,
  /** A category of the same supplier; the path is the parent's path + ' > ' + name. */
  parent: PkValue.nullable().optional(),
  description: z.string().max(20000).optional(),
  description_html: z.string().max(100000).optional(),
  url: optionalUrl.optional(),
  catalog_categories_auto_create: idList.optional(),
});
export type CreateProcurementCategoryBody = z.input<typeof CreateProcurementCategoryBody>;

/** PATCH {id}/: only what is sent changes; catalog_categories_auto_create replaces the mapping. */
export const UpdateProcurementCategoryBody = z.strictObject({
  name: categoryName.optional(),
  description: z.string().max(20000).optional(),
  description_html: z.string().max(100000).optional(),
  url: optionalUrl.optional(),
  catalog_categories_auto_create: idList.optional(),
});
export type UpdateProcurementCategoryBody = z.input<typeof UpdateProcurementCategoryBody>;

export const PROCUREMENT_CATEGORY_PATH_TAKEN = 'This supplier already has a category with this path.';
export const PROCUREMENT_CATEGORY_PARENT_SUPPLIER = 'The parent must be a category of the same supplier.';
