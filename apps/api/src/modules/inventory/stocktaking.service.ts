import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAGE_SIZE, isYes, type StocktakingQuery, type StocktakingResponse } from '@kontor/contract';
import { catalogProducts, inventoryLevels, inventoryLocations, inventoryTransactions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countRows } from '../../http/row-count.js';
import { productSearchText } from '../catalog/product-filters.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * When this product was last counted at this location. The ledger index on (product_id,
 * location_id, created_at) answers it per row. The outer columns are qualified by hand: drizzle
 * may print them bare, and a bare product_id inside the subquery would be the ledger's own.
 */
const performedStocktaking = sql<Date | null>`(
  select max(t.created_at) from ${inventoryTransactions} t
  where t.product_id = "inventory_levels"."product_id" and t.location_id = "inventory_levels"."location_id" and t.inventory_action = 'STOCK_TAKING'
)`.mapWith(inventoryTransactions.createdAt);

/**
 * The count sheet: one row per (product, location) that has a level, at the locations the
 * filter selects (not obsolete unless asked, spec §9), plus the locations for the filter UI.
 */
export async function stocktaking(ctx: Ctx, query: z.output<typeof StocktakingQuery>, url: string): Promise<StocktakingResponse> {
  const companyId = ctx.user.companyId;
  const obsolete = isYes(query.obsolete ?? 'No');
  const conditions: (SQL | undefined)[] = [eq(inventoryLevels.companyId, companyId), eq(inventoryLocations.obsolete, obsolete)];
  if (query.location !== undefined) conditions.push(eq(inventoryLevels.locationId, query.location));
  if (query.product !== undefined) conditions.push(eq(inventoryLevels.productId, query.product));
  if (query.stocktaking_before) {
    const before = new Date(query.stocktaking_before);
    conditions.push(sql`(${performedStocktaking} is null or ${performedStocktaking} < ${before.toISOString()}::timestamptz)`);
  }
  const search = query.search?.trim();
  const searched = search ? ilike(productSearchText, `%${escapeLike(search)}%`) : undefined;
  const page = pageRequest(query, PAGE_SIZE.stocktaking);
  // A level's product is its own company's (the ledger writes only those), and the foreign key
  // says it exists: the count reads the products only to match a search. Joining them for
  // nothing cost a product lookup per counted level, 4.8 ms of the sheet's 8 ms at 100k products.
  const levels = ctx.readDb
    .select({ productId: inventoryLevels.productId })
    .from(inventoryLevels)
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryLevels.locationId));
  const total = await countRows(
    ctx.readDb,
    searched
      ? levels.innerJoin(catalogProducts, eq(catalogProducts.id, inventoryLevels.productId)).where(and(...conditions, searched))
      : levels.where(and(...conditions)),
  );
  // The page also names the products' company: it lets the planner walk the (company, sku) index.
  const where = and(...conditions, eq(catalogProducts.companyId, companyId), searched);
  const rows = await ctx.readDb
    .select({
      productId: inventoryLevels.productId,
      sku: catalogProducts.sku,
      name: catalogProducts.name,
      locationId: inventoryLevels.locationId,
      abbreviationSlug: inventoryLocations.abbreviationSlug,
      quantity: inventoryLevels.quantity,
      performed: performedStocktaking,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryLevels.locationId))
    .innerJoin(catalogProducts, eq(catalogProducts.id, inventoryLevels.productId))
    .where(where)
    // One location's sheet is in SKU order, the same rows as the general order. Said so, the
    // planner walks the SKU index and stops at the page's end instead of sorting every level.
    .orderBy(
      ...(query.location === undefined ? [asc(inventoryLocations.name), asc(inventoryLocations.id)] : []),
      asc(catalogProducts.sku),
      asc(catalogProducts.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const locations = await ctx.readDb
    .select({
      id: inventoryLocations.id,
      name: inventoryLocations.name,
      name_slug: inventoryLocations.nameSlug,
      abbreviation_slug: inventoryLocations.abbreviationSlug,
      obsolete: inventoryLocations.obsolete,
      stocktakingPerfomedAt: inventoryLocations.stocktakingPerfomedAt,
    })
    .from(inventoryLocations)
    .where(and(eq(inventoryLocations.companyId, companyId), eq(inventoryLocations.obsolete, obsolete)))
    .orderBy(asc(inventoryLocations.name), asc(inventoryLocations.id));
  const { count: n, next, previous, count_is_estimate } = pageResponse(url, page, total, rows);
  return {
    count: n,
    next,
    previous,
    ...(count_is_estimate ? { count_is_estimate } : {}),
    result: {
      inventory_locations: locations.map(({ stocktakingPerfomedAt, ...l }) => ({
        ...l,
        stocktaking_perfomed_at: stocktakingPerfomedAt?.toISOString() ?? null,
      })),
      products: rows.map((r) => ({
        product_id: r.productId,
        sku: r.sku,
        name: r.name,
        location_id: r.locationId,
        abbreviation_slug: r.abbreviationSlug,
        quantity: Number(r.quantity),
        performed_stocktaking: r.performed ? r.performed.toISOString() : null,
      })),
    },
  };
}
