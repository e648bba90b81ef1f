import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderInternalStatus } from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { customerOrderItems, customerOrders } from '../../db/schema/index.js';

/** Statuses an operator sets; the picks never move an order out of them. */
const OPERATOR_STATUSES: readonly OrderInternalStatus[] = ['delivered', 'cancelled'];

/**
 * Picked quantity per item of the order: the sum of its STOCK_OUT ledger rows (DESIGN §5; never
 * a stored count).
 */
export async function pickedByItem(db: DbOrTx, orderId: number): Promise<{ itemId: number; quantity: string; picked: string }[]> {
  const rows = await db
    .select({
      itemId: customerOrderItems.id,
      quantity: customerOrderItems.quantity,
      // Qualified by hand: inside the subquery a bare "id" would be the transaction's own.
      picked: sql<string>`(select coalesce(sum(it.quantity), 0) from inventory_transactions it
        where it.order_item_id = "customer_order_items"."id" and it.inventory_action = 'STOCK_OUT')`,
    })
    .from(customerOrderItems)
    .where(eq(customerOrderItems.orderId, orderId));
  return rows.map((r) => ({ ...r, picked: String(r.picked) }));
}

/** What the picks say: nothing picked -> open, every item fully picked -> picked, else partially picked. */
export function statusFromPicks(items: { quantity: string; picked: string }[]): OrderInternalStatus {
  const picked = items.map((i) => Number(i.picked));
  if (items.length === 0 || picked.every((p) => p <= 0)) return 'open';
  return items.every((i) => Number(i.picked) >= Number(i.quantity)) ? 'picked' : 'partially_picked';
}

/**
 * Sets the order's internal status from its items' picks (open / partially_picked / picked).
 * Delivered and cancelled are the operator's and stay. Returns the status the order has after.
 * A caller holding the order's lock passes the status it read, which saves a round trip.
 */
export async function refreshOrderStatus(tx: DbOrTx, orderId: number, lockedStatus?: OrderInternalStatus): Promise<OrderInternalStatus | null> {
  const [order] = lockedStatus
    ? [{ status: lockedStatus }]
    : await tx.select({ status: customerOrders.internalStatus }).from(customerOrders).where(eq(customerOrders.id, orderId));
  if (!order) return null;
  if (OPERATOR_STATUSES.includes(order.status)) return order.status;
  const next = statusFromPicks(await pickedByItem(tx, orderId));
  if (next !== order.status) {
    await tx
      .update(customerOrders)
      .set({ internalStatus: next, updatedAt: new Date() })
      .where(and(eq(customerOrders.id, orderId), inArray(customerOrders.internalStatus, ['open', 'partially_picked', 'picked'])));
  }
  return next;
}
