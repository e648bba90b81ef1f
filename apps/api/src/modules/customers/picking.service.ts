import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  pickedMessage,
  unpickedMessage,
  type OrderInternalStatus,
  type PickQuery,
  type PickResponse,
  type UnpickQuery,
  type UnpickResponse,
} from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { catalogProducts, customerBackorders, customerOrderItems, customerOrders, inventoryTransactions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deletePickTransaction, invalidPk, MESSAGES_LEDGER, recordTransactions } from '../inventory/ledger.service.js';
import { displayQuantity, toCents } from '../inventory/quantities.js';
import { statusUpdate } from './order-status.js';
import { itemsJson, toOrderWithItems, withItems } from './orders.service.js';

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
 * ledger rows) add up to. Two statements, and the second must start after the first's lock is
 * granted, so that a pick of this line committed meanwhile counts. SQL templates, as the
 * ledger's: a pick's CPU is its throughput (DESIGN §9, ADR 0018).
 */
async function lockOrderItem(tx: Tx, companyId: number, itemId: number) {
  const [order] = (
    (await tx.execute(sql`
    select id, order_number as "orderNumber", internal_status as "internalStatus" from ${customerOrders}
    where company_id = ${companyId}
      and id = (select order_id from ${customerOrderItems} where id = ${itemId} and company_id = ${companyId})
    for update`)) as unknown as { rows: { id: number; orderNumber: string; internalStatus: OrderInternalStatus }[] }
  ).rows;
  if (!order) throw notFound();
  const [item] = (
    (await tx.execute(sql`
    select i.id, i.product_id as "productId", i.quantity::text as quantity, i.prod_sku as "prodSku", i.prod_name as "prodName",
      p.stock_proxy_parent_id as "stockProxyParentId",
      (select coalesce(sum(it.quantity), 0)::text from ${inventoryTransactions} it
        where it.order_item_id = i.id and it.inventory_action = 'STOCK_OUT') as picked
    from ${customerOrderItems} i
    left join ${catalogProducts} p on p.id = i.product_id and p.company_id = ${companyId}
    where i.id = ${itemId} and i.order_id = ${order.id}
    for update of i`)) as unknown as {
      rows: { id: number; productId: number | null; quantity: string; prodSku: string; prodName: string; stockProxyParentId: number | null; picked: string }[];
    }
  ).rows;
  // Deleted by a request that held the lock before us.
  if (!item) throw notFound();
  const pickable = item.productId === null ? [] : [item.productId, ...(item.stockProxyParentId ? [item.stockProxyParentId] : [])];
  return { order, item, pickable, pickedCents: toCents(item.picked) };
}

/**
 * The order's status follows the picks, and the order as this leaves it is the answer: read in
 * the transaction, under the order's lock, so it is exactly what commits. One statement: the
 * status UPDATE returns the order's items too (a subquery of RETURNING sees this transaction's
 * picks). An order whose status is the operator's (delivered) is read as it is.
 */
async function refreshedOrder(tx: Tx, orderId: number) {
  const [updated] = await statusUpdate(tx, orderId).returning({ ...getTableColumns(customerOrders), items: itemsJson(sql`${orderId}`) });
  if (updated) {
    const { items, ...order } = updated;
    return toOrderWithItems(order, items);
  }
  const [order] = await withItems(tx, await tx.select().from(customerOrders).where(eq(customerOrders.id, orderId)));
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

    const [transaction] = await recordTransactions(tx, { companyId, userId: ctx.user.id }, [
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
      inventory_transaction: transaction!.id,
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
