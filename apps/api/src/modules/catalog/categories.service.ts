import { and, asc, count, eq, inArray, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATALOG_CATEGORY_PARENT_CYCLE,
  CATALOG_CATEGORY_REASSIGN_SELF,
  PAGE_SIZE,
  catalogCategoryInUseMessage,
  positionTooLargeMessage,
  type CatalogCategoryResponse,
  type CreateCatalogCategoryBody,
  type DeleteCatalogCategoryQuery,
  type FieldErrors,
  type ListCatalogCategoriesQuery,
  type MoveCatalogCategoryBody,
  type UpdateCatalogCategoryBody,
} from '@kontor/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  catalogCategories,
  catalogCategoryTaxonomies,
  catalogImages,
  catalogProductCategories,
  facebookTaxonomyItems,
  googleTaxonomyItems,
  procurementCategories,
  procurementCategoryMappings,
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { slugify } from '../inventory/slug.js';
import { lockCategoryTree, rebuildCategoryTree, writeSiblingOrder } from './category-tree.js';

/**
 * The company's catalog category tree (spec §3 "Catalog category"). Every write takes the
 * company's tree lock first, and every structural change (create, move, parent or order
 * change, delete) rebuilds the nested-set numbers in the same transaction (category-tree.ts).
 */

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

type CategoryRow = typeof catalogCategories.$inferSelect;
type CategoryFields = z.output<typeof UpdateCatalogCategoryBody>;

/** `${publicUrl}/api/catalog/categories/{id}/`, as DRF's HyperlinkedIdentityField renders it. */
const resourceUrl = (publicUrl: string, id: number) => `${publicUrl.replace(/\/$/, '')}/api/catalog/categories/${id}/`;

/** The channel categories a category maps to (catalog_category_taxonomies); none until one is set. */
type TaxonomyMapping = { googleTaxonomyId: number | null; facebookTaxonomyId: number | null };
const NO_TAXONOMY: TaxonomyMapping = { googleTaxonomyId: null, facebookTaxonomyId: null };

const toResponse = (publicUrl: string, r: CategoryRow, mapped: number[], productsCount: number, taxonomy: TaxonomyMapping): CatalogCategoryResponse => ({
  id: r.id,
  url: resourceUrl(publicUrl, r.id),
  slug: r.slug,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  url_local: r.urlLocal,
  db_id: r.dbId,
  account: r.accountId,
  company: r.companyId,
  parent: r.parentId,
  title: r.title,
  sub_title: r.subTitle,
  include_root_in_slug: r.includeRootInSlug,
  order: r.sortOrder,
  image: r.imageId,
  default_category: r.defaultCategory,
  news_category: r.newsCategory,
  active: r.active,
  visible: r.visible,
  comments: r.comments,
  lft: r.lft,
  rght: r.rght,
  tree_id: r.treeId,
  level: r.level,
  google_taxonomy: taxonomy.googleTaxonomyId,
  facebook_taxonomy: taxonomy.facebookTaxonomyId,
  procurement_category_ids: mapped,
  products_count: productsCount,
});

/** Adds each row's procurement mappings, product count and taxonomies: three queries for any number of rows. */
async function toResponses(db: DbOrTx, publicUrl: string, rows: CategoryRow[]): Promise<CatalogCategoryResponse[]> {
  const ids = rows.map((r) => r.id);
  const mapped = new Map<number, number[]>(ids.map((id) => [id, []]));
  const counts = new Map<number, number>();
  const taxonomies = new Map<number, TaxonomyMapping>();
  if (ids.length) {
    const links = await db
      .select({ catalogId: procurementCategoryMappings.catalogCategoryId, procurementId: procurementCategoryMappings.procurementCategoryId })
      .from(procurementCategoryMappings)
      .where(inArray(procurementCategoryMappings.catalogCategoryId, ids))
      .orderBy(asc(procurementCategoryMappings.procurementCategoryId));
    for (const l of links) mapped.get(l.catalogId)!.push(l.procurementId);
    const products = await db
      .select({ categoryId: catalogProductCategories.categoryId, n: count() })
      .from(catalogProductCategories)
      .where(inArray(catalogProductCategories.categoryId, ids))
      .groupBy(catalogProductCategories.categoryId);
    for (const p of products) counts.set(p.categoryId, Number(p.n));
    const channels = await db.select().from(catalogCategoryTaxonomies).where(inArray(catalogCategoryTaxonomies.categoryId, ids));
    for (const t of channels) taxonomies.set(t.categoryId, t);
  }
  return rows.map((r) => toResponse(publicUrl, r, mapped.get(r.id) ?? [], counts.get(r.id) ?? 0, taxonomies.get(r.id) ?? NO_TAXONOMY));
}

