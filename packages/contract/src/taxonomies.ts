import { z } from 'zod';
import { BoolString, PkValue, listQuery, page } from './common.js';

/**
 * The channels' product taxonomies (spec §3, §6, §7 "Other data"; DESIGN §3 paths
 * /taxonomies/google/, /taxonomies/google/links/, /taxonomies/facebook/, /taxonomies/facebook/links/).
 * Items are platform-wide reference data imported from the official files; a link copies one
 * item to the caller: Google links belong to a user's account, Facebook links to a company.
 */

/** `linked` and `link_id` describe the caller's own link (Google: this user; Facebook: this company). */
const taxonomyItem = {
  id: z.number().int(),
  /** The channel's own id, the one a feed names (google_product_category, fb_product_category). */
  taxonomy_id: z.number().int(),
  slug_en: z.string(),
  slug_sv: z.string(),
  /** Depth from the root: 0 for a top-level item. */
  level: z.number().int(),
  linked: z.boolean(),
  link_id: z.number().int().nullable(),
};

export const GoogleTaxonomyItemResponse = z.object(taxonomyItem);
export type GoogleTaxonomyItemResponse = z.infer<typeof GoogleTaxonomyItemResponse>;
export const GoogleTaxonomyPage = page(GoogleTaxonomyItemResponse);
export type GoogleTaxonomyPage = z.infer<typeof GoogleTaxonomyPage>;

export const FacebookTaxonomyItemResponse = z.object(taxonomyItem);
export type FacebookTaxonomyItemResponse = z.infer<typeof FacebookTaxonomyItemResponse>;
export const FacebookTaxonomyPage = page(FacebookTaxonomyItemResponse);
export type FacebookTaxonomyPage = z.infer<typeof FacebookTaxonomyPage>;

/**
 * GET /taxonomies/google/ and /taxonomies/facebook/: `search` looks in both slugs (every word
 * must match); `linked` True/False keeps only the items the caller has (or has not) linked;
 * ordering slug_en (default), slug_sv, taxonomy_id, level. Google pages 25, Facebook 50 (spec §9).
 */
export const ListTaxonomyItemsQuery = listQuery(
  // id/id__in: the category editor names the items a category is mapped to (google_taxonomy, facebook_taxonomy).
  { id: ['exact', 'in'], taxonomy_id: ['exact', 'in'], level: ['exact', 'lte'] },
  { linked: BoolString.optional() },
);
export type ListTaxonomyItemsQuery = z.infer<typeof ListTaxonomyItemsQuery>;

export const GoogleTaxonomyLinkResponse = z.object({
  id: z.number().int(),
  account: z.number().int(),
  /** The item's id (GoogleTaxonomyItemResponse.id), as the spec's link record names it. */
  taxonomy: z.number().int(),
  taxonomy_item: GoogleTaxonomyItemResponse.omit({ linked: true, link_id: true }),
  created_at: z.string(),
});
export type GoogleTaxonomyLinkResponse = z.infer<typeof GoogleTaxonomyLinkResponse>;
export const GoogleTaxonomyLinkPage = page(GoogleTaxonomyLinkResponse);
export type GoogleTaxonomyLinkPage = z.infer<typeof GoogleTaxonomyLinkPage>;

export const FacebookTaxonomyLinkResponse = z.object({
  id: z.number().int(),
  account: z.number().int().nullable(),
  company: z.number().int(),
  taxonomy: z.number().int(),
  taxonomy_item: FacebookTaxonomyItemResponse.omit({ linked: true, link_id: true }),
  created_at: z.string(),
});
export type FacebookTaxonomyLinkResponse = z.infer<typeof FacebookTaxonomyLinkResponse>;
export const FacebookTaxonomyLinkPage = page(FacebookTaxonomyLinkResponse);
export type FacebookTaxonomyLinkPage = z.infer<typeof FacebookTaxonomyLinkPage>;

/** GET .../links/: the caller's links (Google: this user's; Facebook: this company's), by item. */
export const ListTaxonomyLinksQuery = listQuery({ taxonomy: ['exact', 'in'] });
export type ListTaxonomyLinksQuery = z.infer<typeof ListTaxonomyLinksQuery>;

/** POST /taxonomies/google/links/ (spec §7): `account` must be the caller's own user id. */
export const CreateGoogleTaxonomyLinkBody = z.strictObject({ account: PkValue, taxonomy: PkValue });
export type CreateGoogleTaxonomyLinkBody = z.input<typeof CreateGoogleTaxonomyLinkBody>;

/** POST /taxonomies/facebook/links/ (spec §7): `account` the caller, `company` the caller's company. */
export const CreateFacebookTaxonomyLinkBody = z.strictObject({ account: PkValue, company: PkValue, taxonomy: PkValue });
export type CreateFacebookTaxonomyLinkBody = z.input<typeof CreateFacebookTaxonomyLinkBody>;

export const TAXONOMY_ALREADY_LINKED = 'This taxonomy item is already linked.';
export const TAXONOMY_LINK_NOT_YOURS = 'Links can only be created for your own account and company.';
