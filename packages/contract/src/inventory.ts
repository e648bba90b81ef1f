import { z } from 'zod';
import { YesNo } from './catalog.js';
import { Id, listQuery, page, unlessBlank } from './common.js';
import { Quantity } from './decimal.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

export const INVENTORY_ACTIONS = ['STOCK_IN', 'STOCK_OUT', 'STOCK_TAKING'] as const;
export const InventoryAction = z.enum(INVENTORY_ACTIONS);
export type InventoryAction = z.infer<typeof InventoryAction>;
/** Stocktaking rows without a count (spec §3). */
export const NOT_PERFORMED = 'Not Performed';

/** A query filter sent empty (`?obsolete=`) is left out, as django-filter skips it (ADR 0006). */

// ---- Location types (/catalog/inventory_location_types/) ----
export const LocationTypeResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  location_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationTypeResponse = z.infer<typeof LocationTypeResponse>;
export const LocationTypePage = page(LocationTypeResponse);
export const ListLocationTypesQuery = listQuery({ name: ['icontains'], id: ['in'] });
export const LocationTypeBody = z.strictObject({ name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100) });
export type LocationTypeBody = z.infer<typeof LocationTypeBody>;
/** DELETE by a list of ids: all of them or none. */
export const DeleteLocationTypesBody = z.strictObject({ ids: z.array(Id).min(1, 'Send at least one id.').max(1000) });
export type DeleteLocationTypesBody = z.infer<typeof DeleteLocationTypesBody>;

// ---- Locations (/catalog/inventory_locations/) ----
/** Spec §3 "Inventory location"; `stocktaking_perfomed_at` is the spec's spelling. */
export const LocationResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  name_slug: z.string(),
  abbreviation_slug: z.string(),
  content: z.string(),
  comment: z.string(),
  stocktaking_perfomed_at: z.string().nullable(),
  obsolete: z.boolean(),
  not_for_stock: z.boolean(),
  type: z.number().int().nullable(),
  type_name: z.string().nullable(),
  account: z.number().int().nullable(),
  company: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationResponse = z.infer<typeof LocationResponse>;
export const LocationPage = page(LocationResponse);
export const ListLocationsQuery = listQuery(
  { id: ['exact', 'in'], name: ['icontains'], type: ['exact', 'in'] },
  { obsolete: unlessBlank(YesNo), not_for_stock: unlessBlank(YesNo) },
);
export type ListLocationsQuery = z.infer<typeof ListLocationsQuery>;

const locationFields = {
  name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100),
  /** Derived from the name when empty. */
  name_slug: z.string().trim().max(100),
  /** Falls back to the name when empty (spec §5). */
  abbreviation_slug: z.string().trim().max(30),
  content: z.string().max(2000),
  comment: z.string().max(2000),
  obsolete: z.boolean(),
  not_for_stock: z.boolean(),
  type: Id.nullable(),
};
type OptionalFields = { [K in keyof typeof locationFields]: z.ZodOptional<(typeof locationFields)[K]> };
const optionalLocationFields = Object.fromEntries(Object.entries(locationFields).map(([k, v]) => [k, v.optional()])) as OptionalFields;

export const CreateLocationBody = z.strictObject({ ...optionalLocationFields, name: locationFields.name });
export type CreateLocationBody = z.input<typeof CreateLocationBody>;
/** PUT {id}/: fields left out keep their value. */
export const UpdateLocationBody = z.strictObject(optionalLocationFields);
export type UpdateLocationBody = z.input<typeof UpdateLocationBody>;
/** Not in the spec: a bulk PUT naming one location in two rows. */
export const LOCATION_LISTED_TWICE = 'This location is already in the list; send each location once.';
/** Bulk PUT of the rows edited in the grid: all or none. */
export const BulkUpdateLocationsBody = z.strictObject({
  locations: z
    .array(z.strictObject({ id: Id, ...optionalLocationFields }))
    .min(1, 'Send at least one location.')
    .max(500)
    // Each row is planned against the location as read before any is written: a second row for one location would undo the first.
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, index) => {
        if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: LOCATION_LISTED_TWICE });
        seen.add(row.id);
      });
    }),
});
export type BulkUpdateLocationsBody = z.input<typeof BulkUpdateLocationsBody>;
export const BulkUpdateLocationsResponse = z.object({ locations: z.array(LocationResponse) });

/** GET /catalog/inventory_locations_with_transactions/: locations with their ledger activity. */
export const LocationWithTransactionsResponse = LocationResponse.extend({
  transaction_count: z.number().int(),
  last_transaction_at: z.string().nullable(),
  total_quantity: z.number(),
});
export const LocationWithTransactionsPage = page(LocationWithTransactionsResponse);
export const ListLocationsWithTransactionsQuery = listQuery({ name: ['icontains'] }, { product: unlessBlank(Id), obsolete: unlessBlank(YesNo) });

