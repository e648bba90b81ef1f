import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INVENTORY_ACTIONS,
  PAGE_SIZE,
  type CreateTransactionBody,
  type ListTransactionsQuery,
  type MoveStockBody,
  type ProductInventories,
  type ProductInventoriesResponse,
  type TransactionResponse,
  type UpdateTransactionBody,
} from '@kontor/contract';
import { inIds } from '../../db/any-of.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogProducts, inventoryLevels, inventoryLocations, inventoryTransactions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countRows } from '../../http/row-count.js';
import { editTransaction, receiptOf, recordTransactions, type LedgerActor, type LedgerRow } from './ledger.service.js';

const actorOf = (ctx: Ctx): LedgerActor => ({ companyId: ctx.user.companyId, userId: ctx.user.id });

const transactionColumns = {
  id: inventoryTransactions.id,
  productId: inventoryTransactions.productId,
  sku: catalogProducts.sku,
  productName: catalogProducts.name,
  locationId: inventoryTransactions.locationId,
  abbreviationSlug: inventoryLocations.abbreviationSlug,
  action: inventoryTransactions.inventoryAction,
  quantity: inventoryTransactions.quantity,
  delta: inventoryTransactions.delta,
  comments: inventoryTransactions.comments,
  moveId: inventoryTransactions.moveId,
  orderItemId: inventoryTransactions.orderItemId,
  procurementOrderItemId: receiptOf(sql`${inventoryTransactions}`),
  accountId: inventoryTransactions.accountId,
  createdAt: inventoryTransactions.createdAt,
  updatedAt: inventoryTransactions.updatedAt,
};
/** A ledger row as selectTransactions reads it and as the ledger's writes answer it. */
export const toTransactionResponse = (r: LedgerRow): TransactionResponse => ({
  id: r.id,
  product: r.productId,
  product_sku: r.sku,
  product_name: r.productName,
  location: r.locationId,
  location_abbreviation_slug: r.abbreviationSlug,
  inventory_action: r.action,
  quantity: Number(r.quantity),
  delta: Number(r.delta),
  comments: r.comments,
  move_id: r.moveId,
  order_item: r.orderItemId,
  procurement_order_item: r.procurementOrderItemId,
  account: r.accountId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

function selectTransactions(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(transactionColumns)
    .from(inventoryTransactions)
    .innerJoin(catalogProducts, eq(catalogProducts.id, inventoryTransactions.productId))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryTransactions.locationId))
    .where(where);
}

/** The company's ledger rows with these ids, in id order; ids of others are simply absent. */
export async function loadTransactions(db: DbOrTx, companyId: number, ids: number[]): Promise<TransactionResponse[]> {
  if (ids.length === 0) return [];
  const rows = await selectTransactions(db, and(eq(inventoryTransactions.companyId, companyId), inArray(inventoryTransactions.id, ids))).orderBy(
    asc(inventoryTransactions.id),
  );
  return rows.map(toTransactionResponse);
}

const transactionList: ListSpec = {
  fields: {
    id: { column: inventoryTransactions.id, type: 'int' },
    product: { column: inventoryTransactions.productId, type: 'int' },
    location: { column: inventoryTransactions.locationId, type: 'int' },
    inventory_action: { column: inventoryTransactions.inventoryAction, type: 'text', choices: INVENTORY_ACTIONS },
    created_at: { column: inventoryTransactions.createdAt, type: 'date' },
    quantity: { column: inventoryTransactions.quantity, type: 'numeric' },
  },
  search: [inventoryTransactions.comments, catalogProducts.sku, catalogProducts.name],
  ordering: ['id', 'created_at', 'quantity', 'product', 'location', 'inventory_action'],
  defaultOrdering: [desc(inventoryTransactions.createdAt), desc(inventoryTransactions.id)],
};

