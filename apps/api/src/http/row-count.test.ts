import { describe, expect, it } from 'vitest';
import { countOfShortPage, KeptEstimates } from './row-count.js';

describe('countOfShortPage', () => {
  it.each([
    // limit, offset, rows on the page -> count, or null when the list must be counted
    [25, 0, 0, { count: 0, isEstimate: false }], // an empty list
    [25, 0, 7, { count: 7, isEstimate: false }],
    [25, 50, 3, { count: 53, isEstimate: false }], // the last page: 50 before it, 3 on it
    [25, 0, 25, null], // a full page: there may be more
    [25, 50, 25, null],
    [25, 75, 0, null], // past the end: how far past is not known
  ])('limit %i, offset %i, %i rows', (limit, offset, rows, expected) => {
    expect(countOfShortPage({ limit, offset }, rows)).toEqual(expected);
  });
});

describe('KeptEstimates', () => {
  const about = (count: number) => ({ count, isEstimate: true });

  it('answers an estimate until its time is up, then forgets it', () => {
    const kept = new KeptEstimates(5_000, 10);
    expect(kept.keep('products of 1', about(100_000), 1_000)).toEqual(about(100_000));
    expect(kept.get('products of 1', 1_000)).toEqual(about(100_000));
    expect(kept.get('products of 1', 5_999)).toEqual(about(100_000));
    expect(kept.get('products of 2', 1_000)).toBeUndefined();
    expect(kept.get('products of 1', 6_000)).toBeUndefined();
    // Forgotten: a later time does not bring it back.
    expect(kept.get('products of 1', 1_000)).toBeUndefined();
  });

  it('keeps at most its maximum, dropping the oldest first', () => {
    const kept = new KeptEstimates(5_000, 2);
    kept.keep('a', about(1), 0);
    kept.keep('b', about(2), 0);
    kept.keep('a', about(3), 0); // kept again: now the newest
    kept.keep('c', about(4), 0);
    expect(kept.get('b', 0)).toBeUndefined();
    expect(kept.get('a', 0)).toEqual(about(3));
    expect(kept.get('c', 0)).toEqual(about(4));
  });
});
