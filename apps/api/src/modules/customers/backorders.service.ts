import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BACKORDER_STATUSES,
  MESSAGES,
  PAGE_SIZE,
  type BackorderPage,
  type BackorderResponse,
  type CreateBackorderBody,
  type ListBackordersQuery,
  type ReserveBackorderBody,
  type ReserveBackorderResponse,
} from '@kontor/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import {
  catalogProducts,
  customerBackorders,
  customerOrderItems,
  customerOrders,
  inventoryTransactions,
  procurementOrderItems,
  procurementOrders,
  users,
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { invalidPk, MESSAGES_LEDGER } from '../inventory/ledger.service.js';
import { notify } from '../notifications/notify.js';
import { displayQuantity, fromCents, toCents } from '../inventory/quantities.js';

type ListQuery = z.output<typeof ListBackordersQuery>;
type CreateFields = z.output<typeof CreateBackorderBody>;
type ReserveFields = z.output<typeof ReserveBackorderBody>;

export const BACKORDER_MESSAGES = {
  noProduct: 'This order item has no catalog product to backorder.',
  orderClosed: (status: string) => `This order is ${status}; nothing of it can be backordered.`,
  nothingLeft: 'Nothing of this order item is left to backorder.',
  tooMuch: (leftCents: number) => `Ensure this value is less than or equal to ${displayQuantity(leftCents)} (what is left to pick and not yet backordered).`,
  alreadyReady: 'This backorder is already ready to pick.',
  otherProduct: 'This purchase order line is for another product.',
  closedOrder: 'This purchase order is not open: only open or partially received orders take reservations.',
  notEnoughIncoming: (freeCents: number) => `Not enough incoming: ${displayQuantity(freeCents)} of this line is neither received nor reserved.`,
} as const;

const reservedOrder = sql<string | null>`(select po.internal_order_number from procurement_order_items poi
  join procurement_orders po on po.id = poi.order_id where poi.id = ${customerBackorders.reservedOrderItemId})`;

function selectBackorders(db: DbOrTx) {
  return db
    .select({ b: customerBackorders, sku: catalogProducts.sku, name: catalogProducts.name, reservedOrderNumber: reservedOrder })
    .from(customerBackorders)
    .innerJoin(catalogProducts, eq(catalogProducts.id, customerBackorders.productId));
}
type BackorderRow = Awaited<ReturnType<typeof selectBackorders>>[number];

const toResponse = ({ b, sku, name, reservedOrderNumber }: BackorderRow): BackorderResponse => ({
  id: b.id,
  product: b.productId,
  product_sku: sku,
  product_name: name,
  quantity: Number(b.quantity),
  order_number: b.orderNumber,
  order_item: b.orderItemId,
  status: b.status,
  reserved_order_item: b.reservedOrderItemId,
  reserved_order_number: reservedOrderNumber,
  ready_at: b.readyAt?.toISOString() ?? null,
  comments: b.comments,
  created_at: b.createdAt.toISOString(),
});

/** Waiting backorders only: a resolved one (its line was picked) is history. */
const openOfCompany = (companyId: number, ...conditions: (SQL | undefined)[]) =>
  and(eq(customerBackorders.companyId, companyId), isNull(customerBackorders.resolvedAt), ...conditions);

const backorderList: ListSpec = {
  fields: {
    status: { column: customerBackorders.status, type: 'text', choices: BACKORDER_STATUSES },
    product: { column: customerBackorders.productId, type: 'int' },
    order_number: { column: customerBackorders.orderNumber, type: 'text' },
    order_item: { column: customerBackorders.orderItemId, type: 'int' },
    created_at: { column: customerBackorders.createdAt, type: 'date' },
  },
  search: [customerBackorders.orderNumber, catalogProducts.sku, catalogProducts.name],
  ordering: ['created_at', 'order_number', 'status'],
  defaultOrdering: [desc(customerBackorders.createdAt), desc(customerBackorders.id)],
};

