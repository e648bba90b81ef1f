import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORDER_INTERNAL_STATUSES,
  PAGE_SIZE,
  type OrderInternalStatus,
  type ListOrdersQuery,
  type OrderItemResponse,
  type OrderPage,
  type OrderResponse,
  type UpdateOrderBody,
} from '@kontor/contract';
import { inIds } from '../../db/any-of.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { DbOrTx } from '../../db/client.js';
import { wholeRows } from '../../db/whole-rows.js';
import { catalogProducts, customerBackorders, customerOrderItems, customerOrders, inventoryTransactions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countAndPage } from '../../http/row-count.js';
import { fromCents, toCents } from '../inventory/quantities.js';
import { PICK_STATUSES, statusFromPicks, statusOfItems } from './order-status.js';
import { reopenBackordersOfOrder, resolveBackordersOfCancelledOrders } from './backorders.service.js';

type ListQuery = z.output<typeof ListOrdersQuery>;
type UpdateFields = z.output<typeof UpdateOrderBody>;
/** Orders read without building their select each time (every order page and every order GET read them). */
const orderRows = wholeRows(customerOrders);

export const ORDER_MESSAGES = {
  deliverUnpicked: 'Only an order whose items are all picked can be marked delivered.',
  cancelPicked: 'An order with picked items cannot be cancelled. Unpick them first.',
  // A delivered order's picks cannot be unpicked (its goods have left): the way out is to take the delivery back first.
  cancelDelivered: 'A delivered order cannot be cancelled. Set it back to Open first, then unpick its items.',
} as const;

export type OrderRow = typeof customerOrders.$inferSelect;

const toOrderResponse = (o: OrderRow, items: OrderItemResponse[]): OrderResponse => ({
  id: o.id,
  order_number: o.orderNumber,
  source: o.source,
  storefront_status: o.storefrontStatus,
  internal_status: o.internalStatus,
  customer_name: o.customerName,
  customer_email: o.customerEmail,
  shipping_address: o.shippingAddress,
  currency: o.currency,
  total: Number(o.total),
  notes: o.notes,
  created_at: o.orderedAt.toISOString(),
  delivered_at: o.deliveredAt?.toISOString() ?? null,
  synced_at: o.syncedAt?.toISOString() ?? null,
  updated_at: o.updatedAt.toISOString(),
  order_items: items,
});

/**
 * The company's orders with their items, in the order of `orderIds` (ids of another company are
 * left out). Picked quantities come from the items' STOCK_OUT ledger rows; backordered from the
 * item's unresolved backorders.
 */
export async function loadOrders(db: DbOrTx, companyId: number, orderIds: number[]): Promise<OrderResponse[]> {
  if (orderIds.length === 0) return [];
  const orders = await orderRows.read(
    db,
    sql`select ${orderRows.columns} from ${customerOrders} where ${customerOrders.companyId} = ${companyId} and ${inIds(customerOrders.id, orderIds)}`,
  );
  const byId = new Map((await withItems(db, orders)).map((o) => [o.id, o]));
  return orderIds.flatMap((id) => byId.get(id) ?? []);
}

export type ItemRow = {
  id: number;
  orderId: number;
  position: number;
  productId: number | null;
  prodSku: string;
  prodName: string;
  quantity: string;
  price: string;
  stockProxyParentId: number | null;
  pickIds: (number | string)[];
  picked: string;
  backordered: string;
};

/**
 * The items of the orders `orderIds` selects (an SQL condition on `i.order_id`), each with its
 * picks (ids in ledger order, and their sum, from one index walk of the item's ledger rows) and
 * its unresolved backorders: one round trip for every item of every order asked for. A SQL template, not
 * drizzle's builder: every pick and unpick answers through here (ADR 0019).
 */
const itemRows = (orders: SQL) => sql`
    select i.id, i.order_id as "orderId", i.position, i.product_id as "productId", i.prod_sku as "prodSku", i.prod_name as "prodName",
      i.quantity::text as quantity, i.price::text as price, p.stock_proxy_parent_id as "stockProxyParentId",
      coalesce(picks.ids, '{}') as "pickIds", coalesce(picks.total, 0)::text as picked,
      (select coalesce(sum(b.quantity), 0) from ${customerBackorders} b
        where b.order_item_id = i.id and b.status in ('open', 'reserved', 'ready') and b.resolved_at is null)::text as backordered
    from ${customerOrderItems} i
    left join ${catalogProducts} p on p.id = i.product_id
    cross join lateral (select array_agg(it.id order by it.id) as ids, sum(it.quantity) as total from ${inventoryTransactions} it
      where it.order_item_id = i.id and it.inventory_action = 'STOCK_OUT') picks
    where ${orders}`;