const categoryList: ListSpec = {
  fields: {
    id: { column: catalogCategories.id, type: 'int' },
    parent: { column: catalogCategories.parentId, type: 'int' },
    tree_id: { column: catalogCategories.treeId, type: 'int' },
    level: { column: catalogCategories.level, type: 'int' },
    lft: { column: catalogCategories.lft, type: 'int' },
    order: { column: catalogCategories.sortOrder, type: 'int' },
    active: { column: catalogCategories.active, type: 'bool' },
    visible: { column: catalogCategories.visible, type: 'bool' },
    title: { column: catalogCategories.title, type: 'text' },
    slug: { column: catalogCategories.slug, type: 'text' },
    created_at: { column: catalogCategories.createdAt, type: 'date' },
  },
  search: [catalogCategories.title],
  ordering: ['id', 'title', 'slug', 'order', 'level', 'tree_id', 'lft', 'created_at'],
  // Tree order: each tree top to bottom, a parent right before its children.
  defaultOrdering: [asc(catalogCategories.treeId), asc(catalogCategories.lft), asc(catalogCategories.id)],
};

const scopedTo = (companyId: number, id: number) => and(eq(catalogCategories.id, id), eq(catalogCategories.companyId, companyId));

async function loadCategory(db: DbOrTx, publicUrl: string, companyId: number, id: number): Promise<CatalogCategoryResponse> {
  const rows = await db.select().from(catalogCategories).where(scopedTo(companyId, id));
  if (rows.length === 0) throw notFound();
  return (await toResponses(db, publicUrl, rows))[0]!;
}

export async function listCatalogCategories(ctx: Ctx, publicUrl: string, query: ListCatalogCategoriesQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, categoryList);
  const scoped = and(eq(catalogCategories.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.catalogCategories);
  const [total] = await ctx.db.select({ n: count() }).from(catalogCategories).where(scoped);
  const rows = await ctx.db
    .select()
    .from(catalogCategories)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, await toResponses(ctx.db, publicUrl, rows));
}

export const getCatalogCategory = (ctx: Ctx, publicUrl: string, id: number) => loadCategory(ctx.db, publicUrl, ctx.user.companyId, id);

/** 'Lamps' -> 'lamps', or 'lamps-2', 'lamps-3'... when the company already uses it. The tree lock keeps two creates from picking the same one. */
async function uniqueSlug(db: DbOrTx, companyId: number, title: string): Promise<string> {
  const base = (slugify(title) || 'category').slice(0, 90);
  // Slugs hold only [a-z0-9-], so the LIKE pattern needs no escaping.
  const taken = await db
    .select({ slug: catalogCategories.slug })
    .from(catalogCategories)
    .where(and(eq(catalogCategories.companyId, companyId), or(eq(catalogCategories.slug, base), like(catalogCategories.slug, `${base}-%`))));
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * The new parent must be a category of the company, and (for an existing category) neither it
 * nor one of its descendants: walking up from the new parent must not meet the category.
 */
async function checkParent(tx: Tx, companyId: number, parentId: number | null | undefined, selfId: number | undefined, errors: FieldErrors) {
  if (parentId == null) return;
  const [parent] = await tx.select({ id: catalogCategories.id }).from(catalogCategories).where(scopedTo(companyId, parentId));
  if (!parent) {
    errors.parent = [invalidPk(parentId)];
    return;
  }
  if (selfId === undefined) return;
  // UNION (not UNION ALL) ends the walk even on a loop the data should never hold.
  const result = await tx.execute(sql`
    with recursive up as (
      select id, parent_id from catalog_categories where id = ${parentId}::int
      union
      select c.id, c.parent_id from catalog_categories c join up on c.id = up.parent_id
    )
    select 1 from up where id = ${selfId}::int`);
  if ((result as unknown as { rows: unknown[] }).rows.length > 0) errors.parent = [CATALOG_CATEGORY_PARENT_CYCLE];
}

async function checkImage(tx: Tx, companyId: number, imageId: number | null | undefined, errors: FieldErrors) {
  if (imageId == null) return;
  const [image] = await tx
    .select({ id: catalogImages.id })
    .from(catalogImages)
    .where(and(eq(catalogImages.id, imageId), eq(catalogImages.companyId, companyId)))
    // Key-share locked: deleted before the category points at it, the foreign key would fail (a 500, not this 400).
    .for('key share');
  if (!image) errors.image = [invalidPk(imageId)];
}

/** Unknown ids and other companies' procurement categories are the same 400. */
async function checkProcurementCategories(tx: Tx, companyId: number, ids: number[] | undefined, errors: FieldErrors): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: procurementCategories.id })
    .from(procurementCategories)
    .where(and(eq(procurementCategories.companyId, companyId), inArray(procurementCategories.id, unique)));
  const known = new Set(found.map((r) => r.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) errors.procurement_category_ids = missing.map(invalidPk);
  return unique;
}

