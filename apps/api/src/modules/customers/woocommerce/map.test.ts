import { describe, expect, it } from 'vitest';
import { toHundredths } from './map.js';

describe('toHundredths', () => {
  it('rounds a store amount to cents as NUMERIC(…, 2) rounds its decimal text, half away from zero', () => {
    expect(toHundredths(33.333333)).toBe(33.33);
    // toFixed(2) says 2.67 and 1.00: the binary values lie just below the half.
    expect(toHundredths(2.675)).toBe(2.68);
    expect(toHundredths(1.005)).toBe(1.01);
    expect(toHundredths(-1.005)).toBe(-1.01);
    expect(toHundredths(0.994)).toBe(0.99);
    expect(toHundredths(0.995)).toBe(1);
    expect(toHundredths(12)).toBe(12);
    expect(toHundredths(1e-7)).toBe(0);
    expect(toHundredths(0)).toBe(0);
  });
});
