import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DRF_FIELD_MESSAGES, STOCK_FIXED_MESSAGES, type FieldErrors, type InventoryAction } from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import {
  catalogProducts,
  inventoryLevels,
  inventoryLocations,
  inventoryTransactionHistory,
  inventoryTransactions,
  procurementReceipts,
  users,
} from '../../db/schema/index.js';
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
  greaterThanZero: DRF_FIELD_MESSAGES.above(0),
  obsolete: 'This location is obsolete.',
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
const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

const byNumber = (a: number, b: number) => a - b;

/**
 * Which ids a lock step takes: a list of the request's, or a subquery of a row locked before it in
 * the same statement (`ofRow` below: the stock an unpicked ledger row names).
 */
const pairList = (pairs: (readonly [productId: number, locationId: number])[]) =>
  sql`(${sql.join(
    pairs.map(([p, l]) => sql`(${p}::int, ${l}::int)`),
    sql`, `,
  )})`;

/** Step 1 of the lock order: the company's products with these ids, FOR UPDATE in id order. */
const productLock = (companyId: number, ids: SQL) =>
  sql`select id from ${catalogProducts} where company_id = ${companyId} and id in ${ids} order by id for update`;

/** Step 2: the company's locations with these ids in id order, in `mode` (see the top). */
const locationLock = (companyId: number, ids: SQL, mode: 'share' | 'no key update') =>
  sql`select id, abbreviation_slug as "abbreviationSlug", obsolete, not_for_stock as "notForStock"
    from ${inventoryLocations} where id in ${ids} and company_id = ${companyId}
    order by id for ${sql.raw(mode)}`;

/** Step 3: the level rows of these (product, location) pairs, FOR UPDATE in (location, product) order. */
const levelLock = (companyId: number, pairs: SQL) =>
  sql`select product_id as "productId", location_id as "locationId", quantity::text as quantity from ${inventoryLevels}
    where company_id = ${companyId} and (product_id, location_id) in ${pairs}
    order by location_id, product_id for update`;

type LockWanted = {
  productIds: number[];
  locations: { id: number; field: string }[];
  /** Locations a count will stamp (stocktaking_perfomed_at): locked FOR NO KEY UPDATE. */
  counting: Set<number>;
  /** The level rows the change writes; none when it writes no stock. */
  pairs: [productId: number, locationId: number][];
  /**
   * Instead of the three lists: a select locking one ledger row FOR UPDATE (pickRowLock), run
   * after `first` and before the stock; the product, location (FOR SHARE) and level it names are
   * the ones locked. Its row comes back as `row`, none when the select found none.
   */
  ofRow?: SQL;
};
type LedgerLocks = { locations: Map<number, LockedLocation>; levels: Map<string, number>; row?: PickRow };
type LockRow = { part: 'first' | 'row' | 'product' | 'location' | 'level'; id: number; locationId: number | null } & Partial<LockedLocation> & {
    quantity: string | null;
    data: unknown;
  };

/**
 * A caller's rows to lock before the stock, in the ledger's lock statement: a pick locks its
 * order and order line there, so a pick's locks are one statement (ADR 0023). `lock` is a
 * row-locking select; its rows come back as JSON objects (to_json: keys are its column names,
 * values JSON's, so a timestamp is text) and go to `check`, with the ids of the company's
 * products that were locked, before the ledger looks at its own errors. `check` throws to refuse;
 * it may also complete the entries from those rows (a pick's comment names its order), which the
 * ledger reads only after it.
 */
export type LockFirst<Row> = { lock: SQL; check: (rows: Row[], products: ReadonlySet<number>) => void };

/**
 * A caller's next statement, started right behind the ledger's write and before its answer, so
 * on PostgreSQL both go in one round trip (pipeline mode): a pick's order status, which reads
 * the picks as the write leaves them (a later statement of the same transaction sees it). The
 * caller keeps the promise and awaits it after the ledger call. When the write fails, this fails
 * too (the transaction is aborted) and the write's error is the one thrown.
 */
export type SendBehind = () => Promise<unknown>;

/**
 * Takes a ledger change's locks, all three steps of the lock order, in one statement: each step
 * is a CTE and UNION ALL reads them one after the other, so products are locked before locations
 * and locations before levels, as in separate statements (a move's or a pick's round trips are
 * its throughput, DESIGN §9, ADR 0019). Products and locations that do not resolve become field
 * errors (`product`, and each location's field); the caller throws them before looking at
 * levels. Level rows missing so far are created at 0 and locked, then every pair is in `levels`
 * (in cents). `first`: the caller's own rows, locked before all of these (LockFirst).
 */
