import { and, eq } from 'drizzle-orm';
import type { CreateLocationBody, CreateTransactionBody, LocationResponse, TransactionResponse } from '@kontor/contract';
import { catalogProducts, inventoryLevels } from '../../db/schema/index.js';
import { as, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from '../catalog/catalog.factories.js';

/** Test data for the inventory tests: products straight into the table, the rest through the API. */

export const product = (app: TestApp, tenant: Tenant, overrides: Parameters<typeof insertProduct>[2] = {}) =>
  insertProduct(app.deps.database.db, tenant.companyId, overrides);

export async function location(app: TestApp, tenant: Tenant, body: Partial<CreateLocationBody> = {}): Promise<LocationResponse> {
  const name = body.name ?? `Shelf ${Math.random().toString(36).slice(2, 8)}`;
  const res = await as(app, tenant, { method: 'POST', url: '/api/catalog/inventory_locations/', payload: { ...body, name } });
  if (res.statusCode !== 201) throw new Error(`location: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const postTransaction = (app: TestApp, tenant: Tenant, body: CreateTransactionBody) =>
  as(app, tenant, { method: 'POST', url: '/api/catalog/inventory_transactions/', payload: body });

export async function stockIn(app: TestApp, tenant: Tenant, productId: number, locationId: number, quantity: number): Promise<TransactionResponse> {
  const res = await postTransaction(app, tenant, { product: productId, location: locationId, quantity, inventory_action: 'STOCK_IN' });
  if (res.statusCode !== 201) throw new Error(`stock in: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The level straight from the table; null when no row exists. */
export async function levelOf(app: TestApp, productId: number, locationId: number): Promise<number | null> {
  const [row] = await app.deps.database.db
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.productId, productId), eq(inventoryLevels.locationId, locationId)));
  return row ? Number(row.quantity) : null;
}

export async function productRow(app: TestApp, productId: number) {
  const [row] = await app.deps.database.db.select().from(catalogProducts).where(eq(catalogProducts.id, productId));
  return row!;
}
