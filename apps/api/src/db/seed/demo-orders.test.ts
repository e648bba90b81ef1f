import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { OrderPage } from '@kontor/contract';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { checkInventory } from '../../modules/inventory/check.service.js';
import { customerBackorders, customerOrders, inventoryTransactions } from '../schema/index.js';
import { DEMO_ORDER_COUNT } from './demo-orders.js';

let app: TestApp;
const db = () => app.deps.database.db;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('the demo orders', () => {
  it('seeds orders in every state with picks through the ledger, backorders, and a ledger db:check accepts', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const companyId = tenant.companyId;
    const orders = await db().select().from(customerOrders).where(eq(customerOrders.companyId, companyId)).orderBy(asc(customerOrders.orderNumber));
    expect(orders).toHaveLength(DEMO_ORDER_COUNT);
    const byStatus = (status: string) => orders.filter((o) => o.internalStatus === status).length;
    for (const status of ['open', 'partially_picked', 'picked', 'delivered', 'cancelled']) expect(byStatus(status)).toBeGreaterThan(0);
    expect(orders.filter((o) => o.internalStatus === 'delivered').every((o) => o.deliveredAt !== null)).toBe(true);

    const picks = await db()
      .select()
      .from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.companyId, companyId), isNotNull(inventoryTransactions.orderItemId)));
    expect(picks.length).toBeGreaterThan(10);
    expect(picks.every((p) => p.inventoryAction === 'STOCK_OUT')).toBe(true);
    expect(await db().select().from(customerBackorders).where(eq(customerBackorders.companyId, companyId))).not.toHaveLength(0);
    expect((await checkInventory(db(), { companyId })).problems).toEqual([]);

    // The API reads them: every delivered order is fully picked, as the orders API demands.
    const res = await as(app, tenant, { method: 'GET', url: '/api/customers/orders/?internal_status=delivered&limit=100' });
    const delivered: OrderPage = res.json();
    expect(delivered.count).toBe(byStatus('delivered'));
    expect(delivered.results.every((o) => o.order_items.every((i) => i.qty_remaining === 0))).toBe(true);
    const unknown = await as(app, tenant, { method: 'GET', url: '/api/customers/orders/?search=GIFT-WRAP' });
    expect((unknown.json() as OrderPage).results[0]!.order_items.some((i) => i.product === null)).toBe(true);

    // The same for every demo company.
    const twin = await createTenant(app, {}, { demoData: true });
    const twinOrders = await db().select().from(customerOrders).where(eq(customerOrders.companyId, twin.companyId)).orderBy(asc(customerOrders.orderNumber));
    const shape = (rows: typeof orders) => rows.map((o) => [o.orderNumber, o.internalStatus, o.total, o.customerName]);
    expect(shape(twinOrders)).toEqual(shape(orders));
  });
});