async function lockForLedger<Row>(tx: Tx, companyId: number, wanted: LockWanted, errors: FieldErrors, first?: LockFirst<Row>): Promise<LedgerLocks> {
  const { ofRow } = wanted;
  const productIds = [...new Set(wanted.productIds)].sort(byNumber);
  const locationIds = [...new Set(wanted.locations.map((w) => w.id))].sort(byNumber);
  const pairs = [...new Map(wanted.pairs.map(([p, l]) => [levelKey(p, l), [p, l] as const])).values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const modeOf = (id: number) => (wanted.counting.has(id) ? 'no key update' : 'share');
  // One group when every location takes the same lock (the usual case); else one per location,
  // still in id order. A row's stock is one location, taken FOR SHARE.
  const locationGroups: { ids: SQL; mode: 'share' | 'no key update' }[] = ofRow
    ? [{ ids: sql`(select "locationId" from locked_row)`, mode: 'share' }]
    : (locationIds.every((id) => modeOf(id) === modeOf(locationIds[0]!)) ? [locationIds] : locationIds.map((id) => [id]))
        .filter((group) => group.length > 0)
        .map((group) => ({ ids: idList(group), mode: modeOf(group[0]!) }));
  const productsIn = ofRow ? sql`(select "productId" from locked_row)` : productIds.length ? idList(productIds) : null;
  const pairsIn = ofRow ? sql`(select "productId", "locationId" from locked_row)` : pairs.length ? pairList(pairs) : null;

  const steps: { name: string; lock: SQL; columns: SQL }[] = [];
  const noLocation = sql`null::text as "abbreviationSlug", null::boolean as obsolete, null::boolean as "notForStock"`;
  for (const [name, part, lock] of [
    ['locked_first', 'first', first?.lock],
    ['locked_row', 'row', ofRow],
  ] as const) {
    if (!lock) continue;
    steps.push({
      name,
      lock,
      columns: sql`${sql.raw(`'${part}'`)} as part, null::int as id, null::int as "locationId", ${noLocation}, null::text as quantity, to_json(${sql.raw(name)}) as data`,
    });
  }
  if (productsIn) {
    steps.push({
      name: 'locked_products',
      lock: productLock(companyId, productsIn),
      columns: sql`'product' as part, id, null::int as "locationId", ${noLocation}, null::text as quantity, null::json as data`,
    });
  }
  locationGroups.forEach((group, i) => {
    steps.push({
      name: `locked_locations_${i}`,
      lock: locationLock(companyId, group.ids, group.mode),
      columns: sql`'location' as part, id, null::int as "locationId", "abbreviationSlug", obsolete, "notForStock", null::text as quantity, null::json as data`,
    });
  });
  if (pairsIn) {
    steps.push({
      name: 'locked_levels',
      lock: levelLock(companyId, pairsIn),
      columns: sql`'level' as part, "productId" as id, "locationId", ${noLocation}, quantity, null::json as data`,
    });
  }
  const rows = steps.length
    ? await sqlRows<LockRow>(
        tx,
        sql`with ${sql.join(
          steps.map((step) => sql`${sql.raw(step.name)} as materialized (${step.lock})`),
          sql`, `,
        )} ${sql.join(
          steps.map((step) => sql`select ${step.columns} from ${sql.raw(step.name)}`),
          sql` union all `,
        )}`,
      )
    : [];

  const products = new Set<number>();
  const locations = new Map<number, LockedLocation>();
  let levels = new Map<string, number>();
  const firstRows: Row[] = [];
  let row: PickRow | undefined;
  for (const r of rows) {
    if (r.part === 'first') firstRows.push(r.data as Row);
    else if (r.part === 'row') row = r.data as PickRow;
    else if (r.part === 'product') products.add(r.id);
    else if (r.part === 'location')
      locations.set(r.id, { id: r.id, abbreviationSlug: r.abbreviationSlug!, obsolete: r.obsolete!, notForStock: r.notForStock! });
    else levels.set(levelKey(r.id, r.locationId!), toCents(r.quantity!));
  }
  // The caller's check of its own rows comes first: before the ledger's errors, and before a level is created.
  first?.check(firstRows, products);
  // What was locked: the lists, or the stock the row names (none without a row; the caller refuses that).
  const stock = !ofRow
    ? { productIds, locations: wanted.locations, pairs }
    : row
      ? { productIds: [row.productId], locations: [{ id: row.locationId, field: 'location' }], pairs: [[row.productId, row.locationId] as const] }
      : { productIds: [], locations: [], pairs: [] };
  for (const id of stock.productIds) if (!products.has(id)) (errors['product'] ??= []).push(invalidPk(id));
  for (const w of stock.locations) if (!locations.has(w.id) && !errors[w.field]?.includes(invalidPk(w.id))) (errors[w.field] ??= []).push(invalidPk(w.id));
  if (Object.keys(errors).length === 0 && levels.size < stock.pairs.length) {
    // First stock of a product at a location. The existing rows are locked already, so this
    // writer never waits for a row while it holds a half-inserted one.
    await tx
      .insert(inventoryLevels)
      .values(stock.pairs.map(([productId, locationId]) => ({ companyId, productId, locationId, quantity: '0' })))
      .onConflictDoNothing();
    const all = await sqlRows<{ productId: number; locationId: number; quantity: string }>(tx, levelLock(companyId, pairList(stock.pairs)));
    levels = new Map(all.map((r) => [levelKey(r.productId, r.locationId), toCents(r.quantity)]));
  }
  return { locations, levels, ...(row ? { row } : {}) };
}

/** A ledger row as the API shows it (GET /inventory/transactions/), as a write leaves it. */
export type LedgerRow = {
  id: number;
  productId: number;
  sku: string;
  productName: string;
  locationId: number;
  abbreviationSlug: string;
  action: InventoryAction;
  quantity: string;
  delta: string;
  comments: string;
  moveId: string | null;
  orderItemId: number | null;
  /** A receipt: the purchase order line it received the goods for. */
  procurementOrderItemId: number | null;
  accountId: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The purchase order line a ledger row is a receipt of, or null (at most one receipt books a
 * row). `row` is the ledger table or its alias in the outer statement: the id is qualified by
 * it, since drizzle writes a lone table's columns unqualified, and a bare "id" here would be the receipt's.
 */
export const receiptOf = (row: SQL) => sql<number | null>`(select r.order_item_id from ${procurementReceipts} r where r.transaction_id = ${row}.id)`;
/** `low`: the product's stock_low as the write left it (the low-stock rule lives in its definition). */
type StockRow = { id: number; sku: string; name: string; qtyInStock: string; qtyRestockLevel: string; low: boolean; notified: boolean };

/**
 * qty_in_stock of the catalog_products row `p` (DESIGN §5): the sum of its levels at stock
 * locations. `exceptWritten` leaves out the level rows of this statement's `written_levels`.
 */
const levelsAtStockLocations = (exceptWritten: boolean) => sql`coalesce((
    select sum(lv.quantity) from ${inventoryLevels} lv
    join ${inventoryLocations} l on l.id = lv.location_id
    where lv.product_id = p.id and not l.not_for_stock${
      exceptWritten ? sql` and not exists (select 1 from written_levels w where w.product_id = lv.product_id and w.location_id = lv.location_id)` : sql``
    }
  ), 0)`;

/**
 * Writes a ledger change in one statement (ADR 0019): the changed levels, the ledger rows
 * (`ledger`: an insert, update or delete of inventory_transactions `returning *`) and the stock
 * of their products. The stock is recomputed from the levels as this statement leaves them: the
 * statement's snapshot still shows the old levels, so the written rows are left out of the sum
 * and their new quantities added. Answers the ledger rows in id order, then raises or clears
 * the low-stock notices.
 */
async function writeLedger(
  tx: Tx,
  companyId: number,
  levels: Map<string, number>,
  changed: Set<string>,
  ledger: SQL,
  behind?: SendBehind,
): Promise<LedgerRow[]> {
  if (changed.size === 0) throw new Error('writeLedger: a ledger change writes at least one level');
  const values = [...changed].map((key) => {
    const [productId, locationId] = key.split(':').map(Number) as [number, number];
    return sql`(${productId}::int, ${locationId}::int, ${fromCents(levels.get(key)!)}::numeric)`;
  });
  const written = sqlRows<
    Omit<LedgerRow, 'createdAt' | 'updatedAt'> & { createdAt: string | Date; updatedAt: string | Date } & Omit<StockRow, 'id' | 'sku' | 'name'>
  >(
    tx,
    sql`with written_levels as (
      update ${inventoryLevels} as lv set quantity = v.quantity, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(product_id, location_id, quantity)
      where lv.product_id = v.product_id and lv.location_id = v.location_id
      returning lv.product_id, lv.location_id, lv.quantity
    ), ledger as (${ledger}), stock as (
      update ${catalogProducts} p set qty_in_stock = ${levelsAtStockLocations(true)} + coalesce((
        select sum(w.quantity) from written_levels w join ${inventoryLocations} l on l.id = w.location_id
        where w.product_id = p.id and not l.not_for_stock
      ), 0)
      where p.company_id = ${companyId} and p.id in (select product_id from ledger)
      returning p.id, p.sku, p.name, p.qty_in_stock, p.qty_restock_level, p.stock_low, p.low_stock_notified_at
    )
    select t.id, t.product_id as "productId", s.sku, s.name as "productName", t.location_id as "locationId",
      loc.abbreviation_slug as "abbreviationSlug", t.inventory_action as action, t.quantity::text as quantity, t.delta::text as delta,
      t.comments, t.move_id as "moveId", t.order_item_id as "orderItemId", ${receiptOf(sql`t`)} as "procurementOrderItemId", t.account_id as "accountId", t.created_at as "createdAt", t.updated_at as "updatedAt",
      s.qty_in_stock::text as "qtyInStock", s.qty_restock_level::text as "qtyRestockLevel", s.stock_low as low,
      s.low_stock_notified_at is not null as notified
    from ledger t join stock s on s.id = t.product_id join ${inventoryLocations} loc on loc.id = t.location_id
    order by t.id`,
  );
  // Its failure after a failed write is the write's; the caller awaits it when the write succeeded.
  behind?.().catch(() => undefined);
  const rows = await written;
  const stock = new Map<number, StockRow>();
  for (const r of rows)
    stock.set(r.productId, {
      id: r.productId,
      sku: r.sku,
      name: r.productName,
      qtyInStock: r.qtyInStock,
      qtyRestockLevel: r.qtyRestockLevel,
      low: r.low,
      notified: r.notified,
    });
  await followLowStock(tx, companyId, [...stock.values()]);
  // Both drivers hand timestamps over as text here (drizzle's parsers); the API answers Dates' ISO form.
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    sku: r.sku,
    productName: r.productName,
    locationId: r.locationId,
    abbreviationSlug: r.abbreviationSlug,
    action: r.action,
    quantity: r.quantity,
    delta: r.delta,
    comments: r.comments,
    moveId: r.moveId,
    orderItemId: r.orderItemId,
    procurementOrderItemId: r.procurementOrderItemId,
    accountId: r.accountId,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  }));
}