/** Taxonomy items are platform-wide reference data: any existing item may be chosen. */
async function checkTaxonomies(tx: Tx, body: Pick<CategoryFields, 'google_taxonomy' | 'facebook_taxonomy'>, errors: FieldErrors): Promise<void> {
  if (body.google_taxonomy != null) {
    const [item] = await tx.select({ id: googleTaxonomyItems.id }).from(googleTaxonomyItems).where(eq(googleTaxonomyItems.id, body.google_taxonomy));
    if (!item) errors.google_taxonomy = [invalidPk(body.google_taxonomy)];
  }
  if (body.facebook_taxonomy != null) {
    const [item] = await tx.select({ id: facebookTaxonomyItems.id }).from(facebookTaxonomyItems).where(eq(facebookTaxonomyItems.id, body.facebook_taxonomy));
    if (!item) errors.facebook_taxonomy = [invalidPk(body.facebook_taxonomy)];
  }
}

/** Sets the channel categories the body names; one it leaves out keeps its value. */
async function writeTaxonomies(tx: Tx, companyId: number, categoryId: number, body: Pick<CategoryFields, 'google_taxonomy' | 'facebook_taxonomy'>) {
  const changes: Partial<TaxonomyMapping> = {};
  if (body.google_taxonomy !== undefined) changes.googleTaxonomyId = body.google_taxonomy;
  if (body.facebook_taxonomy !== undefined) changes.facebookTaxonomyId = body.facebook_taxonomy;
  if (Object.keys(changes).length === 0) return;
  await tx
    .insert(catalogCategoryTaxonomies)
    .values({ categoryId, companyId, ...changes })
    .onConflictDoUpdate({ target: catalogCategoryTaxonomies.categoryId, set: { ...changes, updatedAt: new Date() } });
}

/** Replaces, from the catalog side, which procurement categories feed this one. */
async function replaceMappings(tx: Tx, catalogCategoryId: number, procurementIds: number[]): Promise<void> {
  await tx.delete(procurementCategoryMappings).where(eq(procurementCategoryMappings.catalogCategoryId, catalogCategoryId));
  if (procurementIds.length) {
    await tx.insert(procurementCategoryMappings).values(procurementIds.map((procurementCategoryId) => ({ procurementCategoryId, catalogCategoryId })));
  }
}

/** The children of `parentId` (null: the roots) in their order, leaving out `exceptId`. */
async function siblingIds(tx: Tx, companyId: number, parentId: number | null, exceptId?: number): Promise<number[]> {
  const rows = await tx
    .select({ id: catalogCategories.id })
    .from(catalogCategories)
    .where(
      and(
        eq(catalogCategories.companyId, companyId),
        parentId === null ? isNull(catalogCategories.parentId) : eq(catalogCategories.parentId, parentId),
        exceptId === undefined ? undefined : ne(catalogCategories.id, exceptId),
      ),
    )
    .orderBy(asc(catalogCategories.sortOrder), asc(catalogCategories.id));
  return rows.map((r) => r.id);
}

/** A placement: under `parentId`, at `position` among `siblings` (the new siblings, without the category itself). */
type Placement = { parentId: number | null; siblings: number[]; position: number };

/**
 * Where a category goes: at `position` (0 = first) under `parentId`, or last when no position
 * is given. A position past the last sibling is a 400 on `field` rather than silently clamped,
 * so a client's idea of the order never drifts from the server's.
 */
