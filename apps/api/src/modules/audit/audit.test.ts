import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { AuditEventPage, AuditEventResponse, ProductResponse } from '@kontor/contract';
import { auditEvents, catalogProducts } from '../../db/schema/index.js';
import { sqlRows } from '../../db/sql-rows.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLevel, insertLocation, insertProduct } from '../catalog/catalog.factories.js';
import { insertOrder } from '../customers/customers.factories.js';

let app: TestApp;
let me: Tenant;
let other: Tenant;
beforeAll(async () => {
  app = await createTestApp();
  me = await createTenant(app);
  other = await createTenant(app);
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
let sequence = 0;
const sku = (label: string) => `AUD-${label}-${++sequence}-${Math.random().toString(36).slice(2, 6)}`;

async function history(tenant: Tenant | null, query: string) {
  return as(app, tenant, { method: 'GET', url: `/api/audit/events/?${query}` });
}
async function events(tenant: Tenant, entity: string, id: number): Promise<AuditEventResponse[]> {
  const res = await history(tenant, `entity=${entity}&entity_id=${id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as AuditEventPage).results;
}

describe('audit history (ADR 0016)', () => {
  it('records who created, changed and deleted a product, with the fields before and after, newest first', async () => {
    const created = await as(app, me, { method: 'POST', url: '/api/catalog/products/', payload: { sku: sku('MUG'), name: 'Mug' } });
    expect(created.statusCode).toBe(201);
    const product: ProductResponse = created.json();
    const renamed = await as(app, me, { method: 'PUT', url: '/api/catalog/products/', payload: { products: [{ id: product.id, name: 'Big mug', vat: 12 }] } });
    expect(renamed.statusCode).toBe(200);

    let list = await events(me, 'catalog_product', product.id);
    expect(list.map((e) => e.action)).toEqual(['update', 'create']);
    const [update, create] = list as [AuditEventResponse, AuditEventResponse];
    expect(create).toMatchObject({ entity: 'catalog_product', entity_id: product.id, user: me.user.id, before: null });
    expect(create.after).toMatchObject({ sku: product.sku, name: 'Mug', company_id: me.companyId });
    // Only what changed, and the name of who changed it.
    expect(update.before).toEqual({ name: 'Mug', vat: 25 });
    expect(update.after).toEqual({ name: 'Big mug', vat: 12 });
    expect(update.user_name).toBe(`${me.user.first_name} ${me.user.last_name}`);
    expect(Date.parse(update.created_at)).toBeGreaterThan(0);

    const deleted = await as(app, me, { method: 'DELETE', url: '/api/catalog/products/', payload: { products: [product.id] } });
    expect(deleted.statusCode).toBe(204);
    list = await events(me, 'catalog_product', product.id);
    expect(list[0]).toMatchObject({ action: 'delete', after: null, user: me.user.id });
    expect(list[0]!.before).toMatchObject({ name: 'Big mug' });
  });

  it('shows one save that changed a row twice (a cost, then its prices) as one change, first values to last', async () => {
    const product = await insertProduct(db(), me.companyId, { sku: sku('TWICE'), name: 'Vase' });
    await db().transaction(async (tx) => {
      await tx.update(catalogProducts).set({ costShipping: '10.00' }).where(eq(catalogProducts.id, product.id));
      await tx.update(catalogProducts).set({ costShipping: '12.50', name: 'Tall vase' }).where(eq(catalogProducts.id, product.id));
    });
    const [change] = await events(me, 'catalog_product', product.id);
    expect(change).toMatchObject({ action: 'update', before: { cost_shipping: 0, name: 'Vase' }, after: { cost_shipping: 12.5, name: 'Tall vase' } });
    expect((await events(me, 'catalog_product', product.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('counts and pages by change: saves that each wrote the row twice are one entry each, never split across pages', async () => {
    const product = await insertProduct(db(), me.companyId, { sku: sku('PAGED'), name: 'Bowl 0' });
    for (let save = 1; save <= 6; save += 1) {
      await db().transaction(async (tx) => {
        await tx
          .update(catalogProducts)
          .set({ costShipping: `${save}.00` })
          .where(eq(catalogProducts.id, product.id));
        await tx
          .update(catalogProducts)
          .set({ name: `Bowl ${save}` })
          .where(eq(catalogProducts.id, product.id));
      });
    }
    const pageOf = async (offset: number) => {
      const res = await history(me, `entity=catalog_product&entity_id=${product.id}&limit=4&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      return res.json() as AuditEventPage;
    };
    const first = await pageOf(0);
    const second = await pageOf(4);
    // Six saves and the create: seven changes, four and three a page.
    expect([first.count, second.count]).toEqual([7, 7]);
    expect(first.results.map((e) => e.after)).toEqual([6, 5, 4, 3].map((n) => ({ cost_shipping: n, name: `Bowl ${n}` })));
    expect(second.results.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(second.results[1]).toMatchObject({ before: { cost_shipping: 0, name: 'Bowl 0' }, after: { cost_shipping: 1, name: 'Bowl 1' } });
  });

  it('writes no event for a refused request, a rolled-back transaction, or a change of derived fields only', async () => {
    const product = await insertProduct(db(), me.companyId, { sku: sku('RB'), name: 'Lamp' });
    const before = await events(me, 'catalog_product', product.id);

    const refused = await as(app, me, { method: 'PUT', url: '/api/catalog/products/', payload: { products: [{ id: product.id, name: '' }] } });
    expect(refused.statusCode).toBe(400);

    await expect(
      db().transaction(async (tx) => {
        await tx.update(catalogProducts).set({ name: 'Never' }).where(eq(catalogProducts.id, product.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // A move changes qty_in_stock (derived from the levels): the ledger is its record, not the history.
    const a = await insertLocation(db(), me.companyId);
    const b = await insertLocation(db(), me.companyId);
    await insertLevel(db(), me.companyId, product.id, a.id, '5');
    const moved = await as(app, me, {
      method: 'POST',
      url: '/api/catalog/inventory_transactions/move/',
      payload: { product: product.id, from_location: a.id, to_location: b.id, quantity: '2' },
    });
    expect(moved.statusCode).toBe(201);

    expect(await events(me, 'catalog_product', product.id)).toEqual(before);
  });

  it('fires on an update of every recorded field: a trigger’s UPDATE OF list is its table’s columns less those left out', async () => {
    // A trigger limited to UPDATE OF some columns (catalog_products: stock writes skip it) must
    // list every column the history records, or a new column's edits would go unrecorded.
    const triggers = await sqlRows<{ table: string; updateOf: string[]; columns: string[]; args: string }>(
      db(),
      sql`select t.tgrelid::regclass::text as "table",
          array(select a.attname::text from unnest(t.tgattr::int2[]) k join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k order by 1) as "updateOf",
          array(select a.attname::text from pg_attribute a where a.attrelid = t.tgrelid and a.attnum > 0 and not a.attisdropped order by 1) as columns,
          encode(t.tgargs, 'escape') as args
        from pg_trigger t where t.tgname = 'audit' and cardinality(t.tgattr::int2[]) > 0`,
    );
    expect(triggers.map((t) => t.table)).toContain('catalog_products');
    for (const trigger of triggers) {
      const leftOut = trigger.args.split('\\000')[5]!.replace(/[{}]/g, '').split(',');
      const recorded = trigger.columns.filter((c) => !['created_at', 'updated_at', ...leftOut].includes(c));
      expect(trigger.updateOf, trigger.table).toEqual(recorded);
    }
  });

  it('shows an order’s own changes with its items’ (system ones too) in the order’s history', async () => {
    const { order } = await insertOrder(db(), me.companyId, { orderNumber: `AUD-${++sequence}` }, [{ prodSku: 'X-1', prodName: 'Chair', quantity: 1 }]);
    const res = await as(app, me, { method: 'PUT', url: `/api/customers/orders/${order.id}/`, payload: { notes: 'Gift wrap' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = await events(me, 'customer_order', order.id);
    expect(list[0]).toMatchObject({ entity: 'customer_order', action: 'update', user: me.user.id, before: { notes: '' }, after: { notes: 'Gift wrap' } });
    // Written outside any request (a storefront sync, here the factory): the system did it.
    expect(list.filter((e) => e.entity === 'customer_order_item')).toEqual([
      expect.objectContaining({ action: 'create', user: null, user_name: 'System', after: expect.objectContaining({ prod_sku: 'X-1' }) }),
    ]);
  });

  it('never shows a secret: storefront keys and password hashes are masked', async () => {
    const saved = await as(app, me, {
      method: 'PUT',
      url: '/api/customers/storefront/',
      payload: { store_url: 'https://shop.test', consumer_key: 'ck_live_key', consumer_secret: 'cs_live_secret' },
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, me.companyId), eq(auditEvents.entity, 'storefront_connection')));
    expect(JSON.stringify(row)).not.toContain('cs_live_secret');
    expect(JSON.stringify(row)).not.toContain('ck_live_key');
    expect(row!.after).toMatchObject({ store_url: 'https://shop.test', consumer_secret: '••••••' });

    const [user] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, me.user.id), eq(auditEvents.action, 'create')));
    expect(user!.after).toMatchObject({ password_hash: '••••••', email: me.user.email });
  });

  it('answers another company’s record as an empty history, refuses bad queries with DRF bodies and needs a token', async () => {
    const product = await insertProduct(db(), me.companyId, { sku: sku('ISO'), name: 'Secret' });
    expect((await events(me, 'catalog_product', product.id)).length).toBeGreaterThan(0);
    const theirs = await history(other, `entity=catalog_product&entity_id=${product.id}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ count: 0, results: [] });

    const bad = await history(me, 'entity=passwords&entity_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['entity', 'entity_id']);
    expect((await history(me, 'entity=catalog_product')).statusCode).toBe(400);
    expect((await history(null, `entity=catalog_product&entity_id=${product.id}`)).statusCode).toBe(401);
  });

  it('names the user on every audited write an API call makes, transaction or single statement', async () => {
    const tenant = await createTenant(app);
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await as(app, tenant, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.body ? (res.json() as { id: number }) : { id: 0 };
    };
    const [start] = await db()
      .select({ id: max(auditEvents.id) })
      .from(auditEvents);

    const type = await call('POST', '/api/catalog/inventory_location_types/', { name: 'Shelf' });
    await call('PUT', `/api/catalog/inventory_location_types/${type.id}/`, { name: 'Shelves' });
    await call('POST', '/api/catalog/inventory_locations/', { name: 'Hall B', type: type.id });
    await call('DELETE', `/api/catalog/inventory_location_types/${type.id}/`);
    const supplier = await call('POST', '/api/procurement/suppliers/', { name: 'Acme Tools', name_abbrev: 'ACME' });
    await call('PUT', `/api/procurement/suppliers/${supplier.id}/`, { name: 'Acme Tools AB', name_abbrev: 'ACME' });
    const feed = await call('POST', '/api/procurement/feeds/', {
      supplier: supplier.id,
      name: 'Acme feed',
      url: 'https://feeds.example.com/acme.csv',
      format: 'CSV',
      column_mapping: { sku: 'Article', name: 'Title', cost: 'Price', stock_details: '' },
    });
    await call('DELETE', `/api/procurement/feeds/${feed.id}/`);
    await call('POST', '/api/catalog/markups/', { name: 'Standard', percent: '60' });
    await call('POST', '/api/catalog/categories/', { title: 'Lamps' });
    await call('PUT', `/api/users/companies/${tenant.companyId}/`, { name: 'Renamed AB' });
    await call('POST', '/api/users/', {
      email: `staff-${Date.now()}@audit.test`,
      first_name: 'Sam',
      last_name: 'Staff',
      password: 'a-long-unusual-passphrase-88',
    });
    await call('PUT', '/api/customers/storefront/', { store_url: 'https://shop.audit.test', consumer_key: 'ck_1', consumer_secret: 'cs_1' });

    const written = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, tenant.companyId), gt(auditEvents.id, start?.id ?? 0)));
    const entities = new Set(written.map((e) => e.entity));
    for (const entity of [
      'inventory_location_type',
      'inventory_location',
      'procurement_supplier',
      'procurement_feed',
      'catalog_markup',
      'catalog_category',
      'company',
      'user',
      'storefront_connection',
    ]) {
      expect(entities, entity).toContain(entity);
    }
    expect(written.filter((e) => e.userId !== tenant.user.id)).toEqual([]);
    expect(written.filter((e) => e.entity === 'inventory_location_type').map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });
});
