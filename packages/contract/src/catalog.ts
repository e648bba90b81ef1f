import { z } from 'zod';
import { Id, listQuery, page } from './common.js';
import { Millimetres, Money, Quantity, WeightKg, decimal } from './decimal.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

// PRODUCT_TYPES and MARGIN_BANDS live in constants.ts: the web app's first load reads them without zod.

export const ProductTypeValue = z.enum(['simple', 'variable', 'variation', 'bundle']);
export type ProductTypeValue = z.infer<typeof ProductTypeValue>;
export const ProductTypeResponse = z.object({ value: ProductTypeValue, name: z.string() });
export const ProductTypeList = z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(ProductTypeResponse) });

/** One row of the price details table (spec §2 prices view): incl. VAT, excl. VAT and margin. */
export const PriceRow = z.object({ incl: z.number().nullable(), excl: z.number().nullable(), margin: z.number().nullable() });
export type PriceRow = z.infer<typeof PriceRow>;
export const PriceDetails = z.object({ sale: PriceRow, manual: PriceRow, auto: PriceRow });
export type PriceDetails = z.infer<typeof PriceDetails>;

export const MarginBand = z.enum(['negative', '0-9', '10-24', '25-49', '50-74', '75-100']);
export type MarginBand = z.infer<typeof MarginBand>;

/** Spec §3 "Catalog product". Money and quantities are JSON numbers rounded to 2 decimals (weight 3). */
export const ProductResponse = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  product_type: ProductTypeValue,
  product__stock_proxy_parent: z.number().int().nullable(),
  qty_in_stock: z.number(),
  cost_shipping: z.number(),
  price_manual_override: z.number().nullable(),
  price_on_sale: z.number().nullable(),
  /** Effective price incl. VAT: the manual override when set, else the automatic price. */
  price: z.number().nullable(),
  vat: z.number(),
  price_calculated_automatically: z.number().nullable(),
  procurement_cost: z.number().nullable(),
  cost_packaging_labour: z.number(),
  cost_packaging_material: z.number(),
  packaging_width: z.number().int().nullable(),
  packaging_length: z.number().int().nullable(),
  packaging_height: z.number().int().nullable(),
  packaging_weight: z.number().nullable(),
  default_location_id: z.number().int().nullable(),
  qty_restock_level: z.number(),
  qty_restock_amount: z.number(),
  description: z.record(z.string(), z.unknown()),
  image_urls: z.array(z.string()),
  url: z.string(),
  archived: z.boolean(),
  /** Pricing engine figures (DESIGN §5), excl. VAT: the sum of the four costs. */
  total_cost: z.number(),
  /** Effective price excl. VAT minus total cost; null while the product has no price. */
  margin: z.number().nullable(),
  /** margin / price excl. VAT x 100; null while there is no price (or the price is 0). */
  margin_percent: z.number().nullable(),
  price_details: PriceDetails,
  /** Last operator edit; null = unedited (spec §7 product-count `edited`/`unedited`). */
  edited_at: z.string().nullable(),
  /** Last publish to the e-commerce channels; null = not synced. */
  synced_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;
export const ProductPage = page(ProductResponse);
export type ProductPage = z.infer<typeof ProductPage>;

/** Yes/No filters of the spec's lists also accept true/false. */
export const YesNo = z.enum(['Yes', 'No', 'yes', 'no', 'true', 'false', 'True', 'False']);
export const isYes = (value: string) => ['yes', 'true'].includes(value.toLowerCase());

export const ListProductsQuery = listQuery(
  {
    id: ['exact', 'in'],
    sku: ['exact', 'icontains'],
    name: ['icontains'],
    product_type: ['exact', 'in'],
    created_at: ['gte', 'lte'],
    updated_at: ['gte', 'lte'],
  },
  {
    low_stock: YesNo.optional(),
    archived: YesNo.optional(),
    /** Spec §9 catalog filters. */
    margin_band: MarginBand.optional(),
    synced_to_ecommerce: YesNo.optional(),
    /** Yes: at least one mapped supplier product is still offered (status active). */
    has_procurement_products: YesNo.optional(),
    /** Yes: mapped to at least one supplier product, offered or not. */
    mapped_to_procurement: YesNo.optional(),
    price_override: YesNo.optional(),
    negative_margin: YesNo.optional(),
    /** Yes: an operator has edited the product (edited_at set). */
    edited: YesNo.optional(),
    /** A procurement supplier id: products mapped to that supplier's products. */
    supplier: Id.optional(),
  },
);
export type ListProductsQuery = z.infer<typeof ListProductsQuery>;

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), DRF_FIELD_MESSAGES.url);