// ---- Ledger (/catalog/inventory_transactions/) ----
export const TransactionResponse = z.object({
  id: z.number().int(),
  product: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  location: z.number().int(),
  location_abbreviation_slug: z.string(),
  inventory_action: InventoryAction,
  /** STOCK_IN/STOCK_OUT: the amount; STOCK_TAKING: the counted quantity. */
  quantity: z.number(),
  /** The signed change it made to the level. */
  delta: z.number(),
  comments: z.string(),
  move_id: z.string().nullable(),
  /** A pick: the customer order line it took the goods for. Only the comments of a pick, a receipt or a move half can be edited. */
  order_item: z.number().int().nullable(),
  /** A purchase order receipt: the purchase order line it received the goods for. */
  procurement_order_item: z.number().int().nullable(),
  account: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TransactionResponse = z.infer<typeof TransactionResponse>;
export const TransactionPage = page(TransactionResponse);
export const ListTransactionsQuery = listQuery({
  id: ['in'],
  product: ['exact', 'in'],
  location: ['exact', 'in'],
  inventory_action: ['exact', 'in'],
  created_at: ['gte', 'lte'],
});
export type ListTransactionsQuery = z.infer<typeof ListTransactionsQuery>;

const comments = z.string().max(2000);
export const CreateTransactionBody = z.strictObject({
  quantity: Quantity,
  inventory_action: InventoryAction,
  product: Id,
  location: Id,
  comments: comments.default(''),
});
export type CreateTransactionBody = z.input<typeof CreateTransactionBody>;
/** PUT {id}/: recomputes the level; the old values go to the history. */
export const UpdateTransactionBody = z.strictObject({
  quantity: Quantity.optional(),
  inventory_action: InventoryAction.optional(),
  location: Id.optional(),
  comments: comments.optional(),
});
export type UpdateTransactionBody = z.input<typeof UpdateTransactionBody>;

/** POST /catalog/inventory_transactions/move/: STOCK_OUT at the source and STOCK_IN at the target, atomically. */
export const MoveStockBody = z
  .strictObject({ product: Id, from_location: Id, to_location: Id, quantity: Quantity, comments: comments.default('') })
  .refine((b) => b.from_location !== b.to_location, { path: ['to_location'], message: 'The target must differ from the source.' })
  .refine((b) => Number(b.quantity) > 0, { path: ['quantity'], message: DRF_FIELD_MESSAGES.above(0) });
export type MoveStockBody = z.input<typeof MoveStockBody>;
export const MoveStockResponse = z.object({ move_id: z.string(), stock_out: TransactionResponse, stock_in: TransactionResponse });

// ---- Per-product inventories ----
const idList = z
  .string()
  .trim()
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'Enter a comma-separated list of ids.')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= 1000, 'At most 1000 ids.')
  // Ten digits reach past int4: PostgreSQL would fail the whole query (a 500) on 2147483648.
  .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), 'Enter valid ids.');

export const ProductInventoriesQuery = z.strictObject({ product_ids: idList });
/** Spec §3 "Per-product inventory entry". */
export const InventoryEntry = z.object({ location_id: z.number().int(), abbreviation_slug: z.string(), accumulated_quantity: z.number() });
export type InventoryEntry = z.infer<typeof InventoryEntry>;
export const ProductInventories = z.object({ product_id: z.number().int(), total: z.number(), inventories: z.array(InventoryEntry) });
export type ProductInventories = z.infer<typeof ProductInventories>;
export const ProductInventoriesResponse = z.object({ results: z.array(ProductInventories) });
export type ProductInventoriesResponse = z.infer<typeof ProductInventoriesResponse>;

export const TransactionsByIdsQuery = z.strictObject({ inventory_transaction_ids: idList });
export const TransactionsByIdsResponse = z.object({ results: z.array(TransactionResponse) });

// ---- Stocktaking (/catalog/stocktaking/) ----
export const StocktakingQuery = z.strictObject({
  limit: unlessBlank(z.coerce.number().int().min(1)),
  offset: unlessBlank(z.coerce.number().int().min(0)),
  location: unlessBlank(Id),
  product: unlessBlank(Id),
  search: z.string().max(200).optional(),
  /** Only rows whose last count is before this date, or that were never counted. */
  stocktaking_before: unlessBlank(z.iso.datetime({ offset: true }).or(z.iso.date())),
  /** Spec §9: defaults to 'No'. */
  obsolete: unlessBlank(YesNo),
});
export type StocktakingQuery = z.input<typeof StocktakingQuery>;
export const StocktakingLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  name_slug: z.string(),
  abbreviation_slug: z.string(),
  obsolete: z.boolean(),
  stocktaking_perfomed_at: z.string().nullable(),
});
export const StocktakingRow = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  location_id: z.number().int(),
  abbreviation_slug: z.string(),
  quantity: z.number(),
  /** When this product was last counted at this location; null is shown as NOT_PERFORMED. */
  performed_stocktaking: z.string().nullable(),
});
export type StocktakingRow = z.infer<typeof StocktakingRow>;
/** Spec §3 "Stocktaking response": result.inventory_locations, result.products, count. */
export const StocktakingResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  count_is_estimate: z.boolean().optional(),
  result: z.object({ inventory_locations: z.array(StocktakingLocation), products: z.array(StocktakingRow) }),
});
export type StocktakingResponse = z.infer<typeof StocktakingResponse>;
