import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@kontor/contract';
import { absoluteUrl, pageRequest, pageResponse } from './pagination.js';

const BASE = 'http://kontor.test/api/users/';

describe('pageRequest', () => {
  it('uses the list’s default page size and offset 0 when none is asked for', () => {
    expect(pageRequest({}, 25)).toEqual({ limit: 25, offset: 0 });
    expect(pageRequest({ limit: undefined, offset: undefined }, 100)).toEqual({ limit: 100, offset: 0 });
  });

  it('takes the asked limit and offset', () => {
    expect(pageRequest({ limit: 7, offset: 14 }, 25)).toEqual({ limit: 7, offset: 14 });
  });

  it(`caps the limit at ${MAX_PAGE_SIZE}, also a default above it`, () => {
    expect(MAX_PAGE_SIZE).toBe(1000);
    expect(pageRequest({ limit: 1000 }, 25).limit).toBe(1000);
    expect(pageRequest({ limit: 1001 }, 25).limit).toBe(1000);
    expect(pageRequest({ limit: 1_000_000 }, 25).limit).toBe(1000);
    expect(pageRequest({}, 5000).limit).toBe(1000);
  });
});

describe('pageResponse', () => {
  const results = ['a', 'b'];

  it('answers count and results, with no links when everything fits', () => {
    expect(pageResponse(BASE, { limit: 25, offset: 0 }, 2, results)).toEqual({ count: 2, next: null, previous: null, results });
  });

  it('links the next page on the first page and no previous one', () => {
    const page = pageResponse(`${BASE}?limit=2`, { limit: 2, offset: 0 }, 5, results);
    expect(page.next).toBe(`${BASE}?limit=2&offset=2`);
    expect(page.previous).toBeNull();
  });

  it('links both ways in the middle, keeping every other parameter', () => {
    const page = pageResponse(`${BASE}?search=ada+l%C3%B6f&ordering=-email&limit=2&offset=2&id__in=1,2`, { limit: 2, offset: 2 }, 10, results);
    const next = new URL(page.next!);
    expect(next.origin + next.pathname).toBe(BASE);
    expect([...next.searchParams]).toEqual([
      ['search', 'ada löf'],
      ['ordering', '-email'],
      ['limit', '2'],
      ['offset', '4'],
      ['id__in', '1,2'],
    ]);
    const previous = new URL(page.previous!);
    // Back to the first page: DRF drops the offset rather than sending offset=0.
    expect(previous.searchParams.has('offset')).toBe(false);
    expect(previous.searchParams.get('search')).toBe('ada löf');
    expect(previous.searchParams.get('limit')).toBe('2');
  });

  it('answers null for next on the last page, also when it is exactly full', () => {
    expect(pageResponse(`${BASE}?offset=8&limit=2`, { limit: 2, offset: 8 }, 10, results).next).toBeNull();
    expect(pageResponse(`${BASE}?offset=8&limit=2`, { limit: 2, offset: 8 }, 10, results).previous).toBe(`${BASE}?offset=6&limit=2`);
    expect(pageResponse(`${BASE}?offset=7&limit=2`, { limit: 2, offset: 7 }, 10, results).next).toBe(`${BASE}?offset=9&limit=2`);
  });

  it('links previous to the first page when the offset is less than a page', () => {
    expect(pageResponse(`${BASE}?limit=5&offset=3`, { limit: 5, offset: 3 }, 10, results).previous).toBe(`${BASE}?limit=5`);
  });

  it('links back from an offset beyond the end, and has no next', () => {
    const page = pageResponse(`${BASE}?limit=10&offset=50`, { limit: 10, offset: 50 }, 12, []);
    expect(page).toMatchObject({ count: 12, next: null, previous: `${BASE}?limit=10&offset=40`, results: [] });
  });

  it('writes the capped limit into the links, not the one asked for', () => {
    const page = pageResponse(`${BASE}?limit=5000`, pageRequest({ limit: 5000 }, 25), 2500, results);
    expect(page.next).toBe(`${BASE}?limit=1000&offset=1000`);
  });

  it('adds limit to the links when the request relied on the default', () => {
    expect(pageResponse(`${BASE}?search=x`, { limit: 25, offset: 0 }, 30, results).next).toBe(`${BASE}?search=x&limit=25&offset=25`);
  });
});

describe('absoluteUrl', () => {
  it('puts the request path on the public origin', () => {
    expect(absoluteUrl('http://kontor.test', '/api/users/?limit=2')).toBe('http://kontor.test/api/users/?limit=2');
    expect(absoluteUrl('https://kontor.example.com/', '/api/notifications/')).toBe('https://kontor.example.com/api/notifications/');
  });

  it('keeps a path prefix of the public URL (served behind a proxy under a sub-path)', () => {
    expect(absoluteUrl('https://shop.example.com/kontor', '/api/users/')).toBe('https://shop.example.com/kontor/api/users/');
  });

  describe('with an estimated count', () => {
    const estimate = (count: number) => ({ count, isEstimate: true });
    const full = ['a', 'b'];

    it('says the count is an estimate and links the next page of a full page, even past the estimate', () => {
      const page = pageResponse(`${BASE}?limit=2`, { limit: 2, offset: 2 }, estimate(3), full);
      expect(page).toMatchObject({ count: 5, count_is_estimate: true, next: `${BASE}?limit=2&offset=4`, previous: `${BASE}?limit=2` });
    });

    it('keeps a larger estimate as it is', () => {
      expect(pageResponse(BASE, { limit: 2, offset: 0 }, estimate(5000), full)).toMatchObject({ count: 5000, count_is_estimate: true });
    });

    it('knows the exact count on a page that is not full, and links no next page', () => {
      const page = pageResponse(BASE, { limit: 2, offset: 10 }, estimate(5000), ['a']);
      expect(page).toEqual({ count: 11, next: null, previous: `${BASE}?limit=2&offset=8`, results: ['a'] });
    });

    it('answers an exact RowCount like a number', () => {
      expect(pageResponse(BASE, { limit: 25, offset: 0 }, { count: 2, isEstimate: false }, full)).toEqual({
        count: 2,
        next: null,
        previous: null,
        results: full,
      });
    });
  });
});
