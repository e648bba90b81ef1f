import type { WooOrder } from './client.js';

export type MappedItem = { externalId: string; sku: string; name: string; quantity: number; price: number };
export type MappedOrder = {
  orderNumber: string;
  externalId: string;
  storefrontStatus: string;
  customerName: string;
  customerEmail: string;
  shippingAddress: Record<string, unknown>;
  currency: string;
  total: number;
  orderedAt: Date;
  items: MappedItem[];
};

/** Storefront statuses that end an order there; the sync cancels it here too while nothing is picked. */
export const STOREFRONT_CANCELLED = ['cancelled', 'refunded', 'failed'] as const;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  times: '\u00d7',
};

/** WooCommerce leaves HTML entities in names (`&ndash;`); the operator should read the characters. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Money and quantities are kept with 2 decimals (NUMERIC(…, 2)). WooCommerce answers a line's price
 * as its subtotal over its quantity (100 / 3 = 33.333333), so it is rounded here, once: what is
 * stored is then what the next sync compares with, and an unchanged order stays unchanged.
 * Rounded on the number's decimal text, half away from zero, as NUMERIC rounds the text it is
 * sent: toFixed rounds the binary value, and 2.675 (2.67499999...) became 2.67 where the column
 * holds 2.68, so such an order still counted as changed on every sync.
 */
export function toHundredths(n: number): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(n)));
  // Exponent notation: below 1e-6 (nothing at two decimals) or above 1e21 (no column holds it).
  if (!m) return Number(n.toFixed(2));
  const fraction = m[2] ?? '';
  const cents = Number(m[1]! + `${fraction}00`.slice(0, 2)) + (fraction.charCodeAt(2) >= 53 /* '5' */ ? 1 : 0);
  return (Math.sign(n) * cents) / 100;
}

/** WooCommerce's *_gmt dates carry no zone suffix; they are UTC. */
export function parseGmt(value: string | null | undefined): Date | null {
  if (!value) return null;
  const iso = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function mapWooOrder(order: WooOrder, now: Date): MappedOrder {
  const billing = order.billing ?? {};
  const name = [str(billing.first_name), str(billing.last_name)].filter(Boolean).join(' ');
  return {
    orderNumber: order.number.trim() || order.id,
    externalId: order.id,
    storefrontStatus: order.status,
    customerName: decodeEntities(name),
    customerEmail: str(billing.email),
    shippingAddress: order.shipping ?? {},
    currency: order.currency || 'SEK',
    total: Number.isFinite(order.total) ? Math.max(toHundredths(order.total), 0) : 0,
    orderedAt: parseGmt(order.date_created_gmt) ?? now,
    // A line without a positive quantity has nothing to pick (the table refuses it too).
    items: order.line_items
      .map((l) => ({ ...l, quantity: Number.isFinite(l.quantity) ? toHundredths(l.quantity) : 0 }))
      .filter((l) => l.quantity > 0)
      .map((l) => ({
        externalId: l.id,
        sku: l.sku.trim(),
        name: decodeEntities(l.name),
        quantity: l.quantity,
        price: Number.isFinite(l.price) ? Math.max(toHundredths(l.price), 0) : 0,
      })),
  };
}
