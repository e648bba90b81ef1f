import { asc, count, eq, sql } from 'drizzle-orm';
import {
  PAGE_SIZE,
  type GlobalSupplierProductResponse,
  type GlobalSupplierResponse,
  type ListGlobalSupplierProductsQuery,
  type ListGlobalSuppliersQuery,
  type SupplierResponse,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { currencies, globalSupplierProducts, globalSuppliers } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { insertSupplier } from './suppliers.service.js';

/**
 * The platform's directory of suppliers and what they offer (DESIGN §4: global reference data,
 * no company, read-only to users). Adopting an entry creates the company's own supplier.
 */

// Qualified by hand: drizzle leaves columns bare in a one-table select (see suppliers.service.ts).
const productsCount = sql<number>`(select count(*) from ${globalSupplierProducts} gp where gp.supplier_id = "global_suppliers"."id")`.mapWith(Number);

const supplierColumns = {
  id: globalSuppliers.id,
  name: globalSuppliers.name,
  name_abbrev: globalSuppliers.nameAbbrev,
  website: globalSuppliers.website,
  country: globalSuppliers.country,
  description: globalSuppliers.description,
  brands: globalSuppliers.brands,
  products_count: productsCount,
};

const supplierList: ListSpec = {
  fields: {
    id: { column: globalSuppliers.id, type: 'int' },
    name: { column: globalSuppliers.name, type: 'text' },
    country: { column: globalSuppliers.country, type: 'text' },
  },
  search: [globalSuppliers.name, globalSuppliers.nameAbbrev, globalSuppliers.description, sql`array_to_string(${globalSuppliers.brands}, ' ')`],
  ordering: ['id', 'name', 'country'],
  defaultOrdering: [asc(globalSuppliers.name), asc(globalSuppliers.id)],
};

export async function listGlobalSuppliers(ctx: Ctx, query: ListGlobalSuppliersQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, supplierList);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(globalSuppliers).where(where);
  const rows: GlobalSupplierResponse[] = await ctx.db
    .select(supplierColumns)
    .from(globalSuppliers)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows);
}

async function loadGlobalSupplier(db: DbOrTx, id: number): Promise<GlobalSupplierResponse> {
  const [row] = await db.select(supplierColumns).from(globalSuppliers).where(eq(globalSuppliers.id, id));
  if (!row) throw notFound();
  return row;
}

export const getGlobalSupplier = (ctx: Ctx, id: number) => loadGlobalSupplier(ctx.db, id);

const productList: ListSpec = {
  fields: {
    id: { column: globalSupplierProducts.id, type: 'int' },
    supplier: { column: globalSupplierProducts.supplierId, type: 'int' },
    sku: { column: globalSupplierProducts.sku, type: 'text' },
    name: { column: globalSupplierProducts.name, type: 'text' },
    brand: { column: globalSupplierProducts.brand, type: 'text' },
    price: { column: globalSupplierProducts.price, type: 'numeric' },
  },
  search: [globalSupplierProducts.sku, globalSupplierProducts.name, globalSupplierProducts.brand],
  ordering: ['id', 'name', 'sku', 'brand', 'price'],
  defaultOrdering: [asc(globalSupplierProducts.name), asc(globalSupplierProducts.id)],
};

export async function listGlobalSupplierProducts(ctx: Ctx, query: ListGlobalSupplierProductsQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, productList);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(globalSupplierProducts).where(where);
  const rows = await ctx.db
    .select({
      id: globalSupplierProducts.id,
      supplier: globalSupplierProducts.supplierId,
      supplierName: globalSuppliers.name,
      sku: globalSupplierProducts.sku,
      name: globalSupplierProducts.name,
      brand: globalSupplierProducts.brand,
      price: globalSupplierProducts.price,
      currency: globalSupplierProducts.currencyId,
      currencyCode: currencies.code,
      url: globalSupplierProducts.url,
      imageUrl: globalSupplierProducts.imageUrl,
    })
    .from(globalSupplierProducts)
    .innerJoin(globalSuppliers, eq(globalSuppliers.id, globalSupplierProducts.supplierId))
    .leftJoin(currencies, eq(currencies.id, globalSupplierProducts.currencyId))
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const results = rows.map((r): GlobalSupplierProductResponse => ({
    id: r.id,
    supplier: r.supplier,
    supplier_name: r.supplierName,
    sku: r.sku,
    name: r.name,
    brand: r.brand,
    price: r.price === null ? null : Number(r.price),
    currency: r.currency,
    currency_code: r.currencyCode,
    url: r.url,
    image_url: r.imageUrl,
  }));
  return pageResponse(url, page, total?.n ?? 0, results);
}

/**
 * POST /suppliers_global/{id}/adopt/: the directory entry becomes a supplier of the caller's
 * company, linked to it. A supplier of the same name (or abbreviation) is a 400 like a POST's.
 */
export async function adoptGlobalSupplier(ctx: Ctx, id: number): Promise<SupplierResponse> {
  const [entry] = await ctx.db.select().from(globalSuppliers).where(eq(globalSuppliers.id, id));
  if (!entry) throw notFound();
  return insertSupplier(ctx, {
    name: entry.name,
    nameAbbrev: entry.nameAbbrev,
    website: entry.website,
    globalSupplierId: entry.id,
  });
}
