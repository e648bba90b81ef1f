import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PAGE_SIZE, type DeleteLocationTypesBody, type LocationTypeBody, type LocationTypeResponse } from '@kontor/contract';
import type { ListLocationTypesQuery } from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inventoryLocations, inventoryLocationTypes } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

const DUPLICATE_NAME = 'An inventory location type with this name already exists.';

// Qualified by hand: drizzle leaves a column bare in a one-table select, and inside the
// subquery a bare "id" would be the location's.
const locationCount = sql<number>`(select count(*) from ${inventoryLocations} l where l.type_id = "inventory_location_types"."id")`.mapWith(Number);

const typeColumns = {
  id: inventoryLocationTypes.id,
  name: inventoryLocationTypes.name,
  locationCount,
  createdAt: inventoryLocationTypes.createdAt,
  updatedAt: inventoryLocationTypes.updatedAt,
};

const toResponse = (r: { id: number; name: string; locationCount: number; createdAt: Date; updatedAt: Date }): LocationTypeResponse => ({
  id: r.id,
  name: r.name,
  location_count: r.locationCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const typeList: ListSpec = {
  fields: {
    id: { column: inventoryLocationTypes.id, type: 'int' },
    name: { column: inventoryLocationTypes.name, type: 'text' },
    created_at: { column: inventoryLocationTypes.createdAt, type: 'date' },
  },
  search: [inventoryLocationTypes.name],
  ordering: ['id', 'name', 'created_at'],
  defaultOrdering: [asc(inventoryLocationTypes.name), asc(inventoryLocationTypes.id)],
};

const scopedTo = (companyId: number, id: number) => and(eq(inventoryLocationTypes.id, id), eq(inventoryLocationTypes.companyId, companyId));

async function loadType(db: DbOrTx, companyId: number, id: number): Promise<LocationTypeResponse> {
  const [row] = await db.select(typeColumns).from(inventoryLocationTypes).where(scopedTo(companyId, id));
  if (!row) throw notFound();
  return toResponse(row);
}

export async function listLocationTypes(ctx: Ctx, query: z.output<typeof ListLocationTypesQuery>, url: string) {
  const { where, orderBy } = buildListQuery(query, typeList);
  const scoped = and(eq(inventoryLocationTypes.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.inventoryLocationTypes);
  const [total] = await ctx.db.select({ n: count() }).from(inventoryLocationTypes).where(scoped);
  const rows = await ctx.db
    .select(typeColumns)
    .from(inventoryLocationTypes)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}

export async function createLocationType(ctx: Ctx, body: LocationTypeBody): Promise<LocationTypeResponse> {
  try {
    // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
    const [row] = await ctx.db.transaction((tx) =>
      tx.insert(inventoryLocationTypes).values({ companyId: ctx.user.companyId, name: body.name }).returning({ id: inventoryLocationTypes.id }),
    );
    return await loadType(ctx.db, ctx.user.companyId, row!.id);
  } catch (err) {
    if (isUniqueViolation(err, 'inventory_location_types_company_name_key')) throw badRequest({ name: [DUPLICATE_NAME] });
    throw err;
  }
}

export async function updateLocationType(ctx: Ctx, id: number, body: LocationTypeBody): Promise<LocationTypeResponse> {
  try {
    const [row] = await ctx.db.transaction((tx) =>
      tx
        .update(inventoryLocationTypes)
        .set({ name: body.name, updatedAt: new Date() })
        .where(scopedTo(ctx.user.companyId, id))
        .returning({ id: inventoryLocationTypes.id }),
    );
    if (!row) throw notFound();
  } catch (err) {
    if (isUniqueViolation(err, 'inventory_location_types_company_name_key')) throw badRequest({ name: [DUPLICATE_NAME] });
    throw err;
  }
  return loadType(ctx.db, ctx.user.companyId, id);
}

/** Its locations stay and become untyped (the foreign key sets them to null). */
export async function deleteLocationType(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db.transaction((tx) =>
    tx.delete(inventoryLocationTypes).where(scopedTo(ctx.user.companyId, id)).returning({ id: inventoryLocationTypes.id }),
  );
  if (deleted.length === 0) throw notFound();
}

/** All of them or none: one id that is not the company's is a 404 and nothing is deleted. */
export async function deleteLocationTypes(ctx: Ctx, body: DeleteLocationTypesBody): Promise<void> {
  const ids = [...new Set(body.ids)];
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(inventoryLocationTypes)
      .where(and(eq(inventoryLocationTypes.companyId, ctx.user.companyId), inArray(inventoryLocationTypes.id, ids)))
      .returning({ id: inventoryLocationTypes.id });
    // Throwing rolls the delete back.
    if (deleted.length !== ids.length) throw notFound();
  });
}
