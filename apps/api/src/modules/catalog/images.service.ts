import type { z } from 'zod';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  IMAGE_FILES_REQUIRED,
  imageTooLargeMessage,
  PAGE_SIZE,
  UploadImagesFields,
  type FieldErrors,
  type ImagePage,
  type ImageResponse,
  type ImageUploadResult,
  type ListImagesQuery,
  type UpdateImageBody,
  type UploadImagesResponse,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { catalogImageClassifications, catalogImages } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, issuesToFieldErrors, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import type { ReceivedFile } from '../../http/multipart.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import type { Storage } from '../../lib/storage.js';
import { inspectImage, removeImageFiles, storeImageFile, type StoredImageFile } from '../media/image-files.js';
import { mediaUrl } from '../media/images.js';

export const invalidPk = (value: unknown) => `Invalid pk "${String(value)}" - object does not exist.`;

/** The products an image is attached to, as a JSON array (both drivers parse JSON alike). */
// Spelled out with an alias: drizzle may leave columns unqualified, and inside the subquery an
// unqualified column would be read from the inner table.
const productIds = sql<
  number[]
>`coalesce((select json_agg(pi.product_id order by pi.product_id) from catalog_product_images pi where pi.image_id = catalog_images.id), '[]'::json)`;

function selectImages(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ image: catalogImages, classificationTitle: catalogImageClassifications.title, productIds })
    .from(catalogImages)
    .leftJoin(catalogImageClassifications, eq(catalogImageClassifications.id, catalogImages.classificationId))
    .where(where);
}
type ImageRow = Awaited<ReturnType<typeof selectImages>>[number];

const toImageResponse = (publicUrl: string, { image, classificationTitle, productIds }: ImageRow): ImageResponse => ({
  id: image.id,
  title: image.title,
  filename: image.filename,
  content_type: image.contentType,
  size: image.size,
  width: image.width,
  height: image.height,
  classification: image.classificationId !== null && classificationTitle !== null ? { id: image.classificationId, title: classificationTitle } : null,
  url: mediaUrl(publicUrl, image.storageKey),
  thumbnail_url: mediaUrl(publicUrl, image.thumbnailKey),
  product_ids: productIds,
  account: image.accountId,
  company: image.companyId,
  created_at: image.createdAt.toISOString(),
  updated_at: image.updatedAt.toISOString(),
});

const ofCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(catalogImages.companyId, ctx.user.companyId), ...conditions);

/** The company's images with these ids, as responses, in the order of `ids`. */
export async function imagesById(ctx: Ctx, publicUrl: string, ids: readonly number[], db: DbOrTx = ctx.db): Promise<Map<number, ImageResponse>> {
  if (ids.length === 0) return new Map();
  const rows = await selectImages(db, ofCompany(ctx, inArray(catalogImages.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.image.id, toImageResponse(publicUrl, r)]));
}

const imageList: ListSpec = {
  fields: {
    id: { column: catalogImages.id, type: 'int' },
    classification: { column: catalogImages.classificationId, type: 'int' },
    content_type: { column: catalogImages.contentType, type: 'text' },
    title: { column: catalogImages.title, type: 'text' },
    size: { column: catalogImages.size, type: 'int' },
    created_at: { column: catalogImages.createdAt, type: 'date' },
  },
  search: [catalogImages.title, catalogImages.filename],
  ordering: ['id', 'created_at', 'title', 'size'],
  defaultOrdering: [desc(catalogImages.createdAt), desc(catalogImages.id)],
};

type ListQuery = z.output<typeof ListImagesQuery>;

/** GET /catalog/images/: newest first, 100 a page (spec §9). */
export async function listImages(ctx: Ctx, publicUrl: string, query: ListQuery, url: string): Promise<ImagePage> {
  const { product, ...filters } = query;
  const { where, orderBy } = buildListQuery(filters, imageList);
  const attachedTo =
    product === undefined
      ? undefined
      : sql`exists (select 1 from catalog_product_images pi where pi.image_id = catalog_images.id and pi.product_id = ${product})`;
  const scoped = ofCompany(ctx, where, attachedTo);
  const page = pageRequest(query, PAGE_SIZE.catalogImages);
  const [total] = await ctx.db.select({ n: count() }).from(catalogImages).where(scoped);
  const rows = await selectImages(ctx.db, scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(
    url,
    page,
    total?.n ?? 0,
    rows.map((r) => toImageResponse(publicUrl, r)),
  );
}

export async function getImage(ctx: Ctx, publicUrl: string, id: number, db: DbOrTx = ctx.db): Promise<ImageResponse> {
  const image = (await imagesById(ctx, publicUrl, [id], db)).get(id);
  if (!image) throw notFound();
  return image;
}

/** A classification of the caller's company, or a 400 on `field` naming the id; key-share locked until the caller's write (inside its transaction). */
async function requireClassification(ctx: Ctx, db: DbOrTx, id: number, field = 'classification'): Promise<number> {
  const [row] = await db
    .select({ id: catalogImageClassifications.id })
    .from(catalogImageClassifications)
    .where(and(eq(catalogImageClassifications.companyId, ctx.user.companyId), eq(catalogImageClassifications.id, id)))
    .for('key share');
  if (!row) throw badRequest({ [field]: [invalidPk(id)] });
  return row.id;
}

/** PATCH /catalog/images/{id}/: rename, set or clear the classification. */
export async function updateImage(ctx: Ctx, publicUrl: string, id: number, body: UpdateImageBody): Promise<ImageResponse> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: catalogImages.id })
      .from(catalogImages)
      .where(ofCompany(ctx, eq(catalogImages.id, id)))
      .for('update');
    if (!current) throw notFound();
    const classificationId = body.classification == null ? body.classification : await requireClassification(ctx, tx, body.classification);
    if (body.title !== undefined || classificationId !== undefined) {
      await tx
        .update(catalogImages)
        .set({
          ...(body.title === undefined ? {} : { title: body.title }),
          ...(classificationId === undefined ? {} : { classificationId }),
          updatedAt: new Date(),
        })
        .where(ofCompany(ctx, eq(catalogImages.id, id)));
    }
    return getImage(ctx, publicUrl, id, tx);
  });
}

