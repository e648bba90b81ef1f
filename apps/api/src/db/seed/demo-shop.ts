import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { catalogMarkups, catalogProducts, inventoryLocations, inventoryLocationTypes, type inventoryTransactions } from '../schema/index.js';
import { priceProduct } from '../../modules/catalog/pricing.js';
import { lowStock } from '../../modules/catalog/product-filters.js';
import { repriceProducts } from '../../modules/catalog/pricing.service.js';
import { notify } from '../../modules/notifications/notify.js';
import type { DemoTarget } from './demo-company.js';

const DAY_MS = 86_400_000;
export const DEMO_PRODUCT_COUNT = 300;

/** mulberry32: a small seeded generator, so every demo company gets the same shop. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { next, int, pick, uuid };
}

/** [Swedish name, English name, cost SEK, weight kg, [length, width, height] mm]. */
export const ITEMS: readonly (readonly [string, string, number, number, readonly [number, number, number]])[] = [
  ['Trädgårdsspade', 'Garden Spade', 189, 1.9, [1150, 210, 80]],
  ['Planteringsspade', 'Hand Trowel', 59, 0.25, [320, 90, 60]],
  ['Sekatör', 'Pruning Shears', 129, 0.3, [220, 80, 30]],
  ['Vattenkanna 10 l', 'Watering Can 10 l', 99, 0.9, [560, 200, 380]],
  ['Odlingslåda', 'Raised Bed Kit', 449, 12.5, [1200, 800, 150]],
  ['Fågelholk', 'Bird Box', 119, 1.1, [300, 200, 200]],
  ['Trädgårdshandskar', 'Garden Gloves', 49, 0.12, [260, 120, 20]],
  ['Kompostgaller', 'Compost Bin', 329, 6.2, [800, 800, 120]],
  ['Utemöbelolja 1 l', 'Outdoor Furniture Oil 1 l', 89, 1.05, [210, 110, 110]],
  ['Hängmatta', 'Hammock', 279, 1.6, [400, 300, 120]],
  ['Campingstol', 'Camping Chair', 219, 3.4, [900, 180, 180]],
  ['Termos 0,75 l', 'Vacuum Flask 0.75 l', 149, 0.45, [300, 90, 90]],
  ['Stormkök', 'Camping Stove', 459, 1.2, [240, 240, 130]],
  ['Sittunderlag', 'Sit Pad', 39, 0.09, [400, 300, 15]],
  ['Pannlampa', 'Head Torch', 169, 0.11, [150, 90, 60]],
  ['Yxa 45 cm', 'Forest Axe 45 cm', 389, 1.3, [470, 180, 50]],
  ['Tältpinnar 10-pack', 'Tent Pegs 10-pack', 69, 0.3, [250, 60, 40]],
  ['Sovsäck', 'Sleeping Bag', 599, 1.5, [450, 250, 250]],
  ['Liggunderlag', 'Sleeping Mat', 229, 0.6, [600, 180, 180]],
  ['Vattenflaska 1 l', 'Water Bottle 1 l', 79, 0.2, [260, 80, 80]],
  ['Ullfilt', 'Wool Blanket', 349, 1.4, [400, 300, 100]],
  ['Kökshandduk', 'Tea Towel', 35, 0.08, [250, 180, 10]],
  ['Doftljus', 'Scented Candle', 59, 0.35, [100, 100, 110]],
  ['Lykta', 'Lantern', 199, 0.8, [220, 220, 350]],
  ['Dörrmatta', 'Door Mat', 149, 1.8, [750, 450, 20]],
  ['Förvaringskorg', 'Storage Basket', 129, 0.5, [350, 350, 250]],
  ['Skärbräda', 'Cutting Board', 119, 1.1, [400, 250, 25]],
  ['Sittdyna', 'Seat Cushion', 89, 0.4, [450, 450, 60]],
  ['Blomkruka', 'Plant Pot', 69, 1.2, [250, 250, 230]],
  ['Frögrogare', 'Seed Starter Kit', 99, 0.7, [380, 240, 120]],
];
export const VARIANTS: readonly (readonly [string, string])[] = [
  ['Grå', 'Grey'],
  ['Svart', 'Black'],
  ['Natur', 'Natural'],
  ['Skogsgrön', 'Forest Green'],
  ['Fjällblå', 'Fell Blue'],
  ['Vit', 'White'],
  ['Ek', 'Oak'],
  ['Björk', 'Birch'],
  ['Liten', 'Small'],
  ['Stor', 'Large'],
];

