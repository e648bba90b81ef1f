import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATEGORY_PATH_SEPARATOR,
  PAGE_SIZE,
  PROCUREMENT_CATEGORY_PARENT_SUPPLIER,
  PROCUREMENT_CATEGORY_PATH_TAKEN,
  type CreateProcurementCategoryBody,
  type FieldErrors,
  type ListProcurementCategoriesQuery,
  type ProcurementCategoryResponse,
  type UpdateProcurementCategoryBody,
} from '@kontor/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { catalogCategories, procurementCategories, procurementCategoryMappings, procurementProducts, procurementSuppliers } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { slugify } from '../inventory/slug.js';
import { invalidPk } from './suppliers.service.js';

const PATH_CONSTRAINT = 'procurement_categories_supplier_path_key';

// Qualified by hand so the subquery's own "id" never shadows the category's.
const productsCount = sql<number>`(select count(*) from ${procurementProducts} pp where pp.category_id = "procurement_categories"."id")`.mapWith(Number);

const categoryColumns = {
  id: procurementCategories.id,
  companyId: procurementCategories.companyId,
  accountId: procurementCategories.accountId,
  supplierId: procurementCategories.supplierId,
  supplierName: procurementSuppliers.name,
  parentId: procurementCategories.parentId,
  name: procurementCategories.name,
  slug: procurementCategories.slug,
  path: procurementCategories.path,
  depth: procurementCategories.depth,
  url: procurementCategories.url,
  urlLocal: procurementCategories.urlLocal,
  description: procurementCategories.description,
  descriptionHtml: procurementCategories.descriptionHtml,
  lastDateScraped: procurementCategories.lastDateScraped,
  latestFeedId: procurementCategories.latestFeedId,
  products: productsCount,
  createdAt: procurementCategories.createdAt,
  updatedAt: procurementCategories.updatedAt,
};

const selectCategories = (db: DbOrTx) =>
  db.select(categoryColumns).from(procurementCategories).innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementCategories.supplierId));
type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number];

const toResponse = (r: CategoryRow, mapped: number[]): ProcurementCategoryResponse => ({
  id: r.id,
  name: r.name,
  supplier: r.supplierId,
  supplier_name: r.supplierName,
  url: r.url,
  slug: r.slug,
  products: r.products,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  url_local: r.urlLocal,
  depth: r.depth,
  description: r.description,
  description_html: r.descriptionHtml,
  db_id: null,
  last_date_scraped: r.lastDateScraped?.toISOString() ?? null,
  account: r.accountId,
  company: r.companyId,
  parent: r.parentId,
  latest_feed: r.latestFeedId,
  // urls, child_category_urls and product_urls were the old scraper's crawl state. Categories
  // here come from feeds and by hand, so there is nothing to put in them; the keys stay for
  // clients that read them.
  urls: [],
  child_category_urls: [],
  product_urls: [],
  catalog_categories_auto_create: mapped,
  path: r.path,
});

/** The catalog category ids each category maps to, in id order. */
async function mappingsOf(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ categoryId: procurementCategoryMappings.procurementCategoryId, catalogId: procurementCategoryMappings.catalogCategoryId })
    .from(procurementCategoryMappings)
    .where(inArray(procurementCategoryMappings.procurementCategoryId, ids))
    .orderBy(asc(procurementCategoryMappings.catalogCategoryId));
  for (const r of rows) out.get(r.categoryId)!.push(r.catalogId);
  return out;
}

async function withMappings(db: DbOrTx, rows: CategoryRow[]): Promise<ProcurementCategoryResponse[]> {
  const mapped = await mappingsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toResponse(r, mapped.get(r.id) ?? []));
}

