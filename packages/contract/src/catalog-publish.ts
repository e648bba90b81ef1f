import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { PkValue } from './common.js';
import { JobResponse } from './jobs.js';

/**
 * Publishing the catalog to sales channels (spec §7 "POST /catalog/products/publish/ with an
 * action. The response gives export URLs."; DESIGN §5 "Publishing"; ADR 0013).
 * - google_merchant: a Google Merchant Center feed, RSS 2.0 with the g: namespace.
 * - meta_catalog: a Meta (Facebook/Instagram) catalog data feed, CSV with Meta's required columns.
 * - csv: every catalog field of every product, for spreadsheets and other tools.
 * A publish runs as a background job; the answer names the file URLs at once (a first publish's
 * URL answers 404 until the job has written it). Files are served without a bearer token under
 * /api/exports/<token>/, because the channels fetch them by URL; the random token per company
 * and action is the capability, and stays the same across publishes of every product. A
 * selection of products gets a new token of its own, its file kept SELECTION_EXPORT_DAYS.
 */
export const PUBLISH_ACTIONS = ['google_merchant', 'meta_catalog', 'csv'] as const;
export const PublishAction = z.enum(PUBLISH_ACTIONS);
export type PublishAction = z.infer<typeof PublishAction>;

export const PUBLISH_ACTION_LABELS: Record<PublishAction, string> = {
  google_merchant: 'Google Merchant Center feed',
  meta_catalog: 'Meta catalog feed',
  csv: 'CSV export (all fields)',
};

/** The file each action writes, under /api/exports/<token>/. */
export const PUBLISH_FILE_NAMES: Record<PublishAction, string> = {
  google_merchant: 'google-merchant.xml',
  meta_catalog: 'meta-catalog.csv',
  csv: 'catalog.csv',
};

/** The job kind of a publish (GET /jobs/{id}/ follows it). */
export const PUBLISH_JOB = 'catalog_publish';

/** At most this many products are named in a validation report; the counts cover them all. */
export const PUBLISH_MAX_REPORTED_PROBLEMS = 100;
/** At most this many ids in one request: larger sets are published as "all products". */
export const PUBLISH_MAX_IDS = 10_000;

/**
 * What to publish: `ids` limits it to those products (the grid's selection); without them, every
 * product of the company. Texts come from the product descriptions in `language` (default SV),
 * falling back to the product's own name.
 */
export const PublishBody = z.strictObject({
  action: PublishAction,
  ids: z.array(PkValue).min(1).max(PUBLISH_MAX_IDS).optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type PublishBody = z.input<typeof PublishBody>;

/**
 * Why a channel would reject a product (Google Merchant Center and Meta product data
 * specifications): each code with the operator-facing text in PUBLISH_PROBLEM_TEXT.
 */
export const PUBLISH_PROBLEMS = ['missing_title', 'title_too_long', 'missing_description', 'missing_price', 'missing_image', 'missing_link'] as const;
export const PublishProblemCode = z.enum(PUBLISH_PROBLEMS);
export type PublishProblemCode = z.infer<typeof PublishProblemCode>;

/** Longest title each channel takes (Google: 150 characters, Meta: 200). */
export const PUBLISH_TITLE_MAX: Record<PublishAction, number | null> = { google_merchant: 150, meta_catalog: 200, csv: null };

export const PUBLISH_PROBLEM_TEXT: Record<PublishProblemCode, string> = {
  missing_title: 'No title',
  title_too_long: 'Title too long',
  missing_description: 'No description',
  missing_price: 'No price',
  missing_image: 'No image',
  missing_link: 'No product link',
};

export const PublishProblemProduct = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  problems: z.array(PublishProblemCode),
});
export type PublishProblemProduct = z.infer<typeof PublishProblemProduct>;

/** POST /catalog/products/publish/validate/: what a publish would send and what it would leave out. */
export const PublishValidationResponse = z.object({
  action: PublishAction,
  /** Products considered. */
  total: z.number().int(),
  /** Products that pass and would be in the file. */
  publishable: z.number().int(),
  /** Products the channel would reject; they are left out of the file. */
  rejected: z.number().int(),
  /** Products per problem code (a product can have several). */
  problem_counts: z.partialRecord(PublishProblemCode, z.number().int()),
  /** The first PUBLISH_MAX_REPORTED_PROBLEMS rejected products, by id. */
  problems: z.array(PublishProblemProduct),
});
export type PublishValidationResponse = z.infer<typeof PublishValidationResponse>;

/** The `result` of a finished publish job: the validation figures and the file URLs. */
export const PublishResult = PublishValidationResponse.extend({
  urls: z.array(z.string()),
  /** Products marked synced to e-commerce (the channel feeds mark what they published; the CSV export marks nothing). */
  synced: z.number().int(),
});
export type PublishResult = z.infer<typeof PublishResult>;

/**
 * POST /catalog/products/publish/ (200, a success code of spec §7): the export URLs, and the job
 * that writes them. The channel feed's URL stays the same for a company and action from one
 * publish of every product to the next, so a channel can be set to fetch it on a schedule; a
 * selection's URL is its own.
 */
export const PublishResponse = z.object({
  action: PublishAction,
  urls: z.array(z.string()),
  job: JobResponse,
});
export type PublishResponse = z.infer<typeof PublishResponse>;

export const PUBLISH_NOTHING = 'There are no products to publish.';
/** Not in the spec: the channel feed is being published in another language (409). */
export const publishRunning = (action: PublishAction, language: string) =>
  `The ${PUBLISH_ACTION_LABELS[action]} is being published in ${language} right now; publish again when it is done.`;
/** A selection's file of its own is kept this many days (the channel feed is kept until the next publish). */
export const SELECTION_EXPORT_DAYS = 7;

// ---- A product's own channel categories (override of what its categories give it) ----

export const TaxonomyRef = z.object({
  id: z.number().int(),
  taxonomy_id: z.number().int(),
  slug_en: z.string(),
  slug_sv: z.string(),
});
export type TaxonomyRef = z.infer<typeof TaxonomyRef>;

/**
 * GET/PUT /catalog/products/{id}/taxonomies/. `google_taxonomy`/`facebook_taxonomy` are the
 * product's own choice (item ids, null = inherit); `effective_*` is what feeds use: the own
 * choice, else the mapping of the nearest category up the tree, with the category it came from.
 */
export const ProductTaxonomiesResponse = z.object({
  product: z.number().int(),
  google_taxonomy: z.number().int().nullable(),
  facebook_taxonomy: z.number().int().nullable(),
  effective_google_taxonomy: TaxonomyRef.nullable(),
  effective_facebook_taxonomy: TaxonomyRef.nullable(),
  /** The category the effective item is inherited from; null when it is the product's own or there is none. */
  google_inherited_from: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  facebook_inherited_from: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type ProductTaxonomiesResponse = z.infer<typeof ProductTaxonomiesResponse>;

export const UpdateProductTaxonomiesBody = z.strictObject({
  google_taxonomy: PkValue.nullable(),
  facebook_taxonomy: PkValue.nullable(),
});
export type UpdateProductTaxonomiesBody = z.input<typeof UpdateProductTaxonomiesBody>;

/** /api/exports/<token>/<file>: the path parameters. */
export const ExportFileParams = z.strictObject({ token: z.string().max(100), file: z.string().max(100) });