/** The demo shop's markup rules (DESIGN §5): small items carry more, bundles and dear items less. */
export const DEMO_MARKUPS: readonly Omit<typeof catalogMarkups.$inferInsert, 'companyId'>[] = [
  { name: 'Standard', percent: '60.00', isDefault: true },
  { name: 'Bundles', percent: '50.00', productType: 'bundle', priority: 5 },
  { name: 'Small items under 100 kr', percent: '120.00', costTo: '100.00', priority: 10 },
  { name: 'Premium from 1000 kr', percent: '35.00', costFrom: '1000.00', priority: 10 },
  { name: 'Mid-range 300-1000 kr', percent: '45.00', costFrom: '300.00', costTo: '1000.00', priority: 20 },
];
/**
 * Manual overrides as a multiple of the total cost excl. VAT, taken in turn: below cost, a thin
 * margin, a modest one and a rich one. With the rules' 26-55 % this fills every margin band.
 */
const OVERRIDE_COST_FACTORS = [0.85, 1.05, 1.2, 4.5];
/** Demo sales are 20 % off the price. */
export const DEMO_SALE_FACTOR = 0.8;

const cents = (n: number) => Math.round(n * 100);
const numeric = (c: number) => (c / 100).toFixed(2);

type LedgerRow = typeof inventoryTransactions.$inferInsert & { createdAt: Date };
type Cell = string | number | null;

