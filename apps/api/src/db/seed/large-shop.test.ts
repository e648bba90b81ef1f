import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { as, createTenant, createTestApp, login, type Tenant, type TestApp } from '../../../test/helpers.js';
import { countAndPage, countRows, EXACT_COUNT_LIMIT, forgetKeptEstimates, type ListScan } from '../../http/row-count.js';
import type { DbOrTx } from '../client.js';
import { sqlState } from '../errors.js';
import { catalogProducts } from '../schema/index.js';
import { treeViolations, type TreeNode } from '../../modules/catalog/category-tree.invariants.js';
import { repriceProducts } from '../../modules/catalog/pricing.service.js';
import { checkInventory } from '../../modules/inventory/check.service.js';
import { analyzeLargeShop, LARGE_LOGIN, largeShopSize, seedLargeShop, withForeignKeysCheckedOnce, type SeededCounts } from './large-shop.js';

/**
 * The large shop at a small size (more products than an exact count covers), on PGlite and
 * PostgreSQL: it keeps every rule the app keeps, and the lists answer it with estimated counts.
 */
const PRODUCTS = 1200;

let app: TestApp;
let seeded: SeededCounts;
let headers: { authorization: string };
let other: Tenant;
let keysBefore: ForeignKeyRow[];
beforeAll(async () => {
  app = await createTestApp();
  keysBefore = await foreignKeys();
  seeded = await seedLargeShop(app.deps.database.db, PRODUCTS);
  await analyzeLargeShop(app.deps.database.db);
  const tokens = await login(app, LARGE_LOGIN.email, LARGE_LOGIN.password);
  headers = { authorization: `Bearer ${tokens.access}` };
  other = await createTenant(app);
}, 120_000);
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)) as unknown as { rows: T[] };
type ForeignKeyRow = { table: string; name: string; definition: string; validated: boolean };
/** Every foreign key of the schema, as PostgreSQL defines it. */
const foreignKeys = async () =>
  (
    await rows<ForeignKeyRow>(sql`
      select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition, convalidated as validated
      from pg_constraint where contype = 'f' order by 1, 2`)
  ).rows;
const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('seedLargeShop', () => {
  it('seeds the proportions it promises, in one company', () => {
    const size = largeShopSize(PRODUCTS);
    expect(seeded).toMatchObject({
      products: PRODUCTS,
      locations: size.locations,
      ledger_rows: size.ledgerRows,
      orders: size.orders,
      procurement_products: size.procurementProducts,
    });
  });

  it('keeps the inventory rules: levels are the ledger, none negative, qty_in_stock is the stock levels', async () => {
    const report = await checkInventory(db(), { companyId: seeded.companyId });
    expect(report.problems).toEqual([]);
    expect(report.transactions).toBe(PRODUCTS * 20);
  });

  it('prices every product as the pricing service would, and builds a valid category tree', async () => {
    expect(await repriceProducts(db(), seeded.companyId)).toBe(0);
    const { rows: nodes } = await rows<TreeNode>(sql`
      select id, parent_id as "parentId", sort_order as "sortOrder", lft, rght, tree_id as "treeId", level
      from catalog_categories where company_id = ${seeded.companyId}`);
    expect(nodes).toHaveLength(220);
    expect(treeViolations(nodes)).toEqual([]);
  });

  it('loads with the foreign keys set aside and leaves every one of them as it was, validated', async () => {
    expect(keysBefore.length).toBeGreaterThan(20);
    expect(keysBefore.every((k) => k.validated)).toBe(true);
    expect(await foreignKeys()).toEqual(keysBefore);
  });

  it('refuses a load that breaks a foreign key, with the key still in place', async () => {
    const orphan = db().transaction((tx) =>
      withForeignKeysCheckedOnce(tx, ['inventory_levels'], async () => {
        await tx.execute(sql`
          insert into inventory_levels (company_id, product_id, location_id, quantity)
          select ${seeded.companyId}, 2147483000, id, 1 from inventory_locations where company_id = ${seeded.companyId} limit 1`);
      }),
    );
    const refused: unknown = await orphan.then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain('add constraint inventory_levels_product_id_catalog_products_id_fk ');
    expect(sqlState(refused)).toBe('23503'); // foreign_key_violation
    expect(await foreignKeys()).toEqual(keysBefore);
    const { rows: levels } = await rows<{ n: number }>(sql`select count(*)::int as n from inventory_levels where product_id = 2147483000`);
    expect(levels[0]!.n).toBe(0);
  });

  it('refuses to seed the same database twice and leaves it as it was', async () => {
    await expect(seedLargeShop(db(), 10)).rejects.toThrow(/already has the large shop/);
    const { rows: companies } = await rows<{ n: number }>(sql`select count(*)::int as n from companies where name = 'Large Shop AB'`);
    expect(companies[0]!.n).toBe(1);
  });
});