/** The ledger, newest first. */
export async function listTransactions(ctx: Ctx, query: ListTransactionsQuery, url: string) {
  const { where, orderBy } = buildListQuery(query, transactionList);
  const scoped = and(eq(inventoryTransactions.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const total = await countRows(
    ctx.readDb,
    ctx.readDb
      .select({ id: inventoryTransactions.id })
      .from(inventoryTransactions)
      .innerJoin(catalogProducts, eq(catalogProducts.id, inventoryTransactions.productId))
      .where(scoped),
  );
  const rows = await selectTransactions(ctx.readDb, scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total, rows.map(toTransactionResponse));
}

export async function transactionsByIds(ctx: Ctx, ids: number[]) {
  return { results: await loadTransactions(ctx.db, ctx.user.companyId, ids) };
}

export async function createTransaction(ctx: Ctx, body: z.output<typeof CreateTransactionBody>): Promise<TransactionResponse> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await recordTransactions(tx, actorOf(ctx), [
      { productId: body.product, locationId: body.location, action: body.inventory_action, quantity: body.quantity, comments: body.comments },
    ]);
    return toTransactionResponse(row!);
  });
}

export async function updateTransaction(ctx: Ctx, id: number, body: z.output<typeof UpdateTransactionBody>): Promise<TransactionResponse> {
  return ctx.db.transaction(async (tx) => {
    await editTransaction(tx, actorOf(ctx), id, body);
    return (await loadTransactions(tx, ctx.user.companyId, [id]))[0]!;
  });
}

/** STOCK_OUT at the source and STOCK_IN at the target with one move_id, in one transaction. */
export async function moveStock(ctx: Ctx, body: z.output<typeof MoveStockBody>) {
  const moveId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const [stockOut, stockIn] = await recordTransactions(tx, actorOf(ctx), [
      {
        productId: body.product,
        locationId: body.from_location,
        locationField: 'from_location',
        action: 'STOCK_OUT',
        quantity: body.quantity,
        comments: body.comments,
        moveId,
      },
      {
        productId: body.product,
        locationId: body.to_location,
        locationField: 'to_location',
        action: 'STOCK_IN',
        quantity: body.quantity,
        comments: body.comments,
        moveId,
      },
    ]);
    return { move_id: moveId, stock_out: toTransactionResponse(stockOut!), stock_in: toTransactionResponse(stockIn!) };
  });
}

/**
 * Per requested product of the company: every location where it has a level row (also when
 * the level is 0 now, so the UI shows where it has been and can count it there), and the
 * total at stock locations. One query; unknown ids and other companies' products are absent.
 */
export async function productInventories(ctx: Ctx, productIds: number[]): Promise<ProductInventoriesResponse> {
  // A SQL template: the stocks view asks this for every grid page, and building it with the query
  // builder cost more of the API's CPU than PostgreSQL spends running it (ADR 0022).
  const rows = await sqlRows<{ productId: number; locationId: number | null; abbreviationSlug: string | null; quantity: string | null; total: string }>(
    ctx.db,
    sql`
    select p.id as "productId", l.location_id as "locationId", x.abbreviation_slug as "abbreviationSlug", l.quantity::text as quantity,
      coalesce(sum(case when not x.not_for_stock then l.quantity end) over (partition by p.id), 0)::text as total
    from ${catalogProducts} p
    left join ${inventoryLevels} l on l.product_id = p.id
    left join ${inventoryLocations} x on x.id = l.location_id
    where p.company_id = ${ctx.user.companyId} and ${inIds(sql`p.id`, productIds)}
    order by p.id, x.abbreviation_slug, x.id`,
  );
  const byProduct = new Map<number, ProductInventories>();
  for (const r of rows) {
    let entry = byProduct.get(r.productId);
    if (!entry) {
      entry = { product_id: r.productId, total: Number(r.total), inventories: [] };
      byProduct.set(r.productId, entry);
    }
    if (r.locationId !== null) {
      entry.inventories.push({ location_id: r.locationId, abbreviation_slug: r.abbreviationSlug ?? '', accumulated_quantity: Number(r.quantity) });
    }
  }
  return { results: [...byProduct.values()] };
}
