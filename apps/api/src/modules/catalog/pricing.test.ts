import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoPrice,
  marginPercent,
  pickMarkup,
  priceDetails,
  priceExcl,
  priceFigureNumbers,
  priceProduct,
  totalCost,
  toSek,
  type MarkupRule,
  type PriceRowFigures,
  type PricingInput,
} from './pricing.js';

/**
 * Worked examples of DESIGN §5, each row checkable with pen and paper. The company's rules:
 *
 *   id  name       markup  cost band (excl. VAT)  type    priority  default
 *   1   Cheap      120 %   [ -  , 100)            any     10
 *   2   Bundles     50 %   any                    bundle   5
 *   3   Expensive   35 %   [1000, - )             any     10
 *   4   Standard    60 %   (ignored)              any    100       yes
 */
const rule = (r: Partial<MarkupRule> & Pick<MarkupRule, 'id' | 'percent'>): MarkupRule => ({
  costFrom: null,
  costTo: null,
  productType: null,
  priority: 100,
  isDefault: false,
  ...r,
});
const CHEAP = rule({ id: 1, percent: '120.00', costTo: '100.00', priority: 10 });
const BUNDLES = rule({ id: 2, percent: '50.00', productType: 'bundle', priority: 5 });
const EXPENSIVE = rule({ id: 3, percent: '35.00', costFrom: '1000.00', priority: 10 });
const STANDARD = rule({ id: 4, percent: '60.00', isDefault: true });
// Deliberately not in priority order: the engine sorts.
const RULES = [STANDARD, EXPENSIVE, CHEAP, BUNDLES];
const NAMES = new Map([CHEAP, BUNDLES, EXPENSIVE, STANDARD].map((r, i) => [r, ['Cheap', 'Bundles', 'Expensive', 'Standard'][i]!]));

const product = (p: Partial<PricingInput> = {}): PricingInput => ({
  productType: 'simple',
  procurementCost: '200.00',
  costShipping: '29.00',
  costPackagingLabour: '10.00',
  costPackagingMaterial: '5.00',
  vat: '25.00',
  priceManualOverride: null,
  priceOnSale: null,
  ...p,
});

/** The four costs excl. VAT: purchase (SEK), shipping, packaging labour, packaging material. */
const costs = (procurementCost: string | null, costShipping = '0.00', costPackagingLabour = '0.00', costPackagingMaterial = '0.00') => ({
  procurementCost,
  costShipping,
  costPackagingLabour,
  costPackagingMaterial,
});

describe('totalCost: the four costs excl. VAT', () => {
  it.each([
    // procurement, shipping, labour, material -> total
    ['200.00', '29.00', '10.00', '5.00', '244.00'],
    [null, '29.00', '10.00', '5.00', '44.00'], // no purchase price known: counts as 0
    ['0.10', '0.20', '0.00', '0.00', '0.30'], // 0.1 + 0.2 is 0.30000000000000004 in floating point
    ['1234.56', '0.01', '0.02', '0.03', '1234.62'],
    // Text as PostgreSQL prints numeric(12, 2) and any other plain decimal agree, signs included.
    ['-0.05', '0.5', '1', '+2.250', '3.70'],
    ['9999999999.99', '-10.01', '0', '-0.00', '9999999989.98'],
  ])('%s + %s + %s + %s = %s', (procurementCost, costShipping, costPackagingLabour, costPackagingMaterial, expected) => {
    expect(totalCost({ procurementCost, costShipping, costPackagingLabour, costPackagingMaterial })).toBe(expected);
  });
});

