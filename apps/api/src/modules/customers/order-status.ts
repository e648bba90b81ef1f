import { sql } from 'drizzle-orm';
import type { OrderInternalStatus } from '@kontor/contract';
import { customerOrderItems, inventoryTransactions } from '../../db/schema/index.js';

/** The statuses the picks decide; an operator's delivered and cancelled stay until the operator changes them. */
export const PICK_STATUSES: OrderInternalStatus[] = ['open', 'partially_picked', 'picked'];

/**
 * The rule, as an aggregate over an order's item rows `p` with numeric `quantity` and `picked`:
 * nothing picked (or no items) -> open, every item fully picked -> picked, else partially picked.
 * SQL, so that one statement computes and sets the status (orders.service.ts refreshOrderStatus):
 * a pick's round trips are its throughput (DESIGN §9).
 */
export const statusOfItems = sql<OrderInternalStatus>`case
    when coalesce(bool_and(p.picked <= 0), true) then 'open'
    when bool_and(p.picked >= p.quantity) then 'picked'
    else 'partially_picked'
  end`;

/**
 * What the picks say (statusOfItems) for the customer_orders row in scope: an order PUT checks
 * it under the order's lock. An item's picked quantity is the sum of its STOCK_OUT ledger rows
 * (DESIGN §5; never a stored count). The order's id is qualified by hand: drizzle writes a bare
 * "id" in single-table statements, which inside the subquery would be the item's.
 */
export const statusFromPicks = sql<OrderInternalStatus>`(
  select ${statusOfItems}
  from (
    select i.quantity, (select coalesce(sum(it.quantity), 0) from ${inventoryTransactions} it
      where it.order_item_id = i.id and it.inventory_action = 'STOCK_OUT') as picked
    from ${customerOrderItems} i where i.order_id = "customer_orders"."id"
  ) p
)`;
