import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  isYes,
  type BulkUpdateLocationsBody,
  type CreateLocationBody,
  type FieldErrors,
  type ListLocationsQuery,
  type ListLocationsWithTransactionsQuery,
  type LocationResponse,
  type UpdateLocationBody,
} from '@kontor/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { wholeRows } from '../../db/whole-rows.js';
import { inventoryLevels, inventoryLocations, inventoryLocationTypes, inventoryTransactions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countOfShortPage } from '../../http/row-count.js';
import { invalidPk, lockAndRefreshProductStock, lockProductsForStock } from './ledger.service.js';
import { slugify } from './slug.js';

const DUPLICATE_NAME = 'An inventory location with this name already exists.';
const IN_USE = 'This location holds stock or has inventory transactions; mark it obsolete instead.';

type LocationRow = typeof inventoryLocations.$inferSelect & { typeName: string | null };

export const toLocationResponse = (r: LocationRow): LocationResponse => ({
  id: r.id,
  name: r.name,
  name_slug: r.nameSlug,
  abbreviation_slug: r.abbreviationSlug,
  content: r.content,
  comment: r.comment,
  stocktaking_perfomed_at: r.stocktakingPerfomedAt?.toISOString() ?? null,
  obsolete: r.obsolete,
  not_for_stock: r.notForStock,
  type: r.typeId,
  type_name: r.typeName,
  account: r.accountId,
  company: r.companyId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const locationColumns = {
  id: inventoryLocations.id,
  companyId: inventoryLocations.companyId,
  accountId: inventoryLocations.accountId,
  name: inventoryLocations.name,
  nameSlug: inventoryLocations.nameSlug,
  abbreviationSlug: inventoryLocations.abbreviationSlug,
  content: inventoryLocations.content,
  comment: inventoryLocations.comment,
  stocktakingPerfomedAt: inventoryLocations.stocktakingPerfomedAt,
  obsolete: inventoryLocations.obsolete,
  notForStock: inventoryLocations.notForStock,
  typeId: inventoryLocations.typeId,
  createdAt: inventoryLocations.createdAt,
  updatedAt: inventoryLocations.updatedAt,
  typeName: inventoryLocationTypes.name,
};

const locationFields: ListSpec['fields'] = {
  id: { column: inventoryLocations.id, type: 'int' },
  name: { column: inventoryLocations.name, type: 'text' },
  name_slug: { column: inventoryLocations.nameSlug, type: 'text' },
  abbreviation_slug: { column: inventoryLocations.abbreviationSlug, type: 'text' },
  type: { column: inventoryLocations.typeId, type: 'int' },
  created_at: { column: inventoryLocations.createdAt, type: 'date' },
  updated_at: { column: inventoryLocations.updatedAt, type: 'date' },
  stocktaking_perfomed_at: { column: inventoryLocations.stocktakingPerfomedAt, type: 'date' },
};
const locationList: ListSpec = {
  fields: locationFields,
  search: [inventoryLocations.name, inventoryLocations.nameSlug, inventoryLocations.abbreviationSlug],
  ordering: ['id', 'name', 'name_slug', 'abbreviation_slug', 'type', 'created_at', 'updated_at', 'stocktaking_perfomed_at'],
  defaultOrdering: [asc(inventoryLocations.name), asc(inventoryLocations.id)],
};

/** The Yes/No filters of the spec (obsolete, not_for_stock) are flags, not Django lookups. */
function flagConditions(flags: { obsolete?: string | undefined; not_for_stock?: string | undefined }): SQL[] {
  const out: SQL[] = [];
  if (flags.obsolete) out.push(eq(inventoryLocations.obsolete, isYes(flags.obsolete)));
  if (flags.not_for_stock) out.push(eq(inventoryLocations.notForStock, isYes(flags.not_for_stock)));
  return out;
}

/**
 * The grid's options read every location at each load and each refresh (up to 1,000): a SQL
 * template of the whole rows, not the query builder (ADR 0022). The location type's name rides
 * along as `typeName`, left as the text the driver gives.
 */
const locationRows = wholeRows(inventoryLocations);

function selectLocations(db: DbOrTx) {
  return db.select(locationColumns).from(inventoryLocations).leftJoin(inventoryLocationTypes, eq(inventoryLocationTypes.id, inventoryLocations.typeId));
}

const scopedTo = (companyId: number, id: number) => and(eq(inventoryLocations.id, id), eq(inventoryLocations.companyId, companyId));

async function loadLocation(db: DbOrTx, companyId: number, id: number): Promise<LocationResponse> {
  const [row] = await selectLocations(db).where(scopedTo(companyId, id));
  if (!row) throw notFound();
  return toLocationResponse(row);
}

export async function listLocations(ctx: Ctx, query: ListLocationsQuery, url: string) {
  const { obsolete, not_for_stock, ...rest } = query;
  const { where, orderBy } = buildListQuery(rest, locationList);
  const scoped = and(eq(inventoryLocations.companyId, ctx.user.companyId), where, ...flagConditions({ obsolete, not_for_stock }));
  const page = pageRequest(query, PAGE_SIZE.inventoryLocations);
  const rows = (await locationRows.read(
    ctx.db,
    sql`select ${locationRows.columns}, ${inventoryLocationTypes.name} as "typeName" from ${inventoryLocations}
      left join ${inventoryLocationTypes} on ${inventoryLocationTypes.id} = ${inventoryLocations.typeId}
      where ${scoped} order by ${sql.join(orderBy, sql`, `)} limit ${page.limit} offset ${page.offset}`,
  )) as LocationRow[];
  // A shop's locations fit a page (the grid asks for 1,000): the page is its own count.
  const total = countOfShortPage(page, rows.length) ?? (await ctx.db.select({ n: count() }).from(inventoryLocations).where(scoped))[0]?.n ?? 0;
  return pageResponse(url, page, total, rows.map(toLocationResponse));
}

export const getLocation = (ctx: Ctx, id: number) => loadLocation(ctx.db, ctx.user.companyId, id);

async function assertTypeOfCompany(db: DbOrTx, companyId: number, typeId: number | null | undefined, field: string, errors: FieldErrors) {
  if (typeId === null || typeId === undefined) return;
  const [row] = await db
    .select({ id: inventoryLocationTypes.id })
    .from(inventoryLocationTypes)
    .where(and(eq(inventoryLocationTypes.id, typeId), eq(inventoryLocationTypes.companyId, companyId)));
  if (!row) (errors[field] ??= []).push(invalidPk(typeId));
}

export async function createLocation(ctx: Ctx, body: z.output<typeof CreateLocationBody>): Promise<LocationResponse> {
  const errors: FieldErrors = {};
  await assertTypeOfCompany(ctx.db, ctx.user.companyId, body.type, 'type', errors);
  if (Object.keys(errors).length) throw badRequest(errors);
  try {
    // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
    const [row] = await ctx.db.transaction((tx) =>
      tx
        .insert(inventoryLocations)
        .values({
          companyId: ctx.user.companyId,
          accountId: ctx.user.id,
          name: body.name,
          nameSlug: body.name_slug || slugify(body.name),
          // Spec §5: an empty abbreviation falls back to the name.
          abbreviationSlug: body.abbreviation_slug || body.name,
          content: body.content ?? '',
          comment: body.comment ?? '',
          obsolete: body.obsolete ?? false,
          notForStock: body.not_for_stock ?? false,
          typeId: body.type ?? null,
        })
        .returning({ id: inventoryLocations.id }),
    );
    return await loadLocation(ctx.db, ctx.user.companyId, row!.id);
  } catch (err) {
    if (isUniqueViolation(err, 'inventory_locations_company_name_key')) throw badRequest({ name: [DUPLICATE_NAME] });
    throw err;
  }
}

/** Product ids with a level at the location: their qty_in_stock depends on its not_for_stock flag. */
async function productsStockedAt(tx: Tx, locationId: number): Promise<number[]> {
  const rows = await tx.select({ productId: inventoryLevels.productId }).from(inventoryLevels).where(eq(inventoryLevels.locationId, locationId));
  return rows.map((r) => r.productId);
}

/** What one location's update writes, worked out before anything is locked or written. */
type LocationUpdate = {
  id: number;
  /** Where its field errors go in a bulk PUT ('locations.2.'). */
  prefix: string;
  /** Only the fields the request changes: a field another request changed meanwhile is left as that one wrote it. */
  changes: Partial<typeof inventoryLocations.$inferInsert>;
  /** The products stored there when not_for_stock flips: their qty_in_stock depends on it. */
  restocked: number[] | null;
};

/**
 * Reads the location and works out the update. Fields left out keep their value, and so do
 * fields sent unchanged: the row as read here is not locked, and writing back what it said
 * would undo the change of an operator editing another field of the location at the same time. The same goes for
 * not_for_stock: only a request that flips it writes it, and that one locks the products stored
 * there first and refreshes their qty_in_stock after (writeLocationUpdate), so the flag and the
 * products' stock never disagree.
 */
async function planLocationUpdate(ctx: Ctx, tx: Tx, id: number, body: z.output<typeof UpdateLocationBody>, prefix = ''): Promise<LocationUpdate> {
  const [current] = await tx.select().from(inventoryLocations).where(scopedTo(ctx.user.companyId, id));
  if (!current) throw notFound();
  const errors: FieldErrors = {};
  await assertTypeOfCompany(tx, ctx.user.companyId, body.type, `${prefix}type`, errors);
  if (Object.keys(errors).length) throw badRequest(errors);
  const name = body.name ?? current.name;
  const wanted: Partial<typeof inventoryLocations.$inferSelect> = {
    name,
    nameSlug: body.name_slug === undefined ? current.nameSlug : body.name_slug || slugify(name),
    abbreviationSlug: body.abbreviation_slug === undefined ? current.abbreviationSlug : body.abbreviation_slug || name,
    content: body.content ?? current.content,
    comment: body.comment ?? current.comment,
    obsolete: body.obsolete ?? current.obsolete,
    notForStock: body.not_for_stock ?? current.notForStock,
    typeId: body.type === undefined ? current.typeId : body.type,
  };
  const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => value !== current[key as keyof typeof current]));
  const restocked = 'notForStock' in changes ? await productsStockedAt(tx, id) : null;
  return { id, prefix, changes, restocked };
}

