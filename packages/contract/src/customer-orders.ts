import { z } from 'zod';
import { Id, PkValue, listQuery, page } from './common.js';
import { Quantity } from './decimal.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * Customer orders (spec §3 "Order", §4 "Orders", §7 "Customer orders"; DESIGN §5 "Orders and
 * picking"). An order's internal status follows its items (open -> partially_picked -> picked)
 * until an operator marks it delivered or cancelled.
 */
export const ORDER_INTERNAL_STATUSES = ['open', 'partially_picked', 'picked', 'delivered', 'cancelled'] as const;
export const OrderInternalStatus = z.enum(ORDER_INTERNAL_STATUSES);
export type OrderInternalStatus = z.infer<typeof OrderInternalStatus>;
export const ORDER_STATUS_LABELS: Record<OrderInternalStatus, string> = {
  open: 'Open',
  partially_picked: 'Partially picked',
  picked: 'Picked',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Spec §9 order-sync windows: the default and 31 days. */
export const ORDER_SYNC_DEFAULT_DAYS = 7;
export const ORDER_SYNC_LONG_DAYS = 31;

/**
 * Spec §3 order item. `inventory_transactions` are the ids of its picks (STOCK_OUT ledger rows;
 * GET /catalog/products/inventories/transactions/?inventory_transaction_ids= resolves them).
 * `product` is null when the storefront's SKU matched no catalog product.
 */
export const OrderItemResponse = z.object({
  id: z.number().int(),
  order: z.number().int(),
  product: z.number().int().nullable(),
  product__stock_proxy_parent: z.number().int().nullable(),
  prod_sku: z.string(),
  prod_name: z.string(),
  quantity: z.number(),
  qty_picked: z.number(),
  /** What is still to pick: quantity - picked. */
  qty_remaining: z.number(),
  qty_backordered: z.number(),
  price: z.number(),
  inventory_transactions: z.array(z.number().int()),
});
export type OrderItemResponse = z.infer<typeof OrderItemResponse>;

export const OrderResponse = z.object({
  id: z.number().int(),
  order_number: z.string(),
  source: z.enum(['woocommerce', 'manual']),
  storefront_status: z.string(),
  internal_status: OrderInternalStatus,
  customer_name: z.string(),
  customer_email: z.string(),
  shipping_address: z.record(z.string(), z.unknown()),
  currency: z.string(),
  total: z.number(),
  notes: z.string(),
  /** When the customer placed the order (the list's "created" filters). */
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  synced_at: z.string().nullable(),
  updated_at: z.string(),
  order_items: z.array(OrderItemResponse),
});
export type OrderResponse = z.infer<typeof OrderResponse>;
export const OrderPage = page(OrderResponse);
export type OrderPage = z.infer<typeof OrderPage>;

/**
 * Spec §4 order filters: created from/to, delivered from/to, order number, sort field and
 * direction (`ordering`: created_at, delivered_at, order_number, total, internal_status, with
 * '-' for descending), internal order status, search (order number, customer, SKU); page 25.
 */
export const ListOrdersQuery = listQuery({
  order_number: ['exact', 'icontains'],
  internal_status: ['exact', 'in'],
  created_at: ['gte', 'lte'],
  delivered_at: ['gte', 'lte'],
});
export type ListOrdersQuery = z.infer<typeof ListOrdersQuery>;

/** PUT /customers/orders/{id}/: an operator sets delivered or cancelled (or reopens), and the notes. */
export const UpdateOrderBody = z.strictObject({
  internal_status: OrderInternalStatus.optional(),
  notes: z.string().max(5000).optional(),
});
export type UpdateOrderBody = z.input<typeof UpdateOrderBody>;

/**
 * Not in the spec: PUT /customers/order_items/{id}/ {product} links an order line to the catalog
 * product it is (a store line whose SKU is blank or unknown here cannot be picked otherwise), or
 * unlinks it (null). Answers the order. Refused once goods were picked or backordered for the line.
 */
export const UpdateOrderItemBody = z.strictObject({ product: PkValue.nullable() });
export type UpdateOrderItemBody = z.input<typeof UpdateOrderItemBody>;

/** GET /customers/orders/sync[?no_of_days=31]: runs the storefront connector over that window. */
export const SyncOrdersQuery = z.strictObject({ no_of_days: z.coerce.number().int().min(1).max(365).optional() });
export type SyncOrdersQuery = z.infer<typeof SyncOrdersQuery>;
export const SyncOrdersResponse = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Storefront SKUs no catalog product has; their lines are kept without a product. */
  unknown_skus: z.array(z.string()),
});
export type SyncOrdersResponse = z.infer<typeof SyncOrdersResponse>;

