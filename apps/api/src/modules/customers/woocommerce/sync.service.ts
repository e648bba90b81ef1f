import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_SYNC_DEFAULT_DAYS, type SyncOrdersResponse } from '@kontor/contract';
import type { Tx } from '../../../db/client.js';
import { catalogProducts, customerOrderItems, customerOrders, inventoryTransactions, storefrontConnections, users } from '../../../db/schema/index.js';
import type { Ctx } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { fromCents, toCents } from '../../inventory/quantities.js';
import { notify } from '../../notifications/notify.js';
import { endBackorders, reopenBackordersOfOrder, reopenBackordersOfUnpickedLines } from '../backorders.service.js';
import { refreshOrderStatus } from '../orders.service.js';
import { fetchWooOrders, StorefrontError, type FetchOrdersOptions } from './client.js';
import { mapWooOrder, STOREFRONT_CANCELLED, type MappedItem, type MappedOrder } from './map.js';

export const SYNC_MESSAGES = {
  notConnected: 'Connect your storefront under Company preferences first.',
} as const;

export const syncedMessage = (synced: number, days: number, created: number, updated: number, unknownSkus: string[]) =>
  `Synced ${synced} ${synced === 1 ? 'order' : 'orders'} from the last ${days} ${days === 1 ? 'day' : 'days'}: ${created} new, ${updated} updated.` +
  (unknownSkus.length ? ` SKUs not in your catalog (their lines have no product): ${unknownSkus.join(', ')}.` : '');

const DAY_MS = 24 * 60 * 60 * 1000;
const ORDERS_SCREEN = '/customers/orders';

type ItemRow = typeof customerOrderItems.$inferSelect;
type OrderRow = typeof customerOrders.$inferSelect;

const sameNumber = (stored: string, value: number) => Number(stored) === value;

// jsonb hands keys back in its own order; compare with the keys sorted.
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const isEndedAtStore = (storefrontStatus: string) => (STOREFRONT_CANCELLED as readonly string[]).includes(storefrontStatus);

/**
 * What a re-sync changes on a line; null when it already says that. A line with picks (`pickedCents`)
 * keeps its product, whose goods were taken for it, and never orders less than was picked: the
 * store may lower it, but the goods have left the shelf until someone unpicks them, and a line
 * whose quantity fell below its picks would pass as picked with the surplus lost from view.
 * A line whose SKU matches no catalog product keeps the product an operator linked it to
 * (PUT /customers/order_items/{id}/) while the store's SKU stays what it was.
 */
function itemChanges(row: ItemRow, item: MappedItem, position: number, storeProductId: number | null, pickedCents: number): Partial<ItemRow> | null {
  const linkedHere = item.sku === row.prodSku ? row.productId : null;
  const productId = pickedCents > 0 ? row.productId : (storeProductId ?? linkedHere);
  const quantity = Math.max(toCents(String(item.quantity)), pickedCents);
  const changed =
    row.prodSku !== item.sku ||
    row.prodName !== item.name ||
    toCents(row.quantity) !== quantity ||
    !sameNumber(row.price, item.price) ||
    row.position !== position ||
    row.productId !== productId;
  if (!changed) return null;
  return { prodSku: item.sku, prodName: item.name, quantity: fromCents(quantity), price: String(item.price), position, productId };
}

function orderChanged(row: OrderRow, order: MappedOrder): boolean {
  return (
    row.externalId !== order.externalId ||
    row.storefrontStatus !== order.storefrontStatus ||
    row.customerName !== order.customerName ||
    row.customerEmail !== order.customerEmail ||
    stableJson(row.shippingAddress) !== stableJson(order.shippingAddress) ||
    row.currency !== order.currency ||
    !sameNumber(row.total, order.total) ||
    row.orderedAt.getTime() !== order.orderedAt.getTime()
  );
}

/** What was picked of each of these lines (in cents); a line without picks is absent. */
async function pickedQuantities(tx: Tx, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: inventoryTransactions.orderItemId, picked: sql<string>`sum(${inventoryTransactions.quantity})` })
    .from(inventoryTransactions)
    .where(and(inArray(inventoryTransactions.orderItemId, itemIds), eq(inventoryTransactions.inventoryAction, 'STOCK_OUT')))
    .groupBy(inventoryTransactions.orderItemId);
  return new Map(rows.map((r) => [r.id!, toCents(r.picked)]));
}

/** A line of the store's order as a new row of the customer order. */
const newLine = (companyId: number, orderId: number, item: MappedItem, position: number, productId: number | null) => ({
  companyId,
  orderId,
  productId,
  externalId: item.externalId,
  prodSku: item.sku,
  prodName: item.name,
  quantity: String(item.quantity),
  price: String(item.price),
  position,
});