async function planPlacement(
  tx: Tx,
  companyId: number,
  target: { parentId: number | null; position: number | undefined; selfId?: number },
  field: 'order' | 'position',
  errors: FieldErrors,
): Promise<Placement | undefined> {
  if (errors.parent) return undefined;
  const siblings = await siblingIds(tx, companyId, target.parentId, target.selfId);
  const position = target.position ?? siblings.length;
  if (position > siblings.length) {
    errors[field] = [positionTooLargeMessage(siblings.length)];
    return undefined;
  }
  return { parentId: target.parentId, siblings, position };
}

/** Puts the category at its planned place, then renumbers the company's tree. */
async function applyPlacement(tx: Tx, companyId: number, id: number, placement: Placement): Promise<void> {
  await tx.update(catalogCategories).set({ parentId: placement.parentId }).where(eq(catalogCategories.id, id));
  const ordered = [...placement.siblings];
  ordered.splice(placement.position, 0, id);
  await writeSiblingOrder(tx, companyId, ordered);
  // The old sibling group closes its gap here too (sort_order is made dense per group).
  await rebuildCategoryTree(tx, companyId);
}

/** Only one default category per company: a new default takes over. */
async function clearDefaultCategory(tx: Tx, companyId: number, exceptId: number): Promise<void> {
  await tx
    .update(catalogCategories)
    .set({ defaultCategory: false, updatedAt: new Date() })
    .where(and(eq(catalogCategories.companyId, companyId), eq(catalogCategories.defaultCategory, true), ne(catalogCategories.id, exceptId)));
}

/** The plain columns a body sets (structure, mappings and slug are handled apart). */
function columnsOf(body: CategoryFields): Partial<typeof catalogCategories.$inferInsert> {
  const columns: Partial<typeof catalogCategories.$inferInsert> = {};
  if (body.title !== undefined) columns.title = body.title;
  if (body.sub_title !== undefined) columns.subTitle = body.sub_title;
  if (body.include_root_in_slug !== undefined) columns.includeRootInSlug = body.include_root_in_slug;
  if (body.image !== undefined) columns.imageId = body.image;
  if (body.default_category !== undefined) columns.defaultCategory = body.default_category;
  if (body.news_category !== undefined) columns.newsCategory = body.news_category;
  if (body.active !== undefined) columns.active = body.active;
  if (body.visible !== undefined) columns.visible = body.visible;
  if (body.comments !== undefined) columns.comments = body.comments;
  if (body.url_local !== undefined) columns.urlLocal = body.url_local;
  if (body.db_id !== undefined) columns.dbId = body.db_id;
  return columns;
}

export async function createCatalogCategory(ctx: Ctx, publicUrl: string, body: z.output<typeof CreateCatalogCategoryBody>): Promise<CatalogCategoryResponse> {
  const companyId = ctx.user.companyId;
  const id = await ctx.db.transaction(async (tx) => {
    await lockCategoryTree(tx, companyId);
    const errors: FieldErrors = {};
    await checkParent(tx, companyId, body.parent, undefined, errors);
    await checkImage(tx, companyId, body.image, errors);
    await checkTaxonomies(tx, body, errors);
    const procurementIds = await checkProcurementCategories(tx, companyId, body.procurement_category_ids, errors);
    const placement = await planPlacement(tx, companyId, { parentId: body.parent ?? null, position: body.order }, 'order', errors);
    if (Object.keys(errors).length || !placement) throw badRequest(errors);
    const [row] = await tx
      .insert(catalogCategories)
      .values({ ...columnsOf(body), companyId, accountId: ctx.user.id, title: body.title, slug: await uniqueSlug(tx, companyId, body.title) })
      .returning({ id: catalogCategories.id });
    await applyPlacement(tx, companyId, row!.id, placement);
    if (body.default_category) await clearDefaultCategory(tx, companyId, row!.id);
    if (procurementIds?.length) await replaceMappings(tx, row!.id, procurementIds);
    await writeTaxonomies(tx, companyId, row!.id, body);
    return row!.id;
  });
  return loadCategory(ctx.db, publicUrl, companyId, id);
}

/**
 * PATCH {id}/ (and PUT, whose body only differs in requiring the title): only what is sent
 * changes. A new parent or order is a move, the same code path as POST {id}/move/; a new
 * parent without an order puts the category last among its new siblings.
 */