/** Pick (spec §7): GET or POST .../actions/pick/?location_id=&product_id=&quantity=. */
export const PickQuery = z.strictObject({ location_id: Id, product_id: Id, quantity: Quantity });
export type PickQuery = z.input<typeof PickQuery>;
/** `result` is the spec §8 message (pickedMessage / unpickedMessage); `order` is the order after it. */
export const PickResponse = z.object({ result: z.string(), inventory_transaction: z.number().int(), order: OrderResponse });
export type PickResponse = z.infer<typeof PickResponse>;
export const UnpickQuery = z.strictObject({ inventory_transaction_id: Id });
export type UnpickQuery = z.input<typeof UnpickQuery>;
export const UnpickResponse = z.object({ result: z.string(), order: OrderResponse });
export type UnpickResponse = z.infer<typeof UnpickResponse>;

/** Spec §3 "Backorder list": what could not be picked, waiting for goods. */
export const BACKORDER_STATUSES = ['open', 'reserved', 'ready'] as const;
export const BackorderStatus = z.enum(BACKORDER_STATUSES);
export const BackorderResponse = z.object({
  id: z.number().int(),
  product: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  quantity: z.number(),
  order_number: z.string(),
  order_item: z.number().int().nullable(),
  status: BackorderStatus,
  /** The purchase order line it is reserved against, and that order's number. */
  reserved_order_item: z.number().int().nullable(),
  reserved_order_number: z.string().nullable(),
  ready_at: z.string().nullable(),
  comments: z.string(),
  created_at: z.string(),
});
export type BackorderResponse = z.infer<typeof BackorderResponse>;
export const BackorderPage = page(BackorderResponse);
export type BackorderPage = z.infer<typeof BackorderPage>;
export const ListBackordersQuery = listQuery({ status: ['exact', 'in'], product: ['exact', 'in'], order_number: ['exact'], order_item: ['exact'] });
export type ListBackordersQuery = z.infer<typeof ListBackordersQuery>;

/** POST /customers/backorders/: for an order line (quantity defaults to what is left to pick). */
export const CreateBackorderBody = z.strictObject({
  order_item: PkValue,
  quantity: Quantity.optional(),
  comments: z.string().max(2000).optional(),
});
export type CreateBackorderBody = z.input<typeof CreateBackorderBody>;

/** POST /customers/backorders/{id}/reserve/ {procurement_order_item}: answers MESSAGES.reserved. */
export const ReserveBackorderBody = z.strictObject({ procurement_order_item: PkValue });
export type ReserveBackorderBody = z.input<typeof ReserveBackorderBody>;
export const ReserveBackorderResponse = z.object({ message: z.string(), backorder: BackorderResponse });
export type ReserveBackorderResponse = z.infer<typeof ReserveBackorderResponse>;

/** The company's storefront connection (company preferences). The secret is write-only. */
export const StorefrontConnectionBody = z.strictObject({
  platform: z.literal('woocommerce').default('woocommerce'),
  store_url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => /^https?:\/\/\S+$/i.test(v), DRF_FIELD_MESSAGES.url),
  consumer_key: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(200),
  /** Left out on an update: the stored secret stays. */
  consumer_secret: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(200).optional(),
});
export type StorefrontConnectionBody = z.input<typeof StorefrontConnectionBody>;
export const StorefrontConnectionResponse = z.object({
  platform: z.literal('woocommerce'),
  store_url: z.string(),
  consumer_key: z.string(),
  has_consumer_secret: z.boolean(),
  last_synced_at: z.string().nullable(),
});
export type StorefrontConnectionResponse = z.infer<typeof StorefrontConnectionResponse>;
