import { z } from 'zod';
import { listQuery, page } from './common.js';

/** Image files accepted for upload, recognised by their first bytes (not by name or header). */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Files per request. */
export const MAX_IMAGE_UPLOAD_FILES = 10;

export const ProcurementImageSource = z.enum(['url', 'upload']);
export type ProcurementImageSource = z.infer<typeof ProcurementImageSource>;

/** An image URL added to a procurement product (spec §7 "Procurement image URLs"). Uploads get a /api/media/<key> URL. */
export const ProcurementImageUrlResponse = z.object({
  id: z.number().int(),
  procurement_product: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  url: z.string(),
  source: ProcurementImageSource,
  /** Uploads only. */
  content_type: z.string().nullable(),
  /** Bytes; uploads only. */
  size: z.number().int().nullable(),
  created_at: z.string(),
});
export type ProcurementImageUrlResponse = z.infer<typeof ProcurementImageUrlResponse>;
export const ProcurementImageUrlPage = page(ProcurementImageUrlResponse);
export type ProcurementImageUrlPage = z.infer<typeof ProcurementImageUrlPage>;

/** Page size PAGE_SIZE.procurementImageUrls; search looks in the URL. */
export const ListProcurementImageUrlsQuery = listQuery({ id: ['in'], procurement_product: ['exact', 'in'], source: ['exact'] });
export type ListProcurementImageUrlsQuery = z.infer<typeof ListProcurementImageUrlsQuery>;

const HTTP_START = /^https?:\/\//i;
const ENDS_BLANK = /\s$/;

/**
 * The items of an image URL list, trimmed, blanks dropped, in order: separated by line breaks
 * (`'whitespace'`: by any whitespace, as in feeds) and by commas. A comma inside an http(s) URL
 * is part of it (CDN paths such as `.../upload/w_100,h_100/a.jpg`, query strings such as
 * `?rect=0,0,50,50`): after an http(s) URL a comma separates only when the next http(s) URL,
 * whitespace, another comma or the end follows it. Between items that are not http(s) URLs
 * every comma separates. The API and the web split pasted text with it alike.
 */
export function splitImageUrls(text: string, separators: 'lines' | 'whitespace' = 'lines'): string[] {
  const out: string[] = [];
  const push = (item: string) => {
    const trimmed = item.trim();
    if (trimmed) out.push(trimmed);
  };
  for (const part of text.split(separators === 'lines' ? /[\n\r]+/ : /\s+/)) {
    const pieces = part.split(',');
    let item = pieces[0]!;
    for (let i = 1; i < pieces.length; i += 1) {
      const next = pieces[i]!;
      const insideUrl = next !== '' && !/^\s/.test(next) && !HTTP_START.test(next) && HTTP_START.test(item.trimStart()) && !ENDS_BLANK.test(item);
      if (insideUrl) item += `,${next}`;
      else {
        push(item);
        item = next;
      }
    }
    push(item);
  }
  return out;
}

/**
 * The text parts of POST /procurement/image_urls/ (multipart/form-data). Besides them the form
 * carries one or more `file` parts (PNG, JPEG, WebP or GIF, at most 10 MB each), or `urls`:
 * http(s) URLs separated by newlines or commas (split by `splitImageUrls`).
 */
export const CreateProcurementImageUrlsFields = z.strictObject({
  // Form fields are text; a missing one says it is required (the coercing Id would say NaN).
  procurement_product: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
    z.number().int().positive().max(2_147_483_647),
  ),
  urls: z.string().max(200_000).optional(),
});
export type CreateProcurementImageUrlsFields = z.input<typeof CreateProcurementImageUrlsFields>;

/** What could not be added: the file name or the URL, and why. */
export const ImageUploadFailure = z.object({ name: z.string(), message: z.string() });
export type ImageUploadFailure = z.infer<typeof ImageUploadFailure>;

/** 201 when at least one image was added (spec §4: upload counts successes and failures); 400 when none was. */
export const CreateProcurementImageUrlsResponse = z.object({ created: z.array(ProcurementImageUrlResponse), failed: z.array(ImageUploadFailure) });
export type CreateProcurementImageUrlsResponse = z.infer<typeof CreateProcurementImageUrlsResponse>;