/** GET /customers/backorders/: the company's waiting backorders, newest first, 25 a page. */
export async function listBackorders(ctx: Ctx, query: ListQuery, url: string): Promise<BackorderPage> {
  const { where, orderBy } = buildListQuery(query, backorderList);
  const scoped = openOfCompany(ctx.user.companyId, where);
  const page = pageRequest(query, PAGE_SIZE.orders);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(customerBackorders)
    .innerJoin(catalogProducts, eq(catalogProducts.id, customerBackorders.productId))
    .where(scoped);
  const rows = await selectBackorders(ctx.db)
    .where(scoped)
    .orderBy(...orderBy, desc(customerBackorders.id))
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}

async function loadBackorder(db: DbOrTx, companyId: number, id: number): Promise<BackorderResponse> {
  const [row] = await selectBackorders(db).where(and(eq(customerBackorders.id, id), eq(customerBackorders.companyId, companyId)));
  if (!row) throw notFound();
  return toResponse(row);
}

/**
 * POST /customers/backorders/ {order_item, quantity?, comments?}: what of the line cannot be
 * picked now. At most what is left to pick minus what is already backordered (the default). The
 * line is locked like a pick locks it, so a concurrent pick cannot change what is left meanwhile.
 */
export async function createBackorder(ctx: Ctx, body: CreateFields): Promise<BackorderResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ orderId: customerOrderItems.orderId })
      .from(customerOrderItems)
      .where(and(eq(customerOrderItems.id, body.order_item), eq(customerOrderItems.companyId, companyId)));
    if (!ref) throw badRequest({ order_item: [invalidPk(body.order_item)] });
    const [order] = await tx.select().from(customerOrders).where(eq(customerOrders.id, ref.orderId)).for('update');
    const [item] = await tx.select().from(customerOrderItems).where(eq(customerOrderItems.id, body.order_item)).for('update');
    if (!order || !item) throw badRequest({ order_item: [invalidPk(body.order_item)] });
    if (order.internalStatus === 'cancelled' || order.internalStatus === 'delivered') {
      throw badRequest({ order_item: [BACKORDER_MESSAGES.orderClosed(order.internalStatus)] });
    }
    if (item.productId === null) throw badRequest({ order_item: [BACKORDER_MESSAGES.noProduct] });

    const [picked] = await tx
      .select({ sum: sql<string>`coalesce(sum(${inventoryTransactions.quantity}), 0)` })
      .from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.orderItemId, item.id), eq(inventoryTransactions.inventoryAction, 'STOCK_OUT')));
    const [backordered] = await tx
      .select({ sum: sql<string>`coalesce(sum(${customerBackorders.quantity}), 0)` })
      .from(customerBackorders)
      .where(and(eq(customerBackorders.orderItemId, item.id), isNull(customerBackorders.resolvedAt)));
    const left = toCents(item.quantity) - toCents(String(picked!.sum)) - toCents(String(backordered!.sum));
    if (left <= 0) throw badRequest({ order_item: [BACKORDER_MESSAGES.nothingLeft] });
    const quantity = body.quantity === undefined ? left : toCents(body.quantity);
    if (quantity <= 0) throw badRequest({ quantity: [MESSAGES_LEDGER.greaterThanZero] });
    if (quantity > left) throw badRequest({ quantity: [BACKORDER_MESSAGES.tooMuch(left)] });

    const [row] = await tx
      .insert(customerBackorders)
      .values({
        companyId,
        accountId: ctx.user.id,
        productId: item.productId,
        quantity: fromCents(quantity),
        orderNumber: order.orderNumber,
        orderItemId: item.id,
        comments: body.comments ?? '',
      })
      .returning({ id: customerBackorders.id });
    return loadBackorder(tx, companyId, row!.id);
  });
}

