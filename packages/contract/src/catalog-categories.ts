import { z } from 'zod';
import { PkValue, listQuery, page } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

// ---- Catalog categories (/catalog/categories/) ----

const idList = z.array(PkValue).max(1000);

/**
 * Spec §3 "Catalog category", plus products_count for the tree screen. `order` is the position
 * among its siblings (0-based, dense); lft/rght/tree_id/level are the server's nested-set index
 * over parent + order (ADR 0012), rewritten on every structural change.
 */
export const CatalogCategoryResponse = z.object({
  id: z.number().int(),
  /** The resource's absolute API URL (DRF HyperlinkedIdentityField). */
  url: z.string(),
  slug: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The category's address in the storefront. */
  url_local: z.string(),
  /** The category's id in the storefront's database. */
  db_id: z.number().int().nullable(),
  account: z.number().int().nullable(),
  company: z.number().int(),
  parent: z.number().int().nullable(),
  title: z.string(),
  sub_title: z.string(),
  include_root_in_slug: z.boolean(),
  order: z.number().int(),
  /** A catalog image id of the company. */
  image: z.number().int().nullable(),
  default_category: z.boolean(),
  news_category: z.boolean(),
  active: z.boolean(),
  visible: z.boolean(),
  comments: z.string(),
  lft: z.number().int(),
  rght: z.number().int(),
  tree_id: z.number().int(),
  level: z.number().int(),
  /** Procurement categories whose products land in this category. */
  procurement_category_ids: z.array(z.number().int()),
  /** How many catalog products sit directly in it. */
  products_count: z.number().int(),
  /** The Google taxonomy item (GoogleTaxonomyItemResponse.id) the category maps to in feeds. */
  google_taxonomy: z.number().int().nullable(),
  /** The Facebook (Meta) taxonomy item (FacebookTaxonomyItemResponse.id) the category maps to. */
  facebook_taxonomy: z.number().int().nullable(),
});
export type CatalogCategoryResponse = z.infer<typeof CatalogCategoryResponse>;
export const CatalogCategoryPage = page(CatalogCategoryResponse);
export type CatalogCategoryPage = z.infer<typeof CatalogCategoryPage>;

/**
 * Default ordering is tree order (tree_id, lft): a page of the whole tree reads top to bottom.
 * `search` looks in the title; `ordering`: id, title, slug, order, level, tree_id, lft, created_at (each also with '-').
 */
export const ListCatalogCategoriesQuery = listQuery({
  id: ['exact', 'in'],
  parent: ['exact', 'isnull'],
  tree_id: ['exact'],
  level: ['exact', 'gte', 'lte'],
  active: ['exact'],
  visible: ['exact'],
  title: ['icontains'],
  slug: ['exact'],
});
export type ListCatalogCategoriesQuery = z.infer<typeof ListCatalogCategoriesQuery>;

const catalogTitle = z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(200);
const position = z.number().int('A valid integer is required.').min(0, DRF_FIELD_MESSAGES.minValue(0)).max(100_000);

/**
 * The writable fields. Read-only ones (id, url, slug, lft, rght, tree_id, level, created_at,
 * updated_at, account, company, products_count) are refused with 'Unknown field.' like any other
 * unknown key (ADR 0006): a client never believes it changed something it did not.
 */
const editable = {
  sub_title: z.string().trim().max(200).optional(),
  include_root_in_slug: z.boolean().optional(),
  /** The position among the siblings (0 = first); a move, like parent. */
  order: position.optional(),
  image: PkValue.nullable().optional(),
  /** At most one category of a company is the default: setting it clears the others. */
  default_category: z.boolean().optional(),
  news_category: z.boolean().optional(),
  active: z.boolean().optional(),
  visible: z.boolean().optional(),
  comments: z.string().max(20000).optional(),
  url_local: z.string().trim().max(2000).optional(),
  db_id: z.number().int('A valid integer is required.').min(0).max(2_147_483_647).nullable().optional(),
  parent: PkValue.nullable().optional(),
  procurement_category_ids: idList.optional(),
  google_taxonomy: PkValue.nullable().optional(),
  facebook_taxonomy: PkValue.nullable().optional(),
};

/** POST: a new category goes last among its siblings unless `order` says where. */
export const CreateCatalogCategoryBody = z.strictObject({ title: catalogTitle, ...editable });
export type CreateCatalogCategoryBody = z.input<typeof CreateCatalogCategoryBody>;
/** PATCH {id}/: only what is sent changes; the slug stays when the title changes, so published links keep working. */
export const UpdateCatalogCategoryBody = z.strictObject({ title: catalogTitle.optional(), ...editable });
export type UpdateCatalogCategoryBody = z.input<typeof UpdateCatalogCategoryBody>;
/** PUT {id}/: title is required; other fields left out keep their value (ADR 0006). */
export const ReplaceCatalogCategoryBody = CreateCatalogCategoryBody;
export type ReplaceCatalogCategoryBody = z.input<typeof ReplaceCatalogCategoryBody>;

/** POST {id}/move/: under `parent` (null = a root) at `position` among its new siblings (0 = first, at most their count). */
export const MoveCatalogCategoryBody = z.strictObject({ parent: PkValue.nullable(), position });
export type MoveCatalogCategoryBody = z.input<typeof MoveCatalogCategoryBody>;

/** DELETE {id}/?reassign_to=<id>: the products in it move to that category first. */
export const DeleteCatalogCategoryQuery = z.strictObject({
  reassign_to: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive('Invalid pk - object does not exist.')
    .max(2_147_483_647, 'Invalid pk - object does not exist.')
    .optional(),
});
export type DeleteCatalogCategoryQuery = z.input<typeof DeleteCatalogCategoryQuery>;

export const CATALOG_CATEGORY_PARENT_CYCLE = 'A category cannot be placed under itself or one of its descendants.';
export const CATALOG_CATEGORY_REASSIGN_SELF = 'Products cannot be moved to the category being deleted.';
/** The 409 of a delete refused because products sit in the category. */
export const catalogCategoryInUseMessage = (products: number) =>
  `${products} ${products === 1 ? 'product is' : 'products are'} in this category. Move ${products === 1 ? 'it' : 'them'} to another category to delete it.`;
/** 'Ensure this value is less than or equal to 3.' (DRF's words) for a position past the last sibling. */
export const positionTooLargeMessage = (max: number) => DRF_FIELD_MESSAGES.maxValue(max);