const categoryList: ListSpec = {
  fields: {
    id: { column: procurementCategories.id, type: 'int' },
    supplier: { column: procurementCategories.supplierId, type: 'int' },
    parent: { column: procurementCategories.parentId, type: 'int' },
    depth: { column: procurementCategories.depth, type: 'int' },
    name: { column: procurementCategories.name, type: 'text' },
    path: { column: procurementCategories.path, type: 'text' },
    products: { column: productsCount, type: 'int' },
    created_at: { column: procurementCategories.createdAt, type: 'date' },
  },
  search: [procurementCategories.name, procurementCategories.path],
  ordering: ['id', 'name', 'path', 'products', 'depth', 'created_at'],
  defaultOrdering: [asc(procurementSuppliers.name), asc(procurementCategories.path), asc(procurementCategories.id)],
};

const scopedTo = (companyId: number, id: number) => and(eq(procurementCategories.id, id), eq(procurementCategories.companyId, companyId));

async function loadCategory(db: DbOrTx, companyId: number, id: number): Promise<ProcurementCategoryResponse> {
  const rows = await selectCategories(db).where(scopedTo(companyId, id));
  if (rows.length === 0) throw notFound();
  return (await withMappings(db, rows))[0]!;
}

export async function listCategories(ctx: Ctx, query: ListProcurementCategoriesQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, categoryList);
  const scoped = and(eq(procurementCategories.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.procurementCategories);
  const [total] = await ctx.db.select({ n: count() }).from(procurementCategories).where(scoped);
  const rows = await selectCategories(ctx.db)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, await withMappings(ctx.db, rows));
}

export const getCategory = (ctx: Ctx, id: number) => loadCategory(ctx.db, ctx.user.companyId, id);

/** Unknown ids and other companies' catalog categories are the same 400. */
async function checkCatalogCategories(db: DbOrTx, companyId: number, ids: number[] | undefined, errors: FieldErrors): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: catalogCategories.id })
    .from(catalogCategories)
    .where(and(eq(catalogCategories.companyId, companyId), inArray(catalogCategories.id, unique)));
  const known = new Set(found.map((r) => r.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) errors.catalog_categories_auto_create = missing.map(invalidPk);
  return unique;
}

async function replaceMappings(tx: Tx, categoryId: number, catalogIds: number[]): Promise<void> {
  await tx.delete(procurementCategoryMappings).where(eq(procurementCategoryMappings.procurementCategoryId, categoryId));
  if (catalogIds.length) {
    await tx.insert(procurementCategoryMappings).values(catalogIds.map((catalogCategoryId) => ({ procurementCategoryId: categoryId, catalogCategoryId })));
  }
}

