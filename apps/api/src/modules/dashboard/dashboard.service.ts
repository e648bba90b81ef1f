import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { StockValueByLocationResponse } from '@kontor/contract';
import { catalogProducts, inventoryLevels, inventoryLocations } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';

/**
 * Stock value per location of the caller's company, at cost excl. VAT: sum(level quantity x
 * procurement_cost). Every location that is not obsolete is listed, also an empty one, so the
 * overview shows where nothing is; not-for-stock locations too, since their goods are still owned.
 * Summed and rounded in SQL on NUMERIC, so the value is exact to the öre.
 */
export async function stockValueByLocation(ctx: Ctx): Promise<StockValueByLocationResponse> {
  const quantity = sql<string>`coalesce(sum(${inventoryLevels.quantity}), 0)`;
  const value = sql<string>`coalesce(sum(${inventoryLevels.quantity} * coalesce(${catalogProducts.procurementCost}, 0)), 0)`;
  // Rounded in SQL, half away from zero like every price: through a float, 1.005 would be 1.00.
  const valueInOre = sql<string>`round(${value}, 2)`;
  const rows = await ctx.db
    .select({
      locationId: inventoryLocations.id,
      abbreviationSlug: inventoryLocations.abbreviationSlug,
      name: inventoryLocations.name,
      quantity,
      value: valueInOre,
    })
    .from(inventoryLocations)
    .leftJoin(inventoryLevels, and(eq(inventoryLevels.locationId, inventoryLocations.id), eq(inventoryLevels.companyId, inventoryLocations.companyId)))
    .leftJoin(catalogProducts, and(eq(catalogProducts.id, inventoryLevels.productId), eq(catalogProducts.companyId, inventoryLocations.companyId)))
    .where(and(eq(inventoryLocations.companyId, ctx.user.companyId), eq(inventoryLocations.obsolete, false)))
    .groupBy(inventoryLocations.id)
    .orderBy(desc(value), asc(inventoryLocations.name), asc(inventoryLocations.id));
  return {
    results: rows.map((r) => ({
      location_id: r.locationId,
      abbreviation_slug: r.abbreviationSlug,
      name: r.name,
      quantity: Number(r.quantity),
      value: Number(r.value),
    })),
  };
}