/**
 * Brings an order's lines in line with the store's (matched by the storefront's line id): changed
 * lines are updated (itemChanges), new ones added; a vanished line the store once sent goes only
 * if nothing was picked on it, and only at the end (`ended.dropped`). Answers whether any changed.
 */
async function syncLines(
  tx: Tx,
  companyId: number,
  orderId: number,
  order: MappedOrder,
  rows: ItemRow[],
  picked: Map<number, number>,
  productOf: (item: MappedItem) => number | null,
  now: Date,
  ended: { dropped: { orderId: number; itemIds: number[] }[] },
): Promise<boolean> {
  let linesChanged = false;
  const byExternal = new Map(rows.filter((r) => r.externalId !== null).map((r) => [r.externalId!, r]));
  const seen = new Set<number>();
  for (const [position, item] of order.items.entries()) {
    const row = byExternal.get(item.externalId);
    if (row) {
      seen.add(row.id);
      const changes = itemChanges(row, item, position, productOf(item), picked.get(row.id) ?? 0);
      if (changes) {
        linesChanged = true;
        await tx
          .update(customerOrderItems)
          .set({ ...changes, updatedAt: now })
          .where(eq(customerOrderItems.id, row.id));
      }
    } else {
      linesChanged = true;
      await tx.insert(customerOrderItems).values(newLine(companyId, orderId, item, position, productOf(item)));
    }
  }
  // Only lines the storefront once sent: a line added here by hand is not the storefront's to remove.
  const vanished = rows.filter((r) => r.externalId !== null && !seen.has(r.id));
  const removable = vanished.filter((r) => !picked.has(r.id)).map((r) => r.id);
  if (removable.length) {
    linesChanged = true;
    // Deleted at the end, with their backorders, once the purchase order lines they may free are locked.
    ended.dropped.push({ orderId, itemIds: removable });
  }
  return linesChanged;
}

/**
 * Writes one order from the storefront: a new one with its lines, or an update of the one with
 * that number (its lines follow the store's, syncLines, but a delivered order's). Returns 'created', 'updated' or null when nothing changed. An order the store
 * cancelled is added to `ended.cancelled`, a line it no longer sends (and nothing was picked on)
 * to `ended.dropped`: their backorders are resolved or deleted, and the dropped lines deleted,
 * once every order is written (endBackorders locks purchase order lines, which come after the
 * customer orders).
 */
async function upsertOrder(
  tx: Tx,
  companyId: number,
  order: MappedOrder,
  products: Map<string, number>,
  now: Date,
  ended: { cancelled: number[]; dropped: { orderId: number; itemIds: number[] }[] },
): Promise<'created' | 'updated' | null> {
  const productOf = (item: MappedItem) => (item.sku ? (products.get(item.sku) ?? null) : null);
  const endedAtStore = isEndedAtStore(order.storefrontStatus);
  const fields = {
    externalId: order.externalId,
    storefrontStatus: order.storefrontStatus,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shippingAddress: order.shippingAddress,
    currency: order.currency,
    total: String(order.total),
    orderedAt: order.orderedAt,
  };
  const [existing] = await tx
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.companyId, companyId), eq(customerOrders.orderNumber, order.orderNumber)))
    .for('update');

  if (!existing) {
    const [row] = await tx
      .insert(customerOrders)
      .values({
        companyId,
        orderNumber: order.orderNumber,
        source: 'woocommerce',
        ...fields,
        internalStatus: endedAtStore ? 'cancelled' : 'open',
        syncedAt: now,
      })
      .returning({ id: customerOrders.id });
    if (order.items.length) {
      await tx.insert(customerOrderItems).values(order.items.map((item, position) => newLine(companyId, row!.id, item, position, productOf(item))));
    }
    return 'created';
  }

  let changed = orderChanged(existing, order);
  const rows = await tx.select().from(customerOrderItems).where(eq(customerOrderItems.orderId, existing.id));
  // Read under the order's lock, which a pick takes too: no pick of these lines comes in meanwhile.
  const picked = await pickedQuantities(
    tx,
    rows.map((r) => r.id),
  );
  // A delivered order's lines stay as they were delivered: the goods have left, and a line raised,
  // added or dropped now would reopen backorders, or show a delivered order short, for goods the
  // customer has. Its header (status at the store, customer, address, total) still follows the store.
  const linesChanged = existing.internalStatus !== 'delivered' && (await syncLines(tx, companyId, existing.id, order, rows, picked, productOf, now, ended));
  if (linesChanged) changed = true;

  const cancel = endedAtStore && existing.internalStatus !== 'cancelled' && existing.internalStatus !== 'delivered' && picked.size === 0;
  // The store takes back its own cancel (a failed payment paid on a retry, say): the order is
  // live again. One cancelled here while the store still had it live stays cancelled.
  const reopen = !endedAtStore && existing.internalStatus === 'cancelled' && isEndedAtStore(existing.storefrontStatus);
  if (cancel || reopen) changed = true;
  const internalStatus = cancel ? { internalStatus: 'cancelled' as const } : reopen ? { internalStatus: 'open' as const } : {};
  await tx
    .update(customerOrders)
    .set({ ...fields, syncedAt: now, ...(changed ? { updatedAt: now } : {}), ...internalStatus })
    .where(eq(customerOrders.id, existing.id));
  if (cancel) ended.cancelled.push(existing.id);
  if (reopen) await reopenBackordersOfOrder(tx, existing.id);
  // A fully picked line the store raised is short again: the backorders its pick resolved wait
  // again. Nothing came back to the shelf, so nothing is freed on a purchase order line.
  if (linesChanged && picked.size) await reopenBackordersOfUnpickedLines(tx, [...picked.keys()], { returned: false });
  // A reopened order's status follows its picks again (open, as a cancelled order has none).
  if (changed) await refreshOrderStatus(tx, existing.id);
  return changed ? 'updated' : null;
}

