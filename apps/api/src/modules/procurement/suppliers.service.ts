import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  SUPPLIER_ABBREV_TAKEN,
  SUPPLIER_NAME_TAKEN,
  type FieldErrors,
  type ListSupplierOptionsQuery,
  type ListSuppliersQuery,
  type SupplierBody,
  type SupplierOptionResponse,
  type SupplierResponse,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { currencies, globalSuppliers, procurementFeeds, procurementOrders, procurementProducts, procurementSuppliers } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

export const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

// Qualified by hand: in a one-table select drizzle leaves columns bare, and inside the
// subquery a bare "id" would be the feed's or the product's.
const feedsCount = sql<number>`(select count(*) from ${procurementFeeds} f where f.supplier_id = "procurement_suppliers"."id")`.mapWith(Number);
const productsCount = sql<number>`(select count(*) from ${procurementProducts} p where p.supplier_id = "procurement_suppliers"."id")`.mapWith(Number);

const supplierColumns = {
  id: procurementSuppliers.id,
  name: procurementSuppliers.name,
  nameAbbrev: procurementSuppliers.nameAbbrev,
  website: procurementSuppliers.website,
  email: procurementSuppliers.email,
  phone: procurementSuppliers.phone,
  currencyId: procurementSuppliers.currencyId,
  comments: procurementSuppliers.comments,
  globalSupplierId: procurementSuppliers.globalSupplierId,
  feedsCount,
  productsCount,
  createdAt: procurementSuppliers.createdAt,
  updatedAt: procurementSuppliers.updatedAt,
};
const selectSuppliers = (db: DbOrTx) => db.select(supplierColumns).from(procurementSuppliers);
type SupplierRow = Awaited<ReturnType<typeof selectSuppliers>>[number];

const toResponse = (r: SupplierRow): SupplierResponse => ({
  id: r.id,
  name: r.name,
  name_abbrev: r.nameAbbrev,
  website: r.website,
  email: r.email,
  phone: r.phone,
  currency: r.currencyId,
  comments: r.comments,
  global_supplier: r.globalSupplierId,
  feeds_count: r.feedsCount,
  products_count: r.productsCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const supplierList: ListSpec = {
  fields: {
    id: { column: procurementSuppliers.id, type: 'int' },
    name: { column: procurementSuppliers.name, type: 'text' },
    name_abbrev: { column: procurementSuppliers.nameAbbrev, type: 'text' },
    currency: { column: procurementSuppliers.currencyId, type: 'int' },
    created_at: { column: procurementSuppliers.createdAt, type: 'date' },
    updated_at: { column: procurementSuppliers.updatedAt, type: 'date' },
  },
  search: [procurementSuppliers.name, procurementSuppliers.nameAbbrev],
  ordering: ['id', 'name', 'name_abbrev', 'created_at', 'updated_at'],
  defaultOrdering: [asc(procurementSuppliers.name), asc(procurementSuppliers.id)],
};

const scopedTo = (companyId: number, id: number) => and(eq(procurementSuppliers.id, id), eq(procurementSuppliers.companyId, companyId));

export async function loadSupplier(db: DbOrTx, companyId: number, id: number): Promise<SupplierResponse> {
  const [row] = await selectSuppliers(db).where(scopedTo(companyId, id));
  if (!row) throw notFound();
  return toResponse(row);
}

export async function listSuppliers(ctx: Ctx, query: ListSuppliersQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, supplierList);
  const scoped = and(eq(procurementSuppliers.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(procurementSuppliers).where(scoped);
  const rows = await selectSuppliers(ctx.db)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}

export const getSupplier = (ctx: Ctx, id: number) => loadSupplier(ctx.db, ctx.user.companyId, id);

/** The light list for pickers (GET /suppliers/, spec §3 "Supplier (catalog lists)"). */
export async function listSupplierOptions(ctx: Ctx, query: ListSupplierOptionsQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, supplierList);
  const scoped = and(eq(procurementSuppliers.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(procurementSuppliers).where(scoped);
  const rows: SupplierOptionResponse[] = await ctx.db
    .select({ id: procurementSuppliers.id, name: procurementSuppliers.name, name_abbrev: procurementSuppliers.nameAbbrev })
    .from(procurementSuppliers)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows);
}

type SupplierValues = {
  name: string;
  nameAbbrev: string;
  website?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  currencyId?: number | null | undefined;
  comments?: string | undefined;
  globalSupplierId?: number | null | undefined;
};

/**
 * Duplicate names and abbreviations (case-insensitive, per company) and unknown currency or
 * directory ids, all reported at once as DRF field errors.
 */
async function validateSupplier(db: DbOrTx, companyId: number, values: SupplierValues, exceptId?: number): Promise<void> {
  const errors: FieldErrors = {};
  const others = (condition: SQL) =>
    and(eq(procurementSuppliers.companyId, companyId), condition, exceptId === undefined ? undefined : ne(procurementSuppliers.id, exceptId));
  const [sameName] = await db
    .select({ id: procurementSuppliers.id })
    .from(procurementSuppliers)
    .where(others(sql`lower(${procurementSuppliers.name}) = lower(${values.name})`))
    .limit(1);
  if (sameName) errors.name = [SUPPLIER_NAME_TAKEN];
  const [sameAbbrev] = await db
    .select({ id: procurementSuppliers.id })
    .from(procurementSuppliers)
    .where(others(sql`lower(${procurementSuppliers.nameAbbrev}) = lower(${values.nameAbbrev})`))
    .limit(1);
  if (sameAbbrev) errors.name_abbrev = [SUPPLIER_ABBREV_TAKEN];
  if (values.currencyId != null) {
    const [currency] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, values.currencyId));
    if (!currency) errors.currency = [invalidPk(values.currencyId)];
  }
  if (values.globalSupplierId != null) {
    const [entry] = await db.select({ id: globalSuppliers.id }).from(globalSuppliers).where(eq(globalSuppliers.id, values.globalSupplierId));
    if (!entry) errors.global_supplier = [invalidPk(values.globalSupplierId)];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** A concurrent insert can still win the race past the check: its unique index answers the same 400. */
function mapUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err, 'procurement_suppliers_company_name_key')) throw badRequest({ name: [SUPPLIER_NAME_TAKEN] });
  if (isUniqueViolation(err, 'procurement_suppliers_company_abbrev_key')) throw badRequest({ name_abbrev: [SUPPLIER_ABBREV_TAKEN] });
  throw err;
}

