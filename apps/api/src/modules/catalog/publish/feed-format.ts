import { PUBLISH_TITLE_MAX, type PublishAction, type PublishProblemCode } from '@kontor/contract';
import { mediaUrl } from '../../media/images.js';
import type { PublishRow } from './publish-rows.js';

/**
 * What a channel receives of one product, and the channels' file formats (ADR 0013):
 * - Google Merchant Center: RSS 2.0 with the g: namespace (Google's product data specification).
 * - Meta catalog: CSV with Meta's required columns (id, title, description, availability,
 *   condition, price, link, image_link, brand) and the optional ones we know.
 * - Plain CSV: every catalog field.
 * All prices are in SEK, incl. VAT, as the catalog keeps them (DESIGN §5).
 */
export type FeedContext = {
  publicUrl: string;
  /** The company's name: the brand of products no supplier names one for (the shop's own). */
  companyName: string;
  companyUrl: string;
  action: PublishAction;
};

export type FeedItem = {
  id: number;
  sku: string;
  title: string;
  description: string;
  link: string;
  imageLinks: string[];
  price: string | null;
  salePrice: string | null;
  inStock: boolean;
  brand: string;
  gtin: string | null;
  googleCategory: number | null;
  facebookCategory: number | null;
  productType: string;
  shippingWeightKg: string | null;
};

const CURRENCY = 'SEK';

/** Descriptions are stored as HTML; channels want plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** A GTIN is 8, 12, 13 or 14 digits; anything else a supplier calls EAN is left out rather than sent wrong. */
const gtinOf = (ean: string | null) => (ean && /^(\d{8}|\d{12,14})$/.test(ean.trim()) ? ean.trim() : null);
const isHttpUrl = (url: string) => /^https?:\/\/\S+$/i.test(url);
const positive = (value: string | null) => (value !== null && Number(value) > 0 ? value : null);

export function toFeedItem(row: PublishRow, ctx: FeedContext): FeedItem {
  const price = positive(row.price);
  const sale = positive(row.price_on_sale);
  const attached = (row.image_keys ?? []).map((key) => mediaUrl(ctx.publicUrl, key));
  const linked = (row.image_urls ?? []).filter(isHttpUrl);
  return {
    id: row.id,
    sku: row.sku,
    title: (row.description_name?.trim() || row.name).trim(),
    description: plainText(row.description_content || row.description_excerpt || ''),
    link: isHttpUrl(row.url) ? row.url : '',
    imageLinks: [...attached, ...linked],
    price,
    // A sale price is only a sale when it is below the price.
    salePrice: sale !== null && price !== null && Number(sale) < Number(price) ? sale : null,
    inStock: Number(row.qty_in_stock) > 0,
    brand: row.brand?.trim() || ctx.companyName,
    gtin: gtinOf(row.ean),
    googleCategory: row.google_taxonomy_id,
    facebookCategory: row.facebook_taxonomy_id,
    productType: row.category_path ?? '',
    shippingWeightKg: positive(row.packaging_weight),
  };
}

/** Why the channel would reject the item; empty when it passes. The plain CSV rejects nothing. */
export function problemsOf(item: FeedItem, action: PublishAction): PublishProblemCode[] {
  if (action === 'csv') return [];
  const problems: PublishProblemCode[] = [];
  const max = PUBLISH_TITLE_MAX[action];
  if (!item.title) problems.push('missing_title');
  else if (max !== null && [...item.title].length > max) problems.push('title_too_long');
  if (!item.description) problems.push('missing_description');
  if (item.price === null) problems.push('missing_price');
  if (item.imageLinks.length === 0) problems.push('missing_image');
  if (!item.link) problems.push('missing_link');
  return problems;
}

// ---- XML (Google) ----

/** Characters XML 1.0 cannot hold at all are dropped; the five specials are escaped. */
export const escapeXml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const money = (amount: string) => `${Number(amount).toFixed(2)} ${CURRENCY}`;
const tag = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : `    <g:${name}>${escapeXml(String(value))}</g:${name}>\n`;

export function googleFeedHead(ctx: FeedContext): string {
  const link = isHttpUrl(ctx.companyUrl) ? ctx.companyUrl : ctx.publicUrl;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n' +
    '<channel>\n' +
    `  <title>${escapeXml(ctx.companyName)}</title>\n` +
    `  <link>${escapeXml(link)}</link>\n` +
    `  <description>${escapeXml(`Products of ${ctx.companyName}`)}</description>\n`
  );
}

export const GOOGLE_FEED_TAIL = '</channel>\n</rss>\n';

