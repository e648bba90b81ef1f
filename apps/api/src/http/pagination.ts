import { MAX_PAGE_SIZE, type Page } from '@kontor/contract';

export type PageRequest = { limit: number; offset: number };

/** DRF LimitOffsetPagination: default per list (spec §9), capped at MAX_PAGE_SIZE. */
export function pageRequest(query: { limit?: number | undefined; offset?: number | undefined }, defaultLimit: number): PageRequest {
  const limit = Math.min(query.limit ?? defaultLimit, MAX_PAGE_SIZE);
  return { limit, offset: query.offset ?? 0 };
}

/**
 * Builds `{count, next, previous, results}` with absolute next/previous URLs that keep the
 * request's other query parameters, as DRF does.
 */
export function pageResponse<T>(requestUrl: string, page: PageRequest, count: number, results: T[]): Page<T> {
  const url = new URL(requestUrl);
  const link = (offset: number) => {
    const u = new URL(url);
    u.searchParams.set('limit', String(page.limit));
    if (offset <= 0) u.searchParams.delete('offset');
    else u.searchParams.set('offset', String(offset));
    return u.toString();
  };
  const next = page.offset + page.limit < count ? link(page.offset + page.limit) : null;
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null;
  return { count, next, previous, results };
}

/**
 * The request's absolute URL for next/previous links, on the configured public origin:
 * the Host header is the client's to choose, so links built from it could point anywhere.
 * Pass `config.publicUrl` per request, never a copy taken at start-up: with PORT=0 the real
 * port is set on it only once the server listens.
 */
export const absoluteUrl = (publicUrl: string, requestUrl: string) => `${publicUrl.replace(/\/$/, '')}${requestUrl}`;