/** Inserts a supplier of the caller's company; shared by POST and adopting a directory entry. */
export async function insertSupplier(ctx: Ctx, values: SupplierValues): Promise<SupplierResponse> {
  await validateSupplier(ctx.db, ctx.user.companyId, values);
  let id: number;
  try {
    // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
    const [row] = await ctx.db.transaction((tx) =>
      tx
        .insert(procurementSuppliers)
        .values({
          companyId: ctx.user.companyId,
          accountId: ctx.user.id,
          name: values.name,
          nameAbbrev: values.nameAbbrev,
          website: values.website ?? '',
          email: values.email ?? '',
          phone: values.phone ?? '',
          currencyId: values.currencyId ?? null,
          comments: values.comments ?? '',
          globalSupplierId: values.globalSupplierId ?? null,
        })
        .returning({ id: procurementSuppliers.id }),
    );
    id = row!.id;
  } catch (err) {
    mapUniqueViolation(err);
  }
  return loadSupplier(ctx.db, ctx.user.companyId, id);
}

const fromBody = (body: z.output<typeof SupplierBody>): SupplierValues => ({
  name: body.name,
  nameAbbrev: body.name_abbrev,
  website: body.website,
  email: body.email,
  phone: body.phone,
  currencyId: body.currency,
  comments: body.comments,
  globalSupplierId: body.global_supplier,
});

export const createSupplier = (ctx: Ctx, body: z.output<typeof SupplierBody>) => insertSupplier(ctx, fromBody(body));

/** PUT {id}/: name and name_abbrev are required; optional fields left out keep their value (ADR 0006). */
export async function updateSupplier(ctx: Ctx, id: number, body: z.output<typeof SupplierBody>): Promise<SupplierResponse> {
  const [current] = await ctx.db.select().from(procurementSuppliers).where(scopedTo(ctx.user.companyId, id));
  if (!current) throw notFound();
  const values = fromBody(body);
  await validateSupplier(ctx.db, ctx.user.companyId, values, id);
  try {
    await ctx.db.transaction((tx) =>
      tx
        .update(procurementSuppliers)
        .set({
          name: values.name,
          nameAbbrev: values.nameAbbrev,
          website: values.website ?? current.website,
          email: values.email ?? current.email,
          phone: values.phone ?? current.phone,
          currencyId: values.currencyId === undefined ? current.currencyId : values.currencyId,
          comments: values.comments ?? current.comments,
          globalSupplierId: values.globalSupplierId === undefined ? current.globalSupplierId : values.globalSupplierId,
          updatedAt: new Date(),
        })
        .where(scopedTo(ctx.user.companyId, id)),
    );
  } catch (err) {
    mapUniqueViolation(err);
  }
  return loadSupplier(ctx.db, ctx.user.companyId, id);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Refused (409) while feeds, procurement products or purchase orders refer to the supplier:
 * deleting it would lose their history. Its categories go with it (they describe only it).
 */
export async function deleteSupplier(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The row lock makes a concurrent feed, product or order insert (which takes a key-share
    // lock on the supplier for its foreign key) wait until this delete has decided.
    const [row] = await tx.select({ id: procurementSuppliers.id }).from(procurementSuppliers).where(scopedTo(ctx.user.companyId, id)).for('update');
    if (!row) throw notFound();
    const [feeds] = await tx.select({ n: count() }).from(procurementFeeds).where(eq(procurementFeeds.supplierId, id));
    const [products] = await tx.select({ n: count() }).from(procurementProducts).where(eq(procurementProducts.supplierId, id));
    const [orders] = await tx.select({ n: count() }).from(procurementOrders).where(eq(procurementOrders.supplierId, id));
    const blockers = [
      feeds!.n ? plural(feeds!.n, 'feed', 'feeds') : '',
      products!.n ? plural(products!.n, 'procurement product', 'procurement products') : '',
      orders!.n ? plural(orders!.n, 'purchase order', 'purchase orders') : '',
    ].filter(Boolean);
    if (blockers.length) {
      const list = blockers.length === 1 ? blockers[0] : `${blockers.slice(0, -1).join(', ')} and ${blockers.at(-1)}`;
      throw new AppError('conflict', `This supplier cannot be deleted while it has ${list}.`);
    }
    await tx.delete(procurementSuppliers).where(eq(procurementSuppliers.id, id));
  });
}