/**
 * Recomputes qty_in_stock (sum of levels at stock locations, in SQL) for products the caller
 * has locked, and raises or clears the low-stock notices (followLowStock).
 * For writers that change what the sum covers without writing levels (a location's
 * not_for_stock, a product's restock level); the ledger's own writes do it in writeLedger.
 */
export async function refreshProductStock(tx: Tx, companyId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const unique = [...new Set(productIds)];
  const rows = await sqlRows<StockRow>(
    tx,
    sql`update ${catalogProducts} p set qty_in_stock = ${levelsAtStockLocations(false)}
      where p.company_id = ${companyId} and p.id in ${idList(unique)}
      returning p.id, p.sku, p.name, p.qty_in_stock::text as "qtyInStock", p.qty_restock_level::text as "qtyRestockLevel",
        p.stock_low as low, p.low_stock_notified_at is not null as notified`,
  );
  await followLowStock(tx, companyId, rows);
}

/**
 * The low-stock notice of products whose stock was just recomputed: a product that becomes low
 * is announced to every active user of the company once; it is announced again only after it
 * was back above its restock level in between.
 */
async function followLowStock(tx: Tx, companyId: number, rows: StockRow[]): Promise<void> {
  const becameLow = rows.filter((r) => r.low && !r.notified);
  const recovered = rows.filter((r) => !r.low && r.notified);
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
  if (productIds.length) await lockForLedger(tx, companyId, { productIds, locations: [], counting: new Set(), pairs: [] }, {});
}

