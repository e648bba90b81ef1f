import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGES,
  PAGE_SIZE,
  ProcurementOrderStatus,
  type CreateProcurementOrderBody,
  type CreateProcurementOrderItemBody,
  type CreateProcurementOrderItemResponse,
  type ListProcurementOrderItemsQuery,
  type ListProcurementOrdersQuery,
  type ProcurementOrderDetailResponse,
  type ProcurementOrderItemPage,
  type ProcurementOrderItemResponse,
  type ProcurementOrderPage,
  type ProcurementOrderResponse,
  type ReceiveProcurementOrderItemBody,
  type ReceiveProcurementOrderItemResponse,
  type UpdateProcurementOrderBody,
  type UpdateProcurementOrderItemBody,
} from '@kontor/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  catalogProducts,
  companyCounters,
  customerBackorders,
  inventoryLocations,
  procurementOrderItems,
  procurementOrders,
  procurementProducts,
  procurementReceipts,
  procurementSuppliers,
  users,
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { markReservedBackordersReady, releaseReservationsBeyond } from '../customers/backorders.service.js';
import { recordTransactions } from '../inventory/ledger.service.js';
import { displayQuantity, fromCents, toCents } from '../inventory/quantities.js';
import { toTransactionResponse } from '../inventory/transactions.service.js';
import { notify } from '../notifications/notify.js';

type CreateOrderFields = z.output<typeof CreateProcurementOrderBody>;
type UpdateOrderFields = z.output<typeof UpdateProcurementOrderBody>;
type CreateItemFields = z.output<typeof CreateProcurementOrderItemBody>;
type UpdateItemFields = z.output<typeof UpdateProcurementOrderItemBody>;
type ReceiveFields = z.output<typeof ReceiveProcurementOrderItemBody>;
type ListQuery = z.output<typeof ListProcurementOrdersQuery>;
type ListItemsQuery = z.output<typeof ListProcurementOrderItemsQuery>;

export const ORDER_MESSAGES = {
  numberTaken: 'A procurement order with this internal order number already exists.',
  cancelled: 'This order is cancelled.',
  cannotCancel: 'An order with received goods cannot be cancelled.',
  cannotDeleteOrder: 'This order has received goods and cannot be deleted.',
  cannotDeleteItem: 'This item has received goods and cannot be deleted.',
  archivedProduct: 'This product is archived.',
} as const;
export const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;
export const statusFollowsReceipts = (derived: string) =>
  `The status follows the received quantities (this order is ${derived}); it can only be set to cancelled, or back from cancelled.`;
export const belowReceived = (receivedCents: number) =>
  `Ensure this value is greater than or equal to the quantity already received (${displayQuantity(receivedCents)}).`;
export const overReceipt = (remainingCents: number, orderedCents: number) =>
  `Cannot receive more than was ordered: ${displayQuantity(remainingCents)} of ${displayQuantity(orderedCents)} left to receive.`;
/** The ledger comment of a receipt: which order the goods came on. */
export const receiptComment = (orderNumber: string, comments: string) =>
  comments.trim() ? `Received on ${orderNumber}: ${comments.trim()}` : `Received on ${orderNumber}`;

const ORDER_COUNTER = 'procurement_order';
const formatOrderNumber = (n: number) => `PO-${String(n).padStart(6, '0')}`;

// Qualified by hand: inside a subquery a bare "id" would be the item's own.
const itemsCount = sql<number>`(select count(*) from procurement_order_items poi where poi.order_id = "procurement_orders"."id")`.mapWith(Number);
const quantityTotal = sql<string>`(select coalesce(sum(poi.quantity), 0) from procurement_order_items poi where poi.order_id = "procurement_orders"."id")`;
const quantityReceivedTotal = sql<string>`(select coalesce(sum(poi.quantity_received), 0) from procurement_order_items poi where poi.order_id = "procurement_orders"."id")`;