const toItemResponse = (item: ItemRow): OrderItemResponse => {
  const quantityCents = toCents(item.quantity);
  const picked = toCents(item.picked);
  return {
    id: item.id,
    order: item.orderId,
    product: item.productId,
    product__stock_proxy_parent: item.stockProxyParentId,
    prod_sku: item.prodSku,
    prod_name: item.prodName,
    quantity: Number(item.quantity),
    qty_picked: Number(fromCents(picked)),
    qty_remaining: Number(fromCents(Math.max(quantityCents - picked, 0))),
    qty_backordered: Number(fromCents(toCents(item.backordered))),
    price: Number(item.price),
    inventory_transactions: item.pickIds.map(Number),
  };
};

/** An order row read with its items (refreshOrderStatus) as the API answers it. */
export const toOrderWithItems = (order: OrderRow, items: ItemRow[]): OrderResponse => toOrderResponse(order, items.map(toItemResponse));

/**
 * Sets the order's internal status from its items' picks (order-status.ts) and answers the order
 * as this leaves it, with its items. One statement, so a pick or an unpick pays one round trip
 * for both: the items are read once, in the statement's snapshot (which holds this transaction's
 * picks), and the status is computed once from them. The row is written only when its status
 * changes, and updated_at moves with it; an unchanged status writes no row version, fires no
 * history trigger and touches none of the order's indexes. Delivered and cancelled are the
 * operator's and stay. The caller holds the order's lock (or needs none: a seed). Null: no such order.
 */
export async function refreshOrderStatus(db: DbOrTx, orderId: number): Promise<{ order: OrderRow; items: ItemRow[] } | null> {
  // The items as one JSON array of item rows, in position order.
  const itemsJson = sql`(select coalesce(json_agg(x order by x.position, x.id), '[]'::json) from items x)`;
  const [row] = await orderRows.read(
    db,
    sql`with items as materialized (${itemRows(sql`i.order_id = ${orderId}`)}),
      derived as (select ${statusOfItems} as status from (select quantity::numeric as quantity, picked::numeric as picked from items) p),
      updated as (
        update ${customerOrders} set internal_status = derived.status, updated_at = now() from derived
        where ${customerOrders.id} = ${orderId} and ${inArray(customerOrders.internalStatus, PICK_STATUSES)}
          and ${customerOrders.internalStatus} <> derived.status
        returning ${orderRows.columns})
    select updated.*, ${itemsJson} as items from updated
    union all
    select ${orderRows.columns}, ${itemsJson} as items from ${customerOrders}
    where ${customerOrders.id} = ${orderId} and not exists (select 1 from updated)`,
  );
  if (!row) return null;
  const { items, ...order } = row as OrderRow & { items: ItemRow[] };
  return { order, items };
}

/** Order rows already read (a caller's locked or updated row), with their items, as responses. */
export async function withItems(db: DbOrTx, orders: OrderRow[]): Promise<OrderResponse[]> {
  if (orders.length === 0) return [];
  const items = await sqlRows<ItemRow>(
    db,
    sql`${itemRows(
      inIds(
        sql`i.order_id`,
        orders.map((o) => o.id),
      ),
    )} order by i.order_id, i.position, i.id`,
  );
  const itemsByOrder = new Map<number, OrderItemResponse[]>();
  for (const item of items) {
    const ofOrder = itemsByOrder.get(item.orderId);
    if (ofOrder) ofOrder.push(toItemResponse(item));
    else itemsByOrder.set(item.orderId, [toItemResponse(item)]);
  }
  return orders.map((o) => toOrderResponse(o, itemsByOrder.get(o.id) ?? []));
}

/** GET /customers/orders/{id}/; another company's order is a 404. */
export async function getOrder(ctx: Ctx, id: number): Promise<OrderResponse> {
  const [order] = await loadOrders(ctx.db, ctx.user.companyId, [id]);
  if (!order) throw notFound();
  return order;
}

/**
 * What an order `search=` looks in on the order itself: its number, customer name and email,
 * lowercased when the row was written (the trigram-indexed `search_text`), so the pattern is
 * lowercased once and matched with LIKE, as ILIKE would match the three fields.
 */
const orderSearchText = (pattern: string) => sql`${customerOrders.searchText} like lower(${pattern})`;

/**
 * Orders with an item whose SKU matches. An array computed once and looked up by id, rather than
 * a subquery per order, so the OR with the order's own text can use both trigram indexes (a
 * BitmapOr) instead of reading every order. The outer query keeps the company scope.
 */
