import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pickedMessage, unpickedMessage, type PickQuery, type PickResponse, type UnpickQuery, type UnpickResponse } from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { catalogProducts, customerBackorders, customerOrderItems, customerOrders } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deletePickTransaction, invalidPk, MESSAGES_LEDGER, recordTransactions } from '../inventory/ledger.service.js';
import { displayQuantity, toCents } from '../inventory/quantities.js';
import { refreshOrderStatus } from './order-status.js';
import { withItems } from './orders.service.js';

type PickFields = z.output<typeof PickQuery>;
type UnpickFields = z.output<typeof UnpickQuery>;

export const PICKING_MESSAGES = {
  orderClosed: (status: string) => `This order is ${status}; its items cannot be picked or unpicked.`,
  noProduct: 'This order item has no catalog product to pick.',
  wrongProduct: 'Pick the order item’s product, or the product it takes its stock from.',
  overPick: (remainingCents: number, orderedCents: number) =>
    `Cannot pick more than remains to pick: ${displayQuantity(remainingCents)} of ${displayQuantity(orderedCents)} left.`,
} as const;

/** The comment on a pick's ledger row. */
export const pickComment = (orderNumber: string) => `Picked for order #${orderNumber}`;

/**
 * Locks the item's order, then the item (the same order as the order PUT, which locks the order
 * FOR UPDATE): two picks of one line, or a pick and a status change, run one after the other.
 * The item comes with what a pick checks against, read under its lock: the products it may be
 * picked as (its own, and the one a variation takes its stock from) and what its picks (STOCK_OUT
 * ledger rows) add up to. Two statements: a pick's round trips are its throughput (DESIGN §9).
 */
async function lockOrderItem(tx: Tx, companyId: number, itemId: number) {
  const [order] = await tx
    .select()
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.companyId, companyId),
        eq(
          customerOrders.id,
          tx
            .select({ orderId: customerOrderItems.orderId })
            .from(customerOrderItems)
            .where(and(eq(customerOrderItems.id, itemId), eq(customerOrderItems.companyId, companyId))),
        ),
      ),
    )
    .for('update');
  if (!order) throw notFound();
  const [row] = await tx
    .select({
      item: customerOrderItems,
      stockProxyParentId: catalogProducts.stockProxyParentId,
      // Qualified by hand: inside the subquery a bare "id" would be the transaction's own.
      picked: sql<string>`(select coalesce(sum(it.quantity), 0) from inventory_transactions it
        where it.order_item_id = "customer_order_items"."id" and it.inventory_action = 'STOCK_OUT')`,
    })
    .from(customerOrderItems)
    .leftJoin(catalogProducts, and(eq(catalogProducts.id, customerOrderItems.productId), eq(catalogProducts.companyId, companyId)))
    .where(and(eq(customerOrderItems.id, itemId), eq(customerOrderItems.orderId, order.id)))
    .for('update', { of: customerOrderItems });
  // Deleted by a request that held the lock before us.
  if (!row) throw notFound();
  const { item, stockProxyParentId } = row;
  const pickable = item.productId === null ? [] : [item.productId, ...(stockProxyParentId ? [stockProxyParentId] : [])];
  return { order, item, pickable, pickedCents: toCents(String(row.picked)) };
}

/**
 * The order's status follows the picks, and the order as this leaves it is the answer: read in
 * the transaction, under the order's lock, so it is exactly what commits.
 */
async function refreshedOrder(tx: Tx, orderId: number) {
  const [order] = await withItems(tx, [(await refreshOrderStatus(tx, orderId))!]);
  return order!;
}

/**
 * GET|POST /customers/order_items/{id}/actions/pick/ (DESIGN §5 "Orders and picking"): one
 * transaction takes `quantity` of the product out of the location as a STOCK_OUT linked to the
 * line, never more than remains to pick nor more than the level there (the ledger refuses that),
 * then the order's status follows. A fully picked line resolves its backorders. Refused means
 * nothing changed.
 */
export async function pick(ctx: Ctx, itemId: number, query: PickFields): Promise<PickResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const { order, item, pickable, pickedCents } = await lockOrderItem(tx, companyId, itemId);
    if (order.internalStatus === 'cancelled' || order.internalStatus === 'delivered') {
      throw badRequest({ non_field_errors: [PICKING_MESSAGES.orderClosed(order.internalStatus)] });
    }
    if (item.productId === null) throw badRequest({ product_id: [PICKING_MESSAGES.noProduct] });
    if (!pickable.includes(query.product_id)) {
      const [exists] = await tx
        .select({ id: catalogProducts.id })
        .from(catalogProducts)
        .where(and(eq(catalogProducts.id, query.product_id), eq(catalogProducts.companyId, companyId)));
      throw badRequest({ product_id: [exists ? PICKING_MESSAGES.wrongProduct : invalidPk(query.product_id)] });
    }
    const quantity = toCents(query.quantity);
    if (quantity <= 0) throw badRequest({ quantity: [MESSAGES_LEDGER.greaterThanZero] });
    const ordered = toCents(item.quantity);
    const remaining = ordered - pickedCents;
    if (quantity > remaining) throw badRequest({ quantity: [PICKING_MESSAGES.overPick(Math.max(0, remaining), ordered)] });

    const [transactionId] = await recordTransactions(tx, { companyId, userId: ctx.user.id }, [
      {
        productId: query.product_id,
        locationId: query.location_id,
        action: 'STOCK_OUT',
        quantity: query.quantity,
        comments: pickComment(order.orderNumber),
        orderItemId: item.id,
        // The ledger lets stock leave an obsolete location (to empty it); a pick must not.
        refuseObsoleteLocation: true,
        locationField: 'location_id',
        quantityField: 'quantity',
      },
    ]);
    if (quantity === remaining) {
      await tx
        .update(customerBackorders)
        .set({ resolvedAt: new Date() })
        .where(and(eq(customerBackorders.orderItemId, item.id), isNull(customerBackorders.resolvedAt)));
    }
    return {
      result: pickedMessage(displayQuantity(quantity), item.prodSku, item.prodName, order.orderNumber),
      inventory_transaction: transactionId!,
      order: await refreshedOrder(tx, order.id),
    };
  });
}

/**
 * GET|POST /customers/order_items/{id}/actions/unpick/: deletes one pick of this line and gives
 * its quantity back to the location (the ledger's deletePickTransaction), then the order's
 * status follows. A delivered order keeps its picks: the goods have left.
 */
export async function unpick(ctx: Ctx, itemId: number, query: UnpickFields): Promise<UnpickResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const { order, item } = await lockOrderItem(tx, companyId, itemId);
    if (order.internalStatus === 'delivered') throw badRequest({ non_field_errors: [PICKING_MESSAGES.orderClosed(order.internalStatus)] });
    await deletePickTransaction(tx, { companyId, userId: ctx.user.id }, query.inventory_transaction_id, item.id);
    return { result: unpickedMessage(item.prodSku, item.prodName, order.orderNumber), order: await refreshedOrder(tx, order.id) };
  });
}