/**
 * Writes planned updates. The products whose stock a flipped not_for_stock changes are locked
 * first, all of them before any location (the ledger's lock order: products, then locations),
 * so a bulk PUT and a stock move cannot wait on each other in a circle.
 */
async function writeLocationUpdates(ctx: Ctx, tx: Tx, updates: LocationUpdate[]): Promise<void> {
  const companyId = ctx.user.companyId;
  await lockProductsForStock(tx, companyId, [...new Set(updates.flatMap((u) => u.restocked ?? []))]);
  for (const { id, prefix, changes, restocked } of updates) {
    try {
      await tx
        .update(inventoryLocations)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(inventoryLocations.id, id));
    } catch (err) {
      if (isUniqueViolation(err, 'inventory_locations_company_name_key')) throw badRequest({ [`${prefix}name`]: [DUPLICATE_NAME] });
      throw err;
    }
    if (restocked) {
      // A product may have got its first level here meanwhile; it is locked and refreshed too.
      await lockAndRefreshProductStock(tx, companyId, [...new Set([...restocked, ...(await productsStockedAt(tx, id))])]);
    }
  }
}

export async function updateLocation(ctx: Ctx, id: number, body: z.output<typeof UpdateLocationBody>): Promise<LocationResponse> {
  return ctx.db.transaction(async (tx) => {
    await writeLocationUpdates(ctx, tx, [await planLocationUpdate(ctx, tx, id, body)]);
    return loadLocation(tx, ctx.user.companyId, id);
  });
}