const itemSkuMatches = (pattern: string) =>
  sql`${customerOrders.id} = any(array(select coi.order_id from ${customerOrderItems} coi where coi.prod_sku ilike ${pattern}))`;

const orderList: ListSpec = {
  fields: {
    order_number: { column: customerOrders.orderNumber, type: 'text' },
    internal_status: { column: customerOrders.internalStatus, type: 'text', choices: ORDER_INTERNAL_STATUSES },
    // The list's "created" is when the customer placed the order, not when the row was written.
    created_at: { column: customerOrders.orderedAt, type: 'date' },
    delivered_at: { column: customerOrders.deliveredAt, type: 'date' },
    // Ordering only: the contract's strict query schema refuses it as a filter.
    total: { column: customerOrders.total, type: 'numeric' },
  },
  search: [orderSearchText, itemSkuMatches],
  ordering: ['created_at', 'delivered_at', 'order_number', 'total', 'internal_status'],
  defaultOrdering: [desc(customerOrders.orderedAt), desc(customerOrders.id)],
};

/** GET /customers/orders/ (spec §4 order filters; page 25). */
export async function listOrders(ctx: Ctx, query: ListQuery, url: string): Promise<OrderPage> {
  const { where, orderBy } = buildListQuery(query, orderList);
  const scoped = and(eq(customerOrders.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.orders);
  // orderBy ends with the id (the list's default order does): equal sort values must not shuffle rows between pages.
  const { total, pageIds } = await countAndPage(ctx.readDb, { table: customerOrders, where: scoped, orderBy, page, search: query.search });
  // The page: the ids the search's scan found, else the page's whole rows in one statement.
  const results = pageIds
    ? await loadOrders(ctx.readDb, ctx.user.companyId, pageIds)
    : await withItems(
        ctx.readDb,
        await orderRows.read(
          ctx.readDb,
          sql`select ${orderRows.columns} from ${customerOrders} where ${scoped} order by ${sql.join(orderBy, sql`, `)} limit ${page.limit} offset ${page.offset}`,
        ),
      );
  return pageResponse(url, page, total, results);
}

/**
 * PUT /customers/orders/{id}/. The operator's statuses: delivered only when every item is fully
 * picked (stamps delivered_at), cancelled only while nothing is picked. Any of open /
 * partially_picked / picked hands the status back to the picks (reopening a delivered or
 * cancelled order), so a sent value of those three is a request to recompute, not a value to store.
 */
export async function updateOrder(ctx: Ctx, id: number, body: UpdateFields): Promise<OrderResponse> {
  const companyId = ctx.user.companyId;
  await ctx.db.transaction(async (tx) => {
    // Locked: a concurrent pick must not slip in between the check and the new status.
    const [order] = await tx
      .select()
      .from(customerOrders)
      .where(and(eq(customerOrders.companyId, companyId), eq(customerOrders.id, id)))
      .for('update');
    if (!order) throw notFound();
    const set: Partial<typeof customerOrders.$inferInsert> = { updatedAt: new Date() };
    if (body.notes !== undefined) set.notes = body.notes;
    const wanted = body.internal_status;
    const keeps = wanted === order.internalStatus && (wanted === 'delivered' || wanted === 'cancelled');
    if (wanted !== undefined && !keeps) {
      // Read after the lock is granted: a pick that committed meanwhile counts.
      const [{ derived }] = (await tx.select({ derived: statusFromPicks }).from(customerOrders).where(eq(customerOrders.id, id))) as [
        { derived: OrderInternalStatus },
      ];
      if (wanted === 'delivered') {
        if (derived !== 'picked') throw badRequest({ internal_status: [ORDER_MESSAGES.deliverUnpicked] });
        set.internalStatus = 'delivered';
        set.deliveredAt = new Date();
      } else if (wanted === 'cancelled') {
        // 'open' is "nothing picked" (order-status.ts).
        if (derived !== 'open') {
          throw badRequest({ internal_status: [order.internalStatus === 'delivered' ? ORDER_MESSAGES.cancelDelivered : ORDER_MESSAGES.cancelPicked] });
        }
        set.internalStatus = 'cancelled';
      } else {
        set.internalStatus = derived;
        set.deliveredAt = null;
      }
    }
    await tx.update(customerOrders).set(set).where(eq(customerOrders.id, id));
    if (set.internalStatus === 'cancelled') await resolveBackordersOfCancelledOrders(tx, companyId, [id]);
    else if (set.internalStatus !== undefined && order.internalStatus === 'cancelled') await reopenBackordersOfOrder(tx, id);
  });
  return getOrder(ctx, id);
}
