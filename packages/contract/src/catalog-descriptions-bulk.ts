import { z } from 'zod';
import { PkValue, page } from './common.js';
import { DEFAULT_DESCRIPTION_LANGUAGE, type LANGUAGES } from './constants.js';
import { ListProductsQuery } from './catalog.js';
import { Language, ProductDescriptionResponse, UpdateProductDescriptionBody } from './catalog-descriptions.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * Bulk product descriptions (spec §7 "Bulk description", DESIGN §3 `/catalog/product_descriptions_bulk/`):
 * a grid of products with their copy in one language, a save per cell, and machine translation /
 * generation through an OpenAI-compatible chat API (DESIGN §5).
 *
 * Machine-made copy is never stored by translate/ or generate/: they answer proposals, the operator
 * reviews them and saves the accepted ones with PATCH, sending `machine_translation: true` and the
 * `source` the proposal answer names. That source is the configured LLM_MODEL (cut to 50 characters):
 * it says which model wrote the text, which the spec's default 'chatgpt' would only guess.
 */

/** The copy of a description: what a person or a model writes. */
export const DESCRIPTION_COPY_FIELDS = ['name', 'meta_title', 'meta_description', 'meta_keywords', 'excerpt', 'content'] as const;
export type DescriptionCopyField = (typeof DESCRIPTION_COPY_FIELDS)[number];

export const DescriptionCopy = z.object({
  name: z.string(),
  content: z.string(),
  excerpt: z.string(),
  meta_title: z.string(),
  meta_keywords: z.string(),
  meta_description: z.string(),
});
export type DescriptionCopy = z.infer<typeof DescriptionCopy>;

/** Every catalog list filter and `search`, plus the language the descriptions are shown in (default SV). */
export const ListBulkDescriptionsQuery = ListProductsQuery.extend({ language: Language.optional() });
export type ListBulkDescriptionsQuery = z.infer<typeof ListBulkDescriptionsQuery>;

/** One grid row: the product and its description in the asked language (null: it has none yet). */
export const BulkDescriptionRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The languages the product has a description in, so a client knows what can be translated from. */
  languages: z.array(Language),
  description: ProductDescriptionResponse.nullable(),
});
export type BulkDescriptionRow = z.infer<typeof BulkDescriptionRow>;
export const BulkDescriptionPage = page(BulkDescriptionRow);
export type BulkDescriptionPage = z.infer<typeof BulkDescriptionPage>;

/**
 * PATCH {product id}/: the fields to write into the product's description in `language`; the
 * description is created (spec defaults for the rest) when the product has none in it yet.
 */
export const BulkDescriptionPatch = UpdateProductDescriptionBody.extend({ language: Language.default(DEFAULT_DESCRIPTION_LANGUAGE) });
export type BulkDescriptionPatch = z.input<typeof BulkDescriptionPatch>;

/** One request asks the model about at most this many products; clients send bigger selections in batches. */
export const MACHINE_COPY_MAX_PRODUCTS = 25;

const productIds = z
  .array(PkValue)
  .min(1, 'Select at least one product.')
  .max(MACHINE_COPY_MAX_PRODUCTS, DRF_FIELD_MESSAGES.maxItems(MACHINE_COPY_MAX_PRODUCTS))
  .refine((ids) => new Set(ids).size === ids.length, 'A product appears more than once.');

export const TranslateDescriptionsBody = z
  .strictObject({
    products: productIds,
    source_language: Language.default(DEFAULT_DESCRIPTION_LANGUAGE),
    target_language: Language,
  })
  .refine((body) => body.source_language !== body.target_language, {
    path: ['target_language'],
    message: 'The target language must differ from the source language.',
  });
export type TranslateDescriptionsBody = z.input<typeof TranslateDescriptionsBody>;

export const GenerateDescriptionsBody = z.strictObject({
  products: productIds,
  language: Language.default(DEFAULT_DESCRIPTION_LANGUAGE),
});
export type GenerateDescriptionsBody = z.input<typeof GenerateDescriptionsBody>;

/** A proposal for one product: `source` is what was translated (null for generate/), `error` why there is no proposal. */
export const MachineCopyProposal = z.object({
  product: z.number().int(),
  source: DescriptionCopy.nullable(),
  proposal: DescriptionCopy.nullable(),
  error: z.string().nullable(),
});
export type MachineCopyProposal = z.infer<typeof MachineCopyProposal>;

export const MachineCopyResponse = z.object({
  language: Language,
  /** What to store as the description's `source` when a proposal is saved. */
  source: z.string(),
  results: z.array(MachineCopyProposal),
});
export type MachineCopyResponse = z.infer<typeof MachineCopyResponse>;

export const LLM_NOT_CONFIGURED = 'Machine translation is not configured: set LLM_BASE_URL and LLM_API_KEY on the server.';
export const noSourceDescription = (language: (typeof LANGUAGES)[number]) => `This product has no ${language} description to translate.`;
export const emptySourceDescription = (language: (typeof LANGUAGES)[number]) => `This product's ${language} description is empty: nothing to translate.`;
