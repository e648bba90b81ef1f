import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORDER_ITEM_MESSAGES,
  pickedMessage,
  unpickedMessage,
  type OrderInternalStatus,
  type PickQuery,
  type PickResponse,
  type UnpickQuery,
  type UnpickResponse,
  type UpdateOrderItemBody,
} from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import {
  catalogProducts,
  customerBackorders,
  customerOrderItems,
  customerOrders,
  inventoryTransactions,
  procurementOrderItems,
  procurementOrders,
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deletePickTransaction, invalidPk, recordTransactions, type LedgerEntry } from '../inventory/ledger.service.js';
import { displayQuantity, toCents } from '../inventory/quantities.js';
import { lockPurchaseLines, passFreedGoodsOn, reopenBackordersOfUnpickedLines, type LockedPurchaseLine } from './backorders.service.js';
import { refreshOrderStatus, toOrderWithItems, type ItemRow, type OrderRow } from './orders.service.js';

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

/** An order line as a pick or unpick checks it, with its order (the JSON of `orderLineLock`). */
export type LockedLine = {
  orderId: number;
  orderNumber: string;
  internalStatus: OrderInternalStatus;
  id: number;
  productId: number | null;
  prodSku: string;
  prodName: string;
  stockProxyParentId: number | null;
};

/** orderLineLock's parts: the order's CTE, and the select that locks the line (lineLockWithPurchaseLines builds on them). */
const lockedOrderOfLine = (companyId: number, itemId: number) => sql`locked_order as materialized (
    select id, order_number, internal_status from ${customerOrders}
    where company_id = ${companyId}
      and id = (select order_id from ${customerOrderItems} where id = ${itemId} and company_id = ${companyId})
    for update)`;
const lockedLine = (companyId: number, itemId: number) => sql`
  select o.id as "orderId", o.order_number as "orderNumber", o.internal_status as "internalStatus",
    i.id, i.product_id as "productId", i.prod_sku as "prodSku", i.prod_name as "prodName", p.stock_proxy_parent_id as "stockProxyParentId"
  from locked_order o
  join ${customerOrderItems} i on i.order_id = o.id and i.id = ${itemId}
  left join ${catalogProducts} p on p.id = i.product_id and p.company_id = ${companyId}
  for update of i`;

/**
 * The order line `itemId` of the company with its order, locked: the order first, then the line
 * (the order PUT locks the order too, so two picks of one order, or a pick and a status change,
 * run one after the other). One row, or none for another company's or a deleted line. Whatever
 * the plan, the line's lock comes after the order's: the line is locked as a joined row leaves
 * the statement, and a joined row needs the locked order. The line comes with the product it
 * takes its stock from (a variation's stock proxy parent), which it may also be picked as.
 *
 * A locked row is read as it is once its lock is granted, but a subquery of the same statement
 * is not, so what the line's picks add up to is not read here: a pick committed while this
 * waited would be missing. The pick checks it after its write instead (pick, below).
 */
export const orderLineLock = (companyId: number, itemId: number) => sql`
  with ${lockedOrderOfLine(companyId, itemId)}
  ${lockedLine(companyId, itemId)}`;

/** An order line as a pick or unpick locks it (orderLineLock's), with the purchase order lines it may free goods on, locked. */
export type LineWithPurchaseLines = LockedLine & { purchaseLines: LockedPurchaseLine[] };

/**
 * orderLineLock, then the purchase order lines of the line's backorders that `backorders` names
 * (a condition on `b`): a pick or an unpick may free goods there, which pass on to the next
 * reserved backorders (passFreedGoodsOn). Locked here, before the stock, as receiving locks a
 * line before the stock (ADR 0011's lock order): the purchase orders in id order, then their
 * lines. The count in the lines' WHERE runs before their scan, so all orders are locked before any line.
 *
 * The backorders are read in the statement's snapshot, taken before it waited for the order: a
 * change committed meanwhile (a pick that resolved one, a reservation) is missing here. The
 * caller locks such a line late (lockLateLines).
 */