/**
 * DELETE /customers/backorders/{id}/: a waiting backorder. A resolved one is history the list
 * hides, and a 404 here as for the list: a cancelled order's must be there to come back when the
 * order is reopened, a picked line's when an unpick leaves the line short again. The goods
 * received for a ready one, or held back behind a reserved one, pass to the next reserved
 * backorders of its purchase order line at once (passFreedGoodsOn). Locked as a cancel locks:
 * the customer order, then the purchase order and its line, then the backorder.
 */
export async function deleteBackorder(ctx: Ctx, id: number): Promise<void> {
  const companyId = ctx.user.companyId;
  // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
  await ctx.db.transaction(async (tx) => {
    const reservedLine = async () =>
      (
        await tx
          .select({ orderItemId: customerBackorders.orderItemId, line: customerBackorders.reservedOrderItemId })
          .from(customerBackorders)
          .where(openOfCompany(companyId, eq(customerBackorders.id, id)))
      )[0];
    let ref = await reservedLine();
    if (!ref) throw notFound();
    // Its customer order locked, no reservation moves it to another line any more: read its line again.
    if (ref.orderItemId !== null) {
      await lockOrderOfItem(tx, ref.orderItemId, 'update');
      ref = await reservedLine();
      if (!ref) throw notFound();
    }
    const lines = await lockPurchaseLines(tx, companyId, ref.line === null ? [] : [ref.line]);
    const deleted = await tx
      .delete(customerBackorders)
      .where(openOfCompany(companyId, eq(customerBackorders.id, id)))
      .returning({ id: customerBackorders.id });
    // Resolved or deleted by a request that held the locks before us.
    if (deleted.length === 0) throw notFound();
    await passFreedGoodsOn(tx, companyId, lines);
  });
}

/**
 * Locks the customer order of the order line `orderItemId`: `update` for a change of its
 * backorders' fate (a delete, as a cancel locks it), `share` for a reservation, so neither moves
 * a backorder of the order while the other decides about its purchase order line.
 */
async function lockOrderOfItem(tx: Tx, orderItemId: number, mode: 'update' | 'share'): Promise<void> {
  const order = tx
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(eq(customerOrders.id, sql`(select ${customerOrderItems.orderId} from ${customerOrderItems} where ${customerOrderItems.id} = ${orderItemId})`));
  await order.for(mode);
}

export type LockedPurchaseLine = { id: number; orderNumber: string; productId: number; quantityReceived: string };

/**
 * Locks the company's purchase order lines `lineIds` as receiving locks a line: their purchase
 * orders first, then the lines, each in id order. Answers the lines as locked, with their order's number.
 */
export async function lockPurchaseLines(tx: Tx, companyId: number, lineIds: number[]): Promise<LockedPurchaseLine[]> {
  if (lineIds.length === 0) return [];
  const orders = await tx
    .select({ id: procurementOrders.id, number: procurementOrders.internalOrderNumber })
    .from(procurementOrders)
    .where(
      and(
        eq(procurementOrders.companyId, companyId),
        inArray(
          procurementOrders.id,
          tx.select({ id: procurementOrderItems.orderId }).from(procurementOrderItems).where(inArray(procurementOrderItems.id, lineIds)),
        ),
      ),
    )
    .orderBy(asc(procurementOrders.id))
    .for('no key update');
  const numbers = new Map(orders.map((o) => [o.id, o.number]));
  const lines = await tx
    .select({
      id: procurementOrderItems.id,
      orderId: procurementOrderItems.orderId,
      productId: procurementOrderItems.productId,
      quantityReceived: procurementOrderItems.quantityReceived,
    })
    .from(procurementOrderItems)
    .where(and(eq(procurementOrderItems.companyId, companyId), inArray(procurementOrderItems.id, lineIds)))
    .orderBy(asc(procurementOrderItems.id))
    .for('no key update');
  return lines.flatMap((l) =>
    numbers.has(l.orderId) ? [{ id: l.id, orderNumber: numbers.get(l.orderId)!, productId: l.productId, quantityReceived: l.quantityReceived }] : [],
  );
}

