import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FieldErrors, InventoryAction } from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { catalogProducts, inventoryLevels, inventoryLocations, inventoryTransactionHistory, inventoryTransactions, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { notify } from '../notifications/notify.js';
import { displayQuantity, fromCents, toCents } from './quantities.js';

/**
 * THE place where stock changes (DESIGN §5). Every ledger write — the transactions API, moves,
 * picking and receiving — goes through `recordTransactions`, `editTransaction` or `deleteTransaction`,
 * always inside the caller's database transaction.
 *
 * Lock order, the same for every writer so two writers never wait on each other in a circle:
 *   1. the products, FOR UPDATE, by id. This serialises all writers of one product, which is
 *      what makes the qty_in_stock recomputation and the low-stock notice race-free;
 *   2. the locations, by id: FOR SHARE (a concurrent PUT cannot flip obsolete/not_for_stock
 *      under us), FOR NO KEY UPDATE where a count will set stocktaking_perfomed_at;
 *   3. the level rows, FOR UPDATE, by (location id, product id).
 */

export type LedgerActor = { companyId: number; userId: number | null };

export type LedgerEntry = {
  productId: number;
  locationId: number;
  action: InventoryAction;
  /** NUMERIC text, as the contract's Quantity hands it over. */
  quantity: string;
  comments?: string;
  moveId?: string | null;
  /** A pick: the customer order line the STOCK_OUT takes goods for. */
  orderItemId?: number | null;
  /** Refuse an obsolete location for this entry whatever its action (a pick may not empty one). */
  refuseObsoleteLocation?: boolean;
  /** The body field a location error belongs to: 'location', 'from_location', 'to_location'. */
  locationField?: string;
  /** The body field a quantity error belongs to. */
  quantityField?: string;
};

export const MESSAGES_LEDGER = {
  greaterThanZero: 'Ensure this value is greater than 0.',
  obsolete: 'This location is obsolete.',
  moveHalf: 'This transaction is one half of a stock move; only its comments can be edited. Move the stock back instead.',
} as const;

export const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;
export const notEnoughStock = (availableCents: number, abbreviation: string) =>
  `Not enough stock: ${displayQuantity(availableCents)} available at ${abbreviation}.`;

type LockedLocation = { id: number; abbreviationSlug: string; obsolete: boolean; notForStock: boolean };
const levelKey = (productId: number, locationId: number) => `${productId}:${locationId}`;

/**
 * The ledger's lock and write statements are SQL templates rather than drizzle's query builder:
 * they run on every move and pick, and building one with the builder costs 20-70 µs of the API's
 * CPU against about 1.5 µs for a template (ADR 0018). Columns are aliased to the names the code uses.
 */
const rowsOf = async <Row>(tx: Tx, query: SQL): Promise<Row[]> => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** Locks the company's products; ids that do not resolve become field errors. */
async function lockProducts(tx: Tx, companyId: number, ids: number[], field: string, errors: FieldErrors): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select id from ${catalogProducts} where company_id = ${companyId} and id in ${idList(unique)} order by id for update`,
  );
  const found = new Set(rows.map((r) => r.id));
  for (const id of unique) if (!found.has(id)) (errors[field] ??= []).push(invalidPk(id));
}

/** Locks the company's locations in id order; `counting` ones in the stronger mode (see the top). */
async function lockLocations(
  tx: Tx,
  companyId: number,
  wanted: { id: number; field: string }[],
  counting: Set<number>,
  errors: FieldErrors,
): Promise<Map<number, LockedLocation>> {
  const out = new Map<number, LockedLocation>();
  const ids = [...new Set(wanted.map((w) => w.id))].sort((a, b) => a - b);
  const modeOf = (id: number) => (counting.has(id) ? 'no key update' : 'share');
  // One statement when every location takes the same lock (a move, a pick: one round trip less
  // per location); rows are locked in id order either way, as ORDER BY comes before the lock.
  const groups = ids.every((id) => modeOf(id) === modeOf(ids[0]!)) ? [ids] : ids.map((id) => [id]);
  for (const group of groups) {
    if (group.length === 0) continue;
    const rows = await rowsOf<LockedLocation>(
      tx,
      sql`select id, abbreviation_slug as "abbreviationSlug", obsolete, not_for_stock as "notForStock"
        from ${inventoryLocations} where id in ${idList(group)} and company_id = ${companyId}
        order by id for ${sql.raw(modeOf(group[0]!))}`,
    );
    for (const row of rows) out.set(row.id, row);
  }
  for (const w of wanted) if (!out.has(w.id) && !errors[w.field]?.includes(invalidPk(w.id))) (errors[w.field] ??= []).push(invalidPk(w.id));
  return out;
}

/**
 * Locks the level rows of the pairs in (location, product) order and answers their quantities in
 * cents, creating the missing ones at 0 first. Existing rows are locked before anything is
 * inserted, so a writer never waits for a row while it holds a half-inserted one; the usual case
 * (every row exists) is one statement.
 */
async function lockLevels(tx: Tx, companyId: number, pairs: [productId: number, locationId: number][]): Promise<Map<string, number>> {
  const unique = [...new Map(pairs.map(([p, l]) => [levelKey(p, l), [p, l] as const])).values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const select = () =>
    rowsOf<{ productId: number; locationId: number; quantity: string }>(
      tx,
      sql`select product_id as "productId", location_id as "locationId", quantity::text as quantity from ${inventoryLevels}
        where (product_id, location_id) in (${sql.join(
          unique.map(([p, l]) => sql`(${p}::int, ${l}::int)`),
          sql`, `,
        )})
        order by location_id, product_id for update`,
    );
  let rows = await select();
  if (rows.length < unique.length) {
    await tx
      .insert(inventoryLevels)
      .values(unique.map(([productId, locationId]) => ({ companyId, productId, locationId, quantity: '0' })))
      .onConflictDoNothing();
    rows = await select();
  }
  return new Map(rows.map((r) => [levelKey(r.productId, r.locationId), toCents(r.quantity)]));
}

/**
 * Writes the changed levels in one statement. `alongWith`, the ledger write that goes with them
 * (an insert or delete of transactions), then runs in the same statement, the level update as its
 * data-modifying CTE: one round trip for both (DESIGN §9). Answers `alongWith`'s returned rows.
 */
async function writeLevels<Row>(tx: Tx, levels: Map<string, number>, changed: Set<string>, alongWith?: SQLWrapper): Promise<Row[]> {
  const values = [...changed].map((key) => {
    const [productId, locationId] = key.split(':').map(Number) as [number, number];
    return sql`(${productId}::int, ${locationId}::int, ${fromCents(levels.get(key)!)}::numeric)`;
  });
  const update = sql`
    update ${inventoryLevels} as lv set quantity = v.quantity, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(product_id, location_id, quantity)
    where lv.product_id = v.product_id and lv.location_id = v.location_id`;
  if (!alongWith) {
    if (changed.size) await tx.execute(update);
    return [];
  }
  const statement = changed.size ? sql`with written_levels as (${update}) ${alongWith.getSQL()}` : alongWith.getSQL();
  return rowsOf<Row>(tx, statement);
}

const isLow = (qtyInStock: string, restockLevel: string) => toCents(restockLevel) > 0 && toCents(qtyInStock) <= toCents(restockLevel);

/**
 * Recomputes qty_in_stock (sum of levels at stock locations, in SQL) for products the caller
 * has locked, bumps updated_at, and raises or clears the low-stock notice: a product that
 * becomes low is announced to every active user of the company once; it is announced again
 * only after it was back above its restock level in between.
 */
export async function refreshProductStock(tx: Tx, companyId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const unique = [...new Set(productIds)];
  const rows = await rowsOf<{ id: number; sku: string; name: string; qtyInStock: string; qtyRestockLevel: string; notified: boolean }>(
    tx,
    sql`update ${catalogProducts} p set updated_at = now(), qty_in_stock = coalesce((
        select sum(lv.quantity) from ${inventoryLevels} lv
        join ${inventoryLocations} l on l.id = lv.location_id
        where lv.product_id = p.id and not l.not_for_stock
      ), 0)
      where p.company_id = ${companyId} and p.id in ${idList(unique)}
      returning p.id, p.sku, p.name, p.qty_in_stock::text as "qtyInStock", p.qty_restock_level::text as "qtyRestockLevel",
        p.low_stock_notified_at is not null as notified`,
  );
  const becameLow = rows.filter((r) => isLow(r.qtyInStock, r.qtyRestockLevel) && !r.notified);
  const recovered = rows.filter((r) => !isLow(r.qtyInStock, r.qtyRestockLevel) && r.notified);
  if (becameLow.length) {
    const receivers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
    for (const product of becameLow) {
      for (const receiver of receivers) {
        await notify(tx, {
          companyId,
          receiverUserId: receiver.id,
          kind: 'low_stock',
          title: `Low stock: ${product.sku} ${product.name}`,
          message: `${displayQuantity(toCents(product.qtyInStock))} left, restock level ${displayQuantity(toCents(product.qtyRestockLevel))}.`,
          link: `/catalog/inventory?product=${product.id}`,
        });
      }
    }
    await tx
      .update(catalogProducts)
      .set({ lowStockNotifiedAt: new Date() })
      .where(
        and(
          inArray(
            catalogProducts.id,
            becameLow.map((r) => r.id),
          ),
          isNull(catalogProducts.lowStockNotifiedAt),
        ),
      );
  }
  if (recovered.length) {
    await tx
      .update(catalogProducts)
      .set({ lowStockNotifiedAt: null })
      .where(
        inArray(
          catalogProducts.id,
          recovered.map((r) => r.id),
        ),
      );
  }
}

/** The first step of the lock order, for writers outside the ledger that change what qty_in_stock sums. */
export async function lockProductsForStock(tx: Tx, companyId: number, productIds: number[]): Promise<void> {
  if (productIds.length) await lockProducts(tx, companyId, productIds, 'product', {});
}

/** Locks (the lock order's first step) and refreshes qty_in_stock and the low-stock notice. */
export async function lockAndRefreshProductStock(tx: Tx, companyId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await lockProducts(tx, companyId, productIds, 'product', {});
  await refreshProductStock(tx, companyId, productIds);
}

/**
 * Writes ledger rows and the levels they change, atomically: STOCK_IN adds, STOCK_OUT
 * subtracts, STOCK_TAKING sets the level to the counted quantity and keeps the difference as
 * delta. Nothing is written when any entry is refused. Answers the new transaction ids in
 * the order of `entries`.
 */
export async function recordTransactions(tx: Tx, actor: LedgerActor, entries: LedgerEntry[]): Promise<number[]> {
  const errors: FieldErrors = {};
  for (const e of entries) {
    if (e.action !== 'STOCK_TAKING' && toCents(e.quantity) <= 0) (errors[e.quantityField ?? 'quantity'] ??= []).push(MESSAGES_LEDGER.greaterThanZero);
  }
  if (Object.keys(errors).length) throw badRequest(errors);

  await lockProducts(
    tx,
    actor.companyId,
    entries.map((e) => e.productId),
    'product',
    errors,
  );
  const counting = new Set(entries.filter((e) => e.action === 'STOCK_TAKING').map((e) => e.locationId));
  const locations = await lockLocations(
    tx,
    actor.companyId,
    entries.map((e) => ({ id: e.locationId, field: e.locationField ?? 'location' })),
    counting,
    errors,
  );
  if (Object.keys(errors).length) throw badRequest(errors);
  for (const e of entries) {
    // Stock may still leave an obsolete location (to empty it) and be counted there, but not arrive.
    if ((e.action === 'STOCK_IN' || e.refuseObsoleteLocation) && locations.get(e.locationId)!.obsolete)
      throw badRequest({ [e.locationField ?? 'location']: [MESSAGES_LEDGER.obsolete] });
  }

  const levels = await lockLevels(
    tx,
    actor.companyId,
    entries.map((e) => [e.productId, e.locationId]),
  );
  const changed = new Set<string>();
  const rows: (typeof inventoryTransactions.$inferInsert)[] = [];
  for (const e of entries) {
    const key = levelKey(e.productId, e.locationId);
    const before = levels.get(key)!;
    const quantity = toCents(e.quantity);
    const after = e.action === 'STOCK_IN' ? before + quantity : e.action === 'STOCK_OUT' ? before - quantity : quantity;
    if (after < 0) throw badRequest({ [e.quantityField ?? 'quantity']: [notEnoughStock(before, locations.get(e.locationId)!.abbreviationSlug)] });
    levels.set(key, after);
    changed.add(key);
    rows.push({
      companyId: actor.companyId,
      accountId: actor.userId,
      productId: e.productId,
      locationId: e.locationId,
      inventoryAction: e.action,
      quantity: fromCents(quantity),
      delta: fromCents(after - before),
      comments: e.comments ?? '',
      moveId: e.moveId ?? null,
      orderItemId: e.orderItemId ?? null,
    });
  }
  const values = rows.map(
    (r) =>
      sql`(${r.companyId}::int, ${r.accountId}::int, ${r.productId}::int, ${r.locationId}::int, ${r.inventoryAction}, ${r.quantity}::numeric,
        ${r.delta}::numeric, ${r.comments}, ${r.moveId}::uuid, ${r.orderItemId}::int)`,
  );
  const inserted = await writeLevels<{ id: number }>(
    tx,
    levels,
    changed,
    sql`insert into ${inventoryTransactions}
      (company_id, account_id, product_id, location_id, inventory_action, quantity, delta, comments, move_id, order_item_id)
      values ${sql.join(values, sql`, `)} returning id`,
  );
  if (counting.size) {
    await tx
      .update(inventoryLocations)
      .set({ stocktakingPerfomedAt: new Date() })
      .where(inArray(inventoryLocations.id, [...counting]));
  }
  await refreshProductStock(
    tx,
    actor.companyId,
    entries.map((e) => e.productId),
  );
  return inserted.map((r) => r.id);
}

export type TransactionEdit = {
  quantity?: string | undefined;
  inventory_action?: InventoryAction | undefined;
  location?: number | undefined;
  comments?: string | undefined;
};

/**
 * Edits a ledger row (PUT): reverses its old delta, applies the new values under the same
 * rules and locks, and keeps the old values in inventory_transaction_history.
 *
 * A STOCK_TAKING row says "at that moment there were N here", so its new delta is measured
 * against the level just before it: the sum of the earlier ledger rows (lower id) of that
 * product at its (new) location. Later rows keep their deltas, so the current level moves by
 * exactly new delta - old delta and the ledger still sums to the level.
 */
export async function editTransaction(tx: Tx, actor: LedgerActor, id: number, edit: TransactionEdit): Promise<void> {
  const [row] = await tx
    .select()
    .from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.id, id), eq(inventoryTransactions.companyId, actor.companyId)))
    .for('update');
  if (!row) throw notFound();
  const action = edit.inventory_action ?? row.inventoryAction;
  const quantity = toCents(edit.quantity ?? row.quantity);
  const locationId = edit.location ?? row.locationId;
  const comments = edit.comments ?? row.comments;
  const changesStock = action !== row.inventoryAction || quantity !== toCents(row.quantity) || locationId !== row.locationId;

  if (row.moveId && changesStock) throw badRequest({ non_field_errors: [MESSAGES_LEDGER.moveHalf] });
  if (action !== 'STOCK_TAKING' && quantity <= 0) throw badRequest({ quantity: [MESSAGES_LEDGER.greaterThanZero] });

  const errors: FieldErrors = {};
  await lockProducts(tx, actor.companyId, [row.productId], 'product', errors);
  const wanted = [
    { id: locationId, field: 'location' },
    { id: row.locationId, field: 'location' },
  ];
  const locations = await lockLocations(tx, actor.companyId, wanted, action === 'STOCK_TAKING' ? new Set([locationId]) : new Set(), errors);
  if (Object.keys(errors).length) throw badRequest(errors);
  const target = locations.get(locationId)!;
  const sameShape = locationId === row.locationId && action === row.inventoryAction;
  // Lowering or rewording a receipt into an obsolete location is fine; bringing more stock there is not.
  if (action === 'STOCK_IN' && target.obsolete && !(sameShape && quantity <= toCents(row.quantity))) {
    throw badRequest({ location: [MESSAGES_LEDGER.obsolete] });
  }

  if (changesStock) {
    const levels = await lockLevels(tx, actor.companyId, [
      [row.productId, row.locationId],
      [row.productId, locationId],
    ]);
    const oldKey = levelKey(row.productId, row.locationId);
    const newKey = levelKey(row.productId, locationId);
    const currentAtOld = levels.get(oldKey)!;
    levels.set(oldKey, currentAtOld - toCents(row.delta));
    const available = levels.get(newKey)!;
    let delta: number;
    if (action === 'STOCK_IN') delta = quantity;
    else if (action === 'STOCK_OUT') delta = -quantity;
    else {
      const [before] = await tx
        .select({ sum: sql<string>`coalesce(sum(${inventoryTransactions.delta}), 0)` })
        .from(inventoryTransactions)
        .where(
          and(
            eq(inventoryTransactions.productId, row.productId),
            eq(inventoryTransactions.locationId, locationId),
            sql`${inventoryTransactions.id} < ${row.id}`,
          ),
        );
      delta = quantity - toCents(before!.sum);
    }
    levels.set(newKey, available + delta);
    // Undoing the old row alone can go below zero (a receipt whose goods already left): then
    // what is there now is the useful figure.
    if (levels.get(oldKey)! < 0) {
      throw badRequest({ quantity: [notEnoughStock(currentAtOld, locations.get(row.locationId)!.abbreviationSlug)] });
    }
    if (levels.get(newKey)! < 0) throw badRequest({ quantity: [notEnoughStock(Math.max(0, available), target.abbreviationSlug)] });
    await writeLevels(tx, levels, new Set([oldKey, newKey]));
    await tx.insert(inventoryTransactionHistory).values({
      companyId: actor.companyId,
      transactionId: row.id,
      changedBy: actor.userId,
      oldLocationId: row.locationId,
      oldInventoryAction: row.inventoryAction,
      oldQuantity: row.quantity,
      oldDelta: row.delta,
      oldComments: row.comments,
    });
    await tx
      .update(inventoryTransactions)
      .set({ inventoryAction: action, quantity: fromCents(quantity), delta: fromCents(delta), locationId, comments, updatedAt: new Date() })
      .where(eq(inventoryTransactions.id, row.id));
    if (action === 'STOCK_TAKING') {
      // The count happened when the row was created; the location's date only moves forward.
      await tx
        .update(inventoryLocations)
        .set({ stocktakingPerfomedAt: sql`greatest(${inventoryLocations.stocktakingPerfomedAt}, ${row.createdAt.toISOString()}::timestamptz)` })
        .where(eq(inventoryLocations.id, locationId));
    }
    await refreshProductStock(tx, actor.companyId, [row.productId]);
    return;
  }
  if (comments !== row.comments) {
    await tx.insert(inventoryTransactionHistory).values({
      companyId: actor.companyId,
      transactionId: row.id,
      changedBy: actor.userId,
      oldLocationId: row.locationId,
      oldInventoryAction: row.inventoryAction,
      oldQuantity: row.quantity,
      oldDelta: row.delta,
      oldComments: row.comments,
    });
    await tx.update(inventoryTransactions).set({ comments, updatedAt: new Date() }).where(eq(inventoryTransactions.id, row.id));
  }
}

export const notAPickOf = 'This inventory transaction is not a pick of this order item.';

/**
 * Unpicking (DESIGN §5): deletes the pick — a STOCK_OUT linked to the order item — and gives its
 * quantity back to the level, under the same lock order, so the level still equals the sum of
 * the remaining deltas. Any other row (another item's pick, a receipt, a move half) is refused
 * with `field`'s error: only a pick can be taken back this way.
 */
export async function deletePickTransaction(tx: Tx, actor: LedgerActor, id: number, orderItemId: number, field = 'inventory_transaction_id'): Promise<void> {
  const [row] = await rowsOf<{
    id: number;
    productId: number;
    locationId: number;
    inventoryAction: InventoryAction;
    delta: string;
    moveId: string | null;
    orderItemId: number | null;
  }>(
    tx,
    sql`select id, product_id as "productId", location_id as "locationId", inventory_action as "inventoryAction", delta::text as delta,
        move_id as "moveId", order_item_id as "orderItemId"
      from ${inventoryTransactions} where id = ${id} and company_id = ${actor.companyId} for update`,
  );
  if (!row) throw badRequest({ [field]: [invalidPk(id)] });
  if (row.orderItemId !== orderItemId || row.inventoryAction !== 'STOCK_OUT' || row.moveId) throw badRequest({ [field]: [notAPickOf] });
  await lockProducts(tx, actor.companyId, [row.productId], 'product', {});
  await lockLocations(tx, actor.companyId, [{ id: row.locationId, field: 'location' }], new Set(), {});
  const levels = await lockLevels(tx, actor.companyId, [[row.productId, row.locationId]]);
  const key = levelKey(row.productId, row.locationId);
  levels.set(key, levels.get(key)! - toCents(row.delta));
  await writeLevels(tx, levels, new Set([key]), tx.delete(inventoryTransactions).where(eq(inventoryTransactions.id, row.id)));
  await refreshProductStock(tx, actor.companyId, [row.productId]);
}
