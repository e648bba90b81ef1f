import { and, eq, gte, ilike, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { MARGIN_BANDS, isYes, type ListProductsQuery, type MarginBand } from '@kontor/contract';
import { catalogProducts, procurementProducts } from '../../db/schema/index.js';

/** What a product `search=` looks in: SKU and name as one text, exactly the expression of their trigram index. */
export const productSearchText = sql`(${catalogProducts.sku} || ' ' || ${catalogProducts.name})`;
/** That index: its sample of the text tells which pieces of a search are common (http/search-pieces.ts). */
export const PRODUCT_SEARCH_INDEX = 'catalog_products_search_trgm_idx';

/**
 * A product search's condition, as the list's `search` entry takes it (the `%term%` pattern).
 * With `pieces` (searchIndexPieces: the term's pieces that are not common), the index is asked
 * for those, and the whole term is checked on the rows found, written so it cannot be matched
 * to the index (`|| ''`): the planner would otherwise hand it to the index scan too, common
 * trigrams and all. Without pieces, the whole term goes to the index.
 */
export const productSearch =
  (pieces: string[] | null) =>
  (pattern: string): SQL =>
    pieces
      ? and(...pieces.map((piece) => ilike(productSearchText, `%${piece}%`)), ilike(sql`(${productSearchText} || '')`, pattern))!
      : ilike(productSearchText, pattern);

/**
 * DESIGN §5: a product is low when its stock is at or below a restock level that is set (> 0).
 * The database keeps that as the stock_low flag (db/schema/catalog.ts); its partial index serves
 * the Yes side.
 */
export const lowStock = sql`${catalogProducts.stockLow}`;

/**
 * Mapped supplier products of the listed product. The outer id is qualified by hand, so it can
 * never render as a bare "id", which inside the subquery would be the supplier product's own.
 */
const mappedProcurementProducts = (...conditions: SQL[]) =>
  sql`exists (select 1 from ${procurementProducts} where ${and(sql`${procurementProducts.catalogProductId} = "catalog_products"."id"`, ...conditions)})`;

/** Mapped to at least one supplier product, offered or not. */
export const mappedToProcurement = mappedProcurementProducts();

/** At least one mapped supplier product is still offered. */
const hasActiveProcurementProducts = mappedProcurementProducts(eq(procurementProducts.status, 'active'));

/**
 * Spec §9 bands on margin_percent, [from, to); `negative` is the margin itself below 0, priced 0
 * included. The 0% band starts at a margin of 0 too: a margin of -0.01 on a price of 400 has a
 * percent that rounds to 0.00, and belongs to the negative band only.
 */
function marginBand(value: MarginBand): SQL {
  const band = MARGIN_BANDS.find((b) => b.value === value)!;
  if (band.from === null) return lt(catalogProducts.margin, '0');
  const from =
    band.from === 0 ? and(gte(catalogProducts.marginPercent, '0'), gte(catalogProducts.margin, '0'))! : gte(catalogProducts.marginPercent, String(band.from));
  return band.to === null ? from : and(from, lt(catalogProducts.marginPercent, String(band.to)))!;
}

const yesNo = (value: string | undefined, yes: SQL, no: SQL): SQL | undefined => (value === undefined ? undefined : isYes(value) ? yes : no);

/** The catalog filters that are not plain columns; everything else goes through buildListQuery. */
type ProductFilterKeys =
  | 'low_stock'
  | 'margin_band'
  | 'synced_to_ecommerce'
  | 'has_procurement_products'
  | 'mapped_to_procurement'
  | 'price_override'
  | 'negative_margin'
  | 'edited'
  | 'supplier';

/**
 * Splits the catalog list query into the part buildListQuery understands (`rest`) and the SQL
 * conditions of the spec §9 filters. The contract has already refused bad values with a 400.
 *
 * negative_margin=No means "not negative": an unpriced product (margin null) is included, so
 * Yes and No always partition the catalog.
 */
export function productFilters<Q extends Pick<ListProductsQuery, ProductFilterKeys>>(query: Q): { rest: Omit<Q, ProductFilterKeys>; conditions: SQL[] } {
  const {
    low_stock: lowStockParam,
    margin_band: band,
    synced_to_ecommerce: synced,
    has_procurement_products: hasProcurement,
    mapped_to_procurement: mapped,
    price_override: override,
    negative_margin: negative,
    edited,
    supplier,
    ...rest
  } = query;
  const conditions = [
    yesNo(lowStockParam, lowStock, not(lowStock)),
    band === undefined ? undefined : marginBand(band),
    yesNo(synced, isNotNull(catalogProducts.syncedAt), isNull(catalogProducts.syncedAt)),
    yesNo(hasProcurement, hasActiveProcurementProducts, not(hasActiveProcurementProducts)),
    yesNo(mapped, mappedToProcurement, not(mappedToProcurement)),
    yesNo(override, isNotNull(catalogProducts.priceManualOverride), isNull(catalogProducts.priceManualOverride)),
    yesNo(negative, lt(catalogProducts.margin, '0'), or(gte(catalogProducts.margin, '0'), isNull(catalogProducts.margin))!),
    yesNo(edited, isNotNull(catalogProducts.editedAt), isNull(catalogProducts.editedAt)),
    // Another company's supplier owns only its company's supplier products, so it matches nothing here.
    supplier === undefined ? undefined : mappedProcurementProducts(eq(procurementProducts.supplierId, supplier)),
  ].filter((c): c is SQL => c !== undefined);
  return { rest, conditions };
}
