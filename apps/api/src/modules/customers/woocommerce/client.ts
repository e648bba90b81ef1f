import { z } from 'zod';
import { OutboundError, outboundFetch, type OutboundPolicy, type OutboundResponse } from '../../../lib/outbound.js';
import { toStorableText } from '../../../lib/well-formed.js';

/** Why a storefront call failed, in words for the operator (answered as a 502). */
export class StorefrontError extends Error {}

export const STOREFRONT_TIMEOUT_MS = 30_000;
export const ORDERS_PER_PAGE = 100;
// A store that keeps announcing a next page must not keep the sync going forever.
const MAX_PAGES = 200;

const money = z.union([z.string(), z.number()]).transform((v) => Number(v));
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

const WooLineItem = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  name: text,
  sku: text,
  quantity: z.coerce.number(),
  price: money.nullish().transform((v) => v ?? 0),
});
const WooAddress = z.record(z.string(), z.unknown()).nullish();

/** The fields of a WooCommerce REST v3 order the sync reads; anything else is ignored. */
export const WooOrder = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  number: z.union([z.number(), z.string()]).transform(String),
  status: text,
  currency: text,
  total: money,
  date_created_gmt: z.string().nullish(),
  date_created: z.string().nullish(),
  billing: WooAddress,
  shipping: WooAddress,
  line_items: z.array(WooLineItem).default([]),
});
export type WooOrder = z.infer<typeof WooOrder>;

export type StorefrontCredentials = { storeUrl: string; consumerKey: string; consumerSecret: string };
export type FetchOrdersOptions = {
  /** Which addresses the store may be on (SSRF guard, lib/outbound.ts): outboundPolicy(config). */
  outbound: OutboundPolicy;
  timeoutMs?: number | undefined;
};

/** WooCommerce takes ISO 8601; whole seconds in UTC. */
const wooDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (m) return m[1]!;
  }
  return null;
}

/**
 * JSON.parse's reviver: a `\ud800` escape (a lone surrogate, which is no character) or a
 * `\u0000` becomes U+FFFD, as a supplier file's does (feed import). PostgreSQL refuses them in
 * text and jsonb (the shipping address), and one such order would fail the whole sync.
 */
const wellFormedStrings = (_key: string, value: unknown) => (typeof value === 'string' ? toStorableText(value) : value);

function describeHttpError(status: number): string {
  if (status === 401 || status === 403) return `The storefront refused the API keys (HTTP ${status}). Check the consumer key and secret.`;
  if (status === 404) return 'The storefront has no WooCommerce REST API at this address (HTTP 404). Check the store URL.';
  return `The storefront answered HTTP ${status}.`;
}

/**
 * Every order the store created after `after`, page by page (X-WP-TotalPages, else the Link
 * header's rel=next on the same origin, so the keys never go to another host). Any failure —
 * no connection, a timeout, an HTTP error, a body that is not orders, an address the SSRF guard
 * refuses (a private network, loopback, cloud metadata) — is a StorefrontError.
 */
export async function fetchWooOrders(credentials: StorefrontCredentials, after: Date, options: FetchOrdersOptions): Promise<WooOrder[]> {
  const timeoutMs = options.timeoutMs ?? STOREFRONT_TIMEOUT_MS;
  const base = credentials.storeUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64')}`;
  const pageUrl = (page: number) => {
    const url = new URL(`${base}/wp-json/wc/v3/orders`);
    url.searchParams.set('after', wooDate(after));
    url.searchParams.set('per_page', String(ORDERS_PER_PAGE));
    url.searchParams.set('page', String(page));
    return url.toString();
  };
  const origin = new URL(base).origin;
  const orders: WooOrder[] = [];
  let url: string | null = pageUrl(1);
  for (let page = 1; url && page <= MAX_PAGES; page += 1) {
    const timeout = AbortSignal.timeout(timeoutMs);
    let body: unknown;
    let response: OutboundResponse;
    try {
      response = await outboundFetch(
        url,
        { signal: timeout, headers: { authorization, accept: 'application/json', 'user-agent': 'Kontor order sync' } },
        options.outbound,
      );
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new StorefrontError(describeHttpError(response.status));
      }
      const raw = await response.text();
      try {
        body = JSON.parse(raw, wellFormedStrings);
      } catch {
        throw new StorefrontError('The storefront did not answer with JSON orders.');
      }
    } catch (err) {
      if (err instanceof StorefrontError) throw err;
      if (err instanceof OutboundError) throw new StorefrontError(`${err.message} Check the store URL.`);
      if (timeout.aborted) throw new StorefrontError(`The storefront did not answer within ${timeoutMs / 1000} s.`);
      throw new StorefrontError('Could not connect to the storefront. Check the store URL.');
    }
    const parsed = z.array(WooOrder).safeParse(body);
    if (!parsed.success) throw new StorefrontError('The storefront answered something that is not a list of orders.');
    orders.push(...parsed.data);

    const totalPages = Number(response.headers.get('x-wp-totalpages'));
    if (Number.isInteger(totalPages) && totalPages > 0 && response.headers.has('x-wp-totalpages')) {
      url = page < totalPages ? pageUrl(page + 1) : null;
    } else {
      const next = nextLink(response.headers.get('link'));
      url = next && new URL(next, base).origin === origin ? new URL(next, base).toString() : null;
    }
  }
  return orders;
}