/**
 * DELETE /catalog/images/{id}/: the row (its product and category attachments go with it,
 * categories showing it lose their image), then its files once the delete is committed: a
 * rolled-back delete must not leave a row whose files are gone.
 */
export async function deleteImage(ctx: Ctx, storage: Storage, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(catalogImages)
    .where(ofCompany(ctx, eq(catalogImages.id, id)))
    .returning({ storageKey: catalogImages.storageKey, thumbnailKey: catalogImages.thumbnailKey });
  if (!row) throw notFound();
  await removeImageFiles(storage, [row]);
}

/** One file of an upload after it was read: stored (not yet recorded), or refused with the reason. */
export type ReceivedUpload = { filename: string; stored: StoredImageFile } | { filename: string; error: string };

/** Browsers send a bare name; anything with a path keeps only its last segment, for display. */
const cleanFilename = (name: string) => (name.split(/[\\/]/).pop() ?? '').trim().slice(0, 255);
const titleOf = (filename: string) => filename.replace(/\.[A-Za-z0-9]{1,8}$/, '').trim() || 'Image';

/**
 * Checks one uploaded file and stores it with its thumbnail. Runs while the request is being
 * read, so one file is in memory at a time; `recordUploads` then records it, or removes it when
 * the request as a whole is refused.
 */
export async function receiveUpload(storage: Storage, file: ReceivedFile, maxBytes: number): Promise<ReceivedUpload> {
  const filename = cleanFilename(file.filename);
  // The plugin stops reading a file at the limit: a truncated one was larger.
  if (file.truncated) return { filename, error: imageTooLargeMessage(maxBytes) };
  const checked = await inspectImage(file.data, maxBytes);
  if ('error' in checked) return { filename, error: checked.error };
  return { filename, stored: await storeImageFile(storage, file.data, checked.image) };
}

export type RecordUploadsInput = { fields: Record<string, string[]>; formErrors: FieldErrors; uploads: ReceivedUpload[] };

function parseUploadFields(input: RecordUploadsInput) {
  const errors: FieldErrors = { ...input.formErrors };
  for (const [name, values] of Object.entries(input.fields)) if (values.length > 1) errors[name] = ['Send this field once.'];
  const firsts = Object.fromEntries(Object.entries(input.fields).map(([k, v]) => [k, v[0]]));
  const parsed = UploadImagesFields.safeParse(firsts);
  if (!parsed.success) for (const [name, messages] of Object.entries(issuesToFieldErrors(parsed.error.issues, firsts))) errors[name] ??= messages;
  if (input.uploads.length === 0) errors.files = [IMAGE_FILES_REQUIRED];
  if (Object.keys(errors).length) throw badRequest(errors);
  return parsed.data!;
}

/**
 * POST /catalog/images/: records the stored files in one transaction and answers with exact
 * counts (spec §4). Refused files are reported, never stored. When the request itself is bad
 * (no file, an unknown classification) nothing is kept; when the insert fails, the files
 * written for it are removed.
 */
export async function recordUploads(ctx: Ctx, storage: Storage, publicUrl: string, input: RecordUploadsInput): Promise<UploadImagesResponse> {
  const stored = input.uploads.flatMap((u) => ('stored' in u ? [u.stored] : []));
  try {
    const fields = parseUploadFields(input);
    const results = await ctx.db.transaction(async (tx) => {
      const classificationId = fields.classification === undefined ? null : await requireClassification(ctx, tx, fields.classification);
      const toInsert = input.uploads.flatMap((u) =>
        'stored' in u
          ? [
              {
                companyId: ctx.user.companyId,
                accountId: ctx.user.id,
                title: titleOf(u.filename),
                filename: u.filename,
                classificationId,
                ...u.stored,
              },
            ]
          : [],
      );
      const inserted = toInsert.length
        ? await tx.insert(catalogImages).values(toInsert).returning({ id: catalogImages.id, key: catalogImages.storageKey })
        : [];
      const idByKey = new Map(inserted.map((r) => [r.key, r.id]));
      const images = await imagesById(ctx, publicUrl, [...idByKey.values()], tx);
      return input.uploads.map((u): ImageUploadResult =>
        'error' in u ? { filename: u.filename, error: u.error } : { filename: u.filename, image: images.get(idByKey.get(u.stored.storageKey)!)! },
      );
    });
    const uploaded = results.filter((r) => r.image).length;
    return { uploaded, failed: results.length - uploaded, results };
  } catch (err) {
    await removeImageFiles(storage, stored);
    throw err;
  }
}
