import type { DbOrTx } from '../../db/client.js';
import { catalogProducts, inventoryLevels, inventoryLocations, inventoryTransactions } from '../../db/schema/index.js';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${Math.random().toString(36).slice(2, 7)}`;
};

type ProductInsert = typeof catalogProducts.$inferInsert;

/** A product inserted directly (no API), for tests and seeds that need rows fast. */
export async function insertProduct(db: DbOrTx, companyId: number, overrides: Partial<ProductInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(catalogProducts)
    .values({ companyId, sku: `SKU-${tag}`, name: `Product ${tag}`, ...overrides })
    .returning();
  return row!;
}

export async function insertLocation(db: DbOrTx, companyId: number, overrides: Partial<typeof inventoryLocations.$inferInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(inventoryLocations)
    .values({ companyId, name: `Shelf ${tag}`, nameSlug: `shelf-${tag}`, abbreviationSlug: `S${tag}`, ...overrides })
    .returning();
  return row!;
}

/** A level row without a ledger row: only for tests of what reads or guards levels. */
export async function insertLevel(db: DbOrTx, companyId: number, productId: number, locationId: number, quantity: string) {
  await db.insert(inventoryLevels).values({ companyId, productId, locationId, quantity });
}

/** A ledger row without touching levels: only for tests of what reads or guards the ledger. */
export async function insertLedgerRow(db: DbOrTx, companyId: number, productId: number, locationId: number, quantity = '1') {
  await db.insert(inventoryTransactions).values({ companyId, productId, locationId, inventoryAction: 'STOCK_IN', quantity, delta: quantity });
}
