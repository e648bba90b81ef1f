import { z } from 'zod';
import { PkValue, listQuery, page } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * Spec §3 "File URL": a document or file link of a catalog product (manual, data sheet,
 * certificate...). `product_sku` and `product_name` are the linked product's, for display
 * (null while the link belongs to no product). Lists put the lowest priority first.
 */
export const FileUrlResponse = z.object({
  id: z.number().int(),
  url: z.string(),
  source_url: z.string(),
  priority: z.number().int(),
  title: z.string(),
  removed_from_source: z.boolean(),
  /** The user who added it; null once that user is deleted. */
  account: z.number().int().nullable(),
  company: z.number().int(),
  product: z.number().int().nullable(),
  product_sku: z.string().nullable(),
  product_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileUrlResponse = z.infer<typeof FileUrlResponse>;
export const FileUrlPage = page(FileUrlResponse);
export type FileUrlPage = z.infer<typeof FileUrlPage>;

export const FILE_URL_MAX_LENGTH = 2000;
export const FILE_URL_TITLE_MAX_LENGTH = 300;
export const FILE_URL_PRIORITY_MAX = 1000;
export const FILE_URL_INVALID = DRF_FIELD_MESSAGES.url;
export const FILE_URL_DUPLICATE = 'This file URL is already added to the product.';

/**
 * An absolute http(s) URL: the scheme, a host (name, IPv4 or [IPv6]), an optional port, then
 * anything without spaces. Other schemes (javascript:, file:) could never be opened safely
 * from the list's link.
 */
const HTTP_URL = /^https?:\/\/(?:[^\s/?#:@[\]]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const required = (issue: { input: unknown }) => (issue.input === undefined ? 'This field is required.' : undefined);

const fileUrl = z
  .string({ error: required })
  .trim()
  // One message per mistake: a blank or overlong value is not also "not a URL".
  .min(1, { message: DRF_FIELD_MESSAGES.blank, abort: true })
  .max(FILE_URL_MAX_LENGTH, { message: DRF_FIELD_MESSAGES.maxLength(FILE_URL_MAX_LENGTH), abort: true })
  .regex(HTTP_URL, FILE_URL_INVALID);
const sourceUrl = z
  .string()
  .trim()
  .max(FILE_URL_MAX_LENGTH, { message: DRF_FIELD_MESSAGES.maxLength(FILE_URL_MAX_LENGTH), abort: true })
  .refine((v) => v === '' || HTTP_URL.test(v), FILE_URL_INVALID);

/**
 * POST and PUT {id}/ take the same body. `url` is required on both; on a PUT an optional
 * field left out keeps its stored value (ADR 0006, as DRF does for fields that are not
 * required), and `product: null` detaches the link from its product. POST defaults: no source
 * URL, priority 0, no title, not removed from source, no product.
 */
export const FileUrlBody = z.strictObject({
  url: fileUrl,
  source_url: sourceUrl.optional(),
  priority: z
    .number()
    .int('Enter a whole number.')
    .min(0, DRF_FIELD_MESSAGES.minValue(0))
    .max(FILE_URL_PRIORITY_MAX, DRF_FIELD_MESSAGES.maxValue(FILE_URL_PRIORITY_MAX))
    .optional(),
  title: z.string().trim().max(FILE_URL_TITLE_MAX_LENGTH, DRF_FIELD_MESSAGES.maxLength(FILE_URL_TITLE_MAX_LENGTH)).optional(),
  removed_from_source: z.boolean().optional(),
  /** The id of one of the company's catalog products, or null for none. */
  product: PkValue.nullable().optional(),
});
export type FileUrlBody = z.input<typeof FileUrlBody>;

/**
 * Spec §7: GET with parameters; page PAGE_SIZE.fileUrls (25). `search` looks in title and URL;
 * `product__isnull=true` lists the links of no product. Ordering: priority, title, created_at, id.
 */
export const ListFileUrlsQuery = listQuery({
  id: ['in'],
  product: ['exact', 'in', 'isnull'],
  removed_from_source: ['exact'],
  priority: ['exact', 'gte', 'lte'],
});
export type ListFileUrlsQuery = z.infer<typeof ListFileUrlsQuery>;