async function pathTaken(db: DbOrTx, supplierId: number, path: string, exceptId?: number): Promise<boolean> {
  const conditions: SQL[] = [eq(procurementCategories.supplierId, supplierId), eq(procurementCategories.path, path)];
  if (exceptId !== undefined) conditions.push(sql`${procurementCategories.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: procurementCategories.id })
    .from(procurementCategories)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/** The path is the parent's path + ' > ' + name (a root's path is its name); depth follows. */
export async function createCategory(ctx: Ctx, body: z.output<typeof CreateProcurementCategoryBody>): Promise<ProcurementCategoryResponse> {
  const companyId = ctx.user.companyId;
  const id = await ctx.db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    const [supplier] = await tx
      .select({ id: procurementSuppliers.id })
      .from(procurementSuppliers)
      .where(and(eq(procurementSuppliers.id, body.supplier), eq(procurementSuppliers.companyId, companyId)));
    if (!supplier) errors.supplier = [invalidPk(body.supplier)];
    let parent: { id: number; supplierId: number; path: string; depth: number } | undefined;
    if (body.parent != null) {
      [parent] = await tx
        .select({
          id: procurementCategories.id,
          supplierId: procurementCategories.supplierId,
          path: procurementCategories.path,
          depth: procurementCategories.depth,
        })
        .from(procurementCategories)
        .where(scopedTo(companyId, body.parent));
      if (!parent) errors.parent = [invalidPk(body.parent)];
      else if (supplier && parent.supplierId !== supplier.id) errors.parent = [PROCUREMENT_CATEGORY_PARENT_SUPPLIER];
    }
    const catalogIds = await checkCatalogCategories(tx, companyId, body.catalog_categories_auto_create, errors);
    const path = parent ? `${parent.path}${CATEGORY_PATH_SEPARATOR}${body.name}` : body.name;
    if (supplier && !errors.parent && (await pathTaken(tx, supplier.id, path))) errors.name = [PROCUREMENT_CATEGORY_PATH_TAKEN];
    if (Object.keys(errors).length) throw badRequest(errors);
    try {
      const [row] = await tx
        .insert(procurementCategories)
        .values({
          companyId,
          accountId: ctx.user.id,
          supplierId: body.supplier,
          parentId: parent?.id ?? null,
          name: body.name,
          slug: slugify(body.name) || 'category',
          path,
          depth: parent ? parent.depth + 1 : 0,
          url: body.url ?? '',
          description: body.description ?? '',
          descriptionHtml: body.description_html ?? '',
        })
        .returning({ id: procurementCategories.id });
      if (catalogIds?.length) await replaceMappings(tx, row!.id, catalogIds);
      return row!.id;
    } catch (err) {
      if (isUniqueViolation(err, PATH_CONSTRAINT)) throw badRequest({ name: [PROCUREMENT_CATEGORY_PATH_TAKEN] });
      throw err;
    }
  });
  return loadCategory(ctx.db, companyId, id);
}

/**
 * PATCH {id}/: only what is sent changes. A new name renames the path of the category and of
 * every category below it; catalog_categories_auto_create replaces the mapping.
 */
export async function updateCategory(ctx: Ctx, id: number, body: z.output<typeof UpdateProcurementCategoryBody>): Promise<ProcurementCategoryResponse> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(procurementCategories).where(scopedTo(companyId, id)).for('update');
    if (!current) throw notFound();
    const errors: FieldErrors = {};
    const catalogIds = await checkCatalogCategories(tx, companyId, body.catalog_categories_auto_create, errors);
    let path = current.path;
    if (body.name !== undefined && body.name !== current.name) {
      const [parent] = current.parentId
        ? await tx.select({ path: procurementCategories.path }).from(procurementCategories).where(eq(procurementCategories.id, current.parentId))
        : [];
      path = parent ? `${parent.path}${CATEGORY_PATH_SEPARATOR}${body.name}` : body.name;
      if (await pathTaken(tx, current.supplierId, path, id)) errors.name = [PROCUREMENT_CATEGORY_PATH_TAKEN];
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    const now = new Date();
    try {
      await tx
        .update(procurementCategories)
        .set({
          name: body.name ?? current.name,
          slug: body.name === undefined ? current.slug : slugify(body.name) || 'category',
          path,
          url: body.url ?? current.url,
          description: body.description ?? current.description,
          descriptionHtml: body.description_html ?? current.descriptionHtml,
          updatedAt: now,
        })
        .where(eq(procurementCategories.id, id));
      if (path !== current.path) {
        const oldPrefix = `${current.path}${CATEGORY_PATH_SEPARATOR}`;
        // Descendants are the supplier's categories whose path starts with the old one + ' > '.
        await tx
          .update(procurementCategories)
          // Lengths in SQL: Postgres counts characters where JavaScript counts UTF-16 units.
          .set({ path: sql`${path}::text || substr(${procurementCategories.path}, char_length(${current.path}::text) + 1)`, updatedAt: now })
          .where(
            and(
              eq(procurementCategories.supplierId, current.supplierId),
              sql`left(${procurementCategories.path}, char_length(${oldPrefix}::text)) = ${oldPrefix}::text`,
              sql`${procurementCategories.id} <> ${id}`,
            ),
          );
      }
    } catch (err) {
      if (isUniqueViolation(err, PATH_CONSTRAINT)) throw badRequest({ name: [PROCUREMENT_CATEGORY_PATH_TAKEN] });
      throw err;
    }
    if (catalogIds !== undefined) await replaceMappings(tx, id, catalogIds);
  });
  return loadCategory(ctx.db, companyId, id);
}

/** Children go with it (the foreign key cascades); its products stay, without a category. */
export async function deleteCategory(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db.delete(procurementCategories).where(scopedTo(ctx.user.companyId, id)).returning({ id: procurementCategories.id });
  if (deleted.length === 0) throw notFound();
}