/**
 * Backorders left the purchase order lines `lines` (locked by lockPurchaseLines): a ready one's
 * received goods are free again, and a reserved one the goods did not cover no longer holds the
 * younger ones back. The next reserved backorders of each line get them, oldest first, as a
 * receipt hands goods out (markReservedBackordersReady), and the company's users are told, as a
 * receipt tells them.
 */
export async function passFreedGoodsOn(tx: Tx, companyId: number, lines: LockedPurchaseLine[]): Promise<void> {
  for (const line of lines) {
    const readyCount = await markReservedBackordersReady(tx, companyId, line);
    if (readyCount === 0) continue;
    const [product] = await tx
      .select({ sku: catalogProducts.sku, name: catalogProducts.name })
      .from(catalogProducts)
      .where(eq(catalogProducts.id, line.productId));
    const receivers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
    for (const receiver of receivers) {
      await notify(tx, {
        companyId,
        receiverUserId: receiver.id,
        kind: 'backorder_ready',
        title: `Backorder ready to pick: ${product!.sku} ${product!.name}`,
        message: `Goods received on ${line.orderNumber} are free for the next backorders (one before them was cancelled, removed, picked or unpicked): ${readyCount} reserved backorder(s) are now ready to pick.`,
        link: '/customers/pick-and-pack',
      });
    }
  }
}

/** What of a purchase order line is still free for reservations: unreceived minus reserved (but `exceptId`). */
async function freeIncomingCents(tx: Tx, line: { id: number; quantity: string; quantityReceived: string }, exceptId: number): Promise<number> {
  const [reserved] = await tx
    .select({ sum: sql<string>`coalesce(sum(${customerBackorders.quantity}), 0)` })
    .from(customerBackorders)
    .where(
      and(
        eq(customerBackorders.reservedOrderItemId, line.id),
        eq(customerBackorders.status, 'reserved'),
        isNull(customerBackorders.resolvedAt),
        ne(customerBackorders.id, exceptId),
      ),
    );
  return toCents(line.quantity) - toCents(line.quantityReceived) - toCents(String(reserved!.sum));
}

/**
 * POST /customers/backorders/{id}/reserve/ {procurement_order_item}: reserves the backorder
 * against an incoming purchase order line of the same product, which must still have that much
 * neither received nor reserved. Locks the backorder's customer order (shared), then the purchase
 * order and its line, as receiving does, so a receipt and a reservation of one line never
 * interleave, nor a reservation and a cancel of the order.
 */
export async function reserveBackorder(ctx: Ctx, id: number, body: ReserveFields): Promise<ReserveBackorderResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ orderItemId: customerBackorders.orderItemId })
      .from(customerBackorders)
      .where(openOfCompany(companyId, eq(customerBackorders.id, id)));
    if (!exists) throw notFound();
    // Its customer order first, as a cancel or a delete locks it before the purchase order lines.
    if (exists.orderItemId !== null) await lockOrderOfItem(tx, exists.orderItemId, 'share');
    const field = 'procurement_order_item';
    const [ref] = await tx
      .select({ orderId: procurementOrderItems.orderId })
      .from(procurementOrderItems)
      .where(and(eq(procurementOrderItems.id, body.procurement_order_item), eq(procurementOrderItems.companyId, companyId)));
    if (!ref) throw badRequest({ [field]: [invalidPk(body.procurement_order_item)] });
    const [po] = await tx
      .select({ status: procurementOrders.status })
      .from(procurementOrders)
      .where(eq(procurementOrders.id, ref.orderId))
      .for('no key update');
    const [line] = await tx.select().from(procurementOrderItems).where(eq(procurementOrderItems.id, body.procurement_order_item)).for('no key update');
    if (!po || !line) throw badRequest({ [field]: [invalidPk(body.procurement_order_item)] });
    const [backorder] = await tx
      .select()
      .from(customerBackorders)
      .where(openOfCompany(companyId, eq(customerBackorders.id, id)))
      .for('update');
    if (!backorder) throw notFound();
    if (backorder.status === 'ready') throw badRequest({ non_field_errors: [BACKORDER_MESSAGES.alreadyReady] });
    if (line.productId !== backorder.productId) throw badRequest({ [field]: [BACKORDER_MESSAGES.otherProduct] });
    if (po.status !== 'open' && po.status !== 'partially_received') throw badRequest({ [field]: [BACKORDER_MESSAGES.closedOrder] });
    const free = await freeIncomingCents(tx, line, backorder.id);
    if (free < toCents(backorder.quantity)) throw badRequest({ [field]: [BACKORDER_MESSAGES.notEnoughIncoming(Math.max(0, free))] });

    await tx.update(customerBackorders).set({ status: 'reserved', reservedOrderItemId: line.id }).where(eq(customerBackorders.id, backorder.id));
    return { message: MESSAGES.reserved, backorder: await loadBackorder(tx, companyId, backorder.id) };
  });
}

