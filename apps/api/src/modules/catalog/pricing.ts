import type { ProductTypeValue } from '@kontor/contract';
import { numericOrNull } from '../../db/numeric.js';

/**
 * The pricing engine (DESIGN §5), pure: no database, no clock. Every figure is exact decimal
 * arithmetic on integers (BigInt), rounded half away from zero where PostgreSQL's
 * round(numeric) rounds, so `repriceProducts`' SQL and this file agree to the cent.
 * Money comes in as NUMERIC text (or a plain number in tests) and goes out as text with two
 * decimals, the way PostgreSQL prints numeric(12, 2).
 */

export type Decimalish = string | number;

/** The product columns the engine reads; a catalog_products row fits as it is. */
export type PricingInput = {
  productType: ProductTypeValue;
  procurementCost: Decimalish | null;
  costShipping: Decimalish;
  costPackagingLabour: Decimalish;
  costPackagingMaterial: Decimalish;
  /** Percent, e.g. 25 for 25 %. */
  vat: Decimalish;
  priceManualOverride: Decimalish | null;
  priceOnSale: Decimalish | null;
};

/** The markup columns the engine reads; a catalog_markups row fits as it is. */
export type MarkupRule = {
  id: number;
  percent: Decimalish;
  costFrom: Decimalish | null;
  costTo: Decimalish | null;
  productType: ProductTypeValue | null;
  priority: number;
  isDefault: boolean;
};

export type PriceRowFigures = { incl: string | null; excl: string | null; margin: string | null };
export type PriceDetailsFigures = { sale: PriceRowFigures; manual: PriceRowFigures; auto: PriceRowFigures };

/** What the pricing service stores for a product, plus the total cost it was computed from. */
export type ProductPricing = {
  totalCost: string;
  /** price_calculated_automatically */
  auto: string | null;
  /** The effective price incl. VAT: the manual override, else the auto price. */
  price: string | null;
  margin: string | null;
  marginPercent: string | null;
};

/** margin_percent is numeric(9, 2): a tiny price under a large cost is held at this floor. */
export const MARGIN_PERCENT_FLOOR = '-9999999.00';
/** Prices are numeric(12, 2): an auto price of this many kronor or more is not stored (stays null). */
export const AUTO_PRICE_LIMIT = '10000000000';

type Dec = { units: bigint; scale: number };

function parse(value: Decimalish): Dec {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new TypeError(`Not a plain decimal: ${text}`);
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2]}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** The value in units of 10^-scale; refuses to drop digits (the columns never hold more). */
function atScale(value: Decimalish, scale: number): bigint {
  const d = parse(value);
  if (d.scale <= scale) return d.units * pow10(scale - d.scale);
  const divisor = pow10(d.scale - scale);
  if (d.units % divisor !== 0n) throw new RangeError(`${String(value)} has more than ${scale} decimals`);
  return d.units / divisor;
}

/**
 * Money as PostgreSQL prints numeric(12, 2), "-123.45": most of what this file reads, and a
 * product list page reads a dozen such values per row, so they skip the general parse.
 */
const CENTS_TEXT = /^-?\d+\.\d\d$/;

const cents = (value: Decimalish) => (typeof value === 'string' && CENTS_TEXT.test(value) ? BigInt(value.slice(0, -3) + value.slice(-2)) : atScale(value, 2));

/** n / d rounded half away from zero, as PostgreSQL's round(numeric) does. */
function roundDiv(n: bigint, d: bigint): bigint {
  if (d < 0n) return roundDiv(-n, -d);
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** Units of 10^-scale as text: 1999n, 2 -> '19.99'. */
function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
}

const money = (c: bigint) => format(c, 2);

/** 1 + percent/100 as a fraction over 10 000 (percent has two decimals). */
const factor = (percent: Decimalish) => 10_000n + cents(percent);

/** Total cost excl. VAT: the four costs, an unknown procurement cost counting as 0. */
export function totalCost(p: Pick<PricingInput, 'procurementCost' | 'costShipping' | 'costPackagingLabour' | 'costPackagingMaterial'>): string {
  return money(
    (p.procurementCost === null ? 0n : cents(p.procurementCost)) + cents(p.costShipping) + cents(p.costPackagingLabour) + cents(p.costPackagingMaterial),
  );
}

