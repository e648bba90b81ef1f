import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pickedMessage, unpickedMessage, type PickQuery, type PickResponse, type UnpickQuery, type UnpickResponse } from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { catalogProducts, customerBackorders, customerOrderItems, customerOrders, inventoryLocations, inventoryTransactions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deletePickTransaction, invalidPk, lockProductsForStock, MESSAGES_LEDGER, recordTransactions } from '../inventory/ledger.service.js';
import { displayQuantity, toCents } from '../inventory/quantities.js';
import { refreshOrderStatus } from './order-status.js';
import { getOrder } from './orders.service.js';

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
 */
async function lockOrderItem(tx: Tx, companyId: number, itemId: number) {
  const [ref] = await tx
    .select({ orderId: customerOrderItems.orderId })
    .from(customerOrderItems)
    .where(and(eq(customerOrderItems.id, itemId), eq(customerOrderItems.companyId, companyId)));
  if (!ref) throw notFound();
  const [order] = await tx
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.id, ref.orderId), eq(customerOrders.companyId, companyId)))
    .for('update');
  const [item] = await tx.select().from(customerOrderItems).where(eq(customerOrderItems.id, itemId)).for('update');
  // Deleted by a request that held the lock before us.
  if (!order || !item) throw notFound();
  return { order, item };
}

/** What the item's picks (its STOCK_OUT ledger rows) add up to, in cents. */
async function pickedCents(tx: Tx, itemId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${inventoryTransactions.quantity}), 0)` })
    .from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.orderItemId, itemId), eq(inventoryTransactions.inventoryAction, 'STOCK_OUT')));
  return toCents(String(row!.sum));
}

/** The products a line may be picked as: its own, and the one a variation takes its stock from. */
async function pickableProducts(tx: Tx, companyId: number, productId: number): Promise<number[]> {
  const [product] = await tx
    .select({ id: catalogProducts.id, parent: catalogProducts.stockProxyParentId })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.id, productId), eq(catalogProducts.companyId, companyId)));
  return product ? [product.id, ...(product.parent ? [product.parent] : [])] : [];
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
  const { orderId, transactionId, message } = await ctx.db.transaction(async (tx) => {
    const { order, item } = await lockOrderItem(tx, companyId, itemId);
    if (order.internalStatus === 'cancelled' || order.internalStatus === 'delivered') {
      throw badRequest({ non_field_errors: [PICKING_MESSAGES.orderClosed(order.internalStatus)] });
    }
    if (item.productId === null) throw badRequest({ product_id: [PICKING_MESSAGES.noProduct] });
    if (!(await pickableProducts(tx, companyId, item.productId)).includes(query.product_id)) {
      const [exists] = await tx
        .select({ id: catalogProducts.id })
        .from(catalogProducts)
        .where(and(eq(catalogProducts.id, query.product_id), eq(catalogProducts.companyId, companyId)));
      throw badRequest({ product_id: [exists ? PICKING_MESSAGES.wrongProduct : invalidPk(query.product_id)] });
    }
    const quantity = toCents(query.quantity);
    if (quantity <= 0) throw badRequest({ quantity: [MESSAGES_LEDGER.greaterThanZero] });
    const ordered = toCents(item.quantity);
    const remaining = ordered - (await pickedCents(tx, item.id));
    if (quantity > remaining) throw badRequest({ quantity: [PICKING_MESSAGES.overPick(Math.max(0, remaining), ordered)] });

    // The ledger lets stock leave an obsolete location (to empty it); a pick must not. Products
    // first, then the location: the ledger's lock order.
    await lockProductsForStock(tx, companyId, [query.product_id]);
    const [location] = await tx
      .select({ obsolete: inventoryLocations.obsolete })
      .from(inventoryLocations)
      .where(and(eq(inventoryLocations.id, query.location_id), eq(inventoryLocations.companyId, companyId)))
      .for('share');
    if (!location) throw badRequest({ location_id: [invalidPk(query.location_id)] });
    if (location.obsolete) throw badRequest({ location_id: [MESSAGES_LEDGER.obsolete] });

    const [transactionId] = await recordTransactions(tx, { companyId, userId: ctx.user.id }, [
      {
        productId: query.product_id,
        locationId: query.location_id,
        action: 'STOCK_OUT',
        quantity: query.quantity,
        comments: pickComment(order.orderNumber),
        orderItemId: item.id,
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
    await refreshOrderStatus(tx, order.id);
    return {
      orderId: order.id,
      transactionId: transactionId!,
      message: pickedMessage(displayQuantity(quantity), item.prodSku, item.prodName, order.orderNumber),
    };
  });
  return { result: message, inventory_transaction: transactionId, order: await getOrder(ctx, orderId) };
}

/**
 * GET|POST /customers/order_items/{id}/actions/unpick/: deletes one pick of this line and gives
 * its quantity back to the location (the ledger's deletePickTransaction), then the order's
 * status follows. A delivered order keeps its picks: the goods have left.
 */
export async function unpick(ctx: Ctx, itemId: number, query: UnpickFields): Promise<UnpickResponse> {
  const companyId = ctx.user.companyId;
  const { orderId, message } = await ctx.db.transaction(async (tx) => {
    const { order, item } = await lockOrderItem(tx, companyId, itemId);
    if (order.internalStatus === 'delivered') throw badRequest({ non_field_errors: [PICKING_MESSAGES.orderClosed(order.internalStatus)] });
    await deletePickTransaction(tx, { companyId, userId: ctx.user.id }, query.inventory_transaction_id, item.id);
    await refreshOrderStatus(tx, order.id);
    return { orderId: order.id, message: unpickedMessage(item.prodSku, item.prodName, order.orderNumber) };
  });
  return { result: message, order: await getOrder(ctx, orderId) };
}
