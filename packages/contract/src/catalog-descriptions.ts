import { z } from 'zod';
import { PkValue, listQuery, page } from './common.js';
import { DEFAULT_DESCRIPTION_LANGUAGE, DEFAULT_DESCRIPTION_SOURCE, LANGUAGES } from './constants.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

/** Spec §3 "Product description": one per product and language. */
export const ProductDescriptionResponse = z.object({
  id: z.number().int(),
  product: z.number().int(),
  language: Language,
  name: z.string(),
  content: z.string(),
  excerpt: z.string(),
  meta_title: z.string(),
  meta_keywords: z.string(),
  meta_description: z.string(),
  source: z.string(),
  machine_translation: z.boolean(),
  account: z.number().int().nullable(),
  company: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductDescriptionResponse = z.infer<typeof ProductDescriptionResponse>;
export const ProductDescriptionPage = page(ProductDescriptionResponse);
export type ProductDescriptionPage = z.infer<typeof ProductDescriptionPage>;

export const DESCRIPTION_LANGUAGE_TAKEN = 'This product already has a description in this language.';

/** The longest copy each field takes; machine-made copy is cut to it so a proposal always saves. */
export const DESCRIPTION_MAX_LENGTH = {
  name: 500,
  content: 100_000,
  excerpt: 5_000,
  meta_title: 300,
  meta_keywords: 1_000,
  meta_description: 1_000,
} as const;

const descriptionFields = {
  name: z.string().trim().max(DESCRIPTION_MAX_LENGTH.name),
  content: z.string().max(DESCRIPTION_MAX_LENGTH.content),
  excerpt: z.string().max(DESCRIPTION_MAX_LENGTH.excerpt),
  meta_title: z.string().trim().max(DESCRIPTION_MAX_LENGTH.meta_title),
  meta_keywords: z.string().trim().max(DESCRIPTION_MAX_LENGTH.meta_keywords),
  meta_description: z.string().trim().max(DESCRIPTION_MAX_LENGTH.meta_description),
  source: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(50),
  machine_translation: z.boolean(),
};

export const CreateProductDescriptionBody = z.strictObject({
  product: PkValue,
  language: Language.default(DEFAULT_DESCRIPTION_LANGUAGE),
  name: descriptionFields.name.default(''),
  content: descriptionFields.content.default(''),
  excerpt: descriptionFields.excerpt.default(''),
  meta_title: descriptionFields.meta_title.default(''),
  meta_keywords: descriptionFields.meta_keywords.default(''),
  meta_description: descriptionFields.meta_description.default(''),
  source: descriptionFields.source.default(DEFAULT_DESCRIPTION_SOURCE),
  machine_translation: descriptionFields.machine_translation.default(false),
});
export type CreateProductDescriptionBody = z.input<typeof CreateProductDescriptionBody>;

/** PUT {id}/: the fields that change; the product a description belongs to never changes. */
export const UpdateProductDescriptionBody = z.strictObject({
  language: Language.optional(),
  name: descriptionFields.name.optional(),
  content: descriptionFields.content.optional(),
  excerpt: descriptionFields.excerpt.optional(),
  meta_title: descriptionFields.meta_title.optional(),
  meta_keywords: descriptionFields.meta_keywords.optional(),
  meta_description: descriptionFields.meta_description.optional(),
  source: descriptionFields.source.optional(),
  machine_translation: descriptionFields.machine_translation.optional(),
});
export type UpdateProductDescriptionBody = z.input<typeof UpdateProductDescriptionBody>;

/** GET with a query: by product (or products), language, flags; page 25. */
export const ListProductDescriptionsQuery = listQuery({
  product: ['exact', 'in'],
  language: ['exact'],
  source: ['exact'],
  machine_translation: ['exact'],
});
export type ListProductDescriptionsQuery = z.infer<typeof ListProductDescriptionsQuery>;