/** A PostgreSQL array literal; every element is quoted, so only backslash and double quote need escaping. */
const pgArray = (values: Cell[]) => `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

/**
 * INSERT ... SELECT FROM unnest(one array per column): a whole table's rows in a few
 * parameters. Thousands of bound values cost PGlite far more than one array each.
 */
export async function insertColumns(db: DbOrTx, table: string, columns: [name: string, type: string, values: Cell[]][], returning?: string) {
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${pgArray(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const result = await db.execute(
    sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${arrays})${returning ? sql.raw(` returning ${returning}`) : sql``}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The demo catalog's copy: a Swedish description for four products in five (their operators
 * wrote it, so those products count as edited), an English machine translation for every
 * third, and most products published to the shop once. Its own random stream, so the stock
 * history drawn from the main one stays as it was.
 */
async function seedDemoCopy(db: DbOrTx, target: DemoTarget, products: { id: number; sku: string; index: number; createdAt: Date }[]): Promise<void> {
  const rng = random(20_260_102);
  const rows: [string, string, Cell[]][] = [
    ['company_id', 'int', []],
    ['account_id', 'int', []],
    ['product_id', 'int', []],
    ['language', 'text', []],
    ['name', 'text', []],
    ['content', 'text', []],
    ['excerpt', 'text', []],
    ['meta_title', 'text', []],
    ['meta_keywords', 'text', []],
    ['meta_description', 'text', []],
    ['source', 'text', []],
    ['machine_translation', 'bool', []],
  ];
  const add = (...values: Cell[]) => values.forEach((v, column) => rows[column]![2].push(v));
  const edited: number[] = [];
  const synced: number[] = [];
  for (const product of products) {
    const [sv, en, , weight] = ITEMS[product.index % ITEMS.length]!;
    const [variantSv, variantEn] = VARIANTS[Math.floor(product.index / ITEMS.length) % VARIANTS.length]!;
    if (rng.next() < 0.85) synced.push(product.id);
    if (rng.next() < 0.8) {
      const name = `${sv} ${variantSv}`;
      add(
        target.companyId,
        target.userId,
        product.id,
        'SV',
        name,
        `<p>${name} från vårt eget sortiment. Tålig, lätt att sköta och gjord för nordiskt klimat. Vikt ${weight} kg.</p>`,
        `${name}, tålig och lättskött.`,
        `${name} | Köp online`,
        `${sv.toLowerCase()}, ${variantSv.toLowerCase()}, trädgård, friluftsliv`,
        `Köp ${name.toLowerCase()} online. Snabb leverans från eget lager.`,
        'original',
        'false',
      );
      edited.push(product.id);
      if (product.index % 3 === 0) {
        const english = `${en} ${variantEn}`;
        add(
          target.companyId,
          target.userId,
          product.id,
          'EN',
          english,
          `<p>${english} from our own range. Durable, easy to care for and made for the Nordic climate. Weight ${weight} kg.</p>`,
          `${english}, durable and easy to care for.`,
          `${english} | Buy online`,
          `${en.toLowerCase()}, ${variantEn.toLowerCase()}, garden, outdoor`,
          `Buy ${english.toLowerCase()} online. Fast delivery from our own warehouse.`,
          'chatgpt',
          'true',
        );
      }
    }
  }
  await insertColumns(db, 'product_descriptions', rows);
  // Edited and published a day or two after the product was made (its created_at is 150-200 days ago).
  await db.execute(sql`
    update catalog_products set
      edited_at = case when id = any(${`{${edited.join(',')}}`}::int[]) then created_at + interval '1 day' end,
      synced_at = case when id = any(${`{${synced.join(',')}}`}::int[]) then created_at + interval '2 days' end
    where company_id = ${target.companyId}`);
}

/**
 * The demo shop's inventory: 3 location types, 6 locations (one returns area that is not for
 * stock), 300 products of a Nordic home, garden and outdoor shop, and their stock history
 * (receipts, sales, returns, two moves, a count at the Södermalm store). A handful of
 * multi-row inserts; the levels and qty_in_stock are then derived from the ledger in SQL, so
 * they agree with it by construction (`npm run db:check`).
 */
export async function seedDemoShop(db: DbOrTx, target: DemoTarget): Promise<void> {
  const rng = random(20_260_101);
  const { companyId, userId } = target;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);

  const types = await db
    .insert(inventoryLocationTypes)
    .values(['Warehouse', 'Store', 'Returns'].map((name) => ({ companyId, name })))
    .returning({ id: inventoryLocationTypes.id, name: inventoryLocationTypes.name });
  const typeId = (name: string) => types.find((t) => t.name === name)!.id;
  const locationSpecs = [
    { name: 'Huvudlager Hall A', nameSlug: 'huvudlager-hall-a', abbreviationSlug: 'LAG-A', typeId: typeId('Warehouse'), content: 'Pallställ 1–24' },
    { name: 'Huvudlager Hall B', nameSlug: 'huvudlager-hall-b', abbreviationSlug: 'LAG-B', typeId: typeId('Warehouse'), content: 'Småplock, hyllor 1–60' },
    { name: 'Butik Södermalm', nameSlug: 'butik-sodermalm', abbreviationSlug: 'BUT-SOD', typeId: typeId('Store'), content: 'Götgatan 21, Stockholm' },
    { name: 'Butik Göteborg', nameSlug: 'butik-goteborg', abbreviationSlug: 'BUT-GBG', typeId: typeId('Store'), content: 'Vallgatan 8, Göteborg' },
    { name: 'Packstation', nameSlug: 'packstation', abbreviationSlug: 'PACK', typeId: typeId('Warehouse'), content: 'E-handelsorder packas här' },
    {
      name: 'Returer',
      nameSlug: 'returer',
      abbreviationSlug: 'RETUR',
      typeId: typeId('Returns'),
      notForStock: true,
      comment: 'Inspect returned goods before moving them back to stock.',
    },
  ];
  const locations = await db
    .insert(inventoryLocations)
    .values(locationSpecs.map((l) => ({ companyId, accountId: userId, ...l })))
    .returning({ id: inventoryLocations.id, abbreviationSlug: inventoryLocations.abbreviationSlug });
  const loc = (abbreviation: string) => locations.find((l) => l.abbreviationSlug === abbreviation)!.id;
  const [hallA, hallB, soder, gbg, pack, returns] = ['LAG-A', 'LAG-B', 'BUT-SOD', 'BUT-GBG', 'PACK', 'RETUR'].map(loc) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  const markups = await db
    .insert(catalogMarkups)
    .values(DEMO_MARKUPS.map((m) => ({ ...m, companyId, accountId: userId })))
    .returning();
  let overrides = 0;

  const productRows = Array.from({ length: DEMO_PRODUCT_COUNT }, (_, i) => {
    const [sv, en, baseCost, weight, [length, width, height]] = ITEMS[i % ITEMS.length]!;
    const [variantSv, variantEn] = VARIANTS[Math.floor(i / ITEMS.length) % VARIANTS.length]!;
    const english = rng.next() < 0.3;
    const cost = cents(baseCost * (0.85 + rng.next() * 0.4));
    const shipping = cents(rng.pick([19, 29, 39, 49, 79]));
    const labour = cents(rng.int(5, 15));
    const material = cents(rng.int(3, 12));
    const productType = rng.next() < 0.06 ? 'bundle' : 'simple';
    const restock = rng.next() < 0.2 ? 0 : rng.int(2, 20);
    const scale = 0.9 + rng.next() * 0.2;
    const overridden = rng.next() < 0.05;
    const onSale = rng.next() < 0.08;
    const total = cost + shipping + labour + material;
    const override = overridden ? `${Math.round((total / 100) * OVERRIDE_COST_FACTORS[overrides++ % OVERRIDE_COST_FACTORS.length]! * 1.25)}.00` : null;
    const costs = {
      procurementCost: numeric(cost),
      costShipping: numeric(shipping),
      costPackagingLabour: numeric(labour),
      costPackagingMaterial: numeric(material),
    };
    // The seed prices as the engine does (repriceProducts stores the same below); a sale is DEMO_SALE_FACTOR of it.
    const { price } = priceProduct({ ...costs, productType, vat: '25', priceManualOverride: override, priceOnSale: null }, markups);
    return {
      companyId,
      accountId: userId,
      sku: `KNT-${10001 + i}`,
      name: `${english ? `${en} ${variantEn}` : `${sv} ${variantSv}`}${productType === 'bundle' ? ' 2-pack' : ''}`,
      productType,
      ...costs,
      vat: '25',
      priceManualOverride: override,
      priceOnSale: onSale && price !== null ? `${Math.round(Number(price) * DEMO_SALE_FACTOR)}.00` : null,
      packagingLength: Math.round(length * scale),
      packagingWidth: Math.round(width * scale),
      packagingHeight: Math.round(height * scale),
      packagingWeight: (weight * scale).toFixed(3),
      defaultLocationId: i % 3 === 0 ? hallB : hallA,
      qtyRestockLevel: `${restock}.00`,
      qtyRestockAmount: `${restock * rng.int(2, 4)}.00`,
      url: `https://shop.example.com/produkt/knt-${10001 + i}`,
      createdAt: at(rng.int(150, 200)),
    };
  });
  const cols = <K extends keyof (typeof productRows)[number]>(key: K, type: string): [string, string, Cell[]] => [
    String(key).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    type,
    productRows.map((r) => {
      const v = r[key] as unknown;
      return v instanceof Date ? v.toISOString() : (v as Cell);
    }),
  ];
  const inserted = await insertColumns(
    db,
    'catalog_products',
    [
      cols('companyId', 'int'),
      cols('accountId', 'int'),
      cols('sku', 'text'),
      cols('name', 'text'),
      cols('productType', 'text'),
      cols('procurementCost', 'numeric'),
      cols('costShipping', 'numeric'),
      cols('costPackagingLabour', 'numeric'),
      cols('costPackagingMaterial', 'numeric'),
      cols('vat', 'numeric'),
      cols('priceManualOverride', 'numeric'),
      cols('priceOnSale', 'numeric'),
      cols('packagingLength', 'int'),
      cols('packagingWidth', 'int'),
      cols('packagingHeight', 'int'),
      cols('packagingWeight', 'numeric'),
      cols('defaultLocationId', 'int'),
      cols('qtyRestockLevel', 'numeric'),
      cols('qtyRestockAmount', 'numeric'),
      cols('url', 'text'),
      cols('createdAt', 'timestamptz'),
      ['updated_at', 'timestamptz', productRows.map((r) => r.createdAt.toISOString())],
    ],
    'id, sku, default_location_id',
  );
  // RETURNING order is not promised: line the rows up with the generated ones by SKU.
  const bySku = new Map(inserted.map((r) => [String(r.sku), { id: Number(r.id), defaultLocationId: Number(r.default_location_id) }]));
  const products = productRows.map((r) => bySku.get(r.sku)!);
  await repriceProducts(db, companyId);
  await seedDemoCopy(
    db,
    target,
    productRows.map((r, i) => ({ id: products[i]!.id, sku: r.sku, index: i, createdAt: r.createdAt })),
  );
  // Repricing stamps updated_at; the demo's products read as last changed when they were made.
  await db.execute(sql`update catalog_products set updated_at = created_at where company_id = ${companyId}`);

  // The ledger, product by product in time order; levels are tracked here only to keep sales possible.
  const ledger: LedgerRow[] = [];
  const levels = new Map<string, number>();
  const book = (
    productId: number,
    locationId: number,
    action: 'STOCK_IN' | 'STOCK_OUT' | 'STOCK_TAKING',
    qty: number,
    when: Date,
    comments = '',
    moveId: string | null = null,
  ) => {
    const key = `${productId}:${locationId}`;
    const before = levels.get(key) ?? 0;
    const after = action === 'STOCK_IN' ? before + qty : action === 'STOCK_OUT' ? before - qty : qty;
    levels.set(key, after);
    ledger.push({
      companyId,
      accountId: userId,
      productId,
      locationId,
      inventoryAction: action,
      quantity: numeric(qty),
      delta: numeric(after - before),
      comments,
      moveId,
      createdAt: when,
      updatedAt: when,
    });
  };
  const level = (productId: number, locationId: number) => levels.get(`${productId}:${locationId}`) ?? 0;

  products.forEach((product, i) => {
    const home = product.defaultLocationId!;
    let day = rng.int(95, 120);
    book(product.id, home, 'STOCK_IN', cents(rng.int(8, 60)), at(day), `Inleverans PO-${String(1000 + (i % 40)).padStart(6, '0')}`);
    if (rng.next() < 0.5) {
      day -= rng.int(1, 10);
      book(product.id, rng.pick([soder, gbg, pack]), 'STOCK_IN', cents(rng.int(3, 15)), at(day), 'Direktleverans till butik');
    }
    const sales = rng.int(0, 5);
    for (let s = 0; s < sales; s += 1) {
      day -= rng.int(2, 12);
      if (day < 5) break;
      const from = rng.pick([home, soder, gbg, pack]);
      const qty = Math.min(cents(rng.int(1, 6)), level(product.id, from));
      if (qty > 0) book(product.id, from, 'STOCK_OUT', qty, at(day), `Order #${40_000 + i * 7 + s}`);
    }
    if (rng.next() < 0.15) book(product.id, returns, 'STOCK_IN', cents(rng.int(1, 2)), at(Math.max(day - 1, 4)), 'Kundretur, ska inspekteras');
  });

  // Two moves from the warehouse to the Södermalm store, each a STOCK_OUT and a STOCK_IN sharing a move_id.
  for (const product of products.filter((x) => level(x.id, x.defaultLocationId) >= cents(4)).slice(0, 2)) {
    const moveId = rng.uuid();
    book(product.id, product.defaultLocationId, 'STOCK_OUT', cents(4), at(3.5), 'Påfyllning butik', moveId);
    book(product.id, soder, 'STOCK_IN', cents(4), at(3.5), 'Påfyllning butik', moveId);
  }
  // A count at the Södermalm store: mostly right, a few items missing.
  for (const product of products) {
    if (!levels.has(`${product.id}:${soder}`)) continue;
    const current = level(product.id, soder);
    const counted = rng.next() < 0.15 ? Math.max(0, current - cents(rng.int(1, 2))) : current;
    book(product.id, soder, 'STOCK_TAKING', counted, at(2), 'Inventering Södermalm');
  }

  // Ids follow time, as they do for live writes (a count's delta is measured against earlier ids).
  ledger.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const ledgerColumn = (name: string, type: string, value: (r: LedgerRow) => Cell): [string, string, Cell[]] => [name, type, ledger.map(value)];
  await insertColumns(db, 'inventory_transactions', [
    ledgerColumn('company_id', 'int', () => companyId),
    ledgerColumn('account_id', 'int', () => userId),
    ledgerColumn('product_id', 'int', (r) => r.productId),
    ledgerColumn('location_id', 'int', (r) => r.locationId),
    ledgerColumn('inventory_action', 'text', (r) => r.inventoryAction),
    ledgerColumn('quantity', 'numeric', (r) => r.quantity),
    ledgerColumn('delta', 'numeric', (r) => r.delta),
    ledgerColumn('comments', 'text', (r) => r.comments ?? ''),
    ledgerColumn('move_id', 'uuid', (r) => r.moveId ?? null),
    ledgerColumn('created_at', 'timestamptz', (r) => r.createdAt.toISOString()),
    ledgerColumn('updated_at', 'timestamptz', (r) => r.createdAt.toISOString()),
  ]);
  await db.execute(sql`
    insert into inventory_levels (company_id, product_id, location_id, quantity, updated_at)
    select company_id, product_id, location_id, sum(delta), max(created_at)
    from inventory_transactions where company_id = ${companyId}
    group by company_id, product_id, location_id`);
  await db.execute(sql`
    update catalog_products p set qty_in_stock = s.total
    from (
      select lv.product_id, sum(lv.quantity) as total from inventory_levels lv
      join inventory_locations l on l.id = lv.location_id
      where lv.company_id = ${companyId} and not l.not_for_stock group by lv.product_id
    ) s
    where p.id = s.product_id`);
  await db
    .update(inventoryLocations)
    .set({ stocktakingPerfomedAt: at(2) })
    .where(eq(inventoryLocations.id, soder));

  // Products already low count as announced, with one summary instead of a notice per product.
  const low = await db
    .update(catalogProducts)
    .set({ lowStockNotifiedAt: at(1) })
    .where(and(eq(catalogProducts.companyId, companyId), lowStock))
    .returning({ id: catalogProducts.id });
  if (low.length) {
    await notify(db, {
      companyId,
      receiverUserId: userId,
      kind: 'low_stock',
      title: `${low.length} products are at or below their restock level`,
      message: 'Filter the catalog on low stock to plan your next purchase order.',
      link: '/catalog?low_stock=Yes',
    });
  }
}
