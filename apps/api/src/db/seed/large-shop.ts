import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client.js';
import { catalogMarkups, companies, users } from '../schema/index.js';
import { hashPassword } from '../../lib/secrets.js';
import { repriceProducts } from '../../modules/catalog/pricing.service.js';
import { DEMO_MARKUPS } from './demo-shop.js';

/** The one login of a large seeded shop; `npm run bench` logs in with it. */
export const LARGE_LOGIN = { email: 'large@kontor.test', password: 'kontor-large-2026' } as const;

/**
 * How much of everything a shop with `products` products has (issue 9: at 100k about 30
 * locations, 2M ledger rows, 100k orders, 300k supplier products). Small shops get fewer
 * locations; the rest scales with the catalog.
 */
export function largeShopSize(products: number) {
  return {
    products,
    locations: Math.min(30, Math.max(3, Math.round(products / 1000))),
    /** Ten stock-in/stock-out pairs per product. */
    ledgerRows: products * 20,
    orders: products,
    suppliers: 10,
    procurementProducts: products * 3,
    categories: 20 * 11,
  };
}

export type LargeShopSize = ReturnType<typeof largeShopSize>;
export type SeededCounts = { companyId: number; userId: number; seconds: number } & Record<string, number>;

type Step = { name: string; run: (tx: DbOrTx) => Promise<unknown> };

/**
 * Seeds one company with a shop of `products` products, all in set-based SQL (INSERT ... SELECT
 * over generate_series) in ONE transaction: a failed or interrupted seed leaves nothing. The
 * figures are deterministic (hashes of the row number, no random()), so two seeds of the same
 * size are the same shop and benchmark runs compare.
 *
 * The data keeps every rule the app keeps: each (product, location) level is the sum of its
 * ledger deltas and never went below zero (each stock-out follows a larger stock-in at the same
 * place), qty_in_stock is the sum of the levels at stock locations, prices come from the
 * pricing service, the category tree is a valid nested set. `db:check` passes on it.
 */