describe('pickMarkup: first matching rule by priority then id, else the default', () => {
  it.each([
    // total cost, type -> rule
    ['244.00', 'simple', 'Standard'], // no band or type rule matches: the default
    ['99.99', 'simple', 'Cheap'], // inside [-, 100)
    ['100.00', 'simple', 'Standard'], // cost_to is exclusive: exactly 100 is past the cheap band
    ['0.00', 'simple', 'Cheap'],
    ['999.99', 'simple', 'Standard'],
    ['1000.00', 'simple', 'Expensive'], // cost_from is inclusive
    ['50.00', 'bundle', 'Bundles'], // Cheap matches too, but Bundles has priority 5 < 10
    ['5000.00', 'bundle', 'Bundles'],
    ['50.00', 'variation', 'Cheap'], // the bundle rule is for bundles only
  ] as const)('total %s, type %s -> %s', (total, productType, expected) => {
    const picked = pickMarkup(RULES, { productType, totalCost: total });
    expect(picked && NAMES.get(picked)).toBe(expected);
  });

  it('breaks a tie in priority by the lower id, and a lower priority number wins over a lower id', () => {
    const later = rule({ id: 7, percent: '30.00', priority: 10 });
    const earlier = rule({ id: 3, percent: '40.00', priority: 10 });
    const urgent = rule({ id: 9, percent: '20.00', priority: 5, costFrom: '500.00' });
    expect(pickMarkup([later, earlier, urgent], { productType: 'simple', totalCost: '100.00' })).toBe(earlier);
    expect(pickMarkup([later, earlier, urgent], { productType: 'simple', totalCost: '600.00' })).toBe(urgent);
  });

  it('uses the default only as the fallback, whatever its own band or priority', () => {
    const bandedDefault = rule({ id: 1, percent: '10.00', isDefault: true, priority: 0, costTo: '10.00' });
    const general = rule({ id: 2, percent: '70.00', costFrom: '100.00' });
    expect(pickMarkup([bandedDefault, general], { productType: 'simple', totalCost: '5.00' })).toBe(bandedDefault);
    expect(pickMarkup([bandedDefault, general], { productType: 'simple', totalCost: '500.00' })).toBe(general);
    expect(pickMarkup([bandedDefault, general], { productType: 'simple', totalCost: '50.00' })).toBe(bandedDefault);
  });

  it('finds nothing without a matching rule and without a default', () => {
    expect(pickMarkup([CHEAP, EXPENSIVE], { productType: 'simple', totalCost: '244.00' })).toBeNull();
    expect(pickMarkup([], { productType: 'simple', totalCost: '1.00' })).toBeNull();
  });
});

describe('priceProduct: auto price, effective price, margin and percent', () => {
  /**
   * auto   = round(total x (1 + markup/100) x (1 + vat/100)) whole kronor, half away from zero
   * price  = override ?? auto
   * excl   = round(price / (1 + vat/100), 2);  margin = excl - total;  % = round(margin / excl x 100, 2)
   */
  it.each([
    // case, product, total, auto, price, margin, percent
    // 244 x 1.60 x 1.25 = 488; 488 / 1.25 = 390.40; 390.40 - 244 = 146.40; 146.40 / 390.40 = 37.50 %
    ['plain product, default rule', {}, '244.00', '488.00', '488.00', '146.40', '37.50'],
    // override 599 / 1.25 = 479.20; 479.20 - 244 = 235.20; 235.20 / 479.20 = 49.08 %
    ['manual override wins', { priceManualOverride: '599.00' }, '244.00', '488.00', '599.00', '235.20', '49.08'],
    // override 199 / 1.25 = 159.20; 159.20 - 244 = -84.80; -84.80 / 159.20 = -53.27 %
    ['override below cost: negative margin', { priceManualOverride: '199.00' }, '244.00', '488.00', '199.00', '-84.80', '-53.27'],
    // 0 x 2.20 x 1.25 = 0: a price of 0 has no percent
    ['zero cost', costs('0.00'), '0.00', '0.00', '0.00', '0.00', null],
    // no purchase price: no auto price, so no price at all
    ['unknown purchase price', { procurementCost: null }, '44.00', null, null, null, null],
    // 99 / 1.25 = 79.20; 79.20 - 44 = 35.20; 35.20 / 79.20 = 44.44 %
    ['unknown purchase price, override', { procurementCost: null, priceManualOverride: '99.00' }, '44.00', null, '99.00', '35.20', '44.44'],
    // 99.99 x 2.20 x 1.25 = 274.9725 -> 275; 275 / 1.25 = 220; 220 - 99.99 = 120.01; 120.01 / 220 = 54.55 %
    ['just below cost_to: cheap band', costs('84.99', '15.00'), '99.99', '275.00', '275.00', '120.01', '54.55'],
    // 100 is not < 100: default 60 %; 100 x 1.60 x 1.25 = 200; 200 / 1.25 = 160; 160 - 100 = 60; 60 / 160 = 37.50 %
    ['exactly at cost_to: next rule', costs('85.00', '15.00'), '100.00', '200.00', '200.00', '60.00', '37.50'],
    // 1000 x 1.35 x 1.25 = 1687.5 -> 1688 (half up); 1688 / 1.25 = 1350.40; 350.40 / 1350.40 = 25.95 %
    ['at cost_from, rounding half up', costs('1000.00'), '1000.00', '1688.00', '1688.00', '350.40', '25.95'],
    // bundle rule (priority 5) before cheap (10): 50 x 1.50 x 1.25 = 93.75 -> 94; 94 / 1.25 = 75.20; 25.20 / 75.20 = 33.51 %
    ['product-type rule before general rule', { productType: 'bundle', ...costs('40.00', '10.00') }, '50.00', '94.00', '94.00', '25.20', '33.51'],
    // the same costs as a simple product: cheap 120 %; 50 x 2.20 x 1.25 = 137.5 -> 138; 138 / 1.25 = 110.40; 60.40 / 110.40 = 54.71 %
    ['general rule for another type', costs('40.00', '10.00'), '50.00', '138.00', '138.00', '60.40', '54.71'],
    // 244 x 1.60 x 1.12 = 437.248 -> 437; 437 / 1.12 = 390.1786 -> 390.18; 146.18 / 390.18 = 37.46 %
    ['VAT 12 %', { vat: '12.00' }, '244.00', '437.00', '437.00', '146.18', '37.46'],
    // 244 x 1.60 x 1.00 = 390.4 -> 390; excl = incl; 146 / 390 = 37.44 %
    ['VAT 0 %', { vat: '0.00' }, '244.00', '390.00', '390.00', '146.00', '37.44'],
    // 0.30 x 2.20 x 1.25 = 0.825 -> 1; 1 / 1.25 = 0.80; 0.80 - 0.30 = 0.50; 0.50 / 0.80 = 62.50 %
    ['no float drift on 0.1 + 0.2', costs('0.10', '0.20'), '0.30', '1.00', '1.00', '0.50', '62.50'],
    // price 0 under a cost: margin is the whole cost, percent undefined
    ['override 0', { priceManualOverride: '0.00' }, '244.00', '488.00', '0.00', '-244.00', null],
    // 0.01 / 1.25 = 0.008 -> 0.01; 0.01 - 999999 = -999998.99; -9 999 899 900 % is held at the column's floor
    ['percent floor', { ...costs('999999.00'), priceManualOverride: '0.01' }, '999999.00', '1687498.00', '0.01', '-999998.99', '-9999999.00'],
  ] as const)('%s', (_case, overrides, total, auto, price, margin, percent) => {
    expect(priceProduct(product(overrides), RULES)).toEqual({ totalCost: total, auto, price, margin, marginPercent: percent });
  });

  it('gives no auto price when no rule matches and the company has no default', () => {
    const noDefault = [CHEAP, BUNDLES, EXPENSIVE];
    expect(priceProduct(product(), noDefault)).toEqual({ totalCost: '244.00', auto: null, price: null, margin: null, marginPercent: null });
    // A band rule still prices what it covers: 99.99 x 2.20 x 1.25 = 274.9725 -> 275.
    expect(autoPrice(product(costs('84.99', '15.00')), noDefault)).toBe('275.00');
    // The override still makes a price, and a margin.
    expect(priceProduct(product({ priceManualOverride: '300.00' }), noDefault)).toMatchObject({ price: '300.00', margin: '-4.00', marginPercent: '-1.67' });
  });

  it('keeps an auto price the column cannot hold unknown', () => {
    // 999 999 999 x 101 x 2 is far above numeric(12, 2).
    const huge = product({ procurementCost: '999999999.00', vat: '100.00' });
    expect(autoPrice(huge, [rule({ id: 1, percent: '10000.00', isDefault: true })])).toBeNull();
  });
});

