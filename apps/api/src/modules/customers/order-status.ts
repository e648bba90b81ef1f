import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderInternalStatus } from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { customerOrderItems, customerOrders, inventoryTransactions } from '../../db/schema/index.js';

/** The statuses the picks decide; an operator's delivered and cancelled stay until the operator changes them. */
const PICK_STATUSES: OrderInternalStatus[] = ['open', 'partially_picked', 'picked'];

/**
 * What the picks say, for the customer_orders row in scope: nothing picked (or no items) ->
 * open, every item fully picked -> picked, else partially picked. An item's picked quantity is
 * the sum of its STOCK_OUT ledger rows (DESIGN §5; never a stored count). SQL, so that one
 * statement computes and sets the status (a pick's round trips are its throughput, DESIGN §9).
 * The order's id is qualified by hand: drizzle writes a bare "id" in single-table statements,
 * which inside the subquery would be the item's.
 */
export const statusFromPicks = sql<OrderInternalStatus>`(
  select case
    when coalesce(bool_and(p.picked <= 0), true) then 'open'
    when bool_and(p.picked >= p.quantity) then 'picked'
    else 'partially_picked'
  end
  from (
    select i.quantity, (select coalesce(sum(it.quantity), 0) from ${inventoryTransactions} it
      where it.order_item_id = i.id and it.inventory_action = 'STOCK_OUT') as picked
    from ${customerOrderItems} i where i.order_id = "customer_orders"."id"
  ) p
)`;

/**
 * The UPDATE that sets the order's internal status from its items' picks; delivered and cancelled
 * are the operator's and stay (no row is updated). updated_at moves only when the status does.
 * The caller holds the order's lock (or needs none: a seed) and chooses what it returns.
 */
export const statusUpdate = (tx: DbOrTx, orderId: number) =>
  tx
    .update(customerOrders)
    .set({
      internalStatus: statusFromPicks,
      updatedAt: sql`case when ${customerOrders.internalStatus} = ${statusFromPicks} then ${customerOrders.updatedAt} else now() end`,
    })
    .where(and(eq(customerOrders.id, orderId), inArray(customerOrders.internalStatus, PICK_STATUSES)));

/** Sets the order's status from its picks (statusUpdate); answers the order row as it is after (null: no such order). */
export async function refreshOrderStatus(tx: DbOrTx, orderId: number): Promise<typeof customerOrders.$inferSelect | null> {
  const [updated] = await statusUpdate(tx, orderId).returning();
  if (updated) return updated;
  const [kept] = await tx.select().from(customerOrders).where(eq(customerOrders.id, orderId));
  return kept ?? null;
}
