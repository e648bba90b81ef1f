import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { googleTaxonomyItems } from '../../db/schema/index.js';
import { rowsOf, whileHeld } from '../../../test/held-rows.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertLocation, insertProduct } from './catalog.factories.js';

/**
 * A product write that names a stock proxy parent or a default location checks that the row
 * exists, then writes: a delete of that row committed in between must be the write's 400, not a
 * foreign key failure (500). Here another transaction holds the row, the write waits for it, and
 * the row is deleted. PostgreSQL only: PGlite has one connection.
 */
let app: TestApp;
let tenant: Tenant;
const db = () => app.deps.database.db;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app);
});
afterAll(async () => app?.close());

/** Holds `table`'s row `id` while `write` starts, deletes the row once the write waits for it, and answers the write's response. */
const deletedWhileWriting = <T>(table: 'catalog_products' | 'inventory_locations', id: number, write: () => Promise<T>): Promise<T> =>
  whileHeld(
    db(),
    'the held row',
    {
      lock: (tx) => tx.execute(sql`select id from ${sql.identifier(table)} where id = ${id} for update`),
      thenWrite: (tx) => tx.execute(sql`delete from ${sql.identifier(table)} where id = ${id}`),
    },
    write,
  );

describe('a product write whose reference is deleted meanwhile', () => {
  it('bulk PUT: the stock proxy parent is answered as not existing', async () => {
    const product = await insertProduct(db(), tenant.companyId);
    const parent = await insertProduct(db(), tenant.companyId);
    const res = await deletedWhileWriting('catalog_products', parent.id, () =>
      as(app, tenant, { method: 'PUT', url: '/api/catalog/products/', payload: { products: [{ id: product.id, product__stock_proxy_parent: parent.id }] } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'products.0.product__stock_proxy_parent': [`Invalid pk "${parent.id}" - object does not exist.`] });
  });

  it('POST: the default location is answered as not existing', async () => {
    const location = await insertLocation(db(), tenant.companyId);
    const res = await deletedWhileWriting('inventory_locations', location.id, () =>
      as(app, tenant, { method: 'POST', url: '/api/catalog/products/', payload: { sku: 'REF-RACE', name: 'X', default_location_id: location.id } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ default_location_id: [`Invalid pk "${location.id}" - object does not exist.`] });
  });

  it('PUT taxonomies/: the product is answered as not found', async () => {
    const product = await insertProduct(db(), tenant.companyId);
    const [item] = await db()
      .insert(googleTaxonomyItems)
      .values({ taxonomyId: 900_000_000 + Math.floor(Math.random() * 99_999_999), slugEn: 'Race' })
      .returning();
    const res = await deletedWhileWriting('catalog_products', product.id, () =>
      as(app, tenant, {
        method: 'PUT',
        url: `/api/catalog/products/${product.id}/taxonomies/`,
        payload: { google_taxonomy: item!.id, facebook_taxonomy: null },
      }),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('a markup repricing the catalog while a bulk PUT names a stock proxy parent', () => {
  it('neither deadlocks: the repricing holds the parent without keeping others from referencing it', async () => {
    const company = await createTenant(app);
    // Ids in this order: the repricing (id order) takes the parent, then the blocked product, then the edited one.
    const parent = await insertProduct(db(), company.companyId, { productType: 'variable' });
    const blocked = await insertProduct(db(), company.companyId);
    const variation = await insertProduct(db(), company.companyId, { productType: 'variation' });
    const waitingOn = async (count: number) => {
      for (let i = 0; ; i++) {
        const rows = await rowsOf(db(), sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows.length >= count) return;
        if (i > 200) throw new Error(`never ${count} waiting`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    let release!: () => void;
    let holding!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select id from catalog_products where id = ${blocked.id} for update`);
      holding();
      await released;
    });
    await held;
    try {
      // The repricing holds the parent and waits for the blocked product.
      const markup = as(app, company, { method: 'POST', url: '/api/catalog/markups/', payload: { name: 'All', percent: 40, is_default: true } });
      await waitingOn(1);
      // The bulk PUT holds the variation and must not wait for the parent's holder.
      const edit = as(app, company, {
        method: 'PUT',
        url: '/api/catalog/products/',
        payload: { products: [{ id: variation.id, product__stock_proxy_parent: parent.id }] },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await holder;
      const [markupRes, editRes] = await Promise.all([markup, edit]);
      expect([markupRes.statusCode, editRes.statusCode]).toEqual([201, 200]);
    } finally {
      release();
      await holder;
    }
  });
});