/** Google allows 10 additional images. */
const MAX_ADDITIONAL_IMAGES = 10;

export function googleFeedItem(item: FeedItem): string {
  const [image, ...more] = item.imageLinks;
  return (
    '  <item>\n' +
    tag('id', item.sku) +
    tag('title', item.title) +
    tag('description', item.description) +
    tag('link', item.link) +
    tag('image_link', image) +
    more
      .slice(0, MAX_ADDITIONAL_IMAGES)
      .map((url) => tag('additional_image_link', url))
      .join('') +
    tag('availability', item.inStock ? 'in_stock' : 'out_of_stock') +
    tag('condition', 'new') +
    tag('price', item.price && money(item.price)) +
    tag('sale_price', item.salePrice && money(item.salePrice)) +
    tag('brand', item.brand) +
    tag('gtin', item.gtin) +
    // Without a GTIN the item says so, or Google holds it back waiting for one.
    (item.gtin ? '' : tag('identifier_exists', 'no')) +
    tag('google_product_category', item.googleCategory) +
    tag('product_type', item.productType) +
    tag('shipping_weight', item.shippingWeightKg && `${Number(item.shippingWeightKg)} kg`) +
    '  </item>\n'
  );
}

// ---- CSV (Meta, plain) ----

/** RFC 4180 quoting. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell of the plain export, which people open in spreadsheets: text a spreadsheet would
 * run as a formula (=, +, -, @ first) gets a leading apostrophe (OWASP CSV injection). Channel
 * feeds are read by machines and keep their values exactly.
 */
export const spreadsheetText = (value: string | null | undefined) => csvCell(value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;

export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'sale_price',
  'additional_image_link',
  'google_product_category',
  'fb_product_category',
  'gtin',
  'product_type',
  'shipping_weight',
] as const;

export function metaFeedRow(item: FeedItem): string {
  const [image, ...more] = item.imageLinks;
  return csvLine([
    csvCell(item.sku),
    csvCell(item.title),
    csvCell(item.description),
    csvCell(item.inStock ? 'in stock' : 'out of stock'),
    csvCell('new'),
    csvCell(item.price && money(item.price)),
    csvCell(item.link),
    csvCell(image),
    csvCell(item.brand),
    csvCell(item.salePrice && money(item.salePrice)),
    csvCell(more.slice(0, MAX_ADDITIONAL_IMAGES).join(',')),
    csvCell(item.googleCategory),
    csvCell(item.facebookCategory),
    csvCell(item.gtin),
    csvCell(item.productType),
    csvCell(item.shippingWeightKg && `${Number(item.shippingWeightKg)} kg`),
  ]);
}

/** The plain export: the catalog's own fields, as stored, plus what the feeds derive. */
export const CSV_COLUMNS = [
  'id',
  'sku',
  'name',
  'product_type',
  'qty_in_stock',
  'price',
  'price_manual_override',
  'price_calculated_automatically',
  'price_on_sale',
  'vat',
  'procurement_cost',
  'cost_shipping',
  'cost_packaging_labour',
  'cost_packaging_material',
  'packaging_width',
  'packaging_length',
  'packaging_height',
  'packaging_weight',
  'default_location_id',
  'qty_restock_level',
  'qty_restock_amount',
  'url',
  'image_urls',
  'title',
  'description',
  'categories',
  'brand',
  'gtin',
  'google_product_category',
  'fb_product_category',
  'synced_at',
  'created_at',
  'updated_at',
] as const;

export function plainCsvRow(row: PublishRow, item: FeedItem): string {
  const n = csvCell;
  const t = spreadsheetText;
  return csvLine([
    n(row.id),
    t(row.sku),
    t(row.name),
    t(row.product_type),
    n(row.qty_in_stock),
    n(row.price),
    n(row.price_manual_override),
    n(row.price_calculated_automatically),
    n(row.price_on_sale),
    n(row.vat),
    n(row.procurement_cost),
    n(row.cost_shipping),
    n(row.cost_packaging_labour),
    n(row.cost_packaging_material),
    n(row.packaging_width),
    n(row.packaging_length),
    n(row.packaging_height),
    n(row.packaging_weight),
    n(row.default_location_id),
    n(row.qty_restock_level),
    n(row.qty_restock_amount),
    t(row.url),
    t(item.imageLinks.join(' ')),
    t(item.title),
    t(item.description),
    t(item.productType),
    t(row.brand ?? ''),
    n(item.gtin),
    n(item.googleCategory),
    n(item.facebookCategory),
    t(row.synced_at),
    t(row.created_at),
    t(row.updated_at),
  ]);
}