/** Locks (the lock order's first step) and refreshes qty_in_stock and the low-stock notice. */
export async function lockAndRefreshProductStock(tx: Tx, companyId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await lockProductsForStock(tx, companyId, productIds);
  await refreshProductStock(tx, companyId, productIds);
}

/**
 * Writes ledger rows and the levels they change, atomically: STOCK_IN adds, STOCK_OUT
 * subtracts, STOCK_TAKING sets the level to the counted quantity and keeps the difference as
 * delta. Nothing is written when any entry is refused. Answers the new ledger rows in the order
 * of `entries`. A move or a pick is two statements here: the locks, the checks in memory, one
 * write (ADR 0019). `first`: the caller's rows to lock first and check (a pick's order line);
 * `behind`: the caller's statement to send right behind the write (SendBehind).
 */
export async function recordTransactions<Row = never>(
  tx: Tx,
  actor: LedgerActor,
  entries: LedgerEntry[],
  first?: LockFirst<Row>,
  behind?: SendBehind,
): Promise<LedgerRow[]> {
  if (entries.length === 0) return [];
  const errors: FieldErrors = {};
  for (const e of entries) {
    if (e.action !== 'STOCK_TAKING' && toCents(e.quantity) <= 0) (errors[e.quantityField ?? 'quantity'] ??= []).push(MESSAGES_LEDGER.greaterThanZero);
  }
  if (Object.keys(errors).length) throw badRequest(errors);

  const counting = new Set(entries.filter((e) => e.action === 'STOCK_TAKING').map((e) => e.locationId));
  const { locations, levels } = await lockForLedger(
    tx,
    actor.companyId,
    {
      productIds: entries.map((e) => e.productId),
      locations: entries.map((e) => ({ id: e.locationId, field: e.locationField ?? 'location' })),
      counting,
      pairs: entries.map((e) => [e.productId, e.locationId]),
    },
    errors,
    first,
  );
  if (Object.keys(errors).length) throw badRequest(errors);
  for (const e of entries) {
    // Stock may still leave an obsolete location (to empty it) and be counted there, but not arrive.
    if ((e.action === 'STOCK_IN' || e.refuseObsoleteLocation) && locations.get(e.locationId)!.obsolete)
      throw badRequest({ [e.locationField ?? 'location']: [MESSAGES_LEDGER.obsolete] });
  }

  const changed = new Set<string>();
  const values: SQL[] = [];
  for (const e of entries) {
    const key = levelKey(e.productId, e.locationId);
    const before = levels.get(key)!;
    const quantity = toCents(e.quantity);
    const after = e.action === 'STOCK_IN' ? before + quantity : e.action === 'STOCK_OUT' ? before - quantity : quantity;
    if (after < 0) throw badRequest({ [e.quantityField ?? 'quantity']: [notEnoughStock(before, locations.get(e.locationId)!.abbreviationSlug)] });
    levels.set(key, after);
    changed.add(key);
    values.push(
      sql`(${actor.companyId}::int, ${actor.userId}::int, ${e.productId}::int, ${e.locationId}::int, ${e.action}, ${fromCents(quantity)}::numeric,
        ${fromCents(after - before)}::numeric, ${e.comments ?? ''}, ${e.moveId ?? null}::uuid, ${e.orderItemId ?? null}::int)`,
    );
  }
  const rows = await writeLedger(
    tx,
    actor.companyId,
    levels,
    changed,
    sql`insert into ${inventoryTransactions}
      (company_id, account_id, product_id, location_id, inventory_action, quantity, delta, comments, move_id, order_item_id)
      values ${sql.join(values, sql`, `)} returning *`,
    behind,
  );
  if (counting.size) {
    await tx
      .update(inventoryLocations)
      .set({ stocktakingPerfomedAt: sql`now()` })
      .where(inArray(inventoryLocations.id, [...counting]));
  }
  return rows;
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
  const [found] = await tx
    .select({
      row: inventoryTransactions,
      receiptOfLine: receiptOf(sql`${inventoryTransactions}`),
    })
    .from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.id, id), eq(inventoryTransactions.companyId, actor.companyId)))
    .for('update', { of: inventoryTransactions });
  if (!found) throw notFound();
  const { row, receiptOfLine } = found;
  const action = edit.inventory_action ?? row.inventoryAction;
  const quantity = toCents(edit.quantity ?? row.quantity);
  const locationId = edit.location ?? row.locationId;
  const comments = edit.comments ?? row.comments;
  const changesStock = action !== row.inventoryAction || quantity !== toCents(row.quantity) || locationId !== row.locationId;

  // A move's halves, a pick and a receipt are each one side of a record kept elsewhere (the other
  // half, the order line's picked quantity and status, the purchase order line's received
  // quantity): changing the stock of one alone would leave that record saying something else.
  if (changesStock && row.moveId) throw badRequest({ non_field_errors: [STOCK_FIXED_MESSAGES.moveHalf] });
  if (changesStock && row.orderItemId !== null) throw badRequest({ non_field_errors: [STOCK_FIXED_MESSAGES.pick] });
  if (changesStock && receiptOfLine !== null) throw badRequest({ non_field_errors: [STOCK_FIXED_MESSAGES.receipt] });
  if (action !== 'STOCK_TAKING' && quantity <= 0) throw badRequest({ quantity: [MESSAGES_LEDGER.greaterThanZero] });

  const errors: FieldErrors = {};
  const { locations, levels } = await lockForLedger(
    tx,
    actor.companyId,
    {
      productIds: [row.productId],
      locations: [
        { id: locationId, field: 'location' },
        { id: row.locationId, field: 'location' },
      ],
      counting: action === 'STOCK_TAKING' ? new Set([locationId]) : new Set(),
      pairs: changesStock
        ? [
            [row.productId, row.locationId],
            [row.productId, locationId],
          ]
        : [],
    },
    errors,
  );
  if (Object.keys(errors).length) throw badRequest(errors);
  const target = locations.get(locationId)!;
  const sameShape = locationId === row.locationId && action === row.inventoryAction;
  // Lowering or rewording a receipt into an obsolete location is fine; bringing more stock there is not.
  if (action === 'STOCK_IN' && target.obsolete && !(sameShape && quantity <= toCents(row.quantity))) {
    throw badRequest({ location: [MESSAGES_LEDGER.obsolete] });
  }

  if (changesStock) {
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
    await writeLedger(
      tx,
      actor.companyId,
      levels,
      new Set([oldKey, newKey]),
      sql`update ${inventoryTransactions} set inventory_action = ${action}, quantity = ${fromCents(quantity)}::numeric,
        delta = ${fromCents(delta)}::numeric, location_id = ${locationId}, comments = ${comments}, updated_at = now()
      where id = ${row.id} returning *`,
    );
    if (action === 'STOCK_TAKING') {
      // The count happened when the row was created; the location's date only moves forward.
      await tx
        .update(inventoryLocations)
        .set({ stocktakingPerfomedAt: sql`greatest(${inventoryLocations.stocktakingPerfomedAt}, ${row.createdAt.toISOString()}::timestamptz)` })
        .where(eq(inventoryLocations.id, locationId));
    }
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

/** A ledger row as unpicking checks it (the JSON of `pickRowLock`). */
type PickRow = {
  id: number;
  productId: number;
  locationId: number;
  inventoryAction: InventoryAction;
  delta: string;
  moveId: string | null;
  orderItemId: number | null;
};

/** The company's ledger row `id`, FOR UPDATE, as unpicking checks it (lockForLedger's `ofRow`). */
const pickRowLock = (companyId: number, id: number) =>
  sql`select id, product_id as "productId", location_id as "locationId", inventory_action as "inventoryAction", delta::text as delta,
    move_id as "moveId", order_item_id as "orderItemId"
  from ${inventoryTransactions} where id = ${id} and company_id = ${companyId} for update`;

/**
 * Unpicking (DESIGN §5): deletes the pick `pickId` — a STOCK_OUT linked to the order item — and
 * gives its quantity back to the level, under the same lock order, so the level still equals the
 * sum of the remaining deltas. One lock statement: the caller's rows (`first`: the order line),
 * then the ledger row, then the stock it names. A row the company does not have, or any other
 * row (another item's pick, a receipt, a move half), is refused with `field`'s error: only a
 * pick can be taken back this way. `behind`: as recordTransactions'.
 */
export async function deletePickTransaction<Row>(
  tx: Tx,
  actor: LedgerActor,
  pickId: number,
  orderItemId: number,
  first: LockFirst<Row>,
  behind?: SendBehind,
  field = 'inventory_transaction_id',
): Promise<void> {
  const { levels, row } = await lockForLedger(
    tx,
    actor.companyId,
    { productIds: [], locations: [], counting: new Set(), pairs: [], ofRow: pickRowLock(actor.companyId, pickId) },
    {},
    first,
  );
  if (!row) throw badRequest({ [field]: [invalidPk(pickId)] });
  if (row.orderItemId !== orderItemId || row.inventoryAction !== 'STOCK_OUT' || row.moveId) throw badRequest({ [field]: [notAPickOf] });
  const key = levelKey(row.productId, row.locationId);
  levels.set(key, levels.get(key)! - toCents(row.delta));
  await writeLedger(tx, actor.companyId, levels, new Set([key]), sql`delete from ${inventoryTransactions} where id = ${row.id} returning *`, behind);
}
