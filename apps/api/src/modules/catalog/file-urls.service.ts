import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { FILE_URL_DUPLICATE, PAGE_SIZE, type FileUrlBody, type FileUrlPage, type FileUrlResponse, type ListFileUrlsQuery } from '@kontor/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { catalogFileUrls, catalogProducts } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

/** The body after the contract parsed it (URLs and title trimmed). */
export type FileUrlFields = z.output<typeof FileUrlBody>;
type ListQuery = z.output<typeof ListFileUrlsQuery>;

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

const columns = {
  id: catalogFileUrls.id,
  url: catalogFileUrls.url,
  sourceUrl: catalogFileUrls.sourceUrl,
  priority: catalogFileUrls.priority,
  title: catalogFileUrls.title,
  removedFromSource: catalogFileUrls.removedFromSource,
  accountId: catalogFileUrls.accountId,
  companyId: catalogFileUrls.companyId,
  productId: catalogFileUrls.productId,
  productSku: catalogProducts.sku,
  productName: catalogProducts.name,
  createdAt: catalogFileUrls.createdAt,
  updatedAt: catalogFileUrls.updatedAt,
};

/** File URLs with their product's SKU and name (a link without a product has none). */
function selectFileUrls(db: DbOrTx, where: SQL | undefined) {
  return db.select(columns).from(catalogFileUrls).leftJoin(catalogProducts, eq(catalogProducts.id, catalogFileUrls.productId)).where(where);
}
type Row = Awaited<ReturnType<typeof selectFileUrls>>[number];

const toResponse = (r: Row): FileUrlResponse => ({
  id: r.id,
  url: r.url,
  source_url: r.sourceUrl,
  priority: r.priority,
  title: r.title,
  removed_from_source: r.removedFromSource,
  account: r.accountId,
  company: r.companyId,
  product: r.productId,
  product_sku: r.productSku,
  product_name: r.productName,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const fileUrlList: ListSpec = {
  fields: {
    id: { column: catalogFileUrls.id, type: 'int' },
    product: { column: catalogFileUrls.productId, type: 'int' },
    removed_from_source: { column: catalogFileUrls.removedFromSource, type: 'bool' },
    priority: { column: catalogFileUrls.priority, type: 'int' },
    title: { column: catalogFileUrls.title, type: 'text' },
    created_at: { column: catalogFileUrls.createdAt, type: 'date' },
  },
  search: [catalogFileUrls.title, catalogFileUrls.url],
  ordering: ['priority', 'title', 'created_at', 'id'],
  // The most important links first; ties in the order they were added.
  defaultOrdering: [asc(catalogFileUrls.priority), asc(catalogFileUrls.id)],
};

const ofCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(catalogFileUrls.companyId, ctx.user.companyId), ...conditions);

export async function listFileUrls(ctx: Ctx, query: ListQuery, url: string): Promise<FileUrlPage> {
  const { where, orderBy } = buildListQuery(query, fileUrlList);
  const scoped = ofCompany(ctx, where);
  const page = pageRequest(query, PAGE_SIZE.fileUrls);
  const [total] = await ctx.db.select({ n: count() }).from(catalogFileUrls).where(scoped);
  const rows = await selectFileUrls(ctx.db, scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}

async function readFileUrl(ctx: Ctx, db: DbOrTx, id: number): Promise<FileUrlResponse> {
  const [row] = await selectFileUrls(db, ofCompany(ctx, eq(catalogFileUrls.id, id)));
  if (!row) throw notFound();
  return toResponse(row);
}

export const getFileUrl = (ctx: Ctx, id: number) => readFileUrl(ctx, ctx.db, id);

/**
 * The product must be one of the company's: another company's id is answered exactly like a
 * missing one. Its row is locked (NO KEY UPDATE: rows merely referencing it are not held up),
 * so two requests adding the same URL to it follow each other and the second sees the first.
 */
async function lockProduct(ctx: Ctx, tx: Tx, productId: number): Promise<void> {
  const [product] = await tx
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, ctx.user.companyId), eq(catalogProducts.id, productId)))
    .for('no key update');
  if (!product) throw badRequest({ product: [invalidPk(productId)] });
}

/** A product lists a file once: the same URL twice would be published twice. */
async function refuseDuplicate(tx: Tx, productId: number, url: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: catalogFileUrls.id })
    .from(catalogFileUrls)
    .where(
      and(
        eq(catalogFileUrls.productId, productId),
        eq(catalogFileUrls.url, url),
        exceptId === undefined ? undefined : sql`${catalogFileUrls.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (taken) throw badRequest({ url: [FILE_URL_DUPLICATE] });
}

/** POST: 201 with the new link. */
export async function createFileUrl(ctx: Ctx, body: FileUrlFields): Promise<FileUrlResponse> {
  return ctx.db.transaction(async (tx) => {
    const productId = body.product ?? null;
    if (productId !== null) {
      await lockProduct(ctx, tx, productId);
      await refuseDuplicate(tx, productId, body.url);
    }
    const [row] = await tx
      .insert(catalogFileUrls)
      .values({
        companyId: ctx.user.companyId,
        accountId: ctx.user.id,
        productId,
        url: body.url,
        sourceUrl: body.source_url ?? '',
        priority: body.priority ?? 0,
        title: body.title ?? '',
        removedFromSource: body.removed_from_source ?? false,
      })
      .returning({ id: catalogFileUrls.id });
    return readFileUrl(ctx, tx, row!.id);
  });
}

/** PUT {id}/: url is required; an optional field left out keeps its value (ADR 0006). */
export async function updateFileUrl(ctx: Ctx, id: number, body: FileUrlFields): Promise<FileUrlResponse> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(catalogFileUrls)
      .where(ofCompany(ctx, eq(catalogFileUrls.id, id)))
      .for('update');
    if (!current) throw notFound();
    const productId = body.product === undefined ? current.productId : body.product;
    if (productId !== null) {
      await lockProduct(ctx, tx, productId);
      await refuseDuplicate(tx, productId, body.url, id);
    }
    await tx
      .update(catalogFileUrls)
      .set({
        productId,
        url: body.url,
        ...(body.source_url === undefined ? {} : { sourceUrl: body.source_url }),
        ...(body.priority === undefined ? {} : { priority: body.priority }),
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.removed_from_source === undefined ? {} : { removedFromSource: body.removed_from_source }),
        updatedAt: new Date(),
      })
      .where(ofCompany(ctx, eq(catalogFileUrls.id, id)));
    return readFileUrl(ctx, tx, id);
  });
}

/** DELETE {id}/: 204. */
export async function deleteFileUrl(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(catalogFileUrls)
    .where(ofCompany(ctx, eq(catalogFileUrls.id, id)))
    .returning({ id: catalogFileUrls.id });
  if (deleted.length === 0) throw notFound();
}
