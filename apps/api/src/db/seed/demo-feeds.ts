import { DEMO_PRODUCT_COUNT, ITEMS, VARIANTS, random } from './demo-shop.js';

/**
 * The demo suppliers' catalogs, generated the same way every time and served by the app
 * itself at /api/demo-feeds/<file>, so a demo company's feeds can be run like real ones.
 * Each supplier carries some goods the demo catalog sells (mapped to it by the seed) and
 * many it does not, so the procurement grid has something to add.
 */

export type DemoFeedRow = {
  sku: string;
  name: string;
  cost: string;
  stock: string;
  category: string;
  url: string;
  images: string[];
  description: string;
  brand: string;
  ean: string;
  /** The demo catalog SKU this row is the same product as, if any. */
  catalogSku: string | null;
};

export type DemoSupplier = {
  name: string;
  nameAbbrev: string;
  currency: 'SEK' | 'EUR' | 'GBP';
  website: string;
  email: string;
  file: string;
  format: 'CSV' | 'XML' | 'JSON';
  rows: number;
  /** How many of the demo catalog's products (from `catalogOffset`) this supplier also offers. */
  mapped: number;
  catalogOffset: number;
  categories: readonly string[];
  brands: readonly string[];
  /** Cost in the supplier's currency per SEK of the demo item's base cost. */
  costFactor: number;
};

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  {
    name: 'Nordisk Trädgård AB',
    nameAbbrev: 'NTG',
    currency: 'SEK',
    website: 'https://nordisk-tradgard.example.se',
    email: 'order@nordisk-tradgard.example.se',
    file: 'nordisk-tradgard.csv',
    format: 'CSV',
    rows: 400,
    mapped: 40,
    catalogOffset: 0,
    categories: ['Trädgård > Verktyg', 'Trädgård > Odling', 'Trädgård > Bevattning', 'Trädgård > Fågelmatning', 'Hem > Förvaring'],
    brands: ['Gröna Hand', 'Nordväxt', 'Trädgårdsmästarn'],
    costFactor: 0.92,
  },
  {
    name: 'Fjällutrustning GmbH',
    nameAbbrev: 'FJU',
    currency: 'EUR',
    website: 'https://fjaellausruestung.example.de',
    email: 'vertrieb@fjaellausruestung.example.de',
    file: 'fjallutrustning.xml',
    format: 'XML',
    rows: 350,
    mapped: 30,
    catalogOffset: 40,
    categories: ['Outdoor > Camping > Kök', 'Outdoor > Camping > Sova', 'Outdoor > Vandring', 'Outdoor > Belysning'],
    brands: ['Bergwelt', 'Nordkamm', 'Alpenfuchs'],
    costFactor: 0.085,
  },
  {
    name: 'Hemma Design Ltd',
    nameAbbrev: 'HEM',
    currency: 'GBP',
    website: 'https://hemma-design.example.co.uk',
    email: 'trade@hemma-design.example.co.uk',
    file: 'hemma-design.json',
    format: 'JSON',
    rows: 250,
    mapped: 20,
    catalogOffset: 70,
    categories: ['Home > Textiles', 'Home > Kitchen', 'Home > Lighting', 'Home > Decor'],
    brands: ['Hemma', 'Linnea & Co', 'Stugan'],
    costFactor: 0.072,
  },
];

/** The column mapping each demo feed is set up with (our field -> the file's column or key). */
export const DEMO_FEED_MAPPING = {
  sku: 'sku',
  name: 'name',
  cost: 'price',
  stock_details: 'stock',
  category: 'category',
  url: 'link',
  image_urls: 'images',
  description: 'description',
  brand: 'brand',
  ean: 'ean',
} as const;

/** A valid EAN-13 with the Swedish prefix 735, one per seed (the 12-digit body holds the whole seed). */
function ean13(seed: number): string {
  const body = String(735_000_000_000 + seed);
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function demoFeedRows(supplier: DemoSupplier, baseUrl: string): DemoFeedRow[] {
  const rng = random(supplier.nameAbbrev.charCodeAt(0) * 1000 + supplier.rows);
  return Array.from({ length: supplier.rows }, (_, i) => {
    const catalogIndex = i < supplier.mapped ? supplier.catalogOffset + i : null;
    const itemIndex = catalogIndex ?? rng.int(0, ITEMS.length * VARIANTS.length - 1);
    const [, en, baseCost] = ITEMS[itemIndex % ITEMS.length]!;
    const [, variantEn] = VARIANTS[Math.floor(itemIndex / ITEMS.length) % VARIANTS.length]!;
    const brand = rng.pick(supplier.brands);
    const sku = `${supplier.nameAbbrev}-${String(5001 + i)}`;
    const inStock = rng.next() < 0.8;
    const cost = (baseCost * supplier.costFactor * (0.8 + rng.next() * 0.3)).toFixed(2);
    const name = catalogIndex === null ? `${brand} ${en} ${variantEn}` : `${en} ${variantEn}`;
    return {
      sku,
      name,
      cost,
      stock: inStock ? `In stock: ${rng.int(1, 240)}` : 'Out of stock',
      category: rng.pick(supplier.categories),
      url: `${supplier.website}/p/${sku.toLowerCase()}`,
      images: [`${baseUrl}/api/demo-feeds/images/${sku}.svg`],
      description: `${name} from ${brand}. Sold in cartons of ${rng.pick([1, 2, 4, 6, 12])}.`,
      brand,
      ean: ean13(supplier.nameAbbrev.charCodeAt(0) * 10_000 + i),
      catalogSku: catalogIndex === null || catalogIndex >= DEMO_PRODUCT_COUNT ? null : `KNT-${10001 + catalogIndex}`,
    };
  });
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The file as the supplier would publish it, in its format. */
export function renderDemoFeed(supplier: DemoSupplier, baseUrl: string): { body: string; contentType: string } {
  const rows = demoFeedRows(supplier, baseUrl).map((r) => ({
    sku: r.sku,
    name: r.name,
    price: r.cost,
    stock: r.stock,
    category: r.category,
    link: r.url,
    images: r.images.join(' '),
    description: r.description,
    brand: r.brand,
    ean: r.ean,
  }));
  if (supplier.format === 'CSV') {
    const header = Object.keys(rows[0]!);
    const lines = rows.map((r) => header.map((key) => csvCell(r[key as keyof typeof r])).join(','));
    return { body: `${header.join(',')}\n${lines.join('\n')}\n`, contentType: 'text/csv; charset=utf-8' };
  }
  if (supplier.format === 'XML') {
    const items = rows.map(
      (r) =>
        `  <product>\n${Object.entries(r)
          .map(([key, value]) => `    <${key}>${xmlText(value)}</${key}>`)
          .join('\n')}\n  </product>`,
    );
    return { body: `<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n${items.join('\n')}\n</catalog>\n`, contentType: 'application/xml; charset=utf-8' };
  }
  return { body: JSON.stringify({ products: rows }, null, 1), contentType: 'application/json; charset=utf-8' };
}

const PALETTE = ['#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e', '#37474f'];

/** A product picture for a demo SKU: a coloured tile with the supplier's letters and the number. */
export function renderDemoImage(sku: string): string {
  const [prefix = '', number = ''] = sku.split('-');
  const colour = PALETTE[[...sku].reduce((acc, c) => acc + c.charCodeAt(0), 0) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="16" fill="${colour}"/><text x="80" y="78" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${xmlText(prefix)}</text><text x="80" y="116" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${xmlText(number)}</text></svg>`;
}