const orderColumns = {
  id: procurementOrders.id,
  supplierId: procurementOrders.supplierId,
  supplierName: procurementSuppliers.name,
  internalOrderNumber: procurementOrders.internalOrderNumber,
  status: procurementOrders.status,
  comments: procurementOrders.comments,
  itemsCount,
  quantityTotal,
  quantityReceivedTotal,
  accountId: procurementOrders.accountId,
  createdAt: procurementOrders.createdAt,
  updatedAt: procurementOrders.updatedAt,
};

function selectOrders(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(orderColumns)
    .from(procurementOrders)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementOrders.supplierId))
    .where(where);
}
type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

const toOrderResponse = (r: OrderRow): ProcurementOrderResponse => ({
  id: r.id,
  supplier: r.supplierId,
  supplier_name: r.supplierName,
  internal_order_number: r.internalOrderNumber,
  status: r.status,
  comments: r.comments,
  items_count: r.itemsCount,
  quantity_total: Number(r.quantityTotal),
  quantity_received_total: Number(r.quantityReceivedTotal),
  account: r.accountId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const orderList: ListSpec = {
  fields: {
    id: { column: procurementOrders.id, type: 'int' },
    supplier: { column: procurementOrders.supplierId, type: 'int' },
    status: { column: procurementOrders.status, type: 'text', choices: ProcurementOrderStatus.options },
    internal_order_number: { column: procurementOrders.internalOrderNumber, type: 'text' },
    created_at: { column: procurementOrders.createdAt, type: 'date' },
    // Ordering only: the contract's strict query schema refuses them as filters.
    updated_at: { column: procurementOrders.updatedAt, type: 'date' },
    supplier_name: { column: procurementSuppliers.name, type: 'text' },
  },
  search: [procurementOrders.internalOrderNumber, procurementSuppliers.name],
  ordering: ['id', 'created_at', 'updated_at', 'internal_order_number', 'status', 'supplier_name'],
  defaultOrdering: [desc(procurementOrders.createdAt), desc(procurementOrders.id)],
};

const orderOfCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(procurementOrders.companyId, ctx.user.companyId), ...conditions);

export async function listOrders(ctx: Ctx, query: ListQuery, url: string): Promise<ProcurementOrderPage> {
  const { where, orderBy } = buildListQuery(query, orderList);
  const scoped = orderOfCompany(ctx, where);
  const page = pageRequest(query, PAGE_SIZE.orders);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(procurementOrders)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementOrders.supplierId))
    .where(scoped);
  const rows = await selectOrders(ctx.db, scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toOrderResponse));
}

// Only live reservations hold incoming goods: a ready backorder's goods are already in stock, and
// a resolved one (its line was picked from other stock) waits for nothing (as freeIncomingCents counts).
const itemReserved = sql<string>`(select coalesce(sum(cb.quantity), 0) from customer_backorders cb
  where cb.reserved_order_item_id = "procurement_order_items"."id" and cb.status = 'reserved' and cb.resolved_at is null)`;

const itemList: ListSpec = {
  fields: {
    product: { column: procurementOrderItems.productId, type: 'int' },
    order: { column: procurementOrderItems.orderId, type: 'int' },
    order__status: { column: procurementOrders.status, type: 'text', choices: ProcurementOrderStatus.options },
  },
  defaultOrdering: [asc(procurementOrders.createdAt), asc(procurementOrderItems.id)],
};

