import { z } from 'zod';
import { listQuery, page } from './common.js';
import { Quantity } from './decimal.js';
import { TransactionResponse } from './inventory.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * A purchase order's status follows its receipts (open -> partially_received -> received);
 * an operator may only cancel an order nothing was received on, or reopen a cancelled one.
 */
export const ProcurementOrderStatus = z.enum(['open', 'partially_received', 'received', 'cancelled']);
export type ProcurementOrderStatus = z.infer<typeof ProcurementOrderStatus>;

/** Spec §3 "Procurement order" (id, supplier, internal_order_number) with its totals. */
export const ProcurementOrderResponse = z.object({
  id: z.number().int(),
  supplier: z.number().int(),
  supplier_name: z.string(),
  internal_order_number: z.string(),
  status: ProcurementOrderStatus,
  comments: z.string(),
  items_count: z.number().int(),
  quantity_total: z.number(),
  quantity_received_total: z.number(),
  account: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcurementOrderResponse = z.infer<typeof ProcurementOrderResponse>;
export const ProcurementOrderPage = page(ProcurementOrderResponse);
export type ProcurementOrderPage = z.infer<typeof ProcurementOrderPage>;

/** One receipt of goods and the STOCK_IN it booked. */
export const ProcurementReceiptResponse = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_abbreviation_slug: z.string(),
  quantity: z.number(),
  /** The inventory transaction (STOCK_IN) of the receipt. */
  transaction: z.number().int(),
  account: z.number().int().nullable(),
  created_at: z.string(),
});
export type ProcurementReceiptResponse = z.infer<typeof ProcurementReceiptResponse>;

/** Spec §3: a procurement order item has order, quantity, product (a catalog product id). */
export const ProcurementOrderItemResponse = z.object({
  id: z.number().int(),
  order: z.number().int(),
  product: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  /** The product's procurement product at the order's supplier, when it has one. */
  procurement_product: z.number().int().nullable(),
  quantity: z.number(),
  quantity_received: z.number(),
  /** Cost per unit in SEK when ordered. */
  unit_cost_sek: z.number().nullable(),
  receipts: z.array(ProcurementReceiptResponse),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcurementOrderItemResponse = z.infer<typeof ProcurementOrderItemResponse>;

/** GET/POST/PUT of one order: the order with its items and their receipts. */
export const ProcurementOrderDetailResponse = ProcurementOrderResponse.extend({ items: z.array(ProcurementOrderItemResponse) });
export type ProcurementOrderDetailResponse = z.infer<typeof ProcurementOrderDetailResponse>;

export const ListProcurementOrdersQuery = listQuery({
  id: ['in'],
  supplier: ['exact', 'in'],
  status: ['exact', 'in'],
  internal_order_number: ['exact', 'icontains'],
  created_at: ['gte', 'lte'],
});
export type ListProcurementOrdersQuery = z.infer<typeof ListProcurementOrdersQuery>;

/**
 * GET /procurement/order_items/: purchase order lines across orders, e.g. the incoming lines of a
 * product a backorder may be reserved against (`?product=1&order__status__in=open,partially_received`).
 */
export const ListProcurementOrderItemsQuery = listQuery({ product: ['exact', 'in'], order: ['exact'], order__status: ['exact', 'in'] });
export type ListProcurementOrderItemsQuery = z.infer<typeof ListProcurementOrderItemsQuery>;
/** A line with its order's number, status and supplier; `reserved` sums the backorders reserved against it. */
export const ProcurementOrderItemListRow = ProcurementOrderItemResponse.omit({ receipts: true }).extend({
  order_number: z.string(),
  order_status: ProcurementOrderStatus,
  supplier_name: z.string(),
  reserved: z.number(),
});
export type ProcurementOrderItemListRow = z.infer<typeof ProcurementOrderItemListRow>;
export const ProcurementOrderItemPage = page(ProcurementOrderItemListRow);
export type ProcurementOrderItemPage = z.infer<typeof ProcurementOrderItemPage>;

const comments = z.string().max(2000);
/**
 * A referenced id in a JSON body: a number, or a numeric string as DRF's PrimaryKeyRelatedField
 * takes it. Unlike the coercing `Id` of paths and queries, a missing one says it is required.
 */
const RefId = z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647));
/** The contract's Quantity (a union of number and numeric string) with DRF's words for a missing or null value. */
const requiredQuantity = z
  .custom<number | string>((v) => v !== undefined && v !== null, {
    error: (issue) => (issue.input === null ? 'This field may not be null.' : 'This field is required.'),
  })
  .pipe(Quantity);
/** The old client sends the number as a JSON number (66666); it is kept as text. */
const orderNumber = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .pipe(z.string().max(50, DRF_FIELD_MESSAGES.maxLength(50)));

/** POST /procurement/orders/: without internal_order_number (or with an empty one) the next PO-000001... is used. */
export const CreateProcurementOrderBody = z.strictObject({
  supplier: RefId,
  internal_order_number: orderNumber.nullable().optional(),
  comments: comments.optional(),
});
export type CreateProcurementOrderBody = z.input<typeof CreateProcurementOrderBody>;

/** PUT /procurement/orders/{id}/: fields left out keep their value. */
export const UpdateProcurementOrderBody = z.strictObject({ status: ProcurementOrderStatus.optional(), comments: comments.optional() });
export type UpdateProcurementOrderBody = z.input<typeof UpdateProcurementOrderBody>;

const positiveQuantity = requiredQuantity.refine((q) => Number(q) > 0, DRF_FIELD_MESSAGES.above(0));

/** POST /procurement/order_items/: a product already on the order gets the quantity added. */
export const CreateProcurementOrderItemBody = z.strictObject({ order: RefId, quantity: positiveQuantity, product: RefId });
export type CreateProcurementOrderItemBody = z.input<typeof CreateProcurementOrderItemBody>;
/** The item, and MESSAGES.ordered. */
export const CreateProcurementOrderItemResponse = ProcurementOrderItemResponse.extend({ message: z.string() });
export type CreateProcurementOrderItemResponse = z.infer<typeof CreateProcurementOrderItemResponse>;

/** PUT /procurement/order_items/{id}/: never below what was already received. */
export const UpdateProcurementOrderItemBody = z.strictObject({ quantity: positiveQuantity });
export type UpdateProcurementOrderItemBody = z.input<typeof UpdateProcurementOrderItemBody>;

/** POST /procurement/order_items/{id}/receive/: books a STOCK_IN at the location; partial receipts allowed. */
export const ReceiveProcurementOrderItemBody = z.strictObject({ location: RefId, quantity: positiveQuantity, comments: comments.default('') });
export type ReceiveProcurementOrderItemBody = z.input<typeof ReceiveProcurementOrderItemBody>;
export const ReceiveProcurementOrderItemResponse = z.object({ item: ProcurementOrderItemResponse, transaction: TransactionResponse });
export type ReceiveProcurementOrderItemResponse = z.infer<typeof ReceiveProcurementOrderItemResponse>;
