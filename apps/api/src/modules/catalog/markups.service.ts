import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MARKUP_BAND_ORDER,
  MARKUP_NAME_TAKEN,
  PAGE_SIZE,
  type ListMarkupsQuery,
  type MarkupBody,
  type MarkupPage,
  type MarkupResponse,
} from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { catalogMarkups } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { repriceProducts } from './pricing.service.js';
import { numericOrNull } from '../../db/numeric.js';

/** The body after the contract parsed it: decimals are exact strings ready for NUMERIC. */
export type MarkupFields = z.output<typeof MarkupBody>;
type MarkupRow = typeof catalogMarkups.$inferSelect;

const NAME_KEY = 'catalog_markups_company_name_key';

export const toMarkupResponse = (r: MarkupRow): MarkupResponse => ({
  id: r.id,
  name: r.name,
  percent: Number(r.percent),
  cost_from: numericOrNull(r.costFrom),
  cost_to: numericOrNull(r.costTo),
  product_type: r.productType,
  priority: r.priority,
  is_default: r.isDefault,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const markupList: ListSpec = {
  fields: {
    id: { column: catalogMarkups.id, type: 'int' },
    name: { column: catalogMarkups.name, type: 'text' },
    is_default: { column: catalogMarkups.isDefault, type: 'bool' },
    priority: { column: catalogMarkups.priority, type: 'int' },
    percent: { column: catalogMarkups.percent, type: 'numeric' },
    cost_from: { column: catalogMarkups.costFrom, type: 'numeric' },
    created_at: { column: catalogMarkups.createdAt, type: 'date' },
  },
  search: [catalogMarkups.name],
  ordering: ['id', 'name', 'priority', 'percent', 'cost_from', 'created_at'],
  // The order the pricing engine tries the rules in.
  defaultOrdering: [asc(catalogMarkups.priority), asc(catalogMarkups.id)],
};

const ofCompany = (ctx: Ctx, id: number) => and(eq(catalogMarkups.companyId, ctx.user.companyId), eq(catalogMarkups.id, id));

export async function listMarkups(ctx: Ctx, query: ListMarkupsQuery, url: string): Promise<MarkupPage> {
  const { where, orderBy } = buildListQuery(query, markupList);
  const scoped = and(eq(catalogMarkups.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.markups);
  const [total] = await ctx.db.select({ n: count() }).from(catalogMarkups).where(scoped);
  const rows = await ctx.db
    .select()
    .from(catalogMarkups)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toMarkupResponse));
}

export async function getMarkup(ctx: Ctx, id: number): Promise<MarkupResponse> {
  const [row] = await ctx.db.select().from(catalogMarkups).where(ofCompany(ctx, id));
  if (!row) throw notFound();
  return toMarkupResponse(row);
}

/**
 * One markup write at a time per company: the company row is locked (NO KEY UPDATE, so rows
 * that merely reference the company are not held up). Two operators making different rules
 * the default then follow each other instead of colliding on the one-default index, and two
 * whole-catalog repricings never run side by side.
 */
async function lockCompanyMarkups(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select id from companies where id = ${companyId}::int for no key update`);
}

/** A new default takes over: the previous one stops being the default in the same transaction. */
async function clearDefault(tx: Tx, companyId: number, exceptId?: number): Promise<void> {
  await tx
    .update(catalogMarkups)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(catalogMarkups.companyId, companyId),
        eq(catalogMarkups.isDefault, true),
        exceptId === undefined ? undefined : sql`${catalogMarkups.id} <> ${exceptId}`,
      ),
    );
}

const nameTaken = (err: unknown) => isUniqueViolation(err, NAME_KEY);

/** POST: creates the rule and reprices the company's catalog with it, in one transaction. */
export async function createMarkup(ctx: Ctx, body: MarkupFields): Promise<MarkupResponse> {
  const companyId = ctx.user.companyId;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCompanyMarkups(tx, companyId);
      if (body.is_default) await clearDefault(tx, companyId);
      const [row] = await tx
        .insert(catalogMarkups)
        .values({
          companyId,
          accountId: ctx.user.id,
          name: body.name,
          percent: body.percent,
          costFrom: body.cost_from ?? null,
          costTo: body.cost_to ?? null,
          productType: body.product_type ?? null,
          ...(body.priority === undefined ? {} : { priority: body.priority }),
          isDefault: body.is_default ?? false,
        })
        .returning();
      await repriceProducts(tx, companyId);
      return toMarkupResponse(row!);
    });
  } catch (err) {
    if (nameTaken(err)) throw badRequest({ name: [MARKUP_NAME_TAKEN] });
    throw err;
  }
}

/**
 * PUT {id}/: name and percent are required; an optional field left out keeps its value (as a
 * DRF serializer does). The band is checked against the stored bound the body leaves alone.
 */
export async function updateMarkup(ctx: Ctx, id: number, body: MarkupFields): Promise<MarkupResponse> {
  const companyId = ctx.user.companyId;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCompanyMarkups(tx, companyId);
      const [current] = await tx.select().from(catalogMarkups).where(ofCompany(ctx, id)).for('update');
      if (!current) throw notFound();
      const costFrom = body.cost_from === undefined ? current.costFrom : body.cost_from;
      const costTo = body.cost_to === undefined ? current.costTo : body.cost_to;
      if (costFrom !== null && costTo !== null && Number(costFrom) >= Number(costTo)) throw badRequest({ cost_to: [MARKUP_BAND_ORDER] });
      if (body.is_default) await clearDefault(tx, companyId, id);
      const [row] = await tx
        .update(catalogMarkups)
        .set({
          name: body.name,
          percent: body.percent,
          costFrom,
          costTo,
          ...(body.product_type === undefined ? {} : { productType: body.product_type }),
          ...(body.priority === undefined ? {} : { priority: body.priority }),
          ...(body.is_default === undefined ? {} : { isDefault: body.is_default }),
          updatedAt: new Date(),
        })
        .where(ofCompany(ctx, id))
        .returning();
      await repriceProducts(tx, companyId);
      return toMarkupResponse(row!);
    });
  } catch (err) {
    if (nameTaken(err)) throw badRequest({ name: [MARKUP_NAME_TAKEN] });
    throw err;
  }
}

/** DELETE {id}/: the products it priced fall to the next matching rule (or the default, or none). */
export async function deleteMarkup(ctx: Ctx, id: number): Promise<void> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    await lockCompanyMarkups(tx, companyId);
    const deleted = await tx.delete(catalogMarkups).where(ofCompany(ctx, id)).returning({ id: catalogMarkups.id });
    if (deleted.length === 0) throw notFound();
    await repriceProducts(tx, companyId);
  });
}
