import { describe, expect, it } from 'vitest';
import { parseMillimetres, parseMoney } from './product-fields';

// The grid's inline checks parse with the contract's schemas; a refusal the schema states without
// words of its own reads as the API's 400 would (DRF's words, test/setup.ts installs them as main.tsx does).
describe('inline product field checks', () => {
  it('says a dimension above the maximum in DRF’s words, as the API would', () => {
    expect(parseMillimetres('100001')).toEqual({ ok: false, error: 'Ensure this value is less than or equal to 100000.' });
    expect(parseMillimetres('100000')).toEqual({ ok: true, value: 100_000 });
  });

  it('keeps the schema’s own words where it has them', () => {
    expect(parseMillimetres('-1')).toEqual({ ok: false, error: 'Ensure this value is greater than or equal to 0.' });
    expect(parseMoney('12,345')).toEqual({ ok: false, error: 'Ensure that there are no more than 2 decimal places.' });
  });
});
