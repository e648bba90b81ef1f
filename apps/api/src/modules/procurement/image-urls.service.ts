import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DRF_FIELD_MESSAGES,
  CreateProcurementImageUrlsFields,
  MAX_IMAGE_UPLOAD_BYTES,
  PAGE_SIZE,
  ProcurementImageSource,
  type CreateProcurementImageUrlsResponse,
  type FieldErrors,
  type ImageUploadFailure,
  type ListProcurementImageUrlsQuery,
  type ProcurementImageUrlPage,
  type ProcurementImageUrlResponse,
  splitImageUrls,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { catalogProducts, procurementImageUrls, procurementProducts } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, issuesToFieldErrors, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { newStorageKey, type Storage } from '../../lib/storage.js';
import { mediaUrl, sniffImage } from '../media/images.js';

type ListQuery = z.output<typeof ListProcurementImageUrlsQuery>;

export const IMAGE_MESSAGES = {
  notAnImage: 'Upload a valid image: PNG, JPEG, WebP or GIF.',
  tooLarge: `The file is larger than ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB.`,
  empty: 'The submitted file is empty.',
  invalidUrl: DRF_FIELD_MESSAGES.url,
  duplicate: 'This image URL is already added to the product.',
  nothingSent: 'Send one or more image files (file) or image URLs (urls).',
} as const;

const columns = {
  id: procurementImageUrls.id,
  productId: procurementImageUrls.procurementProductId,
  sku: procurementProducts.sku,
  productName: procurementProducts.name,
  url: procurementImageUrls.url,
  source: procurementImageUrls.source,
  contentType: procurementImageUrls.contentType,
  size: procurementImageUrls.size,
  createdAt: procurementImageUrls.createdAt,
};
function selectImageUrls(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(procurementImageUrls)
    .innerJoin(procurementProducts, eq(procurementProducts.id, procurementImageUrls.procurementProductId))
    .where(where);
}
type Row = Awaited<ReturnType<typeof selectImageUrls>>[number];
const toResponse = (r: Row): ProcurementImageUrlResponse => ({
  id: r.id,
  procurement_product: r.productId,
  product_sku: r.sku,
  product_name: r.productName,
  url: r.url,
  source: r.source,
  content_type: r.contentType,
  size: r.size,
  created_at: r.createdAt.toISOString(),
});

const imageUrlList: ListSpec = {
  fields: {
    id: { column: procurementImageUrls.id, type: 'int' },
    procurement_product: { column: procurementImageUrls.procurementProductId, type: 'int' },
    source: { column: procurementImageUrls.source, type: 'text', choices: ProcurementImageSource.options },
    created_at: { column: procurementImageUrls.createdAt, type: 'date' },
  },
  search: [procurementImageUrls.url],
  ordering: ['id', 'created_at'],
  defaultOrdering: [desc(procurementImageUrls.id)],
};

const ofCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(procurementImageUrls.companyId, ctx.user.companyId), ...conditions);