/**
 * The markup rule for a product: the first non-default rule by priority, then id, whose cost
 * band [cost_from, cost_to) holds the total cost (an empty bound is open) and whose product
 * type is the product's or empty; else the company's default rule, whatever its band, type
 * or priority say (it is the fallback, not a rule in the race); else none.
 */
export function pickMarkup(rules: readonly MarkupRule[], product: { productType: ProductTypeValue; totalCost: Decimalish }): MarkupRule | null {
  const cost = cents(product.totalCost);
  const matches = (r: MarkupRule) =>
    (r.costFrom === null || cost >= cents(r.costFrom)) &&
    (r.costTo === null || cost < cents(r.costTo)) &&
    (r.productType === null || r.productType === product.productType);
  const ordered = [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
  return ordered.find((r) => !r.isDefault && matches(r)) ?? ordered.find((r) => r.isDefault) ?? null;
}

/**
 * Auto price incl. VAT = total cost x (1 + markup %) x (1 + VAT %), rounded to whole kronor.
 * Null without a known purchase price, without a rule, or when too large for the column.
 */
export function autoPrice(p: PricingInput, rules: readonly MarkupRule[]): string | null {
  if (p.procurementCost === null) return null;
  const total = totalCost(p);
  const rule = pickMarkup(rules, { productType: p.productType, totalCost: total });
  if (!rule) return null;
  // cents x (10 000 + markup) x (10 000 + vat) is the price in units of 10^-10 kronor.
  const kronor = roundDiv(cents(total) * factor(rule.percent) * factor(p.vat), pow10(10));
  if (kronor >= BigInt(AUTO_PRICE_LIMIT)) return null;
  return money(kronor * 100n);
}

/** The effective price: the manual override when set, else the auto price. */
export function effectivePrice(manual: Decimalish | null, auto: Decimalish | null): string | null {
  const chosen = manual ?? auto;
  return chosen === null ? null : money(cents(chosen));
}

/** A price incl. VAT without its VAT, to the cent: incl / (1 + vat/100). */
export function priceExcl(incl: Decimalish | null, vat: Decimalish): string | null {
  return incl === null ? null : money(roundDiv(cents(incl) * 10_000n, factor(vat)));
}

/** margin / price excl. VAT x 100 to two decimals; null without a price above 0; floored at MARGIN_PERCENT_FLOOR. */
export function marginPercent(margin: Decimalish | null, excl: Decimalish | null): string | null {
  if (margin === null || excl === null || cents(excl) <= 0n) return null;
  const percent = roundDiv(cents(margin) * 10_000n, cents(excl));
  const floor = cents(MARGIN_PERCENT_FLOOR);
  return money(percent < floor ? floor : percent);
}

/** One row of the price details table: incl. VAT, excl. VAT and margin (excl. - total cost); all null without a price. */
export function priceRow(incl: Decimalish | null, vat: Decimalish, total: Decimalish): PriceRowFigures {
  const excl = priceExcl(incl, vat);
  if (excl === null || incl === null) return { incl: null, excl: null, margin: null };
  return { incl: money(cents(incl)), excl, margin: money(cents(excl) - cents(total)) };
}

/** Sale, Manual and Auto rows (spec §2 prices view) for a product whose auto price is known. */
export function priceDetails(p: PricingInput & { priceCalculatedAutomatically: Decimalish | null }): PriceDetailsFigures {
  const total = totalCost(p);
  return {
    sale: priceRow(p.priceOnSale, p.vat, total),
    manual: priceRow(p.priceManualOverride, p.vat, total),
    auto: priceRow(p.priceCalculatedAutomatically, p.vat, total),
  };
}

export type PriceRowNumbers = { incl: number | null; excl: number | null; margin: number | null };
export type PriceFigureNumbers = { totalCost: number; details: { sale: PriceRowNumbers; manual: PriceRowNumbers; auto: PriceRowNumbers } };

/**
 * `totalCost` and `priceDetails` as the JSON numbers a product response carries: the same
 * figures, to the cent (pricing.test.ts compares them over the columns' whole range). A product
 * page maps 25 rows and the exact engine's BigInt and text round trips were most of that work
 * (ADR 0026), so the cents here are integers held in doubles, which are exact below 2^53.
 * incl x 10 000 is the largest intermediate: past 2^53 (prices of 9 billion kronor and more)
 * the exact engine answers instead.
 */
export function priceFigureNumbers(p: PricingInput & { priceCalculatedAutomatically: Decimalish | null }): PriceFigureNumbers {
  const incls = [p.priceOnSale, p.priceManualOverride, p.priceCalculatedAutomatically];
  const inRange = incls.every((incl) => incl === null || Math.abs(Number(incl)) < MAX_SAFE_INCL);
  if (!inRange) {
    const { sale, manual, auto } = priceDetails(p);
    const numbers = (r: PriceRowFigures): PriceRowNumbers => ({ incl: numericOrNull(r.incl), excl: numericOrNull(r.excl), margin: numericOrNull(r.margin) });
    return { totalCost: Number(totalCost(p)), details: { sale: numbers(sale), manual: numbers(manual), auto: numbers(auto) } };
  }
  const total =
    (p.procurementCost === null ? 0 : centsOf(p.procurementCost)) + centsOf(p.costShipping) + centsOf(p.costPackagingLabour) + centsOf(p.costPackagingMaterial);
  const vatFactor = 10_000 + centsOf(p.vat);
  const row = (incl: Decimalish | null): PriceRowNumbers => {
    if (incl === null) return { incl: null, excl: null, margin: null };
    const inclCents = centsOf(incl);
    const exclCents = roundDivSafe(inclCents * 10_000, vatFactor);
    return { incl: inclCents / 100, excl: exclCents / 100, margin: (exclCents - total) / 100 };
  };
  return {
    totalCost: total / 100,
    details: { sale: row(p.priceOnSale), manual: row(p.priceManualOverride), auto: row(p.priceCalculatedAutomatically) },
  };
}

/** |incl| in kronor below which incl in cents x 10 000 stays under 2^53. */
const MAX_SAFE_INCL = Number.MAX_SAFE_INTEGER / 1_000_000;

/**
 * A two-decimal value in cents, as an integer. Number(text) is within 2^-53 of the value, so x100
 * is within 10^-3 of an integer for anything numeric(12, 2) holds, and rounding finds it.
 * `+ 0` turns -0 into 0.
 */
const centsOf = (value: Decimalish) => Math.round(Number(value) * 100) + 0;

/** roundDiv on integers below 2^53: the remainder and the exact quotient of n - r are exact in doubles. */
function roundDivSafe(n: number, d: number): number {
  if (d < 0) return roundDivSafe(-n, -d);
  const r = n % d;
  const q = (n - r) / d;
  if (2 * Math.abs(r) < d) return q + 0;
  return (n < 0 ? q - 1 : q + 1) + 0;
}

/** Everything the pricing service keeps for a product, from its inputs and the company's rules. */
export function priceProduct(p: PricingInput, rules: readonly MarkupRule[]): ProductPricing {
  const total = totalCost(p);
  const auto = autoPrice(p, rules);
  const price = effectivePrice(p.priceManualOverride, auto);
  const { margin, excl } = priceRow(price, p.vat, total);
  return { totalCost: total, auto, price, margin, marginPercent: marginPercent(margin, excl) };
}

/**
 * A supplier cost in SEK: cost x rate_to_sek rounded to the öre, as the feed import converts
 * it; null when the result would not fit procurement_cost (10^10 kronor or more).
 */
export function toSek(cost: Decimalish, rateToSek: Decimalish): string | null {
  const c = parse(cost);
  const r = parse(rateToSek);
  const product = c.units * r.units;
  const scale = c.scale + r.scale;
  const limit = pow10(10 + scale);
  if ((product < 0n ? -product : product) >= limit) return null;
  return money(scale >= 2 ? roundDiv(product, pow10(scale - 2)) : product * pow10(2 - scale));
}