export async function updateCatalogCategory(ctx: Ctx, publicUrl: string, id: number, body: CategoryFields): Promise<CatalogCategoryResponse> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    await lockCategoryTree(tx, companyId);
    const [current] = await tx.select().from(catalogCategories).where(scopedTo(companyId, id));
    if (!current) throw notFound();
    const errors: FieldErrors = {};
    await checkParent(tx, companyId, body.parent, id, errors);
    await checkImage(tx, companyId, body.image, errors);
    await checkTaxonomies(tx, body, errors);
    const procurementIds = await checkProcurementCategories(tx, companyId, body.procurement_category_ids, errors);
    const parentId = body.parent === undefined ? current.parentId : body.parent;
    const moves = parentId !== current.parentId || body.order !== undefined;
    const placement = moves ? await planPlacement(tx, companyId, { parentId, position: body.order, selfId: id }, 'order', errors) : undefined;
    if (Object.keys(errors).length) throw badRequest(errors);
    await tx
      .update(catalogCategories)
      .set({ ...columnsOf(body), updatedAt: new Date() })
      .where(eq(catalogCategories.id, id));
    if (placement) await applyPlacement(tx, companyId, id, placement);
    if (body.default_category) await clearDefaultCategory(tx, companyId, id);
    if (procurementIds !== undefined) await replaceMappings(tx, id, procurementIds);
    await writeTaxonomies(tx, companyId, id, body);
  });
  return loadCategory(ctx.db, publicUrl, companyId, id);
}

/** POST {id}/move/: under `parent` (null: a root) at `position` among its new siblings. */
export async function moveCatalogCategory(
  ctx: Ctx,
  publicUrl: string,
  id: number,
  body: z.output<typeof MoveCatalogCategoryBody>,
): Promise<CatalogCategoryResponse> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    await lockCategoryTree(tx, companyId);
    const [current] = await tx.select({ id: catalogCategories.id }).from(catalogCategories).where(scopedTo(companyId, id));
    if (!current) throw notFound();
    const errors: FieldErrors = {};
    await checkParent(tx, companyId, body.parent, id, errors);
    const placement = await planPlacement(tx, companyId, { parentId: body.parent, position: body.position, selfId: id }, 'position', errors);
    if (Object.keys(errors).length || !placement) throw badRequest(errors);
    await tx.update(catalogCategories).set({ updatedAt: new Date() }).where(eq(catalogCategories.id, id));
    await applyPlacement(tx, companyId, id, placement);
  });
  return loadCategory(ctx.db, publicUrl, companyId, id);
}

/**
 * DELETE {id}/. Refused (409, naming the count) while products sit in it, unless
 * `reassign_to` names another category of the company: the product links then move there
 * (a product already in both keeps one link). Its children take its place among its siblings,
 * in their order; its procurement mappings and images go with it.
 */
export async function deleteCatalogCategory(ctx: Ctx, id: number, query: z.output<typeof DeleteCatalogCategoryQuery>): Promise<void> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    await lockCategoryTree(tx, companyId);
    const [current] = await tx.select().from(catalogCategories).where(scopedTo(companyId, id));
    if (!current) throw notFound();
    const reassignTo = query.reassign_to;
    if (reassignTo !== undefined) {
      if (reassignTo === id) throw badRequest({ reassign_to: [CATALOG_CATEGORY_REASSIGN_SELF] });
      const [target] = await tx.select({ id: catalogCategories.id }).from(catalogCategories).where(scopedTo(companyId, reassignTo));
      if (!target) throw badRequest({ reassign_to: [invalidPk(reassignTo)] });
      await tx.execute(sql`
        insert into catalog_product_categories (product_id, category_id)
        select product_id, ${reassignTo}::int from catalog_product_categories where category_id = ${id}::int
        on conflict do nothing`);
    } else {
      const [inUse] = await tx.select({ n: count() }).from(catalogProductCategories).where(eq(catalogProductCategories.categoryId, id));
      const products = Number(inUse?.n ?? 0);
      if (products > 0) throw new AppError('conflict', catalogCategoryInUseMessage(products));
    }
    const siblings = await siblingIds(tx, companyId, current.parentId);
    const children = await siblingIds(tx, companyId, id);
    if (children.length) {
      await tx.update(catalogCategories).set({ parentId: current.parentId, updatedAt: new Date() }).where(inArray(catalogCategories.id, children));
    }
    await writeSiblingOrder(
      tx,
      companyId,
      siblings.flatMap((s) => (s === id ? children : [s])),
    );
    await tx.delete(catalogCategories).where(eq(catalogCategories.id, id));
    await rebuildCategoryTree(tx, companyId);
  });
}