export async function listImageUrls(ctx: Ctx, query: ListQuery, url: string): Promise<ProcurementImageUrlPage> {
  const { where, orderBy } = buildListQuery(query, imageUrlList);
  const scoped = ofCompany(ctx, where);
  const page = pageRequest(query, PAGE_SIZE.procurementImageUrls);
  const [total] = await ctx.db.select({ n: count() }).from(procurementImageUrls).where(scoped);
  const rows = await selectImageUrls(ctx.db, scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}

/** An uploaded file as the HTTP layer read it (at most the size limit; `truncated` when it was larger). */
export type UploadedFile = { filename: string; data: Buffer; truncated: boolean };
/** A file that passed the checks and sits in storage, not yet recorded. */
export type StoredUpload = { name: string; key: string; contentType: string; size: number };

/**
 * Checks one uploaded file and stores it under a new random key. Called while the request is
 * still being read, so only one file is held in memory at a time; `createImageUrls` records it
 * or, when the request as a whole is refused, removes it again.
 */
export async function storeUpload(storage: Storage, file: UploadedFile): Promise<{ stored: StoredUpload } | { failed: ImageUploadFailure }> {
  const name = file.filename || 'file';
  if (file.truncated) return { failed: { name, message: IMAGE_MESSAGES.tooLarge } };
  if (file.data.length === 0) return { failed: { name, message: IMAGE_MESSAGES.empty } };
  const type = sniffImage(file.data);
  if (!type) return { failed: { name, message: IMAGE_MESSAGES.notAnImage } };
  const key = newStorageKey(type.extension);
  await storage.put(key, file.data);
  return { stored: { name, key, contentType: type.contentType, size: file.data.length } };
}

/** The `urls` field: http(s) URLs separated by newlines or commas (not those inside a URL), blanks ignored. */
function parseUrls(text: string | undefined): { urls: string[]; failed: ImageUploadFailure[] } {
  const urls: string[] = [];
  const failed: ImageUploadFailure[] = [];
  for (const candidate of splitImageUrls(text ?? '')) {
    let valid = candidate.length <= 2000 && /^https?:\/\/\S+$/i.test(candidate);
    if (valid) {
      try {
        valid = ['http:', 'https:'].includes(new URL(candidate).protocol);
      } catch {
        valid = false;
      }
    }
    if (valid) urls.push(candidate);
    else failed.push({ name: candidate, message: IMAGE_MESSAGES.invalidUrl });
  }
  return { urls, failed };
}

export type CreateImageUrlsInput = {
  /** The multipart text fields, each with every value sent under its name. */
  fields: Record<string, string[]>;
  uploads: StoredUpload[];
  /** Files refused while reading the request. */
  fileFailures: ImageUploadFailure[];
};

/**
 * POST /procurement/image_urls/: records the stored uploads and the sent URLs for one
 * procurement product. Counts successes and failures (spec §4): a URL already on the product
 * (added, or from its feed) or not a URL fails alone. When nothing could be added the whole
 * request is a 400 naming each failure, and stored files are removed.
 */
export async function createImageUrls(ctx: Ctx, storage: Storage, publicUrl: string, input: CreateImageUrlsInput): Promise<CreateProcurementImageUrlsResponse> {
  let recorded = false;
  try {
    const fields = parseFields(input.fields);
    const [product] = await ctx.db
      .select({ id: procurementProducts.id, imageUrls: procurementProducts.imageUrls })
      .from(procurementProducts)
      .where(and(eq(procurementProducts.companyId, ctx.user.companyId), eq(procurementProducts.id, fields.procurement_product)));
    if (!product) throw badRequest({ procurement_product: [`Invalid pk "${fields.procurement_product}" - object does not exist.`] });

    const parsed = parseUrls(fields.urls);
    if (input.uploads.length + input.fileFailures.length + parsed.urls.length + parsed.failed.length === 0) {
      throw badRequest({ non_field_errors: [IMAGE_MESSAGES.nothingSent] });
    }
    const failed: ImageUploadFailure[] = [...input.fileFailures, ...parsed.failed];
    const existing = new Set([
      ...product.imageUrls,
      ...(
        await ctx.db.select({ url: procurementImageUrls.url }).from(procurementImageUrls).where(eq(procurementImageUrls.procurementProductId, product.id))
      ).map((r) => r.url),
    ]);
    const fresh: string[] = [];
    for (const url of parsed.urls) {
      if (existing.has(url)) failed.push({ name: url, message: IMAGE_MESSAGES.duplicate });
      else {
        existing.add(url);
        fresh.push(url);
      }
    }

    const base = { companyId: ctx.user.companyId, accountId: ctx.user.id, procurementProductId: product.id };
    const rows = [
      ...input.uploads.map((u) => ({
        ...base,
        url: mediaUrl(publicUrl, u.key),
        source: 'upload' as const,
        storageKey: u.key,
        contentType: u.contentType,
        size: u.size,
      })),
      ...fresh.map((url) => ({ ...base, url, source: 'url' as const })),
    ];
    const inserted = rows.length
      ? await ctx.db.insert(procurementImageUrls).values(rows).onConflictDoNothing().returning({ id: procurementImageUrls.id, url: procurementImageUrls.url })
      : [];
    recorded = inserted.length > 0;
    // A URL another request added in the meantime: the unique index kept it once.
    const added = new Set(inserted.map((r) => r.url));
    for (const url of fresh) if (!added.has(url)) failed.push({ name: url, message: IMAGE_MESSAGES.duplicate });

    if (inserted.length === 0) throw badRequest(failuresToFieldErrors(failed, input.fileFailures.length));
    const created = await selectImageUrls(
      ctx.db,
      ofCompany(
        ctx,
        inArray(
          procurementImageUrls.id,
          inserted.map((r) => r.id),
        ),
      ),
    ).orderBy(procurementImageUrls.id);
    return { created: created.map(toResponse), failed };
  } catch (err) {
    if (!recorded) await Promise.all(input.uploads.map((u) => storage.remove(u.key)));
    throw err;
  }
}

function parseFields(raw: Record<string, string[]>) {
  const errors: FieldErrors = {};
  for (const [name, values] of Object.entries(raw)) if (values.length > 1) errors[name] = ['Send this field once.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  const firsts = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v[0]]));
  const parsed = CreateProcurementImageUrlsFields.safeParse(firsts);
  if (!parsed.success) throw badRequest(issuesToFieldErrors(parsed.error.issues, firsts));
  return parsed.data;
}

/** The first `fileCount` failures are files, the rest URLs. */
function failuresToFieldErrors(failed: ImageUploadFailure[], fileCount: number): FieldErrors {
  const errors: FieldErrors = {};
  failed.forEach((f, index) => {
    (errors[index < fileCount ? 'file' : 'urls'] ??= []).push(`${f.name}: ${f.message}`);
  });
  return errors;
}

/**
 * DELETE /procurement/image_urls/{id}/: the row, then the stored file once the row is gone for
 * good, unless a catalog product names it: adding the supplier product to the catalog copied its
 * image URLs into the catalog product, whose page and channel feeds show them.
 */
export async function deleteImageUrl(ctx: Ctx, storage: Storage, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(procurementImageUrls)
    .where(ofCompany(ctx, eq(procurementImageUrls.id, id)))
    .returning({ storageKey: procurementImageUrls.storageKey, url: procurementImageUrls.url });
  if (!row) throw notFound();
  if (!row.storageKey) return;
  const [named] = await ctx.db
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, ctx.user.companyId), sql`${catalogProducts.imageUrls} @> jsonb_build_array(${row.url}::text)`))
    .limit(1);
  if (!named) await storage.remove(row.storageKey);
}