/** Every writable field of a product; create requires sku and name. */
const productFields = {
  sku: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100),
  name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(500),
  product_type: ProductTypeValue,
  product__stock_proxy_parent: Id.nullable(),
  cost_shipping: Money,
  price_manual_override: Money.nullable(),
  price_on_sale: Money.nullable(),
  vat: decimal({ scale: 2, min: 0, max: 100 }),
  cost_packaging_labour: Money,
  cost_packaging_material: Money,
  packaging_width: Millimetres.nullable(),
  packaging_length: Millimetres.nullable(),
  packaging_height: Millimetres.nullable(),
  packaging_weight: WeightKg.nullable(),
  default_location_id: Id.nullable(),
  qty_restock_level: Quantity,
  qty_restock_amount: Quantity,
  description: z.record(z.string(), z.unknown()),
  image_urls: z.array(url.refine((v) => v !== '', DRF_FIELD_MESSAGES.blank)).max(50),
  url,
  archived: z.boolean(),
};

export const CreateProductBody = z.strictObject({
  ...Object.fromEntries(Object.entries(productFields).map(([k, v]) => [k, v.optional()])),
  sku: productFields.sku,
  name: productFields.name,
}) as unknown as z.ZodObject<
  { [K in keyof typeof productFields]: K extends 'sku' | 'name' ? (typeof productFields)[K] : z.ZodOptional<(typeof productFields)[K]> },
  z.core.$strict
>;
export type CreateProductBody = z.input<typeof CreateProductBody>;

/** One row of the bulk PUT: the id and only the fields that change. */
export const ProductPatch = z.strictObject({
  id: Id,
  ...Object.fromEntries(Object.entries(productFields).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodObject<{ id: typeof Id } & { [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> }, z.core.$strict>;
export type ProductPatch = z.input<typeof ProductPatch>;

/** Spec §7: PUT /catalog/products/ {products:[...]}. All rows are applied, or none. */
export const BulkUpdateProductsBody = z.strictObject({ products: z.array(ProductPatch).min(1, 'Send at least one product.').max(1000) });
export type BulkUpdateProductsBody = z.input<typeof BulkUpdateProductsBody>;
export const BulkUpdateProductsResponse = z.object({ products: z.array(ProductResponse) });

/** Spec §7: DELETE /catalog/products/ {products:[ids]}. */
export const BulkDeleteProductsBody = z.strictObject({ products: z.array(Id).min(1, 'Send at least one product id.').max(1000) });
export type BulkDeleteProductsBody = z.infer<typeof BulkDeleteProductsBody>;

/** GET /catalog/products2/: the light list for pickers and dialogs (id, sku, name, stock). */
export const ProductLiteResponse = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  product_type: ProductTypeValue,
  qty_in_stock: z.number(),
});
export type ProductLiteResponse = z.infer<typeof ProductLiteResponse>;
export const ProductLitePage = page(ProductLiteResponse);
export const ListProductsLiteQuery = listQuery({ id: ['exact', 'in'] });

/** Spec §7 product-count: `f` picks one of the dashboard's five counts. */
export const PRODUCT_COUNT_FILTERS = ['edited', 'unedited', 'mapped', 'new', 'low-in-stock'] as const;
/** A product is `new` for this many days after it was created. */
export const NEW_PRODUCT_DAYS = 7;
export const ProductCountQuery = z.strictObject({ f: z.enum(PRODUCT_COUNT_FILTERS) });
export type ProductCountQuery = z.infer<typeof ProductCountQuery>;
export const ProductCountResponse = z.object({ products: z.number().int() });
export type ProductCountResponse = z.infer<typeof ProductCountResponse>;