/** The rows edited in the grid, all or none. */
export async function bulkUpdateLocations(ctx: Ctx, body: z.output<typeof BulkUpdateLocationsBody>): Promise<{ locations: LocationResponse[] }> {
  return ctx.db.transaction(async (tx) => {
    const updates: LocationUpdate[] = [];
    for (const [index, { id, ...fields }] of body.locations.entries()) {
      updates.push(await planLocationUpdate(ctx, tx, id, fields, `locations.${index}.`));
    }
    await writeLocationUpdates(ctx, tx, updates);
    const ids = body.locations.map((l) => l.id);
    const rows = await selectLocations(tx).where(and(eq(inventoryLocations.companyId, ctx.user.companyId), inArray(inventoryLocations.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, toLocationResponse(r)]));
    return { locations: ids.map((id) => byId.get(id)!) };
  });
}

/** Refused while it holds stock or has ledger rows: the ledger must keep its places. */
export async function deleteLocation(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: inventoryLocations.id }).from(inventoryLocations).where(scopedTo(ctx.user.companyId, id)).for('update');
    if (!row) throw notFound();
    const [used] = await tx.select({ id: inventoryTransactions.id }).from(inventoryTransactions).where(eq(inventoryTransactions.locationId, id)).limit(1);
    const [level] = await tx.select({ id: inventoryLevels.locationId }).from(inventoryLevels).where(eq(inventoryLevels.locationId, id)).limit(1);
    if (used || level) throw new AppError('conflict', IN_USE);
    await tx.delete(inventoryLocations).where(eq(inventoryLocations.id, id));
  });
}

