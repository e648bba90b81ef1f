import {
  FEED_MAPPING_FIELDS,
  FeedBody,
  FeedColumnMapping,
  FeedFormat,
  FeedOptions,
  FeedSchedule,
  type FeedMappingField,
  type FeedResponse,
  type FeedSchedule as FeedScheduleValue,
} from '@kontor/contract';
import { z } from 'zod';

export const MAPPING_LABELS: Record<FeedMappingField, string> = {
  sku: 'SKU',
  name: 'Name',
  cost: 'Cost',
  currency: 'Currency',
  stock_details: 'Stock details',
  category: 'Category path',
  url: 'Product URL',
  image_urls: 'Image URLs',
  description: 'Description',
  brand: 'Brand',
  ean: 'EAN',
  product_type: 'Product type',
};

export const MAPPING_HINTS: Partial<Record<FeedMappingField, string>> = {
  cost: "In the feed's currency, '12.50' or '12,50'.",
  currency: 'An ISO code per row, when the feed has no currency.',
  stock_details: "'In stock: ' is removed; a leading number is the quantity.",
  category: "'A > B > C'; each level becomes a supplier category.",
  image_urls: 'Separated by commas or spaces, or a list.',
  product_type: 'simple, variable, variation or bundle.',
};

export const REQUIRED_MAPPING: readonly FeedMappingField[] = ['sku', 'name'];
export const OPTIONAL_MAPPING = FEED_MAPPING_FIELDS.filter((field) => !REQUIRED_MAPPING.includes(field));
/** What a new feed offers to map without asking; the rest are added with 'Add field'. */
export const DEFAULT_SHOWN_MAPPING: readonly FeedMappingField[] = ['cost', 'stock_details', 'category', 'url'];

export const SCHEDULE_LABELS: Record<FeedScheduleValue, string> = {
  manual: 'Manual',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
};

export const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
] as const;

/** The one option each format has (contract FeedOptions). */
const OPTION_OF = { CSV: 'delimiter', XML: 'item', JSON: 'path' } as const;

/**
 * The form: the contract's fields, with ids as the selects' text values, each format's option
 * as its own field and every mapping field present ('' = not mapped).
 */
export const FeedFormSchema = z
  .object({
    supplier: z.string().min(1, 'Choose a supplier.'),
    name: FeedBody.shape.name,
    url: FeedBody.shape.url,
    format: FeedFormat,
    currency: z.string(),
    schedule: FeedSchedule,
    delimiter: z.string(),
    item: z.string(),
    path: z.string(),
    column_mapping: FeedColumnMapping,
  })
  .superRefine((values, ctx) => {
    // Only the chosen format's option is sent, so only it is checked; empty means its default.
    const option = OPTION_OF[values.format];
    const value = values[option];
    if (value === '') return;
    const parsed = FeedOptions.shape[option].safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: [option], message: parsed.error.issues[0]?.message ?? 'Enter a valid value.' });
  });
export type FeedFormValues = z.input<typeof FeedFormSchema>;
export type FeedFormOutput = z.output<typeof FeedFormSchema>;

/** Form paths a 400 can name; the server names options as 'options.delimiter' (see fromServerPath). */
export const FEED_FORM_FIELDS = [
  'supplier',
  'name',
  'url',
  'format',
  'currency',
  'schedule',
  'delimiter',
  'item',
  'path',
  ...FEED_MAPPING_FIELDS.map((field) => `column_mapping.${field}` as const),
] as const;

export const fromServerPath = (key: string) => key.replace(/^options\./, '');

export function toFeedFormValues(feed: FeedResponse | null | undefined, defaultSupplier: string): FeedFormValues {
  const mapping = Object.fromEntries(FEED_MAPPING_FIELDS.map((field) => [field, feed?.column_mapping[field] ?? ''])) as Record<FeedMappingField, string>;
  return {
    supplier: feed ? String(feed.supplier) : defaultSupplier,
    name: feed?.name ?? '',
    url: feed?.url ?? '',
    format: feed?.format ?? 'CSV',
    currency: feed?.currency ? String(feed.currency) : '',
    schedule: feed?.schedule ?? 'manual',
    delimiter: feed?.options.delimiter ?? ',',
    item: feed?.options.item ?? '',
    path: feed?.options.path ?? '',
    column_mapping: mapping,
  };
}

export function toFeedBody(values: FeedFormOutput): FeedBody {
  const option = OPTION_OF[values.format];
  const optionValue = values[option];
  const mapped = Object.entries(values.column_mapping).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return {
    supplier: Number(values.supplier),
    name: values.name,
    url: values.url,
    format: values.format,
    currency: values.currency ? Number(values.currency) : null,
    schedule: values.schedule,
    options: optionValue ? { [option]: optionValue } : {},
    column_mapping: { ...Object.fromEntries(mapped), sku: values.column_mapping.sku, name: values.column_mapping.name },
  };
}
