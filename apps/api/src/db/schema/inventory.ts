import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogProducts } from './catalog.js';
import { createdAt, timestamptz, updatedAt } from './columns.js';
import { companyId, users } from './companies.js';
import { customerOrderItems } from './customers.js';

export const inventoryLocationTypes = pgTable(
  'inventory_location_types',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inventory_location_types_company_name_key').on(t.companyId, t.name)],
);

/** A place that holds stock (spec §3 "Inventory location"; `stocktaking_perfomed_at` is the spec's spelling). */
export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    nameSlug: text('name_slug').notNull(),
    abbreviationSlug: text('abbreviation_slug').notNull(),
    content: text('content').notNull().default(''),
    comment: text('comment').notNull().default(''),
    stocktakingPerfomedAt: timestamptz('stocktaking_perfomed_at'),
    obsolete: boolean('obsolete').notNull().default(false),
    /** Stock here does not count in a product's qty_in_stock (returns, damaged goods...). */
    notForStock: boolean('not_for_stock').notNull().default(false),
    typeId: integer('type_id').references(() => inventoryLocationTypes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inventory_locations_company_name_key').on(t.companyId, t.name), index('inventory_locations_company_type_idx').on(t.companyId, t.typeId)],
);

/**
 * The current quantity per (product, location), changed only by the ledger service in the
 * same transaction as its ledger row. Never below zero (the CHECK is the last guard).
 */
export const inventoryLevels = pgTable(
  'inventory_levels',
  {
    companyId: companyId(),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    index('inventory_levels_company_location_idx').on(t.companyId, t.locationId),
    check('inventory_levels_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The ledger (spec §3 "Inventory transaction"). STOCK_IN and STOCK_OUT carry a positive
 * quantity; STOCK_TAKING carries the counted quantity. `delta` is the signed change it made
 * to the level, so the level always equals the sum of deltas.
 */
export const inventoryTransactions = pgTable(
  'inventory_transactions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    inventoryAction: text('inventory_action', { enum: ['STOCK_IN', 'STOCK_OUT', 'STOCK_TAKING'] }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    delta: numeric('delta', { precision: 14, scale: 2 }).notNull(),
    comments: text('comments').notNull().default(''),
    /** Both halves of a move share it. */
    moveId: uuid('move_id'),
    /** A pick: the customer order line this STOCK_OUT took goods for (unpicking deletes the row). */
    orderItemId: integer('order_item_id').references((): AnyPgColumn => customerOrderItems.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inventory_transactions_company_created_idx').on(t.companyId, t.createdAt),
    index('inventory_transactions_product_idx').on(t.productId, t.locationId, t.createdAt),
    index('inventory_transactions_location_idx').on(t.locationId, t.createdAt),
    // A product's last count at a location (the stocktaking page): found at once, however long its
    // history of receipts and picks, which the product index would walk back through.
    index('inventory_transactions_stocktaking_idx')
      .on(t.productId, t.locationId, t.createdAt)
      .where(sql`${t.inventoryAction} = 'STOCK_TAKING'`),
    index('inventory_transactions_order_item_idx')
      .on(t.orderItemId)
      .where(sql`${t.orderItemId} is not null`),
    check('inventory_transactions_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** The previous values of an edited ledger row: nothing in the ledger is lost silently. */
export const inventoryTransactionHistory = pgTable(
  'inventory_transaction_history',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => inventoryTransactions.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    oldLocationId: integer('old_location_id').notNull(),
    oldInventoryAction: text('old_inventory_action').notNull(),
    oldQuantity: numeric('old_quantity', { precision: 14, scale: 2 }).notNull(),
    oldDelta: numeric('old_delta', { precision: 14, scale: 2 }).notNull(),
    oldComments: text('old_comments').notNull(),
    changedAt: createdAt(),
  },
  (t) => [index('inventory_transaction_history_tx_idx').on(t.transactionId)],
);
