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
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { invalidPk, MESSAGES_LEDGER } from '../inventory/ledger.service.js';
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
 * order is reopened, a picked line's when an unpick leaves the line short again.
 */
export async function deleteBackorder(ctx: Ctx, id: number): Promise<void> {
  // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
  const deleted = await ctx.db.transaction((tx) =>
    tx
      .delete(customerBackorders)
      .where(openOfCompany(ctx.user.companyId, eq(customerBackorders.id, id)))
      .returning({ id: customerBackorders.id }),
  );
  if (deleted.length === 0) throw notFound();
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
 * neither received nor reserved. Locks the purchase order and its line first, as receiving does,
 * so a receipt and a reservation of one line never interleave.
 */
export async function reserveBackorder(ctx: Ctx, id: number, body: ReserveFields): Promise<ReserveBackorderResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: customerBackorders.id })
      .from(customerBackorders)
      .where(openOfCompany(companyId, eq(customerBackorders.id, id)));
    if (!exists) throw notFound();
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
 * An order was cancelled (the caller holds its lock): its open backorders are resolved, so
 * nothing is ordered, reserved or handed out for a customer who wants nothing any more. Every
 * count of reservations counts only unresolved backorders, and the goods received for a ready
 * one are free again (markReservedBackordersReady).
 */
export async function resolveBackordersOfCancelledOrder(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(customerBackorders)
    .set({ resolvedAt: new Date(), resolution: 'order_cancelled' })
    .where(and(isNull(customerBackorders.resolvedAt), backordersOfOrder(orderId)));
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
 * gone to other backorders meanwhile, and for no more than is left to pick. One statement, so
 * a pick can send it behind its write and it reads the picks as that write left them.
 */
export const reopenBackordersOfUnpickedLines = (tx: Tx, lineIds: number[]) =>
  sqlRows(
    tx,
    sql`update ${customerBackorders} b
      set resolved_at = null, resolution = null, status = 'open', reserved_order_item_id = null, ready_at = null,
        quantity = least(b.quantity, short.remaining)
      from (
        select i.id, i.quantity - coalesce((select sum(it.quantity) from ${inventoryTransactions} it
          where it.order_item_id = i.id and it.inventory_action = 'STOCK_OUT'), 0) as remaining
        from ${customerOrderItems} i where i.id in (${sql.join(
          lineIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
      ) short
      where b.resolution = 'picked' and b.order_item_id = short.id and short.remaining > 0`,
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