describe('priceDetails: Sale, Manual and Auto rows', () => {
  it('shows incl, excl and margin for each price the product has, and nulls for the others', () => {
    // total 244; sale 399 / 1.25 = 319.20, margin 75.20; auto 488 / 1.25 = 390.40, margin 146.40
    expect(priceDetails({ ...product({ priceOnSale: '399.00' }), priceCalculatedAutomatically: '488.00' })).toEqual({
      sale: { incl: '399.00', excl: '319.20', margin: '75.20' },
      manual: { incl: null, excl: null, margin: null },
      auto: { incl: '488.00', excl: '390.40', margin: '146.40' },
    });
    // override 199 at VAT 12: 199 / 1.12 = 177.6786 -> 177.68, margin 177.68 - 244 = -66.32
    expect(priceDetails({ ...product({ priceManualOverride: '199', vat: '12' }), priceCalculatedAutomatically: null })).toEqual({
      sale: { incl: null, excl: null, margin: null },
      manual: { incl: '199.00', excl: '177.68', margin: '-66.32' },
      auto: { incl: null, excl: null, margin: null },
    });
  });

  it("gives the same figures as JSON numbers, to the cent, over the columns' whole range", () => {
    // What a product response carries (priceFigureNumbers) against the exact engine's text.
    const asNumbers = (r: PriceRowFigures) => ({
      incl: r.incl === null ? null : Number(r.incl),
      excl: r.excl === null ? null : Number(r.excl),
      margin: r.margin === null ? null : Number(r.margin),
    });
    const expected = (p: Parameters<typeof priceDetails>[0]) => {
      const { sale, manual, auto } = priceDetails(p);
      return { totalCost: Number(totalCost(p)), details: { sale: asNumbers(sale), manual: asNumbers(manual), auto: asNumbers(auto) } };
    };
    const money = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
    // numeric(12, 2) for money, numeric(5, 2) for VAT; small values, round halves and both sides of 2^53 / 10 000 cents drawn often.
    const cents = fc.oneof(
      fc.bigInt({ min: -999_999_999_999n, max: 999_999_999_999n }),
      fc.bigInt({ min: -100_000n, max: 100_000n }),
      fc.bigInt({ min: 900_719_925_000n, max: 900_719_926_000n }),
      fc.constantFrom(0n, 5n, -5n, 125n, 999_999_999_999n, -999_999_999_999n),
    );
    const price = fc.option(cents.map(money), { nil: null });
    const vat = fc.oneof(fc.bigInt({ min: 0n, max: 99_999n }), fc.constantFrom(0n, 600n, 1200n, 2500n)).map(money);
    fc.assert(
      fc.property(price, price, price, price, cents, cents, cents, vat, (onSale, manual, auto, procurement, shipping, labour, material, v) => {
        const p = {
          ...product({
            procurementCost: procurement,
            costShipping: money(shipping),
            costPackagingLabour: money(labour),
            costPackagingMaterial: money(material),
            vat: v,
          }),
          priceOnSale: onSale,
          priceManualOverride: manual,
          priceCalculatedAutomatically: auto,
        };
        expect(priceFigureNumbers(p)).toStrictEqual(expected(p));
      }),
      { numRuns: 20_000 },
    );
    // Round halves: 0.03 / 1.20 = 0.025 -> 0.03, -0.03 / 1.20 -> -0.03; 0.05 at no VAT; 0 is 0, never -0.
    for (const [incl, v] of [
      ['0.03', '20.00'],
      ['-0.03', '20.00'],
      ['0.05', '0.00'],
      ['0.00', '25.00'],
      ['-0.00', '25.00'],
    ] as const) {
      const p = { ...product({ vat: v, priceOnSale: incl }), priceCalculatedAutomatically: null };
      expect(priceFigureNumbers(p)).toStrictEqual(expected(p));
    }
  });

  it('rounds excl. VAT half away from zero to the öre', () => {
    // 0.05 / 1.25 = 0.04; 0.10 / 1.06 = 0.0943 -> 0.09; 1.01 / 1.25 = 0.808 -> 0.81; 0.03 / 1.20 = 0.025 -> 0.03
    expect([priceExcl('0.05', '25'), priceExcl('0.10', '6'), priceExcl('1.01', '25'), priceExcl('0.03', '20')]).toEqual(['0.04', '0.09', '0.81', '0.03']);
    expect(priceExcl(null, '25')).toBeNull();
  });

  it('computes the percent only for a price above 0', () => {
    // 1 / 3 = 33.333 % -> 33.33; 2 / 3 = 66.667 % -> 66.67; -0.01 / 8 = -0.125 % -> -0.13 (away from zero)
    expect([marginPercent('1.00', '3.00'), marginPercent('2.00', '3.00'), marginPercent('-0.01', '8.00')]).toEqual(['33.33', '66.67', '-0.13']);
    expect(marginPercent('-5.00', '0.00')).toBeNull();
    expect(marginPercent(null, '10.00')).toBeNull();
  });
});

