import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DESCRIPTION_LANGUAGE_TAKEN,
  LANGUAGES,
  PAGE_SIZE,
  type CreateProductDescriptionBody,
  type ListProductDescriptionsQuery,
  type ProductDescriptionPage,
  type ProductDescriptionResponse,
  type UpdateProductDescriptionBody,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { wholeRows } from '../../db/whole-rows.js';
import { catalogProducts, productDescriptions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countOfShortPage, countRows } from '../../http/row-count.js';

/** The bodies after the contract parsed them: create has its defaults filled in. */
export type CreateDescriptionFields = z.output<typeof CreateProductDescriptionBody>;
export type UpdateDescriptionFields = z.output<typeof UpdateProductDescriptionBody>;

type DescriptionRow = typeof productDescriptions.$inferSelect;

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** A page of descriptions, read without building their select each time (the bulk editor reads one per grid page). */
const descriptionRows = wholeRows(productDescriptions);

const descriptionList: ListSpec = {
  fields: {
    id: { column: productDescriptions.id, type: 'int' },
    product: { column: productDescriptions.productId, type: 'int' },
    language: { column: productDescriptions.language, type: 'text', choices: LANGUAGES },
    source: { column: productDescriptions.source, type: 'text' },
    machine_translation: { column: productDescriptions.machineTranslation, type: 'bool' },
    created_at: { column: productDescriptions.createdAt, type: 'date' },
    updated_at: { column: productDescriptions.updatedAt, type: 'date' },
  },
  search: [productDescriptions.name, productDescriptions.content, productDescriptions.metaTitle],
  ordering: ['id', 'product', 'language', 'created_at', 'updated_at'],
  // (product, language) is unique, so this order alone is stable for pages.
  defaultOrdering: [asc(productDescriptions.productId), asc(productDescriptions.language)],
};

export const toDescriptionResponse = (row: DescriptionRow): ProductDescriptionResponse => ({
  id: row.id,
  product: row.productId,
  language: row.language,
  name: row.name,
  content: row.content,
  excerpt: row.excerpt,
  meta_title: row.metaTitle,
  meta_keywords: row.metaKeywords,
  meta_description: row.metaDescription,
  source: row.source,
  machine_translation: row.machineTranslation,
  account: row.accountId,
  company: row.companyId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const ofCompany = (ctx: Ctx, id: number) => and(eq(productDescriptions.companyId, ctx.user.companyId), eq(productDescriptions.id, id));

/** The unique (product, language) index decides, so two operators adding the same language at once get one row and a 400. */
function mapLanguageTaken(err: unknown): never {
  if (isUniqueViolation(err, 'product_descriptions_product_language_key')) throw badRequest({ language: [DESCRIPTION_LANGUAGE_TAKEN] });
  throw err;
}

export async function listDescriptions(ctx: Ctx, query: ListProductDescriptionsQuery, url: string): Promise<ProductDescriptionPage> {
  const { where, orderBy } = buildListQuery(query, descriptionList);
  const scoped = and(eq(productDescriptions.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.catalog);
  const rows = await descriptionRows.read(
    ctx.db,
    sql`select ${descriptionRows.columns} from ${productDescriptions} where ${scoped} order by ${sql.join(orderBy, sql`, `)} limit ${page.limit} offset ${page.offset}`,
  );
  // The bulk editor's page of products' descriptions ends within its page: no count to run. A
  // longer list counts capped, like every long list (a million products have millions of descriptions).
  const total =
    countOfShortPage(page, rows.length) ?? (await countRows(ctx.db, sql`select ${productDescriptions.id} from ${productDescriptions} where ${scoped}`));
  return pageResponse(url, page, total, rows.map(toDescriptionResponse));
}

export async function getDescription(ctx: Ctx, id: number): Promise<ProductDescriptionResponse> {
  const [row] = await ctx.db.select().from(productDescriptions).where(ofCompany(ctx, id));
  if (!row) throw notFound();
  return toDescriptionResponse(row);
}

/**
 * Writing a product's copy is editing the product: the `edited` filter and the dashboard's
 * edited/unedited counts follow it, and updated_at tells the channels the product changed.
 */
export async function markProductEdited(tx: DbOrTx, productId: number): Promise<void> {
  const now = new Date();
  await tx.update(catalogProducts).set({ editedAt: now, updatedAt: now }).where(eq(catalogProducts.id, productId));
}

/** POST: the product must be one of the caller's company (another company's id does not exist for it). */
export async function createDescription(ctx: Ctx, body: CreateDescriptionFields): Promise<ProductDescriptionResponse> {
  try {
    return await ctx.db.transaction(async (tx) => {
      // The key-share lock keeps the product from being deleted between this check and the insert.
      const [product] = await tx
        .select({ id: catalogProducts.id })
        .from(catalogProducts)
        .where(and(eq(catalogProducts.companyId, ctx.user.companyId), eq(catalogProducts.id, body.product)))
        .for('key share');
      if (!product) throw badRequest({ product: [invalidPk(body.product)] });
      const [row] = await tx
        .insert(productDescriptions)
        .values({
          companyId: ctx.user.companyId,
          accountId: ctx.user.id,
          productId: product.id,
          language: body.language,
          name: body.name,
          content: body.content,
          excerpt: body.excerpt,
          metaTitle: body.meta_title,
          metaKeywords: body.meta_keywords,
          metaDescription: body.meta_description,
          source: body.source,
          machineTranslation: body.machine_translation,
        })
        .returning();
      await markProductEdited(tx, product.id);
      return toDescriptionResponse(row!);
    });
  } catch (err) {
    mapLanguageTaken(err);
  }
}

/** PUT {id}/: changes only the fields the body carries. */
export async function updateDescription(ctx: Ctx, id: number, body: UpdateDescriptionFields): Promise<ProductDescriptionResponse> {
  const changes: Partial<typeof productDescriptions.$inferInsert> = {};
  if (body.language !== undefined) changes.language = body.language;
  if (body.name !== undefined) changes.name = body.name;
  if (body.content !== undefined) changes.content = body.content;
  if (body.excerpt !== undefined) changes.excerpt = body.excerpt;
  if (body.meta_title !== undefined) changes.metaTitle = body.meta_title;
  if (body.meta_keywords !== undefined) changes.metaKeywords = body.meta_keywords;
  if (body.meta_description !== undefined) changes.metaDescription = body.meta_description;
  if (body.source !== undefined) changes.source = body.source;
  if (body.machine_translation !== undefined) changes.machineTranslation = body.machine_translation;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(productDescriptions)
        .set({ ...changes, updatedAt: new Date() })
        .where(ofCompany(ctx, id))
        .returning();
      if (!row) throw notFound();
      await markProductEdited(tx, row.productId);
      return toDescriptionResponse(row);
    });
  } catch (err) {
    mapLanguageTaken(err);
  }
}

export async function deleteDescription(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(productDescriptions).where(ofCompany(ctx, id)).returning({ productId: productDescriptions.productId });
    if (!deleted) throw notFound();
    await markProductEdited(tx, deleted.productId);
  });
}