describe('lists at scale', () => {
  it(`estimates a count above ${EXACT_COUNT_LIMIT} rows, says so, and still links the next page`, async () => {
    const page = await get('/api/catalog/products/?ordering=sku&limit=25');
    expect(page.count_is_estimate).toBe(true);
    expect(page.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.results).toHaveLength(25);
    expect(page.results[0].sku).toBe('LRG-0000001');
    expect(page.next).toContain('offset=25');
  });

  it('counts exactly when the filter leaves fewer rows, and on the last page', async () => {
    const bundles = await get('/api/catalog/products/?product_type=bundle&limit=25');
    expect(bundles.count).toBe(PRODUCTS / 20);
    expect(bundles.count_is_estimate).toBeUndefined();
    const last = await get(`/api/catalog/products/?ordering=sku&limit=25&offset=${PRODUCTS - 10}`);
    expect(last).toMatchObject({ count: PRODUCTS, next: null });
    expect(last.count_is_estimate).toBeUndefined();
    expect(last.results).toHaveLength(10);
  });

  it('estimates the ledger, the orders and the supplier products too', async () => {
    for (const url of ['/api/catalog/inventory_transactions/?limit=25', '/api/customers/orders/?limit=25', '/api/procurement/products/?limit=25']) {
      const page = await get(url);
      expect(page.count_is_estimate, url).toBe(true);
      expect(page.results, url).toHaveLength(25);
    }
  });

  it('searches SKU and name as one text, case-insensitively', async () => {
    const page = await get('/api/catalog/products/?search=OAK%20CHAIR&limit=100');
    expect(page.count).toBeGreaterThan(0);
    for (const product of page.results) expect(`${product.sku} ${product.name}`.toLowerCase()).toContain('oak chair');
    const bySku = await get('/api/catalog/products/?search=lrg-0000123');
    expect(bySku.results.map((p: { sku: string }) => p.sku)).toEqual(['LRG-0000123']);
  });

  it('counts a search exactly and pages it in the asked order, to an empty page past its end', async () => {
    // LRG-0000100 to LRG-0000199: a hundred matches, counted and paged from one scan.
    const third = await get('/api/catalog/products/?search=lrg-00001&ordering=-sku&limit=40&offset=80');
    expect(third).toMatchObject({ count: 100, next: null });
    expect(third.count_is_estimate).toBeUndefined();
    expect(third.results.map((p: { sku: string }) => p.sku)).toEqual(Array.from({ length: 20 }, (_, i) => `LRG-00001${String(19 - i).padStart(2, '0')}`));
    const past = await get('/api/catalog/products/?search=lrg-00001&limit=25&offset=200');
    expect(past).toMatchObject({ count: 100, next: null, results: [] });
    const lite = await get('/api/catalog/products2/?search=lrg-00001&limit=5&offset=10');
    const { rows: liteIds } = await rows<{ id: number }>(sql`
      select id from catalog_products where company_id = ${seeded.companyId} and sku like 'LRG-00001%' order by id desc limit 5 offset 10`);
    expect(lite.count).toBe(100);
    expect(lite.results.map((p: { id: number }) => p.id)).toEqual(liteIds.map((r) => r.id));
  });

  it('pages a search ordered by an expression (the effective price) from its matches, as its own SQL orders them', async () => {
    // The page is ordered inside the count's scan: the columns the price reads must come with it.
    const page = await get('/api/catalog/products/?search=lrg-00002&ordering=-price,sku&limit=15&offset=30');
    const { rows: ids } = await rows<{ id: number }>(sql`
      select id from catalog_products where company_id = ${seeded.companyId} and sku like 'LRG-00002%'
      order by coalesce(price_manual_override, price_calculated_automatically) desc nulls last, sku, id desc limit 15 offset 30`);
    expect(page.count).toBe(100);
    expect(page.results.map((p: { id: number }) => p.id)).toEqual(ids.map((r) => r.id));
  });

  it('answers a search with more matches than an exact count covers with an estimate and the right first page', async () => {
    const page = await get('/api/catalog/products/?search=lrg&ordering=sku&limit=25');
    expect(page.count_is_estimate).toBe(true);
    expect(page.results.map((p: { sku: string }) => p.sku).slice(0, 3)).toEqual(['LRG-0000001', 'LRG-0000002', 'LRG-0000003']);
  });

  it('takes the count of a search the planner expects to match many rows from its estimate, and counts the others', async () => {
    // 'lrg-00002' matches 100 products: counted exactly, unless the planner's estimate is trusted
    // from 0 rows up, which stands in for a search it expects to match TRUSTED_SEARCH_ESTIMATE rows.
    const list: ListScan = {
      table: catalogProducts,
      where: and(eq(catalogProducts.companyId, seeded.companyId), ilike(sql`(${catalogProducts.sku} || ' ' || ${catalogProducts.name})`, '%lrg-00002%')),
      orderBy: [asc(catalogProducts.sku)],
      page: { limit: 25, offset: 0 },
      search: 'lrg-00002',
    };
    const counted = await countAndPage(db(), list);
    expect(counted.total).toEqual({ count: 100, isEstimate: false });
    expect(counted.pageIds).toHaveLength(25);
    const trusted = await countAndPage(db(), list, 0);
    expect(trusted.total.isEstimate).toBe(true);
    expect(trusted.total.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(trusted.pageIds).toBeNull();
    // The trusted estimate was kept for this search: the tests after this one count it themselves.
    forgetKeptEstimates();
  });

  it('keeps a scanned search’s planned count for its next pages, and still counts it exactly each time', async () => {
    forgetKeptEstimates();
    let statements = 0;
    const counting = { execute: (query: ReturnType<typeof sql>) => (statements++, db().execute(query)) } as unknown as DbOrTx;
    const search = (companyId: number, offset: number): ListScan => ({
      table: catalogProducts,
      where: and(eq(catalogProducts.companyId, companyId), ilike(sql`(${catalogProducts.sku} || ' ' || ${catalogProducts.name})`, '%lrg-00002%')),
      orderBy: [asc(catalogProducts.sku)],
      page: { limit: 25, offset },
      search: 'lrg-00002',
    });
    const first = await countAndPage(counting, search(seeded.companyId, 0));
    expect(first.total).toEqual({ count: 100, isEstimate: false });
    expect(statements).toBe(2); // the EXPLAIN, then the scan that counts and pages
    // The next page: the scan only, with its own exact count and page.
    const second = await countAndPage(counting, search(seeded.companyId, 25));
    expect(second.total).toEqual({ count: 100, isEstimate: false });
    expect(second.pageIds).toHaveLength(25);
    expect(second.pageIds).not.toEqual(first.pageIds);
    expect(statements).toBe(3);
    // A match added meanwhile is counted: only the plan's number was kept.
    await db().execute(sql`insert into catalog_products (company_id, sku, name) values (${seeded.companyId}, 'LRG-0000200-NEW', 'Kept plan check')`);
    try {
      expect((await countAndPage(counting, search(seeded.companyId, 0))).total).toEqual({ count: 101, isEstimate: false });
      expect(statements).toBe(4);
    } finally {
      await db().execute(sql`delete from catalog_products where sku = 'LRG-0000200-NEW'`);
    }
    // Another company's search, the same text with another parameter: its own EXPLAIN.
    expect((await countAndPage(counting, search(other.companyId, 0))).total).toEqual({ count: 0, isEstimate: false });
    expect(statements).toBe(6);
    forgetKeptEstimates();
  });

  it('keeps a long list’s estimate for its next pages, per company, and never an exact count', async () => {
    forgetKeptEstimates();
    let statements = 0;
    const counting = { execute: (query: ReturnType<typeof sql>) => (statements++, db().execute(query)) } as unknown as DbOrTx;
    const productsOf = (companyId: number, type?: string) =>
      sql`select id from catalog_products where company_id = ${companyId}${type ? sql` and product_type = ${type}` : sql``}`;

    const first = await countRows(counting, productsOf(seeded.companyId));
    expect(first.isEstimate).toBe(true);
    expect(statements).toBe(2); // the capped count, then the EXPLAIN that gives the estimate
    expect(await countRows(counting, productsOf(seeded.companyId))).toEqual(first);
    expect(statements).toBe(2);

    // Another company's list, the same text with another parameter: its own count.
    expect(await countRows(counting, productsOf(other.companyId))).toEqual({ count: 0, isEstimate: false });
    expect(statements).toBe(3);
    // An exact count is read every time.
    const bundles = { count: PRODUCTS / 20, isEstimate: false };
    expect(await countRows(counting, productsOf(seeded.companyId, 'bundle'))).toEqual(bundles);
    expect(await countRows(counting, productsOf(seeded.companyId, 'bundle'))).toEqual(bundles);
    expect(statements).toBe(5);

    forgetKeptEstimates();
    expect(await countRows(counting, productsOf(seeded.companyId))).toEqual(first);
    expect(statements).toBe(7);
  });

  it('pages a search of the orders and of the supplier products as their own SQL orders them', async () => {
    const orders = await get('/api/customers/orders/?search=nilsson&limit=20&offset=20');
    const { rows: orderIds } = await rows<{ id: number }>(sql`
      select id from customer_orders
      where company_id = ${seeded.companyId} and (order_number || E'\\n' || customer_name || E'\\n' || customer_email) ilike '%nilsson%'
      order by ordered_at desc, id desc limit 20 offset 20`);
    expect(orders.count).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    expect(orders.results.map((o: { id: number }) => o.id)).toEqual(orderIds.map((r) => r.id));

    const supplierProducts = await get('/api/procurement/products/?search=hammer%20pro&ordering=sku&limit=10&offset=10');
    const { rows: productIds } = await rows<{ id: number; n: number }>(sql`
      select id, count(*) over ()::int as n from procurement_products
      where company_id = ${seeded.companyId} and (sku || ' ' || name || ' ' || brand || ' ' || ean) ilike '%hammer pro%'
      order by sku, id limit 10 offset 10`);
    expect(supplierProducts.count).toBe(productIds[0]!.n);
    expect(supplierProducts.results.map((p: { id: number }) => p.id)).toEqual(productIds.map((r) => r.id));
  });

  it('orders newest first and highest margin first with empty margins last', async () => {
    const newest = await get('/api/catalog/products/?ordering=-created_at&limit=3');
    expect(newest.results.map((p: { sku: string }) => p.sku)).toEqual(['LRG-0001200', 'LRG-0001199', 'LRG-0001198']);
    const margins = await get(`/api/catalog/products/?ordering=-margin_percent&limit=1000&offset=${PRODUCTS - 1000}`);
    const values = margins.results.map((p: { margin_percent: number | null }) => p.margin_percent);
    const firstNull = values.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(values.slice(firstNull).every((v: number | null) => v === null)).toBe(true);
  });

  it("never lists the large shop's rows to another company", async () => {
    const res = await as(app, other, { method: 'GET', url: '/api/catalog/products/?search=LRG' });
    expect(res.json()).toMatchObject({ count: 0, results: [] });
  });
});
