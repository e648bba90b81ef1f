import { sql, type SQL } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogProducts } from './catalog.js';
import { createdAt, timestamptz, updatedAt } from './columns.js';
import { companyId, companies, users } from './companies.js';
import { procurementOrderItems } from './procurement.js';

/**
 * The company's storefront (DESIGN §5 "Orders and picking"): where the order sync reads orders.
 * One per company. The consumer secret is written, never answered back.
 */
export const storefrontConnections = pgTable('storefront_connections', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: ['woocommerce'] })
    .notNull()
    .default('woocommerce'),
  storeUrl: text('store_url').notNull(),
  consumerKey: text('consumer_key').notNull(),
  consumerSecret: text('consumer_secret').notNull(),
  lastSyncedAt: timestamptz('last_synced_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The contract's ORDER_INTERNAL_STATUSES and BACKORDER_STATUSES; drizzle-kit reads this file without the workspace packages.
const ORDER_INTERNAL_STATUSES = ['open', 'partially_picked', 'picked', 'delivered', 'cancelled'] as const;

/**
 * A customer order (spec §3 "Order"), from the storefront sync (upserted by order number) or
 * entered by hand. `internal_status` follows its items (open, partially picked, picked) until
 * an operator marks it delivered or cancelled.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull(),
    /** The storefront's own id of the order, when it came from one. */
    externalId: text('external_id'),
    source: text('source', { enum: ['woocommerce', 'manual'] })
      .notNull()
      .default('manual'),
    /** The storefront's status as it last said (processing, completed, ...). */
    storefrontStatus: text('storefront_status').notNull().default(''),
    internalStatus: text('internal_status', { enum: ORDER_INTERNAL_STATUSES }).notNull().default('open'),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    /**
     * What an order `search=` looks in, lowercased once when the row is written: matched with
     * LIKE, not ILIKE, which lowercases every row it reads (about 4x the cost per row, and a
     * common name's count reads thousands). orders.service's search matches against it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${customerOrders.orderNumber} || E'\n' || ${customerOrders.customerName} || E'\n' || ${customerOrders.customerEmail})`,
      ),
    shippingAddress: jsonb('shipping_address').$type<Record<string, unknown>>().notNull().default({}),
    currency: text('currency').notNull().default('SEK'),
    total: numeric('total', { precision: 12, scale: 2 }).notNull().default('0'),
    notes: text('notes').notNull().default(''),
    /** When the customer placed it (the storefront's date); the lists' "created" filters use it. */
    orderedAt: timestamptz('ordered_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
    syncedAt: timestamptz('synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customer_orders_company_number_key').on(t.companyId, t.orderNumber),
    index('customer_orders_company_ordered_idx').on(t.companyId, t.orderedAt),
    index('customer_orders_company_status_idx').on(t.companyId, t.internalStatus, t.orderedAt),
    // The pick queue (open and partially picked, oldest first): few rows, and the newest ones, so
    // walking the ordered_at index past every delivered order to find them is the slow plan.
    index('customer_orders_pick_queue_idx')
      .on(t.companyId, t.orderedAt)
      .where(sql`${t.internalStatus} in ('open', 'partially_picked')`),
    index('customer_orders_company_delivered_idx').on(t.companyId, t.deliveredAt),
    // `search=` on the order list (its LIKE on search_text).
    index('customer_orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('customer_orders_total_check', sql`${t.total} >= 0`),
  ],
);

/**
 * A line of a customer order (spec §3 "order item"). `product` is the catalog product its SKU
 * matched (null when the catalog has no such SKU; the sync reports those). What was picked is
 * the item's STOCK_OUT ledger rows (inventory_transactions.order_item_id), never a stored count.
 */
export const customerOrderItems = pgTable(
  'customer_order_items',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => catalogProducts.id, { onDelete: 'set null' }),
    /** The storefront's line item id, so a re-sync updates the line instead of adding one. */
    externalId: text('external_id'),
    prodSku: text('prod_sku').notNull().default(''),
    prodName: text('prod_name').notNull().default(''),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_order_items_order_idx').on(t.orderId, t.position),
    index('customer_order_items_product_idx').on(t.productId),
    // The order list's search finds orders by an item's SKU.
    index('customer_order_items_sku_trgm_idx').using('gin', sql`${t.prodSku} gin_trgm_ops`),
    uniqueIndex('customer_order_items_order_external_key')
      .on(t.orderId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    check('customer_order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

const BACKORDER_STATUSES = ['open', 'reserved', 'ready'] as const;

/**
 * What a customer ordered that could not be picked (spec §3 "Backorder list"). Procurement
 * reads it to order more (with_procurement_order_and_backorder_data). It can be reserved
 * against an incoming purchase order line; receiving that line makes it ready to pick.
 */
export const customerBackorders = pgTable(
  'customer_backorders',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    /** The customer order it belongs to, as the storefront numbers it. */
    orderNumber: text('order_number').notNull().default(''),
    orderItemId: integer('order_item_id').references(() => customerOrderItems.id, { onDelete: 'cascade' }),
    status: text('status', { enum: BACKORDER_STATUSES }).notNull().default('open'),
    /** The purchase order line it waits for (reserved against). */
    reservedOrderItemId: integer('reserved_order_item_id'),
    readyAt: timestamptz('ready_at'),
    comments: text('comments').notNull().default(''),
    resolvedAt: timestamptz('resolved_at'),
    /**
     * Why it was resolved: its line was fully picked, or its order was cancelled (then its
     * reservation and received goods are free for others, and reopening the order reopens it).
     * Null while open, and on rows resolved before this was recorded (by picking).
     */
    resolution: text('resolution', { enum: ['picked', 'order_cancelled'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_backorders_company_product_idx').on(t.companyId, t.productId),
    index('customer_backorders_order_item_idx').on(t.orderItemId),
    // Named here: the generated name would pass PostgreSQL's 63 characters.
    foreignKey({ name: 'customer_backorders_reserved_po_item_fk', columns: [t.reservedOrderItemId], foreignColumns: [procurementOrderItems.id] }).onDelete(
      'set null',
    ),
    index('customer_backorders_reserved_idx')
      .on(t.reservedOrderItemId)
      .where(sql`${t.reservedOrderItemId} is not null`),
    check('customer_backorders_quantity_check', sql`${t.quantity} > 0`),
  ],
);
