import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcurementOrderItemPage } from '@kontor/contract';
import { procurementOrderItems } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from '../catalog/catalog.factories.js';
import { insertBackorder, insertProcurementOrder, insertSupplier } from './procurement.factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const ITEMS = '/api/procurement/order_items/';
const list = (tenant: Tenant | null, query = '') => as(app, tenant, { method: 'GET', url: `${ITEMS}${query}` });

async function insertItem(companyId: number, orderId: number, productId: number, quantity: string, quantityReceived = '0') {
  const [row] = await db().insert(procurementOrderItems).values({ companyId, orderId, productId, quantity, quantityReceived }).returning();
  return row!;
}

/** Two products on three orders (open, partially received, received) at one supplier. */
async function shop() {
  const tenant = await createTenant(app);
  const supplier = await insertSupplier(db(), tenant.companyId, { name: 'Acme Garden' });
  const hose = await insertProduct(db(), tenant.companyId, { sku: 'HOSE-20', name: 'Garden hose' });
  const rake = await insertProduct(db(), tenant.companyId, { sku: 'RAKE-1', name: 'Rake' });
  const open = await insertProcurementOrder(db(), tenant.companyId, supplier.id, { internalOrderNumber: 'PO-000001', status: 'open' });
  const partial = await insertProcurementOrder(db(), tenant.companyId, supplier.id, { internalOrderNumber: 'PO-000002', status: 'partially_received' });
  const received = await insertProcurementOrder(db(), tenant.companyId, supplier.id, { internalOrderNumber: 'PO-000003', status: 'received' });
  const hoseOpen = await insertItem(tenant.companyId, open.id, hose.id, '10');
  const rakeOpen = await insertItem(tenant.companyId, open.id, rake.id, '4');
  const hosePartial = await insertItem(tenant.companyId, partial.id, hose.id, '6', '2');
  const hoseReceived = await insertItem(tenant.companyId, received.id, hose.id, '3', '3');
  return { tenant, hose, rake, open, partial, received, hoseOpen, rakeOpen, hosePartial, hoseReceived };
}

const ids = (page: ProcurementOrderItemPage) => page.results.map((r) => r.id);

describe('GET /api/procurement/order_items/', () => {
  it('lists the company’s lines with order number, status, supplier and what is reserved against them', async () => {
    const s = await shop();
    await insertBackorder(db(), s.tenant.companyId, s.hose.id, { quantity: '3', status: 'reserved', reservedOrderItemId: s.hoseOpen.id });
    await insertBackorder(db(), s.tenant.companyId, s.hose.id, { quantity: '1.5', status: 'reserved', reservedOrderItemId: s.hoseOpen.id });
    // A ready backorder's goods have arrived: it no longer holds incoming goods.
    await insertBackorder(db(), s.tenant.companyId, s.hose.id, { quantity: '2', status: 'ready', reservedOrderItemId: s.hoseOpen.id });
    // Nor does a resolved one (its order line was picked from stock meanwhile).
    await insertBackorder(db(), s.tenant.companyId, s.hose.id, {
      quantity: '4',
      status: 'reserved',
      reservedOrderItemId: s.hoseOpen.id,
      resolvedAt: new Date(),
    });
    const res = await list(s.tenant);
    expect(res.statusCode).toBe(200);
    const page: ProcurementOrderItemPage = res.json();
    expect(page.count).toBe(4);
    expect(ids(page)).toEqual([s.hoseOpen.id, s.rakeOpen.id, s.hosePartial.id, s.hoseReceived.id]);
    expect(page.results[0]).toMatchObject({
      order: s.open.id,
      order_number: 'PO-000001',
      order_status: 'open',
      supplier_name: 'Acme Garden',
      product: s.hose.id,
      product_sku: 'HOSE-20',
      product_name: 'Garden hose',
      quantity: 10,
      quantity_received: 0,
      reserved: 4.5,
    });
    expect(page.results[0]).not.toHaveProperty('receipts');
    expect(page.results[2]).toMatchObject({ order_number: 'PO-000002', order_status: 'partially_received', quantity: 6, quantity_received: 2, reserved: 0 });
  });

  it('filters by product, order and order status (exact and in)', async () => {
    const s = await shop();
    const incoming: ProcurementOrderItemPage = (await list(s.tenant, `?product=${s.hose.id}&order__status__in=open,partially_received`)).json();
    expect(ids(incoming)).toEqual([s.hoseOpen.id, s.hosePartial.id]);
    expect(ids((await list(s.tenant, `?product__in=${s.hose.id},${s.rake.id}&order__status=received`)).json())).toEqual([s.hoseReceived.id]);
    expect(ids((await list(s.tenant, `?order=${s.open.id}`)).json())).toEqual([s.hoseOpen.id, s.rakeOpen.id]);
    expect(ids((await list(s.tenant, `?product=${s.rake.id}&order__status=cancelled`)).json())).toEqual([]);
  });

  it('never lists another company’s lines', async () => {
    const s = await shop();
    const other = await shop();
    const page: ProcurementOrderItemPage = (await list(s.tenant, `?product__in=${s.hose.id},${other.hose.id}`)).json();
    expect(ids(page)).toEqual([s.hoseOpen.id, s.hosePartial.id, s.hoseReceived.id]);
    expect((await list(s.tenant, `?order=${other.open.id}`)).json()).toMatchObject({ count: 0, results: [] });
  });

  it('answers 400 for a bad or unknown filter, 401 without a token', async () => {
    const s = await shop();
    const badStatus = await list(s.tenant, '?order__status=shipped');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ order__status: ['Select a valid choice. shipped is not one of the available choices.'] });
    const badIn = await list(s.tenant, '?order__status__in=open,bogus');
    expect(badIn.statusCode).toBe(400);
    expect(badIn.json()).toHaveProperty('order__status__in');
    expect((await list(s.tenant, '?product=abc')).json()).toEqual({ product: ['Enter a whole number.'] });
    expect((await list(s.tenant, '?supplier=1')).statusCode).toBe(400);
    expect((await list(null)).statusCode).toBe(401);
  });
});