/**
 * Locations with ledger rows, with their activity. With `product`, only the locations where
 * that product has transactions, and the figures are that product's.
 */
export async function listLocationsWithTransactions(ctx: Ctx, query: z.output<typeof ListLocationsWithTransactionsQuery>, url: string) {
  const { obsolete, product, ...rest } = query;
  const { where, orderBy } = buildListQuery(rest, locationList);
  const companyId = ctx.user.companyId;
  const productFilter = (column: AnyPgColumn) => (product === undefined ? sql`true` : sql`${column} = ${product}`);
  const activity = ctx.db
    .select({
      locationId: inventoryTransactions.locationId,
      transactionCount: sql<number>`count(*)::int`.as('transaction_count'),
      lastTransactionAt: sql<Date>`max(${inventoryTransactions.createdAt})`.as('last_transaction_at'),
    })
    .from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.companyId, companyId), productFilter(inventoryTransactions.productId)))
    .groupBy(inventoryTransactions.locationId)
    .as('activity');
  const stock = ctx.db
    .select({
      locationId: inventoryLevels.locationId,
      totalQuantity: sql<string>`sum(${inventoryLevels.quantity})`.as('total_quantity'),
    })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.companyId, companyId), productFilter(inventoryLevels.productId)))
    .groupBy(inventoryLevels.locationId)
    .as('stock');
  const scoped = and(eq(inventoryLocations.companyId, companyId), where, ...flagConditions({ obsolete }));
  const page = pageRequest(query, PAGE_SIZE.inventoryLocations);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(inventoryLocations)
    .innerJoin(activity, eq(activity.locationId, inventoryLocations.id))
    .where(scoped);
  const rows = await ctx.db
    .select({
      ...locationColumns,
      transactionCount: activity.transactionCount,
      lastTransactionAt: activity.lastTransactionAt,
      totalQuantity: stock.totalQuantity,
    })
    .from(inventoryLocations)
    .innerJoin(activity, eq(activity.locationId, inventoryLocations.id))
    .leftJoin(stock, eq(stock.locationId, inventoryLocations.id))
    .leftJoin(inventoryLocationTypes, eq(inventoryLocationTypes.id, inventoryLocations.typeId))
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(
    url,
    page,
    total?.n ?? 0,
    rows.map((r) => ({
      ...toLocationResponse(r),
      transaction_count: Number(r.transactionCount),
      last_transaction_at: r.lastTransactionAt ? new Date(r.lastTransactionAt).toISOString() : null,
      total_quantity: Number(r.totalQuantity ?? 0),
    })),
  );
}