export async function seedLargeShop(db: Db, products: number, onStep: (name: string, ms: number) => void = () => undefined): Promise<SeededCounts> {
  if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive whole number.');
  const size = largeShopSize(products);
  const started = Date.now();
  const passwordHash = await hashPassword(LARGE_LOGIN.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${LARGE_LOGIN.email}`);
    if (taken) throw new Error(`This database already has the large shop (${LARGE_LOGIN.email}); seed a fresh database.`);
    // The seed is one big transaction that is worthless if the machine dies mid-way: no need to wait for the WAL flush of each statement.
    await tx.execute(sql`set local synchronous_commit = off`);
    // Millions of generated rows are nobody's edits: the audit trigger stands aside for this transaction (ADR 0016).
    await tx.execute(sql`select set_config('kontor.audit', 'off', true)`);
    const [company] = await tx
      .insert(companies)
      .values({ name: 'Large Shop AB', country: 'Sweden', url: 'https://large.example.com', platform: 'WooCommerce', agreedToTerms: true })
      .returning();
    const companyId = company!.id;
    const [user] = await tx
      .insert(users)
      .values({ companyId, email: LARGE_LOGIN.email, firstName: 'Large', lastName: 'Operator', companyRole: 'Admin', category: 'Home & Garden', passwordHash })
      .returning();
    const userId = user!.id;
    await tx.insert(catalogMarkups).values(DEMO_MARKUPS.map((m) => ({ ...m, companyId, accountId: userId })));

    let loaded = 0;
    await withForeignKeysCheckedOnce(tx, BULK_TABLES, async () => {
      for (const step of largeShopSteps(companyId, userId, size)) {
        const t0 = Date.now();
        await step.run(tx);
        onStep(step.name, Date.now() - t0);
      }
      const t0 = Date.now();
      await repriceProducts(tx, companyId);
      onStep('prices', Date.now() - t0);
      loaded = Date.now();
    });
    onStep('foreign keys', Date.now() - loaded);

    const counts = await tx.execute(sql`
      select
        (select count(*)::int from catalog_products where company_id = ${companyId}) as products,
        (select count(*)::int from inventory_locations where company_id = ${companyId}) as locations,
        (select count(*)::int from inventory_levels where company_id = ${companyId}) as levels,
        (select count(*)::int from inventory_transactions where company_id = ${companyId}) as ledger_rows,
        (select count(*)::int from customer_orders where company_id = ${companyId}) as orders,
        (select count(*)::int from customer_order_items where company_id = ${companyId}) as order_items,
        (select count(*)::int from procurement_products where company_id = ${companyId}) as procurement_products`);
    const row = (counts as unknown as { rows: Record<string, number>[] }).rows[0]!;
    return { ...row, companyId, userId, seconds: Math.round((Date.now() - started) / 100) / 10 };
  });
}

/** The tables the seed fills with millions of rows (it fills the others with a few hundred). */
const BULK_TABLES = [
  'catalog_products',
  'catalog_product_categories',
  'product_descriptions',
  'inventory_transactions',
  'inventory_levels',
  'customer_orders',
  'customer_order_items',
  'procurement_products',
];

type ForeignKey = { table: string; name: string; definition: string };

/**
 * Runs `load` with the foreign keys of `tables` dropped, then adds them back as they were, each
 * checked over the whole table by one set-based scan (ALTER TABLE ... ADD CONSTRAINT validates
 * every row): a row that breaks one fails the seed, and its transaction drops nothing. Checked
 * row by row instead, the keys cost most of the load: 2M ledger rows each look up their
 * company, user, product and location (9.1 s per 200k rows with the checks, 2.5 s without),
 * and the seed's later updates of rows it inserted check all their keys again. The caller's
 * transaction holds the tables exclusively until it ends: a seed is meant for a fresh database.
 */
export async function withForeignKeysCheckedOnce(tx: DbOrTx, tables: string[], load: () => Promise<void>): Promise<void> {
  // Names and definitions as PostgreSQL writes them itself (quoted, and schema-qualified where
  // the search path needs it), so they go back into the statements as they are.
  const found = await tx.execute(sql`
    select conrelid::regclass::text as "table", quote_ident(conname) as name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where contype = 'f' and conrelid = any(${`{${tables.join(',')}}`}::regclass[])
    order by conrelid::regclass::text, conname`);
  const keys = (found as unknown as { rows: ForeignKey[] }).rows;
  for (const key of keys) await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${key.name}`));
  await load();
  for (const key of keys) await tx.execute(sql.raw(`alter table ${key.table} add constraint ${key.name} ${key.definition}`));
}

/**
 * VACUUM ANALYZE after the bulk load, as autovacuum would do a while later: planner statistics,
 * and the visibility map that lets counts and deep pages read indexes alone. VACUUM cannot run in
 * a transaction, so this runs after the seed's.
 */