/** Purchase order lines of the company across orders, oldest order first (the first to arrive). */
export async function listItems(ctx: Ctx, query: ListItemsQuery, url: string): Promise<ProcurementOrderItemPage> {
  const { where, orderBy } = buildListQuery(query, itemList);
  const scoped = and(eq(procurementOrderItems.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.orders);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(procurementOrderItems)
    .innerJoin(procurementOrders, eq(procurementOrders.id, procurementOrderItems.orderId))
    .where(scoped);
  const rows = await ctx.db
    .select({
      id: procurementOrderItems.id,
      orderId: procurementOrderItems.orderId,
      orderNumber: procurementOrders.internalOrderNumber,
      orderStatus: procurementOrders.status,
      supplierName: procurementSuppliers.name,
      productId: procurementOrderItems.productId,
      sku: catalogProducts.sku,
      productName: catalogProducts.name,
      procurementProductId: procurementOrderItems.procurementProductId,
      quantity: procurementOrderItems.quantity,
      quantityReceived: procurementOrderItems.quantityReceived,
      unitCostSek: procurementOrderItems.unitCostSek,
      reserved: itemReserved,
      createdAt: procurementOrderItems.createdAt,
      updatedAt: procurementOrderItems.updatedAt,
    })
    .from(procurementOrderItems)
    .innerJoin(procurementOrders, eq(procurementOrders.id, procurementOrderItems.orderId))
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementOrders.supplierId))
    .innerJoin(catalogProducts, eq(catalogProducts.id, procurementOrderItems.productId))
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(
    url,
    page,
    total?.n ?? 0,
    rows.map((i) => ({
      id: i.id,
      order: i.orderId,
      order_number: i.orderNumber,
      order_status: i.orderStatus,
      supplier_name: i.supplierName,
      product: i.productId,
      product_sku: i.sku,
      product_name: i.productName,
      procurement_product: i.procurementProductId,
      quantity: Number(i.quantity),
      quantity_received: Number(i.quantityReceived),
      unit_cost_sek: i.unitCostSek === null ? null : Number(i.unitCostSek),
      reserved: Number(i.reserved),
      created_at: i.createdAt.toISOString(),
      updated_at: i.updatedAt.toISOString(),
    })),
  );
}

