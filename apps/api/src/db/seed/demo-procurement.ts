import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import type { FeedImportResult } from '@kontor/contract';
import {
  backgroundJobs,
  catalogCategories,
  catalogProducts,
  companyCounters,
  currencies,
  globalSupplierProducts,
  globalSuppliers,
  procurementCategories,
  procurementFeeds,
  procurementOrderItems,
  procurementCategoryMappings,
  procurementOrders,
  procurementProducts,
  procurementSuppliers,
} from '../schema/index.js';
import type { DemoTarget } from './demo-company.js';
import { DEMO_FEED_MAPPING, DEMO_SUPPLIERS, demoFeedRows, type DemoSupplier } from './demo-feeds.js';
import { refreshCatalogCosts } from '../../modules/procurement/feed-import/write.js';
import { DEMO_SALE_FACTOR, insertColumns, random } from './demo-shop.js';

const HOUR_MS = 3_600_000;
const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** How each demo feed's file is read (the import's `options`). */
const feedOptions = (supplier: DemoSupplier): Record<string, string> =>
  supplier.format === 'XML' ? { item: 'product' } : supplier.format === 'JSON' ? { path: 'products' } : { delimiter: ',' };

/**
 * The demo company's procurement: three suppliers whose feeds point at the app's own demo
 * files (`baseUrl` is where the app answers), ~1,000 procurement products as a first import
 * of those files left them, their category trees, 90 of them mapped to demo catalog products,
 * and one open purchase order.
 */
export async function seedDemoProcurement(db: DbOrTx, target: DemoTarget, baseUrl: string): Promise<void> {
  const { companyId, userId } = target;
  const rates = await db.select({ id: currencies.id, code: currencies.code }).from(currencies);
  const currencyId = (code: string) => rates.find((r) => r.code === code)?.id ?? null;
  const importedAt = new Date(Date.now() - 6 * HOUR_MS);

  const catalog = await db.select({ id: catalogProducts.id, sku: catalogProducts.sku }).from(catalogProducts).where(eq(catalogProducts.companyId, companyId));
  const catalogId = new Map(catalog.map((p) => [p.sku, p.id]));

  for (const spec of DEMO_SUPPLIERS) {
    const [supplier] = await db
      .insert(procurementSuppliers)
      .values({
        companyId,
        accountId: userId,
        name: spec.name,
        nameAbbrev: spec.nameAbbrev,
        website: spec.website,
        email: spec.email,
        currencyId: currencyId(spec.currency),
      })
      .returning({ id: procurementSuppliers.id });
    const [feed] = await db
      .insert(procurementFeeds)
      .values({
        companyId,
        accountId: userId,
        supplierId: supplier!.id,
        name: `${spec.name} ${spec.format}`,
        url: `${baseUrl}/api/demo-feeds/${spec.file}`,
        format: spec.format,
        columnMapping: { ...DEMO_FEED_MAPPING },
        options: feedOptions(spec),
        currencyId: currencyId(spec.currency),
        schedule: 'manual',
      })
      .returning({ id: procurementFeeds.id });

    const rows = demoFeedRows(spec, baseUrl);
    // The seed stands in for the feed's first import: record it as that job, so the feed shows its last run.
    const result: FeedImportResult = {
      rows_total: rows.length,
      created: rows.length,
      updated: 0,
      unchanged: 0,
      removed: 0,
      skipped: 0,
      errors: [],
      error_count: 0,
    };
    const [job] = await db
      .insert(backgroundJobs)
      .values({
        companyId,
        accountId: userId,
        kind: 'feed_import',
        status: 'succeeded',
        payload: { feed_id: feed!.id },
        progressDone: rows.length,
        progressTotal: rows.length,
        result,
        createdAt: importedAt,
        startedAt: importedAt,
        finishedAt: importedAt,
      })
      .returning({ id: backgroundJobs.id });
    await db.update(procurementFeeds).set({ lastRunAt: importedAt, lastJobId: job!.id }).where(eq(procurementFeeds.id, feed!.id));
    // The category tree: every prefix of every path is a node.
    const paths = [...new Set(rows.flatMap((r) => r.category.split(' > ').map((_, i, parts) => parts.slice(0, i + 1).join(' > '))))].sort(
      (a, b) => a.split(' > ').length - b.split(' > ').length,
    );
    const categoryId = new Map<string, number>();
    for (const path of paths) {
      const parts = path.split(' > ');
      const [row] = await db
        .insert(procurementCategories)
        .values({
          companyId,
          accountId: userId,
          supplierId: supplier!.id,
          parentId: parts.length > 1 ? categoryId.get(parts.slice(0, -1).join(' > '))! : null,
          name: parts.at(-1)!,
          slug: slugify(path),
          path,
          depth: parts.length - 1,
          latestFeedId: feed!.id,
        })
        .returning({ id: procurementCategories.id });
      categoryId.set(path, row!.id);
    }

    const column = (name: string, type: string, value: (r: (typeof rows)[number]) => string | number | null): [string, string, (string | number | null)[]] => [
      name,
      type,
      rows.map(value),
    ];
    await insertColumns(db, 'procurement_products', [
      column('company_id', 'int', () => companyId),
      column('supplier_id', 'int', () => supplier!.id),
      column('feed_id', 'int', () => feed!.id),
      column('category_id', 'int', (r) => categoryId.get(r.category) ?? null),
      column('catalog_product_id', 'int', (r) => (r.catalogSku ? (catalogId.get(r.catalogSku) ?? null) : null)),
      column('sku', 'text', (r) => r.sku),
      column('name', 'text', (r) => r.name),
      column('description', 'text', (r) => r.description),
      column('brand', 'text', (r) => r.brand),
      column('ean', 'text', (r) => r.ean),
      column('stock_details', 'text', (r) => r.stock.replace(/^In stock: /, '')),
      column('stock_quantity', 'numeric', (r) => /^In stock: (\d+)/.exec(r.stock)?.[1] ?? null),
      column('cost', 'numeric', (r) => r.cost),
      column('cost_currency_id', 'int', () => currencyId(spec.currency)),
      column('urls', 'jsonb', (r) => JSON.stringify([r.url])),
      column('image_urls', 'jsonb', (r) => JSON.stringify(r.images)),
      column('last_seen_at', 'timestamptz', () => importedAt.toISOString()),
      column('created_at', 'timestamptz', () => importedAt.toISOString()),
      column('updated_at', 'timestamptz', () => importedAt.toISOString()),
    ]);
  }
  // Converted in SQL, NUMERIC all the way (DESIGN §3: never money in floating point).
  await db.execute(sql`
    update procurement_products p set cost_sek = round(p.cost * c.rate_to_sek, 2)
    from currencies c where c.id = p.cost_currency_id and p.company_id = ${companyId}`);
  // The mapped catalog products cost what their preferred offer costs, as after a real import;
  // their sales stay the demo's 20 % off the new price.
  await refreshCatalogCosts(db, companyId);
  await db.execute(sql`
    update catalog_products set price_on_sale = round(coalesce(price_manual_override, price_calculated_automatically) * ${DEMO_SALE_FACTOR})
    where company_id = ${companyId} and price_on_sale is not null
      and id in (select catalog_product_id from procurement_products where company_id = ${companyId})`);

  await seedDemoCategoryMappings(db, target);
  await seedDemoPurchaseOrder(db, target);
}