const lineLockWithPurchaseLines = (companyId: number, itemId: number, backorders: SQL) => sql`
  with ${lockedOrderOfLine(companyId, itemId)},
  locked_line as materialized (${lockedLine(companyId, itemId)}),
  freeing as materialized (
    select distinct b.reserved_order_item_id as id from ${customerBackorders} b
    where b.order_item_id = ${itemId} and b.company_id = ${companyId} and b.reserved_order_item_id is not null and ${backorders}
      and exists (select 1 from locked_line)),
  locked_purchase_orders as materialized (
    select po.id, po.internal_order_number from ${procurementOrders} po
    where po.company_id = ${companyId}
      and po.id in (select poi.order_id from ${procurementOrderItems} poi where poi.id in (select id from freeing))
    order by po.id for no key update),
  locked_purchase_lines as materialized (
    select poi.id, po.internal_order_number as "orderNumber", poi.product_id as "productId", poi.quantity_received::text as "quantityReceived"
    from ${procurementOrderItems} poi join locked_purchase_orders po on po.id = poi.order_id
    where poi.id in (select id from freeing) and (select count(*) from locked_purchase_orders) > 0
    order by poi.id for no key update of poi)
  select l.*, (select coalesce(json_agg(x order by x.id), '[]'::json) from locked_purchase_lines x) as "purchaseLines" from locked_line l`;

/**
 * The purchase order lines `freed` (ids) as locked: those the lock statement locked, and any it
 * did not see (a change committed while it waited for the order) locked only now, after the
 * stock: rare, and the one case where this and a receipt of that line into the same stock could
 * deadlock (one is refused).
 */
async function lockLateLines(tx: Tx, companyId: number, locked: LockedPurchaseLine[], freed: Set<number>): Promise<LockedPurchaseLine[]> {
  const seen = locked.filter((l) => freed.has(l.id));
  const late = [...freed].filter((id) => !seen.some((l) => l.id === id));
  return [...seen, ...(await lockPurchaseLines(tx, companyId, late))];
}

/**
 * The order's status follows the picks (refreshOrderStatus), sent right behind the ledger's write
 * (the ledger's SendBehind), with `before` and `after` right before and after it: `send` starts
 * them, `order` answers the order as the status statement leaves it, with its items, once all
 * are done.
 */
function orderStatusBehind(tx: Tx, orderId: () => number, around: { before?: () => Promise<unknown>; after?: () => Promise<unknown> } = {}) {
  let refreshed: Promise<{ order: OrderRow; items: ItemRow[] } | null> | undefined;
  let others: Promise<unknown> | undefined;
  return {
    send: () => {
      // sqlRows hands each statement to the driver as it is made: they go in this order.
      const before = around.before?.();
      refreshed = refreshOrderStatus(tx, orderId());
      others = Promise.all([before, around.after?.()]);
      return Promise.all([refreshed, others]);
    },
    order: async () => {
      if (!refreshed) throw new Error('orderStatusBehind: the ledger wrote nothing');
      await others;
      // The caller locked the order: it is there.
      return (await refreshed)!;
    },
  };
}

/**
 * A fully picked line's waiting backorders are resolved. Sent behind the pick's status statement,
 * so it reads the line's picks as the write left them; a pick that turns out an over-pick is
 * refused after it, and the transaction rolls back. Answers the purchase order lines a resolved
 * reserved one (not ready: the goods did not cover it yet) was waiting on: it held the younger
 * ones there back, oldest first, and no longer does.
 */
const resolveBackordersIfPicked = (tx: Tx, itemId: number) =>
  sqlRows<{ line: number | null; status: string }>(
    tx,
    sql`update ${customerBackorders} set resolved_at = now(), resolution = 'picked'
      where order_item_id = ${itemId} and resolved_at is null
        and (select coalesce(sum(it.quantity), 0) from ${inventoryTransactions} it
          where it.order_item_id = ${itemId} and it.inventory_action = 'STOCK_OUT')
        >= (select i.quantity from ${customerOrderItems} i where i.id = ${itemId})
      returning reserved_order_item_id as line, status`,
  );