/** Items of the company with their receipts, in id order. */
async function loadItems(db: DbOrTx, companyId: number, where: SQL): Promise<ProcurementOrderItemResponse[]> {
  const items = await db
    .select({
      id: procurementOrderItems.id,
      orderId: procurementOrderItems.orderId,
      productId: procurementOrderItems.productId,
      sku: catalogProducts.sku,
      productName: catalogProducts.name,
      procurementProductId: procurementOrderItems.procurementProductId,
      quantity: procurementOrderItems.quantity,
      quantityReceived: procurementOrderItems.quantityReceived,
      unitCostSek: procurementOrderItems.unitCostSek,
      createdAt: procurementOrderItems.createdAt,
      updatedAt: procurementOrderItems.updatedAt,
    })
    .from(procurementOrderItems)
    .innerJoin(catalogProducts, eq(catalogProducts.id, procurementOrderItems.productId))
    .where(and(eq(procurementOrderItems.companyId, companyId), where))
    .orderBy(asc(procurementOrderItems.id));
  const receipts = items.length
    ? await db
        .select({
          id: procurementReceipts.id,
          itemId: procurementReceipts.orderItemId,
          locationId: procurementReceipts.locationId,
          abbreviationSlug: inventoryLocations.abbreviationSlug,
          quantity: procurementReceipts.quantity,
          transactionId: procurementReceipts.transactionId,
          accountId: procurementReceipts.accountId,
          createdAt: procurementReceipts.createdAt,
        })
        .from(procurementReceipts)
        .innerJoin(inventoryLocations, eq(inventoryLocations.id, procurementReceipts.locationId))
        .where(
          inArray(
            procurementReceipts.orderItemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(asc(procurementReceipts.id))
    : [];
  return items.map((i) => ({
    id: i.id,
    order: i.orderId,
    product: i.productId,
    product_sku: i.sku,
    product_name: i.productName,
    procurement_product: i.procurementProductId,
    quantity: Number(i.quantity),
    quantity_received: Number(i.quantityReceived),
    unit_cost_sek: i.unitCostSek === null ? null : Number(i.unitCostSek),
    receipts: receipts
      .filter((r) => r.itemId === i.id)
      .map((r) => ({
        id: r.id,
        location: r.locationId,
        location_abbreviation_slug: r.abbreviationSlug,
        quantity: Number(r.quantity),
        transaction: r.transactionId,
        account: r.accountId,
        created_at: r.createdAt.toISOString(),
      })),
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  }));
}

async function loadOrder(db: DbOrTx, ctx: Ctx, id: number): Promise<ProcurementOrderDetailResponse> {
  const [row] = await selectOrders(db, orderOfCompany(ctx, eq(procurementOrders.id, id)));
  if (!row) throw notFound();
  return { ...toOrderResponse(row), items: await loadItems(db, ctx.user.companyId, eq(procurementOrderItems.orderId, id)) };
}

export const getOrder = (ctx: Ctx, id: number) => loadOrder(ctx.db, ctx, id);

/** The next number of a company counter: one atomic upsert, so two callers never get the same value. */
async function nextCounterValue(tx: Tx, companyId: number, name: string): Promise<number> {
  const [row] = await tx
    .insert(companyCounters)
    .values({ companyId, name, value: 1 })
    .onConflictDoUpdate({ target: [companyCounters.companyId, companyCounters.name], set: { value: sql`${companyCounters.value} + 1` } })
    .returning({ value: companyCounters.value });
  return row!.value;
}

/**
 * POST /procurement/orders/. Without a number the company's next PO-000001... is used (a number
 * an operator already typed by hand is skipped); a sent number is kept as sent and must be
 * unique in the company.
 */
export async function createOrder(ctx: Ctx, body: CreateOrderFields): Promise<ProcurementOrderDetailResponse> {
  const companyId = ctx.user.companyId;
  const [supplier] = await ctx.db
    .select({ id: procurementSuppliers.id })
    .from(procurementSuppliers)
    .where(and(eq(procurementSuppliers.companyId, companyId), eq(procurementSuppliers.id, body.supplier)));
  if (!supplier) throw badRequest({ supplier: [invalidPk(body.supplier)] });
  const values = { companyId, accountId: ctx.user.id, supplierId: supplier.id, comments: body.comments ?? '' };
  const sent = body.internal_order_number?.trim();
  if (sent) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(procurementOrders)
          .values({ ...values, internalOrderNumber: sent })
          .returning({ id: procurementOrders.id });
        return loadOrder(tx, ctx, row!.id);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'procurement_orders_company_number_key')) throw badRequest({ internal_order_number: [ORDER_MESSAGES.numberTaken] });
      throw err;
    }
  }
  return ctx.db.transaction(async (tx) => {
    for (;;) {
      const number = formatOrderNumber(await nextCounterValue(tx, companyId, ORDER_COUNTER));
      try {
        // A savepoint: a clash with a hand-typed number spoils only this attempt.
        const [row] = await tx.transaction(async (sp) =>
          sp
            .insert(procurementOrders)
            .values({ ...values, internalOrderNumber: number })
            .returning({ id: procurementOrders.id }),
        );
        return loadOrder(tx, ctx, row!.id);
      } catch (err) {
        if (!isUniqueViolation(err, 'procurement_orders_company_number_key')) throw err;
      }
    }
  });
}

/** Locks an order of the company (the first step of every write to it or its items). */
async function lockOrder(tx: Tx, ctx: Ctx, id: number) {
  const [order] = await tx
    .select()
    .from(procurementOrders)
    .where(orderOfCompany(ctx, eq(procurementOrders.id, id)))
    .for('no key update');
  return order;
}

/**
 * What the receipts say the status is: nothing received (or no items) is open, everything
 * received is received, anything between is partially received.
 */