/** The shop's own top categories, and the suppliers' top categories mapped onto them. */
async function seedDemoCategoryMappings(db: DbOrTx, { companyId, userId }: DemoTarget) {
  const titles = { Trädgård: 'tradgard', Friluftsliv: 'friluftsliv', Hem: 'hem' } as const;
  const catalog = await db
    .insert(catalogCategories)
    .values(Object.entries(titles).map(([title, slug]) => ({ companyId, accountId: userId, title, slug })))
    .returning({ id: catalogCategories.id, slug: catalogCategories.slug });
  const catalogId = (slug: string) => catalog.find((c) => c.slug === slug)!.id;
  const roots = await db
    .select({ id: procurementCategories.id, path: procurementCategories.path })
    .from(procurementCategories)
    .where(and(eq(procurementCategories.companyId, companyId), eq(procurementCategories.depth, 0)));
  const target = { Trädgård: 'tradgard', Outdoor: 'friluftsliv', Home: 'hem', Hem: 'hem' } as Record<string, string>;
  const mappings = roots.filter((r) => target[r.path]).map((r) => ({ procurementCategoryId: r.id, catalogCategoryId: catalogId(target[r.path]!) }));
  if (mappings.length) await db.insert(procurementCategoryMappings).values(mappings);
}

/** One open purchase order to the garden supplier, for three products it supplies. */
async function seedDemoPurchaseOrder(db: DbOrTx, { companyId, userId }: DemoTarget) {
  const [supplier] = await db
    .select({ id: procurementSuppliers.id })
    .from(procurementSuppliers)
    .where(and(eq(procurementSuppliers.companyId, companyId), eq(procurementSuppliers.nameAbbrev, DEMO_SUPPLIERS[0]!.nameAbbrev)));
  const mapped = await db
    .select({ id: procurementProducts.id, productId: procurementProducts.catalogProductId, costSek: procurementProducts.costSek })
    .from(procurementProducts)
    .where(and(eq(procurementProducts.supplierId, supplier!.id), sql`${procurementProducts.catalogProductId} is not null`))
    .orderBy(procurementProducts.sku)
    .limit(3);
  await db.insert(companyCounters).values({ companyId, name: 'procurement_order', value: 1 });
  const [order] = await db
    .insert(procurementOrders)
    .values({ companyId, accountId: userId, supplierId: supplier!.id, internalOrderNumber: 'PO-000001', comments: 'Spring restock of garden tools.' })
    .returning({ id: procurementOrders.id });
  const quantities = ['24.00', '12.00', '6.00'];
  await db.insert(procurementOrderItems).values(
    mapped.map((p, i) => ({
      companyId,
      orderId: order!.id,
      productId: p.productId!,
      procurementProductId: p.id,
      quantity: quantities[i]!,
      unitCostSek: p.costSek,
    })),
  );
}