describe('toSek: supplier cost x rate_to_sek, to the öre', () => {
  it.each([
    // cost, rate, SEK
    ['19.99', '11.456789', '229.02'], // 229.02121211
    ['12.3456', '11.234567', '138.70'], // 138.6974703552
    ['10', '10.5', '105.00'],
    ['99.99', '1.000000', '99.99'],
    ['1.005', '1.000000', '1.01'], // half away from zero; Math.round(1.005 * 100) / 100 gives 1 in floating point
    ['0.125', '1', '0.13'],
    ['1000000000', '10.000000', null], // 10^10 SEK does not fit numeric(12, 2)
  ])('%s x %s = %s', (cost, rate, expected) => {
    expect(toSek(cost, rate)).toBe(expected);
  });

  it('prices a EUR purchase in SEK end to end', () => {
    // 19.99 EUR x 11.456789 = 229.02 SEK; + 29 + 10 + 5 = 273.02; x 1.60 x 1.25 = 546.04 -> 546;
    // 546 / 1.25 = 436.80; 436.80 - 273.02 = 163.78; 163.78 / 436.80 = 37.4954 % -> 37.50
    const sek = toSek('19.99', '11.456789');
    expect(priceProduct(product({ procurementCost: sek }), RULES)).toEqual({
      totalCost: '273.02',
      auto: '546.00',
      price: '546.00',
      margin: '163.78',
      marginPercent: '37.50',
    });
  });
});
