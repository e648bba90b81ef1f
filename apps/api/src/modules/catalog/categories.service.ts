import { and, asc, count, eq, inArray, like, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATALOG_CATEGORY_PARENT_CYCLE,
  PAGE_SIZE,
  type CatalogCategoryResponse,
  type CreateCatalogCategoryBody,
  type FieldErrors,
  type ListCatalogCategoriesQuery,
  type UpdateCatalogCategoryBody,
} from '@kontor/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { catalogCategories, procurementCategories, procurementCategoryMappings } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { slugify } from '../inventory/slug.js';

/**
 * The minimal catalog category tree procurement maps supplier categories onto (id, title,
 * slug, parent). The content issue adds the rest of spec §3's fields.
 */

const SLUG_CONSTRAINT = 'catalog_categories_company_slug_key';
const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

type CategoryRow = typeof catalogCategories.$inferSelect;

const toResponse = (r: CategoryRow, mapped: number[]): CatalogCategoryResponse => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  parent: r.parentId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  procurement_category_ids: mapped,
  account: r.accountId,
  company: r.companyId,
});

async function withMappings(db: DbOrTx, rows: CategoryRow[]): Promise<CatalogCategoryResponse[]> {
  const ids = rows.map((r) => r.id);
  const mapped = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length) {
    const links = await db
      .select({ catalogId: procurementCategoryMappings.catalogCategoryId, procurementId: procurementCategoryMappings.procurementCategoryId })
      .from(procurementCategoryMappings)
      .where(inArray(procurementCategoryMappings.catalogCategoryId, ids))
      .orderBy(asc(procurementCategoryMappings.procurementCategoryId));
    for (const l of links) mapped.get(l.catalogId)!.push(l.procurementId);
  }
  return rows.map((r) => toResponse(r, mapped.get(r.id) ?? []));
}

const categoryList: ListSpec = {
  fields: {
    id: { column: catalogCategories.id, type: 'int' },
    parent: { column: catalogCategories.parentId, type: 'int' },
    title: { column: catalogCategories.title, type: 'text' },
    slug: { column: catalogCategories.slug, type: 'text' },
    created_at: { column: catalogCategories.createdAt, type: 'date' },
  },
  search: [catalogCategories.title],
  ordering: ['id', 'title', 'slug', 'created_at'],
  defaultOrdering: [asc(catalogCategories.title), asc(catalogCategories.id)],
};

const scopedTo = (companyId: number, id: number) => and(eq(catalogCategories.id, id), eq(catalogCategories.companyId, companyId));

async function loadCategory(db: DbOrTx, companyId: number, id: number): Promise<CatalogCategoryResponse> {
  const rows = await db.select().from(catalogCategories).where(scopedTo(companyId, id));
  if (rows.length === 0) throw notFound();
  return (await withMappings(db, rows))[0]!;
}

export async function listCatalogCategories(ctx: Ctx, query: ListCatalogCategoriesQuery, url: string) {
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
  return pageResponse(url, page, total?.n ?? 0, await withMappings(ctx.db, rows));
}

export const getCatalogCategory = (ctx: Ctx, id: number) => loadCategory(ctx.db, ctx.user.companyId, id);

/** 'Lamps' -> 'lamps', or 'lamps-2', 'lamps-3'... when the company already uses it. */
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

async function checkParent(db: DbOrTx, companyId: number, parentId: number | null | undefined, selfId: number | undefined, errors: FieldErrors) {
  if (parentId == null) return;
  const [parent] = await db.select({ id: catalogCategories.id }).from(catalogCategories).where(scopedTo(companyId, parentId));
  if (!parent) {
    errors.parent = [invalidPk(parentId)];
    return;
  }
  if (selfId === undefined) return;
  // Walk up from the new parent: meeting the category itself would close a loop.
  const seen = new Set<number>();
  let cursor: number | null = parentId;
  while (cursor !== null && !seen.has(cursor)) {
    if (cursor === selfId) {
      errors.parent = [CATALOG_CATEGORY_PARENT_CYCLE];
      return;
    }
    seen.add(cursor);
    const [row]: { parentId: number | null }[] = await db
      .select({ parentId: catalogCategories.parentId })
      .from(catalogCategories)
      .where(eq(catalogCategories.id, cursor));
    cursor = row?.parentId ?? null;
  }
}

/** Unknown ids and other companies' procurement categories are the same 400. */
async function checkProcurementCategories(db: DbOrTx, companyId: number, ids: number[] | undefined, errors: FieldErrors): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: procurementCategories.id })
    .from(procurementCategories)
    .where(and(eq(procurementCategories.companyId, companyId), inArray(procurementCategories.id, unique)));
  const known = new Set(found.map((r) => r.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) errors.procurement_category_ids = missing.map(invalidPk);
  return unique;
}

/** Replaces, from the catalog side, which procurement categories feed this one. */
async function replaceMappings(tx: Tx, catalogCategoryId: number, procurementIds: number[]): Promise<void> {
  await tx.delete(procurementCategoryMappings).where(eq(procurementCategoryMappings.catalogCategoryId, catalogCategoryId));
  if (procurementIds.length) {
    await tx.insert(procurementCategoryMappings).values(procurementIds.map((procurementCategoryId) => ({ procurementCategoryId, catalogCategoryId })));
  }
}

export async function createCatalogCategory(ctx: Ctx, body: z.output<typeof CreateCatalogCategoryBody>): Promise<CatalogCategoryResponse> {
  const companyId = ctx.user.companyId;
  // Two creates of the same title at once can pick the same slug; the loser tries again.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        const errors: FieldErrors = {};
        await checkParent(tx, companyId, body.parent, undefined, errors);
        const procurementIds = await checkProcurementCategories(tx, companyId, body.procurement_category_ids, errors);
        if (Object.keys(errors).length) throw badRequest(errors);
        const [row] = await tx
          .insert(catalogCategories)
          .values({ companyId, accountId: ctx.user.id, title: body.title, slug: await uniqueSlug(tx, companyId, body.title), parentId: body.parent ?? null })
          .returning({ id: catalogCategories.id });
        if (procurementIds?.length) await replaceMappings(tx, row!.id, procurementIds);
        return row!.id;
      });
      return await loadCategory(ctx.db, companyId, id);
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err, SLUG_CONSTRAINT)) continue;
      throw err;
    }
  }
}

/** PATCH {id}/: only what is sent changes; the slug stays so published links keep working. */
export async function updateCatalogCategory(ctx: Ctx, id: number, body: z.output<typeof UpdateCatalogCategoryBody>): Promise<CatalogCategoryResponse> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(catalogCategories).where(scopedTo(companyId, id)).for('update');
    if (!current) throw notFound();
    const errors: FieldErrors = {};
    await checkParent(tx, companyId, body.parent, id, errors);
    const procurementIds = await checkProcurementCategories(tx, companyId, body.procurement_category_ids, errors);
    if (Object.keys(errors).length) throw badRequest(errors);
    await tx
      .update(catalogCategories)
      .set({
        title: body.title ?? current.title,
        parentId: body.parent === undefined ? current.parentId : body.parent,
        updatedAt: new Date(),
      })
      .where(eq(catalogCategories.id, id));
    if (procurementIds !== undefined) await replaceMappings(tx, id, procurementIds);
  });
  return loadCategory(ctx.db, companyId, id);
}

/** Its children become roots (the foreign key sets their parent to null); its mappings go. */
export async function deleteCatalogCategory(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db.delete(catalogCategories).where(scopedTo(ctx.user.companyId, id)).returning({ id: catalogCategories.id });
  if (deleted.length === 0) throw notFound();
}