const DIRECTORY: readonly { name: string; abbrev: string; country: string; website: string; brands: string[]; description: string; currency: string }[] = [
  {
    name: 'Nordisk Trädgård AB',
    abbrev: 'NTG',
    country: 'Sweden',
    website: 'https://nordisk-tradgard.example.se',
    brands: ['Gröna Hand', 'Nordväxt', 'Trädgårdsmästarn'],
    description: 'Garden tools, growing and watering for Nordic gardens. Wholesale only.',
    currency: 'SEK',
  },
  {
    name: 'Fjällutrustning GmbH',
    abbrev: 'FJU',
    country: 'Germany',
    website: 'https://fjaellausruestung.example.de',
    brands: ['Bergwelt', 'Nordkamm', 'Alpenfuchs'],
    description: 'Camping and hiking gear, drop shipping across the EU.',
    currency: 'EUR',
  },
  {
    name: 'Hemma Design Ltd',
    abbrev: 'HEM',
    country: 'United Kingdom',
    website: 'https://hemma-design.example.co.uk',
    brands: ['Hemma', 'Linnea & Co', 'Stugan'],
    description: 'Scandinavian-style textiles, kitchenware and lighting.',
    currency: 'GBP',
  },
  {
    name: 'Dansk Køkken ApS',
    abbrev: 'DKK',
    country: 'Denmark',
    website: 'https://dansk-kokken.example.dk',
    brands: ['Køkkenliv', 'Hygge Home'],
    description: 'Kitchen textiles and tableware from Danish workshops.',
    currency: 'DKK',
  },
  {
    name: 'Norsk Friluft AS',
    abbrev: 'NOF',
    country: 'Norway',
    website: 'https://norsk-friluft.example.no',
    brands: ['Fjordtur', 'Villmark'],
    description: 'Wool blankets, outdoor clothing and lanterns.',
    currency: 'NOK',
  },
  {
    name: 'Baltic Wood Works',
    abbrev: 'BWW',
    country: 'Poland',
    website: 'https://baltic-woodworks.example.pl',
    brands: ['Bursztyn', 'Las'],
    description: 'Cutting boards, bird boxes and garden furniture in FSC wood.',
    currency: 'PLN',
  },
];

const DIRECTORY_GOODS = [
  'Cutting Board',
  'Bird Box',
  'Wool Blanket',
  'Lantern',
  'Hammock',
  'Tea Towel',
  'Plant Pot',
  'Storage Basket',
  'Seat Cushion',
  'Door Mat',
];

/**
 * The platform's supplier directory (spec: suppliers_global). Platform data, not a company's:
 * written once, when the first demo company is made on a database that has none.
 */
export async function seedGlobalDirectory(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ id: globalSuppliers.id }).from(globalSuppliers).limit(1);
  if (existing) return;
  const rng = random(4242);
  const rates = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(
      inArray(
        currencies.code,
        DIRECTORY.map((d) => d.currency),
      ),
    );
  for (const entry of DIRECTORY) {
    const [supplier] = await db
      .insert(globalSuppliers)
      .values({
        name: entry.name,
        nameAbbrev: entry.abbrev,
        country: entry.country,
        website: entry.website,
        brands: entry.brands,
        description: entry.description,
      })
      .onConflictDoNothing()
      .returning({ id: globalSuppliers.id });
    if (!supplier) continue;
    const currencyId = rates.find((r) => r.code === entry.currency)?.id ?? null;
    await db.insert(globalSupplierProducts).values(
      Array.from({ length: 24 }, (_, i) => {
        const brand = entry.brands[i % entry.brands.length]!;
        const good = DIRECTORY_GOODS[(i + entry.abbrev.length) % DIRECTORY_GOODS.length]!;
        const sku = `${entry.abbrev}-${String(1101 + i)}`;
        return {
          supplierId: supplier.id,
          sku,
          name: `${brand} ${good} ${i + 1}`,
          brand,
          price: (rng.int(40, 900) + rng.int(0, 99) / 100).toFixed(2),
          currencyId,
          url: `${entry.website}/p/${sku.toLowerCase()}`,
          // Served by the app itself (demo-feeds routes), so the directory has pictures offline.
          imageUrl: `/api/demo-feeds/images/${sku}.svg`,
        };
      }),
    );
  }
}
