import { and, count, eq, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { NEW_PRODUCT_DAYS, type ProductCountQuery, type ProductCountResponse } from '@kontor/contract';
import { catalogProducts } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { lowStock, mappedToProcurement } from './product-filters.js';

/** Each dashboard count (spec §7 product-count) uses the same rule as the grid filter of that name. */
const COUNT_CONDITIONS: Record<ProductCountQuery['f'], SQL> = {
  edited: isNotNull(catalogProducts.editedAt),
  unedited: isNull(catalogProducts.editedAt),
  mapped: mappedToProcurement,
  // The database clock decides, the same one that stamps created_at.
  new: gte(catalogProducts.createdAt, sql`now() - make_interval(days => ${NEW_PRODUCT_DAYS})`),
  'low-in-stock': lowStock,
};

/** GET /catalog/product-count/?f=: how many of the company's active (not archived) products match. */
export async function countProducts(ctx: Ctx, query: ProductCountQuery): Promise<ProductCountResponse> {
  const [row] = await ctx.readDb
    .select({ n: count() })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, ctx.user.companyId), isNull(catalogProducts.archivedAt), COUNT_CONDITIONS[query.f]));
  return { products: row?.n ?? 0 };
}
