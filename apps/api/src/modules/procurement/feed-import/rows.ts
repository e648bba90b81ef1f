import { FEED_MAPPING_FIELDS, FEED_MAX_REPORTED_ERRORS, splitImageUrls, type FeedMappingField, type FeedRowError } from '@kontor/contract';
import { toStorableText } from '../../../lib/well-formed.js';
import { FeedImportError } from './errors.js';
import type { RawRecord, RawValue } from './records.js';

/** Beyond this a file is refused: the rows are held in memory until the write. */
export const MAX_FEED_ROWS = 1_000_000;

export type FeedMapping = Partial<Record<FeedMappingField, string>>;

/** Which currency a row's cost is in (ADR 0009): the feed's, else the row's code, else the supplier's, else SEK. */
export type CurrencyRules = {
  feedCurrencyId: number | null;
  supplierCurrencyId: number | null;
  sekId: number | null;
  /** Known currencies by upper-case ISO code. */
  byCode: Map<string, number>;
};

/** A validated row, as the write statement reads it (jsonb_to_recordset column names). */
export type FeedRow = {
  sku: string;
  name: string;
  description?: string;
  brand?: string;
  ean?: string;
  stock_details?: string;
  stock_quantity?: string;
  cost?: string;
  currency_id?: number;
  urls?: string[];
  image_urls?: string[];
  product_type?: string;
  category?: string;
};

const PRODUCT_TYPES = new Set(['simple', 'variable', 'variation', 'bundle']);
const MAX_SKU = 200;
const MAX_NAME = 1000;
/**
 * Category paths are keys of btree indexes (unique per supplier), which hold at most ~2700 bytes
 * a row: 500 characters stay inside it even at 4 bytes each. A longer one (a description mapped
 * as the category) failed the whole import.
 */
const MAX_CATEGORY_PATH = 500;
/** cost is NUMERIC(14,4): at most 10 digits before the point. */
const MAX_COST_DIGITS = 10;
const COST_SCALE = 4;
/** stock_quantity is NUMERIC(14,2). */
const MAX_QUANTITY_DIGITS = 12;
const QUANTITY_SCALE = 2;

/**
 * A lone surrogate (a JSON `\ud800` escape, an XML `&#xD800;`) is no character, and PostgreSQL
 * stores no NUL (`\u0000`, a NUL byte in a CSV): either in the JSON the write sends would fail
 * the whole import. Each becomes U+FFFD, as bytes of a file that are not UTF-8 do.
 */
function wellFormed(value: RawValue): RawValue {
  if (typeof value === 'string') return toStorableText(value);
  return Array.isArray(value) ? value.map(toStorableText) : value;
}

/** The first value of a field (a list gives its first item), trimmed. */
function first(value: RawValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return (value.find((v) => v.trim() !== '') ?? '').trim();
  return value.trim();
}

/** 'In stock: 12 pcs' -> '12 pcs' (DESIGN §5). */
export function stripInStock(text: string): string {
  return text.replace(/^\s*in stock:\s*/i, '').trim();
}

/**
 * A decimal's digits (no sign, no leading zeros) rounded half up to `scale` decimals, as NUMERIC
 * rounds on the way into its column, so the size check sees what the column would hold (a cost
 * of 9999999999.99999 becomes 10000000000.0000, one digit too many, and failed the whole import).
 */
function roundDecimal(whole: string, fraction: string | undefined, scale: number): { whole: string; text: string } {
  if (!fraction) return { whole, text: whole };
  if (fraction.length <= scale) return { whole, text: `${whole}.${fraction}` };
  const digits = `${whole}${fraction.slice(0, scale)}`;
  const rounded = (fraction.charCodeAt(scale) >= 53 /* '5' */ ? (BigInt(digits) + 1n).toString() : digits).padStart(scale + 1, '0');
  const roundedWhole = rounded.slice(0, rounded.length - scale).replace(/^0+(?=\d)/, '');
  return { whole: roundedWhole, text: `${roundedWhole}.${rounded.slice(rounded.length - scale)}` };
}