/**
 * GET|POST /customers/order_items/{id}/actions/pick/ (DESIGN §5 "Orders and picking"): one
 * transaction takes `quantity` of the product out of the location as a STOCK_OUT linked to the
 * line, never more than remains to pick nor more than the level there (the ledger refuses that),
 * then the order's status follows. A fully picked line resolves its backorders. Refused means
 * nothing changed.
 *
 * Three statements (ADR 0023): the order, the line and the stock are locked in one (the line's
 * rows go first in the ledger's lock statement, LockFirst), then the ledger's write, then the
 * status update, which answers the line's picks with this one: more than the line's quantity is
 * refused then, and the transaction rolls back. The status update, and the backorders' resolution
 * of a fully picked line, are sent behind the write, in its round trip (ADR 0029).
 */
export async function pick(ctx: Ctx, itemId: number, query: PickFields): Promise<PickResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    let line!: LineWithPurchaseLines;
    let resolved!: Promise<{ line: number | null; status: string }[]>;
    const entry: LedgerEntry = {
      productId: query.product_id,
      locationId: query.location_id,
      action: 'STOCK_OUT',
      quantity: query.quantity,
      orderItemId: itemId,
      // The ledger lets stock leave an obsolete location (to empty it); a pick must not.
      refuseObsoleteLocation: true,
      locationField: 'location_id',
      quantityField: 'quantity',
    };
    const status = orderStatusBehind(tx, () => line.orderId, { after: () => (resolved = resolveBackordersIfPicked(tx, itemId)) });
    const [transaction] = await recordTransactions<LineWithPurchaseLines>(
      tx,
      { companyId, userId: ctx.user.id },
      [entry],
      {
        // The lines its reserved backorders wait on: resolved by a full pick, they hold nobody back there.
        lock: lineLockWithPurchaseLines(companyId, itemId, sql`b.resolved_at is null and b.status = 'reserved'`),
        check: ([locked], products) => {
          line = pickableLine(locked, query.product_id, products);
          entry.comments = pickComment(line.orderNumber);
        },
      },
      status.send,
    );
    const { order, items } = await status.order();
    const item = items.find((i) => i.id === line.id)!;
    const quantity = toCents(query.quantity);
    const ordered = toCents(item.quantity);
    const picked = toCents(item.picked);
    if (picked > ordered) throw badRequest({ quantity: [PICKING_MESSAGES.overPick(Math.max(0, ordered - (picked - quantity)), ordered)] });
    // The status statement read the line's unresolved backorders before they were resolved behind it: none now.
    if (picked === ordered) item.backordered = '0';
    // The goods received on a line a resolved reserved backorder waited on pass on, as a delete's do.
    const freed = new Set((await resolved).flatMap((b) => (b.status === 'reserved' && b.line !== null ? [b.line] : [])));
    if (freed.size) await passFreedGoodsOn(tx, companyId, await lockLateLines(tx, companyId, line.purchaseLines, freed));
    return {
      result: pickedMessage(displayQuantity(quantity), line.prodSku, line.prodName, line.orderNumber),
      inventory_transaction: transaction!.id,
      order: toOrderWithItems(order, items),
    };
  });
}

/** The locked line, when it may give `productId`: an open order's line, as its own product or the one it takes its stock from. */
function pickableLine<L extends LockedLine>(line: L | undefined, productId: number, lockedProducts: ReadonlySet<number>): L {
  if (!line) throw notFound();
  if (line.internalStatus === 'cancelled' || line.internalStatus === 'delivered') {
    throw badRequest({ non_field_errors: [PICKING_MESSAGES.orderClosed(line.internalStatus)] });
  }
  if (line.productId === null) throw badRequest({ product_id: [PICKING_MESSAGES.noProduct] });
  if (productId !== line.productId && productId !== line.stockProxyParentId) {
    // The company's products were locked (as the ledger locks what it writes); another company's is no product here.
    throw badRequest({ product_id: [lockedProducts.has(productId) ? PICKING_MESSAGES.wrongProduct : invalidPk(productId)] });
  }
  return line;
}