/**
 * After a receipt on a purchase order line (the caller holds its locks): the backorders reserved
 * against it become ready to pick, oldest first, as far as what the line has received and not
 * yet handed to a ready backorder covers them. Answers how many became ready.
 */
export async function markReservedBackordersReady(tx: Tx, companyId: number, line: { id: number; quantityReceived: string }): Promise<number> {
  const [given] = await tx
    .select({ sum: sql<string>`coalesce(sum(${customerBackorders.quantity}), 0)` })
    .from(customerBackorders)
    .where(
      and(
        eq(customerBackorders.reservedOrderItemId, line.id),
        isNotNull(customerBackorders.readyAt),
        // A cancelled order's backorder took nothing off the shelf: its goods are free again.
        sql`${customerBackorders.resolution} is distinct from 'order_cancelled'`,
      ),
    );
  let available = toCents(line.quantityReceived) - toCents(String(given!.sum));
  const waiting = await tx
    .select({ id: customerBackorders.id, quantity: customerBackorders.quantity })
    .from(customerBackorders)
    .where(
      and(
        eq(customerBackorders.companyId, companyId),
        eq(customerBackorders.reservedOrderItemId, line.id),
        eq(customerBackorders.status, 'reserved'),
        isNull(customerBackorders.resolvedAt),
      ),
    )
    .orderBy(asc(customerBackorders.createdAt), asc(customerBackorders.id))
    .for('update');
  const ready: number[] = [];
  for (const b of waiting) {
    const quantity = toCents(b.quantity);
    // Oldest first: a younger backorder does not overtake one the goods do not cover yet.
    if (quantity > available) break;
    available -= quantity;
    ready.push(b.id);
  }
  if (ready.length) {
    await tx.update(customerBackorders).set({ status: 'ready', readyAt: new Date() }).where(inArray(customerBackorders.id, ready));
  }
  return ready.length;
}

const backordersOfOrder = (orderId: number) =>
  sql`${customerBackorders.orderItemId} in (select ${customerOrderItems.id} from ${customerOrderItems} where ${customerOrderItems.orderId} = ${orderId})`;

/**
 * Orders were cancelled (the caller holds their locks): their open backorders are resolved, so
 * nothing is ordered, reserved or handed out for a customer who wants nothing any more. Every
 * count of reservations counts only unresolved backorders, and the goods received for a ready
 * one, or held back behind a reserved one, pass to the next reserved backorders of its purchase
 * order line at once (passFreedGoodsOn).
 *
 * Locks: the customer orders (the caller's), then the purchase orders and lines (lockPurchaseLines),
 * then the backorders, as receiving locks a line before its backorders. With the customer orders
 * locked, no reservation moves one of their backorders to another line meanwhile (reserveBackorder
 * locks the customer order too). A caller that locks several customer orders (the sync) cancels
 * them all at once, after its last customer order lock: a purchase order line held while it waits
 * for another customer order would deadlock with a delete or a reservation, which lock theirs first.
 */