export async function analyzeLargeShop(db: Db): Promise<void> {
  for (const table of [
    'catalog_products',
    'catalog_categories',
    'catalog_product_categories',
    'product_descriptions',
    'inventory_locations',
    'inventory_levels',
    'inventory_transactions',
    'customer_orders',
    'customer_order_items',
    'procurement_products',
    'procurement_categories',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/**
 * The seed's statements, in dependency order. `h(x)` is a cheap deterministic hash in 0..2^31
 * (a multiplicative hash of the row number) that stands in for random figures.
 */
function largeShopSteps(companyId: number, userId: number, size: LargeShopSize): Step[] {
  const c = sql`${companyId}::int`;
  const u = sql`${userId}::int`;
  const n = sql`${size.products}::int`;
  const stockLocations = size.locations - 1;
  const h = (x: string) => sql.raw(`(((((${x})::bigint * 2654435761) % 2147483647 + 2147483647) % 2147483647)::int)`);
  return [
    {
      name: 'locations',
      run: async (tx) => {
        await tx.execute(sql`insert into inventory_location_types (company_id, name) values (${c}, 'Warehouse'), (${c}, 'Returns')`);
        // Shelves A-01 .. for stock, and one returns area that does not count as stock.
        await tx.execute(sql`
          insert into inventory_locations (company_id, account_id, name, name_slug, abbreviation_slug, type_id, not_for_stock)
          select ${c}, ${u}, 'Shelf ' || chr(65 + (i - 1) / 10) || '-' || lpad(((i - 1) % 10 + 1)::text, 2, '0'),
            'shelf-' || lower(chr(65 + (i - 1) / 10)) || lpad(((i - 1) % 10 + 1)::text, 2, '0'),
            chr(65 + (i - 1) / 10) || lpad(((i - 1) % 10 + 1)::text, 2, '0'),
            (select id from inventory_location_types where company_id = ${c} and name = 'Warehouse'), false
          from generate_series(1, ${stockLocations}::int) i
          union all
          select ${c}, ${u}, 'Returns', 'returns', 'RET', (select id from inventory_location_types where company_id = ${c} and name = 'Returns'), true`);
      },
    },
    {
      name: 'categories',
      run: async (tx) => {
        // 20 roots with 10 children each: a valid nested set (ADR 0012) without walking a tree.
        await tx.execute(sql`
          insert into catalog_categories (company_id, account_id, parent_id, title, slug, sort_order, tree_id, lft, rght, level)
          select ${c}, ${u}, null, 'Department ' || r, 'department-' || r, r - 1, r, 1, 22, 0 from generate_series(1, 20) r`);
        await tx.execute(sql`
          insert into catalog_categories (company_id, account_id, parent_id, title, slug, sort_order, tree_id, lft, rght, level)
          select ${c}, ${u}, p.id, 'Department ' || p.tree_id || ' Aisle ' || k, 'department-' || p.tree_id || '-aisle-' || k, k - 1, p.tree_id, 2 * k, 2 * k + 1, 1
          from catalog_categories p cross join generate_series(1, 10) k
          where p.company_id = ${c} and p.parent_id is null`);
      },
    },
    {
      name: 'products',
      run: async (tx) => {
        await tx.execute(sql`
          insert into catalog_products (company_id, account_id, sku, name, product_type, procurement_cost, cost_shipping,
            cost_packaging_material, vat, price_manual_override, price_on_sale, qty_restock_level, qty_restock_amount,
            default_location_id, image_urls, url, packaging_width, packaging_length, packaging_height, packaging_weight,
            edited_at, synced_at, created_at, updated_at)
          select ${c}, ${u}, 'LRG-' || lpad(i::text, 7, '0'),
            (array['Oak','Steel','Garden','Linen','Copper','Nordic','Compact','Deluxe','Outdoor','Classic','Bamboo','Ceramic','Wool','Glass','Cast iron','Rattan'])[1 + ${h('i')} % 16]
              || ' ' || (array['chair','table','lamp','rake','hose','planter','shelf','rug','kettle','basket','bench','mirror','spade','cushion','vase','stool','lantern','pot','blanket','clock'])[1 + ${h('i + 7')} % 20]
              || ' ' || (array['S','M','L','XL','mini','pro','set of 2','set of 4'])[1 + ${h('i + 13')} % 8] || ' ' || i,
            case when i % 20 = 0 then 'bundle' when i % 20 = 1 then 'variable' else 'simple' end,
            case when i % 50 = 0 then null else round((5 + ${h('i + 1')} % 2500 + (${h('i + 2')} % 100) / 100.0)::numeric, 2) end,
            (array[0, 29, 49, 99])[1 + i % 4], (array[0, 5, 12])[1 + i % 3],
            case when i % 10 = 0 then 12 else 25 end,
            case when i % 33 = 0 then 199 + ${h('i + 3')} % 3000 end,
            case when i % 47 = 0 then 99 + ${h('i + 4')} % 2000 end,
            -- A seventh of the products have a restock level near their stock: about half of those are low.
            case when i % 7 = 0 then 120 else 0 end, case when i % 7 = 0 then 50 else 0 end,
            (select id from inventory_locations where company_id = ${c} and not not_for_stock order by id offset (i % ${stockLocations}::int) limit 1),
            case when i % 2 = 0 then jsonb_build_array('https://cdn.large.example.com/p/' || i || '.jpg') else '[]'::jsonb end,
            'https://large.example.com/p/' || i,
            100 + ${h('i + 5')} % 900, 100 + ${h('i + 6')} % 900, 50 + ${h('i + 8')} % 500, round(((${h('i + 9')} % 20000) / 1000.0)::numeric, 3),
            case when i % 5 = 0 then now() - make_interval(hours => ${h('i + 10')} % 5000) end,
            case when i % 3 = 0 then now() - make_interval(hours => ${h('i + 11')} % 2000) end,
            now() - make_interval(mins => (${n} - i) * 3), now() - make_interval(mins => (${n} - i) * 3)
          from generate_series(1, ${n}) i`);
        await tx.execute(sql`
          insert into catalog_product_categories (product_id, category_id)
          select p.id, cat.id
          from catalog_products p
          join lateral (
            select id from catalog_categories where company_id = ${c} and parent_id is not null order by id offset (p.id % 200) limit 1
          ) cat on true
          where p.company_id = ${c}`);
      },
    },
    {
      name: 'descriptions',
      run: async (tx) => {
        // Swedish for every product, English for a third: the bulk descriptions view's languages.
        await tx.execute(sql`
          insert into product_descriptions (company_id, account_id, product_id, language, name, content, excerpt, meta_title, meta_description, source, machine_translation)
          select ${c}, ${u}, p.id, l.language, p.name, 'En stabil och vacker produkt: ' || p.name || '.', left(p.name, 60), left(p.name, 60), 'Köp ' || p.name, 'import', l.language = 'EN'
          from catalog_products p
          cross join (values ('SV'), ('EN')) l(language)
          where p.company_id = ${c} and (l.language = 'SV' or p.id % 3 = 0)`);
      },
    },
    {
      name: 'ledger',
      run: async (tx) => {
        // Ten pairs per product over three of its shelves: a stock-in, then a smaller stock-out at
        // the same shelf an hour later, so no running level ever goes below zero.
        await tx.execute(sql`
          with shelves as (
            select id, row_number() over (order by id) - 1 as pos from inventory_locations where company_id = ${c} and not not_for_stock
          ),
          pairs as (
            select p.id as product_id, p.created_at, k, s.id as location_id,
              5 + ${h('p.id * 31 + k')} % 40 as qty_in
            from catalog_products p
            cross join generate_series(1, 10) k
            join shelves s on s.pos = (p.id + k % 3) % ${stockLocations}::int
            where p.company_id = ${c}
          )
          insert into inventory_transactions (company_id, account_id, product_id, location_id, inventory_action, quantity, delta, comments, created_at, updated_at)
          select ${c}, ${u}, product_id, location_id, x.action, x.quantity, x.delta, '', x.at, x.at
          from pairs
          cross join lateral (values
            ('STOCK_IN', qty_in, qty_in, created_at + make_interval(hours => 2 * k)),
            ('STOCK_OUT', 1 + ${h('product_id * 17 + k')} % (qty_in - 1), -(1 + ${h('product_id * 17 + k')} % (qty_in - 1)), created_at + make_interval(hours => 2 * k + 1))
          ) x(action, quantity, delta, at)`);
        await tx.execute(sql`
          insert into inventory_levels (company_id, product_id, location_id, quantity)
          select ${c}, product_id, location_id, sum(delta)
          from inventory_transactions where company_id = ${c}
          group by product_id, location_id`);
        await tx.execute(sql`
          update catalog_products p set qty_in_stock = s.total
          from (
            select l.product_id, sum(l.quantity) as total
            from inventory_levels l join inventory_locations loc on loc.id = l.location_id and not loc.not_for_stock
            where l.company_id = ${c}
            group by l.product_id
          ) s
          where p.id = s.product_id`);
      },
    },
    {
      name: 'orders',
      run: async (tx) => {
        // Two years of storefront orders; the newest 2% are still open, the rest delivered.
        await tx.execute(sql`
          insert into customer_orders (company_id, account_id, order_number, external_id, source, storefront_status, internal_status,
            customer_name, customer_email, shipping_address, total, ordered_at, delivered_at, synced_at, created_at, updated_at)
          select ${c}, ${u}, 'WC-' || (100000 + j), (100000 + j)::text, 'woocommerce',
            case when j > ${n} * 0.98 then 'processing' else 'completed' end,
            case when j > ${n} * 0.98 then 'open' else 'delivered' end,
            (array['Anna','Erik','Maja','Lars','Sofia','Johan','Elin','Nils'])[1 + ${h('j')} % 8] || ' ' || (array['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson'])[1 + ${h('j + 1')} % 6],
            'customer' || j || '@example.com',
            jsonb_build_object('city', (array['Stockholm','Göteborg','Malmö','Uppsala'])[1 + j % 4], 'country', 'SE'),
            0, t.at, case when j <= ${n} * 0.98 then t.at + interval '2 days' end, t.at, t.at, t.at
          from generate_series(1, ${n}) j
          cross join lateral (select now() - make_interval(mins => ((${n} - j)::bigint * 1051200 / ${n})::int) as at) t`);
        await tx.execute(sql`
          insert into customer_order_items (company_id, order_id, product_id, external_id, prod_sku, prod_name, quantity, price, position)
          select ${c}, o.id, p.id, o.id || '-' || k, p.sku, p.name, 1 + ${h('o.id + k')} % 3, coalesce(p.price_manual_override, 100 + ${h('p.id')} % 900), k - 1
          from customer_orders o
          cross join generate_series(1, 3) k
          join catalog_products p on p.company_id = ${c} and p.sku = 'LRG-' || lpad((1 + ${h('o.id * 3 + k')} % ${n})::text, 7, '0')
          where o.company_id = ${c} and k <= 1 + o.id % 3`);
        await tx.execute(sql`
          update customer_orders o set total = s.total
          from (select order_id, sum(quantity * price) as total from customer_order_items where company_id = ${c} group by order_id) s
          where o.id = s.order_id`);
      },
    },
    {
      name: 'procurement',
      run: async (tx) => {
        await tx.execute(sql`
          insert into procurement_suppliers (company_id, account_id, name, name_abbrev, website, email)
          select ${c}, ${u}, 'Supplier ' || s, 'SUP' || s, 'https://supplier' || s || '.example.com', 'sales@supplier' || s || '.example.com'
          from generate_series(1, ${size.suppliers}::int) s`);
        await tx.execute(sql`
          insert into procurement_categories (company_id, account_id, supplier_id, name, slug, path, depth)
          select ${c}, ${u}, s.id, 'Range ' || k, 'range-' || k, 'Range ' || k, 0
          from procurement_suppliers s cross join generate_series(1, 20) k where s.company_id = ${c}`);
        // Three offers per catalog product: every seventh is mapped to a catalog product (spread over all suppliers), 5% left the feed.
        await tx.execute(sql`
          insert into procurement_products (company_id, supplier_id, category_id, catalog_product_id, sku, name, brand, ean,
            stock_details, stock_quantity, cost, cost_sek, status, removed_at, last_seen_at, created_at, updated_at)
          select ${c}, s.id,
            (select id from procurement_categories pc where pc.supplier_id = s.id order by id offset (j % 20) limit 1),
            case when j % 7 = 0 then (select id from catalog_products where company_id = ${c} and sku = 'LRG-' || lpad((j / 7 % ${n} + 1)::text, 7, '0')) end,
            s.name_abbrev || '-' || j,
            (array['Hammer','Bolt','Lamp','Hose','Vase','Brush','Saw','Tape'])[1 + ${h('j')} % 8] || ' ' || (array['small','large','pro','eco'])[1 + ${h('j + 3')} % 4] || ' ' || j,
            (array['Acme','Nordkap','Fjäll','Solstad'])[1 + j % 4],
            lpad((7300000000000 + j::bigint * 10 + s.id)::text, 13, '0'),
            (${h('j + 5')} % 200)::text, ${h('j + 5')} % 200,
            round((2 + ${h('j + 6')} % 3000 + (${h('j + 7')} % 100) / 100.0)::numeric, 2),
            round((2 + ${h('j + 6')} % 3000 + (${h('j + 7')} % 100) / 100.0)::numeric, 2),
            case when j % 20 = 0 then 'removed' else 'active' end,
            case when j % 20 = 0 then now() - interval '3 days' end,
            now() - interval '1 day', now() - make_interval(mins => j % 100000), now() - make_interval(mins => j % 100000)
          from generate_series(1, ${size.procurementProducts}::int) j
          join procurement_suppliers s on s.company_id = ${c} and s.name = 'Supplier ' || (1 + (j - 1) % ${size.suppliers}::int)`);
      },
    },
  ];
}