/** The number a stock text starts with ('12 pcs' -> '12', '3,5 kg' -> '3.5'), or undefined. */
export function leadingQuantity(text: string): string | undefined {
  const m = /^(\d{1,15})(?:[.,](\d+))?(?!\d)/.exec(text);
  if (!m) return undefined;
  const { whole, text: quantity } = roundDecimal(m[1]!.replace(/^0+(?=\d)/, ''), m[2], QUANTITY_SCALE);
  return whole.length > MAX_QUANTITY_DIGITS ? undefined : quantity;
}

/**
 * A price as suppliers write it -> an exact decimal string, never a float: '12.50', '12,50',
 * '1 234,50', '1,234.50', '€ 12.50', '12.50 EUR'. Empty -> null; anything else throws its
 * message.
 */
const PLAIN_DECIMAL = /^(\d{1,10})(?:\.(\d+))?$/;

export function parseCost(raw: string): string | null {
  // Most feeds write '12.50': no clean-up needed.
  const plain = PLAIN_DECIMAL.exec(raw);
  if (plain && (plain[1]!.length === 1 || plain[1]![0] !== '0') && (plain[2] ?? '').length <= COST_SCALE) return raw;
  let text = raw.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return null;
  // A currency sign or code around the number.
  text = text.replace(/^(?:[A-Za-z]{3}|[$€£¥]|kr)/i, '').replace(/(?:[A-Za-z]{3}|[$€£¥]|kr|:-|,-)$/i, '');
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma !== -1 && dot !== -1) {
    // The later separator is the decimal one; the other groups thousands.
    text = comma > dot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (comma !== -1) {
    text = text.replace(',', '.');
  }
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`Cost '${raw.trim().slice(0, 40)}' is not a number.`);
  const { whole, text: cost } = roundDecimal(m[1]!.replace(/^0+(?=\d)/, ''), m[2], COST_SCALE);
  if (whole.length > MAX_COST_DIGITS) throw new Error(`Cost '${raw.trim().slice(0, 40)}' is too large.`);
  return cost;
}

/** 'A > B >  C' -> 'A > B > C'; empty parts dropped. */
export function normalizeCategoryPath(text: string): string {
  return text
    .split('>')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' > ');
}

const LIST_SEPARATOR = /[\s,]/;

/** A feed's image URLs: a list's items, each split at whitespace and commas (not those inside an http(s) URL); each once. */
function splitList(value: RawValue): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string' && !LIST_SEPARATOR.test(value)) return value ? [value] : [];
  const items = Array.isArray(value) ? value : [value];
  const out = items.flatMap((v) => splitImageUrls(v, 'whitespace'));
  return out.length > 1 ? [...new Set(out)] : out;
}

/**
 * Validates and normalises the file's products one by one and keeps them, serialised, until
 * the write: by SKU (the last row of a SKU wins), with the skipped rows reported.
 */
export class RowCollector {
  rowsTotal = 0;
  skipped = 0;
  errorCount = 0;
  readonly errors: FeedRowError[] = [];
  /** SKU -> the row that holds it and its JSON for the write. */
  readonly rows = new Map<string, { row: number; json: string }>();
  /**
   * SKUs of rows skipped for a bad value (no name, a cost that is not a number, an unknown
   * currency): the product is still in the file, so it is not marked removed, and keeps what
   * the last import gave it.
   */
  readonly skippedSkus = new Set<string>();
  /** Category paths named by the rows. */
  readonly categoryPaths = new Set<string>();
  private readonly mapped: Set<FeedMappingField>;
  /** Feeds repeat a few category texts over many rows: each is normalised once. */
  private readonly paths = new Map<string, string>();

  constructor(
    private readonly mapping: FeedMapping,
    private readonly currency: CurrencyRules,
  ) {
    this.mapped = new Set(FEED_MAPPING_FIELDS.filter((f) => mapping[f]));
  }

  /** Our fields the mapping fills: only these are written over on an update. */
  get mappedFields(): ReadonlySet<FeedMappingField> {
    return this.mapped;
  }