async function derivedStatus(tx: Tx, orderId: number): Promise<'open' | 'partially_received' | 'received'> {
  const [row] = await tx
    .select({
      items: count(),
      received: sql<number>`count(*) filter (where ${procurementOrderItems.quantityReceived} > 0)`.mapWith(Number),
      complete: sql<number>`count(*) filter (where ${procurementOrderItems.quantityReceived} >= ${procurementOrderItems.quantity})`.mapWith(Number),
    })
    .from(procurementOrderItems)
    .where(eq(procurementOrderItems.orderId, orderId));
  if (!row || row.items === 0 || row.received === 0) return 'open';
  return row.complete === row.items ? 'received' : 'partially_received';
}

/** After an item change: a cancelled order stays cancelled, any other follows its receipts. */
async function refreshOrderStatus(tx: Tx, order: { id: number; status: string }) {
  const status = order.status === 'cancelled' ? 'cancelled' : await derivedStatus(tx, order.id);
  await tx.update(procurementOrders).set({ status, updatedAt: new Date() }).where(eq(procurementOrders.id, order.id));
}

const hasReceipts = async (tx: Tx, orderId: number) =>
  (
    await tx
      .select({ n: count() })
      .from(procurementOrderItems)
      .where(and(eq(procurementOrderItems.orderId, orderId), sql`${procurementOrderItems.quantityReceived} > 0`))
  )[0]!.n > 0;

/** PUT /procurement/orders/{id}/: comments, and the status as far as operators may set it. */
export async function updateOrder(ctx: Ctx, id: number, body: UpdateOrderFields): Promise<ProcurementOrderDetailResponse> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, ctx, id);
    if (!order) throw notFound();
    const changes: Partial<typeof procurementOrders.$inferInsert> = { updatedAt: new Date() };
    if (body.status !== undefined && body.status !== order.status) {
      if (body.status === 'cancelled') {
        if (await hasReceipts(tx, id)) throw badRequest({ status: [ORDER_MESSAGES.cannotCancel] });
      } else {
        const derived = await derivedStatus(tx, id);
        if (body.status !== derived) throw badRequest({ status: [statusFollowsReceipts(derived)] });
      }
      changes.status = body.status;
    }
    if (body.comments !== undefined) changes.comments = body.comments;
    await tx.update(procurementOrders).set(changes).where(eq(procurementOrders.id, id));
    // Nothing comes on a cancelled order: the backorders reserved on it wait for other goods.
    if (changes.status === 'cancelled') await releaseReservationsBeyond(tx, await lineIdsOf(tx, id), () => 0);
    return loadOrder(tx, ctx, id);
  });
}

const lineIdsOf = async (tx: Tx, orderId: number) =>
  (await tx.select({ id: procurementOrderItems.id }).from(procurementOrderItems).where(eq(procurementOrderItems.orderId, orderId))).map((r) => r.id);

/** DELETE /procurement/orders/{id}/: only while nothing was received on it (the ledger keeps its receipts). */
export async function deleteOrder(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, ctx, id);
    if (!order) throw notFound();
    if (await hasReceipts(tx, id)) throw new AppError('conflict', ORDER_MESSAGES.cannotDeleteOrder);
    await releaseReservationsBeyond(tx, await lineIdsOf(tx, id), () => 0);
    await tx.delete(procurementOrders).where(eq(procurementOrders.id, id));
  });
}

/**
 * Locks an item's order, then the item (the same order as every other writer of an order:
 * order first), so the order's status is always computed from settled items.
 */
async function lockItem(tx: Tx, ctx: Ctx, id: number) {
  const [ref] = await tx
    .select({ orderId: procurementOrderItems.orderId })
    .from(procurementOrderItems)
    .where(and(eq(procurementOrderItems.id, id), eq(procurementOrderItems.companyId, ctx.user.companyId)));
  if (!ref) throw notFound();
  const order = await lockOrder(tx, ctx, ref.orderId);
  const [item] = await tx.select().from(procurementOrderItems).where(eq(procurementOrderItems.id, id)).for('no key update');
  // Deleted by a request that held the lock before us.
  if (!order || !item) throw notFound();
  return { order, item };
}