export async function resolveBackordersOfCancelledOrders(tx: Tx, companyId: number, orderIds: number[]): Promise<void> {
  await endBackorders(tx, companyId, { cancelledOrderIds: orderIds, droppedItemIds: [] });
}

/**
 * The backorders of cancelled orders are resolved (resolveBackordersOfCancelledOrders), and those
 * of order lines about to be deleted (`droppedItemIds`, a line the store no longer sends) are
 * deleted, as a backorder DELETE deletes one; the caller deletes the lines after this. Either way
 * the goods received for a ready one, or held back behind a reserved one, pass to the next
 * reserved backorders of its purchase order line at once (passFreedGoodsOn). The caller holds the
 * customer orders' locks; all purchase order lines are locked in one go, in id order, after them.
 */
export async function endBackorders(
  tx: Tx,
  companyId: number,
  { cancelledOrderIds, droppedItemIds }: { cancelledOrderIds: number[]; droppedItemIds: number[] },
): Promise<void> {
  if (cancelledOrderIds.length === 0 && droppedItemIds.length === 0) return;
  const ofOrders = cancelledOrderIds.length
    ? sql`${customerBackorders.orderItemId} in (select ${customerOrderItems.id} from ${customerOrderItems} where ${inArray(customerOrderItems.orderId, cancelledOrderIds)})`
    : sql`false`;
  const ofDropped = droppedItemIds.length ? inArray(customerBackorders.orderItemId, droppedItemIds) : sql`false`;
  const reservedOn = await tx
    .selectDistinct({ line: customerBackorders.reservedOrderItemId })
    .from(customerBackorders)
    .where(and(isNull(customerBackorders.resolvedAt), isNotNull(customerBackorders.reservedOrderItemId), sql`(${ofOrders} or ${ofDropped})`));
  const lines = await lockPurchaseLines(
    tx,
    companyId,
    reservedOn.map((r) => r.line!),
  );
  if (cancelledOrderIds.length) {
    await tx
      .update(customerBackorders)
      .set({ resolvedAt: new Date(), resolution: 'order_cancelled' })
      .where(and(isNull(customerBackorders.resolvedAt), ofOrders));
  }
  if (droppedItemIds.length) await tx.delete(customerBackorders).where(ofDropped);
  await passFreedGoodsOn(tx, companyId, lines);
}

/**
 * A cancelled order is reopened (the caller holds its lock): the backorders its cancel resolved
 * are open again, unreserved, since what was reserved or received for them may have gone to
 * other backorders meanwhile.
 */
export async function reopenBackordersOfOrder(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(customerBackorders)
    .set({ resolvedAt: null, resolution: null, status: 'open', reservedOrderItemId: null, readyAt: null })
    .where(and(eq(customerBackorders.resolution, 'order_cancelled'), backordersOfOrder(orderId)));
}

/**
 * Order lines that may no longer be fully picked (an unpick, or the store raising a line's
 * quantity): the backorders a line's last pick resolved wait again when its picks now fall short
 * of its quantity, open and unreserved, since what was reserved or received for them may have
 * gone to other backorders meanwhile. Together with the line's open backorders, for no more than
 * is left to pick: oldest first, each for what is still short.
 *
 * A ready one had goods received on its purchase order line, counted as handed out
 * (markReservedBackordersReady) while they stay picked: what of them is not reopened, or was not
 * given back, stays counted, as a resolved 'picked' row of that part, on the line. `returned`: the
 * goods came back to the shelf (an unpick), so the reopened part of a ready one's goods is free
 * on its purchase order line; the caller passes them on (passFreedGoodsOn) to the lines answered.
 * A raised line gave nothing back: its goods stay counted, and nothing is freed.
 *
 * One statement, so a pick can send it behind its write and it reads the picks as that write left them.
 */