  add(record: RawRecord): void {
    this.rowsTotal += 1;
    if (this.rowsTotal > MAX_FEED_ROWS) throw new FeedImportError(`The file has more than ${MAX_FEED_ROWS.toLocaleString('en')} products.`);
    const get = (field: FeedMappingField) => {
      const key = this.mapping[field];
      return key ? wellFormed(record.get(key)) : undefined;
    };
    const sku = first(get('sku'));
    const fail = (message: string) => {
      this.skipped += 1;
      if (sku && sku.length <= MAX_SKU) this.skippedSkus.add(sku);
      this.report({ row: record.row, ...(sku ? { sku: sku.slice(0, MAX_SKU) } : {}), message });
    };
    if (!sku) return fail('Missing SKU.');
    if (sku.length > MAX_SKU) return fail(`The SKU is longer than ${MAX_SKU} characters.`);
    const name = first(get('name'));
    if (!name) return fail('Missing name.');
    if (name.length > MAX_NAME) return fail(`The name is longer than ${MAX_NAME} characters.`);

    const row: FeedRow = { sku, name };
    if (this.mapped.has('cost')) {
      try {
        const cost = parseCost(first(get('cost')));
        if (cost !== null) row.cost = cost;
      } catch (err) {
        return fail((err as Error).message);
      }
    }
    if (row.cost !== undefined) {
      const code = first(get('currency'));
      const currencyId = this.currencyOf(code);
      if (currencyId === 'unknown') return fail(`Unknown currency '${code.slice(0, 10)}'.`);
      if (currencyId !== null) row.currency_id = currencyId;
    }

    if (this.mapped.has('stock_details')) {
      const details = stripInStock(first(get('stock_details')));
      row.stock_details = details;
      const quantity = leadingQuantity(details);
      if (quantity !== undefined) row.stock_quantity = quantity;
    }
    if (this.mapped.has('category')) {
      const raw = first(get('category'));
      let path = this.paths.get(raw);
      if (path === undefined) {
        path = normalizeCategoryPath(raw);
        if (this.paths.size < 100_000) this.paths.set(raw, path);
      }
      if (path.length > MAX_CATEGORY_PATH) return fail(`The category is longer than ${MAX_CATEGORY_PATH} characters.`);
      if (path) {
        row.category = path;
        this.categoryPaths.add(path);
      }
    }
    if (this.mapped.has('url')) {
      const url = first(get('url'));
      row.urls = url ? [url] : [];
    }
    if (this.mapped.has('image_urls')) row.image_urls = splitList(get('image_urls'));
    if (this.mapped.has('description')) row.description = first(get('description'));
    if (this.mapped.has('brand')) row.brand = first(get('brand'));
    if (this.mapped.has('ean')) row.ean = first(get('ean'));
    if (this.mapped.has('product_type')) {
      const type = first(get('product_type')).toLowerCase();
      row.product_type = PRODUCT_TYPES.has(type) ? type : type === 'variable parent' ? 'variable' : 'simple';
    }

    const earlier = this.rows.get(sku);
    if (earlier) {
      this.skipped += 1;
      this.report({ row: earlier.row, sku, message: `Duplicate SKU: row ${record.row} replaces this row.` });
    }
    this.rows.set(sku, { row: record.row, json: JSON.stringify(row) });
  }

  /** The currency id of a row's cost; 'unknown' for a code the currency table does not have. */
  private currencyOf(code: string): number | null | 'unknown' {
    if (this.currency.feedCurrencyId !== null) return this.currency.feedCurrencyId;
    if (code && this.mapped.has('currency')) {
      const id = this.currency.byCode.get(code.toUpperCase());
      return id ?? 'unknown';
    }
    return this.currency.supplierCurrencyId ?? this.currency.sekId;
  }

  private report(error: FeedRowError) {
    this.errorCount += 1;
    if (this.errors.length < FEED_MAX_REPORTED_ERRORS) this.errors.push(error);
  }
}
