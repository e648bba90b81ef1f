import { z } from 'zod';
import { ProductTypeValue, YesNo } from './catalog.js';
import { Id, listQuery, page } from './common.js';

/** A procurement product is active while its feed lists it, removed once it vanished (never deleted). */
export const ProcurementProductStatus = z.enum(['active', 'removed']);
export type ProcurementProductStatus = z.infer<typeof ProcurementProductStatus>;

/** Spec §9 "wishlist" filter labels: skipped products are off the wishlist. */
export const WISHLIST_FILTERS = ['Not skipped', 'Skipped'] as const;

/**
 * Spec §3 "Procurement product". `image_urls` are the feed's images followed by the image URLs
 * added by hand or upload; `image` is the first of them. Costs are JSON numbers: `cost` in the
 * supplier's currency (up to 4 decimals), `cost_sek` converted to SEK (2 decimals).
 */
export const ProcurementProductResponse = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The supplier's stock text with the prefix 'In stock: ' removed. */
  stock_details: z.string(),
  stock_quantity: z.number().nullable(),
  cost: z.number().nullable(),
  cost_currency_id: z.number().int().nullable(),
  /** ISO 4217 code of cost_currency_id. */
  cost_currency: z.string().nullable(),
  cost_sek: z.number().nullable(),
  supplier: z.number().int(),
  supplier_name: z.string(),
  urls: z.array(z.string()),
  image_urls: z.array(z.string()),
  image: z.string().nullable(),
  product_type: ProductTypeValue,
  status: ProcurementProductStatus,
  skipped: z.boolean(),
  category: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** The catalog product made from it by add to catalog, if any. */
  catalog_product: z.number().int().nullable(),
  description: z.string(),
  brand: z.string(),
  ean: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcurementProductResponse = z.infer<typeof ProcurementProductResponse>;
export const ProcurementProductPage = page(ProcurementProductResponse);
export type ProcurementProductPage = z.infer<typeof ProcurementProductPage>;

/** An empty value lists everything, as django-filter skips empty filters (ADR 0006). */
const orEmpty = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('')]).optional();

/**
 * Spec §9 procurement filters: wishlist ('Not skipped' | 'Skipped'), mapped to catalog (Yes/No),
 * created at, supplier, search (sku, name, brand, ean); plus status and category.
 * Ordering: created_at, name, sku, cost_sek, id (prefix '-' for descending).
 */
export const ListProcurementProductsQuery = listQuery(
  {
    id: ['in'],
    created_at: ['gte', 'lte'],
    supplier: ['exact', 'in'],
    status: ['exact'],
    category: ['exact', 'in', 'isnull'],
  },
  { wishlist: orEmpty(z.enum(WISHLIST_FILTERS)), mapped: orEmpty(YesNo) },
);
export type ListProcurementProductsQuery = z.infer<typeof ListProcurementProductsQuery>;

/** Skip, unskip and add to catalog take the procurement product ids: all of them or none. */
export const ProcurementProductIdsBody = z.strictObject({ ids: z.array(Id).min(1, 'Send at least one id.').max(1000, 'Send at most 1000 ids.') });
export type ProcurementProductIdsBody = z.infer<typeof ProcurementProductIdsBody>;

/** Skip/unskip: how many products changed state (ones already in that state are not counted). */
export const SkipProcurementProductsResponse = z.object({ updated: z.number().int() });
export type SkipProcurementProductsResponse = z.infer<typeof SkipProcurementProductsResponse>;

/** POST /procurement/products/add-to-catalog/ 201: the catalog products made, and MESSAGES.productsAdded. */
export const AddToCatalogResponse = z.object({
  created: z.array(z.object({ id: z.number().int(), sku: z.string(), procurement_product: z.number().int() })),
  message: z.string(),
});
export type AddToCatalogResponse = z.infer<typeof AddToCatalogResponse>;

const catalogProductIds = z
  .string()
  .trim()
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'Enter a comma-separated list of ids.')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= 1000, 'At most 1000 ids.')
  .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), 'Enter valid ids.');

/** GET /procurement/products/with_procurement_order_and_backorder_data/?product_ids=1,2 (catalog product ids). */
export const ProcurementOrderAndBackorderDataQuery = z.strictObject({ product_ids: catalogProductIds });
export type ProcurementOrderAndBackorderDataQuery = z.input<typeof ProcurementOrderAndBackorderDataQuery>;

/** An unresolved customer backorder of one of the asked products. */
export const ProcurementBackorderRow = z.object({
  id: z.number().int(),
  product: z.number().int(),
  quantity: z.number(),
  order_number: z.string(),
  comments: z.string(),
  created_at: z.string(),
});
export type ProcurementBackorderRow = z.infer<typeof ProcurementBackorderRow>;

/**
 * A procurement product mapped to one of the asked catalog products. `on_order` is what is
 * still to arrive for its catalog product: quantity - quantity_received over the items of
 * open and partially received purchase orders.
 */
export const ProcurementProductWithOnOrder = ProcurementProductResponse.extend({ on_order: z.number() });
export type ProcurementProductWithOnOrder = z.infer<typeof ProcurementProductWithOnOrder>;

export const ProcurementOrderAndBackorderDataResponse = z.object({
  result: z.object({
    procurement_products: z.array(ProcurementProductWithOnOrder),
    /** Spec §3 "Backorder list". */
    backorders: z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(ProcurementBackorderRow) }),
  }),
});
export type ProcurementOrderAndBackorderDataResponse = z.infer<typeof ProcurementOrderAndBackorderDataResponse>;
