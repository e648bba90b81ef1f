import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companyCounters, customerOrderItems, customerOrders } from '../../db/schema/index.js';

/** Rows inserted directly (no API), for tests and seeds that need them fast. */

type OrderOverrides = Partial<typeof customerOrders.$inferInsert>;
type ItemOverrides = Partial<typeof customerOrderItems.$inferInsert>;
export type FactoryItem = { productId?: number | null; prodSku?: string; prodName?: string; quantity: number | string; price?: number | string };

const FACTORY_COUNTER = 'factory_customer_order';

async function nextOrderNumber(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db
    .insert(companyCounters)
    .values({ companyId, name: FACTORY_COUNTER, value: 1 })
    .onConflictDoUpdate({ target: [companyCounters.companyId, companyCounters.name], set: { value: sql`${companyCounters.value} + 1` } })
    .returning({ value: companyCounters.value });
  return `W-${1000 + row!.value}`;
}

export async function insertOrderItem(db: DbOrTx, companyId: number, orderId: number, item: FactoryItem, overrides: ItemOverrides = {}) {
  const [row] = await db
    .insert(customerOrderItems)
    .values({
      companyId,
      orderId,
      productId: item.productId ?? null,
      prodSku: item.prodSku ?? '',
      prodName: item.prodName ?? '',
      quantity: String(item.quantity),
      price: String(item.price ?? 0),
      ...overrides,
    })
    .returning();
  return row!;
}

/** An order (number unique in the company) and its items, positioned in the given order. */
export async function insertOrder(db: DbOrTx, companyId: number, overrides: OrderOverrides = {}, items: FactoryItem[] = []) {
  const orderNumber = overrides.orderNumber ?? (await nextOrderNumber(db, companyId));
  const [order] = await db
    .insert(customerOrders)
    .values({ companyId, customerName: 'Test Customer', customerEmail: 'customer@example.com', ...overrides, orderNumber })
    .returning();
  const rows = [];
  for (const [position, item] of items.entries()) rows.push(await insertOrderItem(db, companyId, order!.id, item, { position }));
  return { order: order!, items: rows };
}
