import { describe, expect, it } from 'vitest';
import { countOfShortPage } from './row-count.js';

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
