import type { DbOrTx } from '../../db/client.js';
import {
  catalogCategories,
  customerBackorders,
  globalSupplierProducts,
  globalSuppliers,
  procurementCategories,
  procurementFeeds,
  procurementOrders,
  procurementProducts,
  procurementSuppliers,
} from '../../db/schema/index.js';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${Math.random().toString(36).slice(2, 7)}`;
};

/** Rows inserted directly (no API), for tests and seeds that need them fast. */

export async function insertSupplier(db: DbOrTx, companyId: number, overrides: Partial<typeof procurementSuppliers.$inferInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(procurementSuppliers)
    .values({ companyId, name: `Supplier ${tag}`, nameAbbrev: `S${tag}`, ...overrides })
    .returning();
  return row!;
}

export async function insertFeed(db: DbOrTx, companyId: number, supplierId: number, overrides: Partial<typeof procurementFeeds.$inferInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(procurementFeeds)
    .values({
      companyId,
      supplierId,
      name: `Feed ${tag}`,
      url: `http://127.0.0.1:9/feed-${tag}.csv`,
      format: 'CSV',
      columnMapping: { sku: 'sku', name: 'name' },
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertProcurementProduct(
  db: DbOrTx,
  companyId: number,
  supplierId: number,
  overrides: Partial<typeof procurementProducts.$inferInsert> = {},
) {
  const tag = next();
  const [row] = await db
    .insert(procurementProducts)
    .values({ companyId, supplierId, sku: `PP-${tag}`, name: `Supplier product ${tag}`, ...overrides })
    .returning();
  return row!;
}

export async function insertProcurementCategory(
  db: DbOrTx,
  companyId: number,
  supplierId: number,
  overrides: Partial<typeof procurementCategories.$inferInsert> = {},
) {
  const tag = next();
  const name = overrides.name ?? `Category ${tag}`;
  const [row] = await db
    .insert(procurementCategories)
    .values({ companyId, supplierId, name, slug: `category-${tag}`, path: overrides.path ?? name, ...overrides })
    .returning();
  return row!;
}

export async function insertCatalogCategory(db: DbOrTx, companyId: number, overrides: Partial<typeof catalogCategories.$inferInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(catalogCategories)
    .values({ companyId, title: `Catalog category ${tag}`, slug: `catalog-category-${tag}`, ...overrides })
    .returning();
  return row!;
}

export async function insertProcurementOrder(
  db: DbOrTx,
  companyId: number,
  supplierId: number,
  overrides: Partial<typeof procurementOrders.$inferInsert> = {},
) {
  const [row] = await db
    .insert(procurementOrders)
    .values({ companyId, supplierId, internalOrderNumber: `T-${next()}`, ...overrides })
    .returning();
  return row!;
}

export async function insertBackorder(db: DbOrTx, companyId: number, productId: number, overrides: Partial<typeof customerBackorders.$inferInsert> = {}) {
  const [row] = await db
    .insert(customerBackorders)
    .values({ companyId, productId, quantity: '1', orderNumber: `W-${next()}`, ...overrides })
    .returning();
  return row!;
}

export async function insertGlobalSupplier(db: DbOrTx, overrides: Partial<typeof globalSuppliers.$inferInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(globalSuppliers)
    .values({ name: `Directory supplier ${tag}`, nameAbbrev: `D${tag}`, ...overrides })
    .returning();
  return row!;
}

export async function insertGlobalSupplierProduct(db: DbOrTx, supplierId: number, overrides: Partial<typeof globalSupplierProducts.$inferInsert> = {}) {
  const tag = next();
  const [row] = await db
    .insert(globalSupplierProducts)
    .values({ supplierId, sku: `G-${tag}`, name: `Directory product ${tag}`, ...overrides })
    .returning();
  return row!;
}
