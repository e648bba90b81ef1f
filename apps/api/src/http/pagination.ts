import { MAX_PAGE_SIZE, type Page } from '@kontor/contract';
import type { RowCount } from './row-count.js';

export type PageRequest = { limit: number; offset: number };

/** DRF LimitOffsetPagination: default per list (spec §9), capped at MAX_PAGE_SIZE. */
export function pageRequest(query: { limit?: number | undefined; offset?: number | undefined }, defaultLimit: number): PageRequest {
  const limit = Math.min(query.limit ?? defaultLimit, MAX_PAGE_SIZE);
  return { limit, offset: query.offset ?? 0 };
}

/**
 * Builds `{count, next, previous, results}` with absolute next/previous URLs that keep the
 * request's other query parameters, as DRF does. An estimated count (row-count.ts) is flagged
 * with `count_is_estimate`; then a full page always has a `next` (the estimate may be short), and
 * the count is at least what this page proves exists.
 */
export function pageResponse<T>(requestUrl: string, page: PageRequest, total: number | RowCount, results: T[]): Page<T> {
  const url = new URL(requestUrl);
  const link = (offset: number) => {
    const u = new URL(url);
    u.searchParams.set('limit', String(page.limit));
    if (offset <= 0) u.searchParams.delete('offset');
    else u.searchParams.set('offset', String(offset));
    return u.toString();
  };
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null;
  if (typeof total === 'number' || !total.isEstimate) {
    const count = typeof total === 'number' ? total : total.count;
    const next = page.offset + page.limit < count ? link(page.offset + page.limit) : null;
    return { count, next, previous, results };
  }
  const full = results.length === page.limit;
  const seen = page.offset + results.length + (full ? 1 : 0);
  const count = full ? Math.max(total.count, seen) : page.offset + results.length;
  return { count, next: full ? link(page.offset + page.limit) : null, previous, results, ...(full ? { count_is_estimate: true } : {}) };
}

/**
 * The request's absolute URL for next/previous links, on the configured public origin:
 * the Host header is the client's to choose, so links built from it could point anywhere.
 * Pass `config.publicUrl` per request, never a copy taken at start-up: with PORT=0 the real
 * port is set on it only once the server listens.
 */
export const absoluteUrl = (publicUrl: string, requestUrl: string) => `${publicUrl.replace(/\/$/, '')}${requestUrl}`;