const loadItem = async (db: DbOrTx, ctx: Ctx, id: number) => (await loadItems(db, ctx.user.companyId, eq(procurementOrderItems.id, id)))[0]!;

/**
 * POST /procurement/order_items/: puts a catalog product on the order. A product already on it
 * gets the quantity added. The item remembers the product's procurement product at the order's
 * supplier (an active one first, then the cheapest) and its cost in SEK.
 */
export async function createItem(ctx: Ctx, body: CreateItemFields): Promise<CreateProcurementOrderItemResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, ctx, body.order);
    const [product] = await tx
      .select({ id: catalogProducts.id, archivedAt: catalogProducts.archivedAt })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, companyId), eq(catalogProducts.id, body.product)));
    const errors: Record<string, string[]> = {};
    if (!order) errors.order = [invalidPk(body.order)];
    else if (order.status === 'cancelled') errors.order = [ORDER_MESSAGES.cancelled];
    if (!product) errors.product = [invalidPk(body.product)];
    else if (product.archivedAt) errors.product = [ORDER_MESSAGES.archivedProduct];
    if (Object.keys(errors).length) throw badRequest(errors);

    const [source] = await tx
      .select({ id: procurementProducts.id, costSek: procurementProducts.costSek })
      .from(procurementProducts)
      .where(
        and(
          eq(procurementProducts.companyId, companyId),
          eq(procurementProducts.catalogProductId, product!.id),
          eq(procurementProducts.supplierId, order!.supplierId),
        ),
      )
      .orderBy(sql`${procurementProducts.status} = 'active' desc`, sql`${procurementProducts.costSek} asc nulls last`, asc(procurementProducts.id))
      .limit(1);
    const [row] = await tx
      .insert(procurementOrderItems)
      .values({
        companyId,
        orderId: order!.id,
        productId: product!.id,
        procurementProductId: source?.id ?? null,
        quantity: body.quantity,
        unitCostSek: source?.costSek ?? null,
      })
      .onConflictDoUpdate({
        target: [procurementOrderItems.orderId, procurementOrderItems.productId],
        set: {
          quantity: sql`${procurementOrderItems.quantity} + excluded.quantity`,
          procurementProductId: sql`coalesce(${procurementOrderItems.procurementProductId}, excluded.procurement_product_id)`,
          unitCostSek: sql`coalesce(${procurementOrderItems.unitCostSek}, excluded.unit_cost_sek)`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: procurementOrderItems.id });
    await refreshOrderStatus(tx, order!);
    return { ...(await loadItem(tx, ctx, row!.id)), message: MESSAGES.ordered };
  });
}

/**
 * PUT /procurement/order_items/{id}/ {quantity}: never below what was already received. Lowered
 * below what is received and reserved, the youngest reservations it no longer covers are released.
 */
export async function updateItem(ctx: Ctx, id: number, body: UpdateItemFields): Promise<ProcurementOrderItemResponse> {
  return ctx.db.transaction(async (tx) => {
    const { order, item } = await lockItem(tx, ctx, id);
    if (order.status === 'cancelled') throw badRequest({ non_field_errors: [ORDER_MESSAGES.cancelled] });
    const received = toCents(item.quantityReceived);
    if (toCents(body.quantity) < received) throw badRequest({ quantity: [belowReceived(received)] });
    await tx.update(procurementOrderItems).set({ quantity: body.quantity, updatedAt: new Date() }).where(eq(procurementOrderItems.id, id));
    await releaseReservationsBeyond(tx, [id], () => toCents(body.quantity) - received);
    await refreshOrderStatus(tx, order);
    return loadItem(tx, ctx, id);
  });
}

