import { z } from 'zod';
import { listQuery, page } from './common.js';
import { JobResponse } from './jobs.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

// ---- Supplier feeds (/procurement/feeds/, DESIGN §5 "Procurement", ADR 0009) ----
export const FEED_FORMATS = ['CSV', 'XML', 'JSON'] as const;
export const FeedFormat = z.enum(FEED_FORMATS);
export type FeedFormat = z.infer<typeof FeedFormat>;

/** How often the server runs a feed by itself; 'manual' only on "Run now". */
export const FEED_SCHEDULES = ['manual', 'hourly', 'daily', 'weekly'] as const;
export const FeedSchedule = z.enum(FEED_SCHEDULES);
export type FeedSchedule = z.infer<typeof FeedSchedule>;

/**
 * Our fields a feed can fill, each mapped to a column (CSV header), a child element (XML,
 * nested ones as 'images.image', item attributes as '@id') or a key (JSON, nested as 'price.amount').
 * - sku, name: required in the mapping and in every row.
 * - cost: a decimal in the feed's currency ('12.50' or '12,50').
 * - currency: an ISO code per row, used when the feed has no currency of its own.
 * - stock_details: 'In stock: ' is stripped; a leading number becomes the stock quantity.
 * - category: a path 'A > B > C'; each prefix becomes a supplier category.
 * - image_urls: separated by commas or whitespace, or a list (XML repeated elements, JSON array);
 *   a comma inside an http(s) URL stays in it (`splitImageUrls`).
 * - product_type: simple, variable, variation or bundle (anything else is simple).
 */
export const FEED_MAPPING_FIELDS = [
  'sku',
  'name',
  'cost',
  'currency',
  'stock_details',
  'category',
  'url',
  'image_urls',
  'description',
  'brand',
  'ean',
  'product_type',
] as const;
export type FeedMappingField = (typeof FEED_MAPPING_FIELDS)[number];

const sourceKey = z.string().trim().max(200);
const optionalSourceKey = sourceKey.optional();
export const FeedColumnMapping = z.strictObject({
  sku: sourceKey.min(1, DRF_FIELD_MESSAGES.blank),
  name: sourceKey.min(1, DRF_FIELD_MESSAGES.blank),
  cost: optionalSourceKey,
  currency: optionalSourceKey,
  stock_details: optionalSourceKey,
  category: optionalSourceKey,
  url: optionalSourceKey,
  image_urls: optionalSourceKey,
  description: optionalSourceKey,
  brand: optionalSourceKey,
  ean: optionalSourceKey,
  product_type: optionalSourceKey,
});
export type FeedColumnMapping = z.input<typeof FeedColumnMapping>;

/**
 * Format options: `delimiter` (CSV, one character, default ','), `item` (XML, the repeated
 * element holding one product, default 'product'), `path` (JSON, where the array of products
 * is, e.g. 'products' or 'data.items'; empty: the document is the array).
 */
export const FeedOptions = z.strictObject({
  delimiter: z
    .string()
    .length(1, 'Enter one character.')
    .refine((d) => !['"', '\r', '\n'].includes(d), 'This character cannot separate columns.')
    .optional(),
  item: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][\w.:-]*$/, 'Enter an XML element name.')
    .max(100)
    .optional(),
  path: z
    .string()
    .trim()
    .regex(/^([^.\s]+(\.[^.\s]+)*)?$/, "Enter keys separated by dots, e.g. 'data.items'.")
    .max(200)
    .optional(),
});
export type FeedOptions = z.infer<typeof FeedOptions>;

export const FEED_DEFAULTS = { delimiter: ',', item: 'product', path: '' } as const;

/** http(s), a host (name, IPv4 or [IPv6]), an optional port, then anything without spaces. */
const HTTP_URL = /^https?:\/\/(?:[^\s/?#:@[\]]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const feedUrl = z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(2000).regex(HTTP_URL, 'Enter a valid URL (http or https).');

const required = (iss: { input: unknown }) => (iss.input === undefined ? 'This field is required.' : undefined);
/** A JSON id; not coerced as query ids are, so a missing one reads 'This field is required.'. */
const BodyId = z.number({ error: required }).int().positive().max(2_147_483_647);

/** POST and PUT {id}/ take the same body; on a PUT, optional fields left out keep their value (ADR 0006). */
export const FeedBody = z.strictObject({
  supplier: BodyId,
  name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(200),
  url: feedUrl,
  format: z.enum(FEED_FORMATS, { error: required }),
  column_mapping: FeedColumnMapping,
  options: FeedOptions.optional(),
  /** The currency of the feed's costs; null: the row's currency column, else the supplier's, else SEK. */
  currency: BodyId.nullable().optional(),
  schedule: FeedSchedule.optional(),
});
export type FeedBody = z.input<typeof FeedBody>;
export const CreateFeedBody = FeedBody;
export type CreateFeedBody = FeedBody;
export const UpdateFeedBody = FeedBody;
export type UpdateFeedBody = FeedBody;

export const FeedResponse = z.object({
  id: z.number().int(),
  supplier: z.number().int(),
  supplier_name: z.string(),
  name: z.string(),
  url: z.string(),
  format: FeedFormat,
  column_mapping: z.record(z.string(), z.string()),
  options: z.record(z.string(), z.string()),
  currency: z.number().int().nullable(),
  schedule: FeedSchedule,
  /** When the server runs it next (null for manual feeds). */
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  /** The latest run, with live progress while it runs. */
  last_job: JobResponse.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedResponse = z.infer<typeof FeedResponse>;
export const FeedPage = page(FeedResponse);
export type FeedPage = z.infer<typeof FeedPage>;
/** `search` looks in name and url; `ordering`: name, supplier, format, schedule, created_at, last_run_at, next_run_at (- for descending). */
export const ListFeedsQuery = listQuery({
  id: ['exact', 'in'],
  supplier: ['exact', 'in'],
  format: ['exact', 'in'],
  schedule: ['exact', 'in'],
  name: ['icontains'],
});
export type ListFeedsQuery = z.infer<typeof ListFeedsQuery>;

export const FEED_NAME_TAKEN = 'A feed with this name already exists.';

// ---- The import's outcome: the `result` of a 'feed_import' job ----
export const FEED_IMPORT_JOB = 'feed_import';

/** A row that was skipped: `row` counts products in the file from 1 (a CSV's header row is not counted). */
export const FeedRowError = z.object({
  row: z.number().int(),
  sku: z.string().optional(),
  message: z.string(),
});
export type FeedRowError = z.infer<typeof FeedRowError>;

/** At most this many row errors are listed; `error_count` counts them all. */
export const FEED_MAX_REPORTED_ERRORS = 100;

export const FeedImportResult = z.object({
  /** Product rows in the file. */
  rows_total: z.number().int(),
  created: z.number().int(),
  /** Products that changed; a row equal to what is stored is counted as unchanged and not rewritten. */
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Products of this feed that were not in the file, now marked removed. */
  removed: z.number().int(),
  /** Rows not imported: invalid ones and earlier rows of a SKU that appears again. */
  skipped: z.number().int(),
  errors: z.array(FeedRowError),
  error_count: z.number().int(),
});
export type FeedImportResult = z.infer<typeof FeedImportResult>;