/**
 * GET|POST /customers/order_items/{id}/actions/unpick/: deletes one pick of this line and gives
 * its quantity back to the location (the ledger's deletePickTransaction), then the order's
 * status follows, and the backorders the line's full pick resolved wait again once it falls
 * short. A delivered order keeps its picks: the goods have left. The order line is locked first
 * in the ledger's lock statement, then the pick and its stock; the reopening and the status
 * update are sent behind the write (ADR 0029).
 */
export async function unpick(ctx: Ctx, itemId: number, query: UnpickFields): Promise<UnpickResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    let line!: LineWithPurchaseLines;
    let reopened!: Promise<{ line: number }[]>;
    // Sent before the status statement, so the answer's backordered counts them.
    const status = orderStatusBehind(tx, () => line.orderId, {
      before: () => (reopened = reopenBackordersOfUnpickedLines(tx, [itemId], { returned: true })),
    });
    await deletePickTransaction<LineWithPurchaseLines>(
      tx,
      { companyId, userId: ctx.user.id },
      query.inventory_transaction_id,
      itemId,
      {
        // The lines its picked, ready backorders had their goods from: the goods it gives back are free there.
        lock: lineLockWithPurchaseLines(companyId, itemId, sql`b.resolution = 'picked' and b.ready_at is not null`),
        check: ([locked]) => {
          if (!locked) throw notFound();
          if (locked.internalStatus === 'delivered') throw badRequest({ non_field_errors: [PICKING_MESSAGES.orderClosed(locked.internalStatus)] });
          line = locked;
        },
      },
      status.send,
    );
    const { order, items } = await status.order();
    // The goods that came back for a ready backorder pass on, as a backorder delete passes them.
    const freed = new Set((await reopened).map((r) => r.line));
    await passFreedGoodsOn(tx, companyId, await lockLateLines(tx, companyId, line.purchaseLines, freed));
    return { result: unpickedMessage(line.prodSku, line.prodName, order.orderNumber), order: toOrderWithItems(order, items) };
  });
}

/**
 * PUT /customers/order_items/{id}/ {product}: links the line to the catalog product it is, or
 * unlinks it (null). A store line whose SKU is blank or unknown here has no product, and a line
 * without one can be neither picked nor backordered, so its order could never be delivered. The
 * line keeps its product once goods were picked or backordered for it (they are of that
 * product), and in a delivered or cancelled order. Locked as a pick locks it (the order, then
 * the line), so a pick cannot come in between; what was picked is read after the lock is granted.
 * The store's next sync keeps the link while the line's SKU stays the same (sync.service.ts).
 */
export async function linkOrderItemProduct(ctx: Ctx, itemId: number, body: z.output<typeof UpdateOrderItemBody>): Promise<number> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const [line] = await sqlRows<LockedLine>(tx, orderLineLock(companyId, itemId));
    if (!line) throw notFound();
    if (line.internalStatus === 'cancelled' || line.internalStatus === 'delivered') {
      throw badRequest({ non_field_errors: [ORDER_ITEM_MESSAGES.orderClosed(line.internalStatus)] });
    }
    const [use] = await sqlRows<{ picked: boolean; backordered: boolean; product: boolean }>(
      tx,
      sql`select exists (select 1 from ${inventoryTransactions} t where t.order_item_id = ${itemId}) as picked,
        exists (select 1 from ${customerBackorders} b where b.order_item_id = ${itemId} and b.resolved_at is null) as backordered,
        ${
          // Key-share locked: the product cannot be deleted before the line points at it.
          body.product === null
            ? sql`true`
            : sql`exists (select 1 from ${catalogProducts} p where p.company_id = ${companyId} and p.id = ${body.product} for key share)`
        } as product`,
    );
    if (!use!.product) throw badRequest({ product: [invalidPk(body.product!)] });
    if (body.product === line.productId) return line.orderId;
    if (use!.picked) throw badRequest({ product: [ORDER_ITEM_MESSAGES.picked] });
    if (use!.backordered) throw badRequest({ product: [ORDER_ITEM_MESSAGES.backordered] });
    await tx.update(customerOrderItems).set({ productId: body.product, updatedAt: new Date() }).where(eq(customerOrderItems.id, itemId));
    return line.orderId;
  });
}