/**
 * GET /customers/orders/sync[?no_of_days=]: reads the storefront's orders of the window and
 * upserts them by order number in one transaction. The store is read completely before anything
 * is written, so a failing store (502) changes nothing.
 */
export async function syncOrders(ctx: Ctx, days = ORDER_SYNC_DEFAULT_DAYS, options: FetchOrdersOptions): Promise<SyncOrdersResponse> {
  const companyId = ctx.user.companyId;
  const [connection] = await ctx.db.select().from(storefrontConnections).where(eq(storefrontConnections.companyId, companyId));
  if (!connection) throw new AppError('bad_request', SYNC_MESSAGES.notConnected);

  const now = new Date();
  let fetched;
  try {
    fetched = await fetchWooOrders(
      { storeUrl: connection.storeUrl, consumerKey: connection.consumerKey, consumerSecret: connection.consumerSecret },
      new Date(now.getTime() - days * DAY_MS),
      options,
    );
  } catch (err) {
    if (err instanceof StorefrontError) throw new AppError('bad_gateway', err.message);
    throw err;
  }
  // A page boundary moving under a new order can repeat one; the last copy wins.
  const orders = [...new Map(fetched.map((o) => mapWooOrder(o, now)).map((o) => [o.orderNumber, o])).values()];
  const skus = [...new Set(orders.flatMap((o) => o.items.map((i) => i.sku)).filter(Boolean))];

  return ctx.db.transaction(async (tx) => {
    // One sync per company at a time: two would race to insert the same order numbers.
    await tx.select({ id: storefrontConnections.companyId }).from(storefrontConnections).where(eq(storefrontConnections.companyId, companyId)).for('update');
    const productRows = skus.length
      ? await tx
          .select({ id: catalogProducts.id, sku: catalogProducts.sku })
          .from(catalogProducts)
          .where(and(eq(catalogProducts.companyId, companyId), inArray(catalogProducts.sku, skus)))
      : [];
    const products = new Map(productRows.map((p) => [p.sku, p.id]));
    const unknownSkus = skus.filter((s) => !products.has(s)).sort();

    let created = 0;
    let updated = 0;
    const ended = { cancelled: [] as number[], dropped: [] as { orderId: number; itemIds: number[] }[] };
    for (const order of orders) {
      const outcome = await upsertOrder(tx, companyId, order, products, now, ended);
      if (outcome === 'created') created += 1;
      else if (outcome === 'updated') updated += 1;
    }
    // After the last customer order lock: the goods of the ended backorders pass on, as a cancel or a backorder delete passes them.
    const droppedItemIds = ended.dropped.flatMap((d) => d.itemIds);
    await endBackorders(tx, companyId, { cancelledOrderIds: ended.cancelled, droppedItemIds });
    if (droppedItemIds.length) {
      await tx.delete(customerOrderItems).where(inArray(customerOrderItems.id, droppedItemIds));
      // Their orders' status was worked out with the dropped lines still there.
      for (const { orderId } of ended.dropped) await refreshOrderStatus(tx, orderId);
    }
    await tx.update(storefrontConnections).set({ lastSyncedAt: now }).where(eq(storefrontConnections.companyId, companyId));

    const message = syncedMessage(orders.length, days, created, updated, unknownSkus);
    const receivers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
    for (const receiver of receivers) {
      await notify(tx, { companyId, receiverUserId: receiver.id, kind: 'sync', title: 'Order sync finished', message, link: ORDERS_SCREEN });
    }
    return { message, created, updated, unknown_skus: unknownSkus };
  });
}