/** DELETE /procurement/order_items/{id}/: only while nothing was received on it. */
export async function deleteItem(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { order, item } = await lockItem(tx, ctx, id);
    if (toCents(item.quantityReceived) > 0) throw new AppError('conflict', ORDER_MESSAGES.cannotDeleteItem);
    await releaseReservationsBeyond(tx, [id], () => 0);
    await tx.delete(procurementOrderItems).where(eq(procurementOrderItems.id, id));
    await refreshOrderStatus(tx, order);
  });
}

/**
 * Tells the company's users that goods a customer waits for have arrived (DESIGN §5
 * notifications), and how many backorders reserved against this line the receipt made ready.
 */
async function notifyBackorderedReceipt(tx: Tx, companyId: number, productId: number, quantityCents: number, orderNumber: string, readyCount: number) {
  const [open] = await tx
    .select({ n: count() })
    .from(customerBackorders)
    .where(and(eq(customerBackorders.companyId, companyId), eq(customerBackorders.productId, productId), sql`${customerBackorders.resolvedAt} is null`));
  if (!open || open.n === 0) return;
  const [product] = await tx.select({ sku: catalogProducts.sku, name: catalogProducts.name }).from(catalogProducts).where(eq(catalogProducts.id, productId));
  const receivers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  const ready = readyCount > 0 ? ` ${readyCount} reserved backorder(s) are now ready to pick.` : '';
  for (const receiver of receivers) {
    await notify(tx, {
      companyId,
      receiverUserId: receiver.id,
      kind: 'backorder_received',
      title: `Backordered product received: ${product!.sku} ${product!.name}`,
      message: `${displayQuantity(quantityCents)} received on ${orderNumber}; ${open.n} customer backorder(s) wait for it.${ready}`,
      link: '/customers/pick-and-pack',
    });
  }
}

/**
 * POST /procurement/order_items/{id}/receive/: books the goods into a location. One
 * transaction: the order and item locks serialise receipts of the item, so concurrent
 * receipts can never add up to more than was ordered; the STOCK_IN goes through the ledger
 * (which refuses an obsolete location); the receipt row, quantity_received and the order's
 * status follow. Refused means nothing changed.
 */
export async function receiveItem(ctx: Ctx, id: number, body: ReceiveFields): Promise<ReceiveProcurementOrderItemResponse> {
  const companyId = ctx.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const { order, item } = await lockItem(tx, ctx, id);
    if (order.status === 'cancelled') throw badRequest({ non_field_errors: [ORDER_MESSAGES.cancelled] });
    const ordered = toCents(item.quantity);
    const received = toCents(item.quantityReceived);
    const quantity = toCents(body.quantity);
    if (received + quantity > ordered) throw badRequest({ quantity: [overReceipt(ordered - received, ordered)] });

    const [transaction] = await recordTransactions(tx, { companyId, userId: ctx.user.id }, [
      {
        productId: item.productId,
        locationId: body.location,
        action: 'STOCK_IN',
        quantity: body.quantity,
        comments: receiptComment(order.internalOrderNumber, body.comments),
      },
    ]);
    await tx.insert(procurementReceipts).values({
      companyId,
      accountId: ctx.user.id,
      orderItemId: item.id,
      locationId: body.location,
      transactionId: transaction!.id,
      quantity: body.quantity,
    });
    await tx
      .update(procurementOrderItems)
      .set({ quantityReceived: sql`${procurementOrderItems.quantityReceived} + ${body.quantity}::numeric`, updatedAt: new Date() })
      .where(eq(procurementOrderItems.id, item.id));
    await refreshOrderStatus(tx, order);
    const readyCount = await markReservedBackordersReady(tx, companyId, { id: item.id, quantityReceived: fromCents(received + quantity) });
    await notifyBackorderedReceipt(tx, companyId, item.productId, quantity, order.internalOrderNumber, readyCount);
    return { item: await loadItem(tx, ctx, item.id), transaction: toTransactionResponse({ ...transaction!, procurementOrderItemId: item.id }) };
  });
}