export const reopenBackordersOfUnpickedLines = (tx: Tx, lineIds: number[], { returned }: { returned: boolean }) =>
  sqlRows<{ line: number }>(
    tx,
    sql`with short as (
        select i.id, i.quantity
          - coalesce((select sum(it.quantity) from ${inventoryTransactions} it where it.order_item_id = i.id and it.inventory_action = 'STOCK_OUT'), 0)
          - coalesce((select sum(o.quantity) from ${customerBackorders} o where o.order_item_id = i.id and o.resolved_at is null), 0) as room
        from ${customerOrderItems} i where i.id in (${sql.join(
          lineIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
      ), resolved as (
        select b.*, greatest(0, least(b.quantity, short.room - coalesce(sum(b.quantity) over (
          partition by b.order_item_id order by b.created_at, b.id rows between unbounded preceding and 1 preceding), 0))) as reopen
        from ${customerBackorders} b join short on b.order_item_id = short.id
        where b.resolution = 'picked' and short.room > 0
      ), reopened as (
        -- Data-modifying CTEs run whether or not the final select reads them.
        update ${customerBackorders} b
        set resolved_at = null, resolution = null, status = 'open', reserved_order_item_id = null, ready_at = null, quantity = r.reopen
        from resolved r where b.id = r.id and r.reopen > 0
        returning b.id
      ), freed as (
        select r.*, ${returned ? sql`r.reopen` : sql`0`} as freed from resolved r
        where r.reopen > 0 and r.ready_at is not null and r.reserved_order_item_id is not null
      ), kept as (
        insert into ${customerBackorders} (company_id, account_id, product_id, quantity, order_number, order_item_id, status,
          reserved_order_item_id, ready_at, comments, resolved_at, resolution, created_at)
        select company_id, account_id, product_id, quantity - freed, order_number, order_item_id, status,
          reserved_order_item_id, ready_at, comments, resolved_at, resolution, created_at
        from freed where quantity > freed
        returning id
      )
      select distinct reserved_order_item_id as line from freed where freed > 0`,
  );

/**
 * Purchase order lines lose incoming goods (the caller holds their order's and their locks): a
 * lowered quantity, a cancelled order, a deleted line or order. Reservations on `lineIds` are
 * kept oldest first as far as `incomingCents(line)` (unreceived goods still to come) covers them;
 * the rest become open backorders again, to be reserved elsewhere. A ready backorder's goods have
 * arrived and stay its own.
 */
export async function releaseReservationsBeyond(tx: Tx, lineIds: number[], incomingCents: (lineId: number) => number): Promise<void> {
  if (lineIds.length === 0) return;
  const reserved = await tx
    .select({ id: customerBackorders.id, line: customerBackorders.reservedOrderItemId, quantity: customerBackorders.quantity })
    .from(customerBackorders)
    .where(and(inArray(customerBackorders.reservedOrderItemId, lineIds), eq(customerBackorders.status, 'reserved'), isNull(customerBackorders.resolvedAt)))
    .orderBy(asc(customerBackorders.createdAt), asc(customerBackorders.id))
    .for('update');
  const left = new Map(lineIds.map((id) => [id, incomingCents(id)]));
  const released: number[] = [];
  for (const b of reserved) {
    const quantity = toCents(b.quantity);
    const room = left.get(b.line!)!;
    // Once one does not fit, the younger ones behind it wait behind it, as receiving hands goods out.
    if (quantity <= room) left.set(b.line!, room - quantity);
    else {
      left.set(b.line!, -1);
      released.push(b.id);
    }
  }
  if (released.length) {
    await tx.update(customerBackorders).set({ status: 'open', reservedOrderItemId: null }).where(inArray(customerBackorders.id, released));
  }
}
