import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { catalogProducts } from './catalog.js';
import { createdAt, timestamptz } from './columns.js';
import { companyId, users } from './companies.js';

/**
 * What a customer ordered that could not be picked (spec §3 "Backorder list"). Procurement
 * reads it to order more (with_procurement_order_and_backorder_data); the customer-orders
 * issue links it to order items and adds its /customers/backorders/ routes.
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
    comments: text('comments').notNull().default(''),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_backorders_company_product_idx').on(t.companyId, t.productId), check('customer_backorders_quantity_check', sql`${t.quantity} > 0`)],
);
