import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { catalogProducts, customerBackorders, customerOrderItems, customerOrders, inventoryLevels, inventoryLocations } from '../schema/index.js';
import { recordTransactions, type LedgerEntry } from '../../modules/inventory/ledger.service.js';
import { refreshOrderStatus } from '../../modules/customers/orders.service.js';
import type { DemoTarget } from './demo-company.js';
import { random } from './demo-shop.js';

const DAY_MS = 86_400_000;
export const DEMO_ORDER_COUNT = 50;

const FIRST_NAMES = ['Anna', 'Erik', 'Maja', 'Lars', 'Sofia', 'Johan', 'Elin', 'Oskar', 'Ida', 'Nils', 'Frida', 'Gustav', 'Sara', 'Henrik', 'Linnea'];
const LAST_NAMES = ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Lindberg', 'Holm', 'Berg'];
const CITIES: readonly [string, string][] = [
  ['Stockholm', '114 55'],
  ['Göteborg', '411 04'],
  ['Malmö', '211 20'],
  ['Uppsala', '753 20'],
  ['Umeå', '903 26'],
  ['Linköping', '582 24'],
];
const STREETS = ['Storgatan', 'Kungsgatan', 'Drottninggatan', 'Parkvägen', 'Skolgatan', 'Björkvägen'];

/** What the demo order is made to show; the status then follows from its picks. */
type Plan = 'open' | 'partially_picked' | 'picked' | 'delivered' | 'cancelled' | 'backordered';
// Most orders wait to be picked, as in a real morning queue.
const PLANS: readonly Plan[] = [
  ...Array<Plan>(20).fill('open'),
  ...Array<Plan>(7).fill('partially_picked'),
  ...Array<Plan>(7).fill('picked'),
  ...Array<Plan>(8).fill('delivered'),
  ...Array<Plan>(4).fill('cancelled'),
  ...Array<Plan>(4).fill('backordered'),
];

type StockedProduct = { id: number; sku: string; name: string; price: number };

/**
 * ~50 storefront orders of the last month in every state: open ones, partly and fully picked
 * ones (picks are STOCK_OUT rows written by the ledger service, so levels, qty_in_stock and
 * db:check stay right), delivered and cancelled ones, and a few waiting on backorders. Runs
 * after the shop (it picks its stock) and is the same for every demo company.
 */
export async function seedDemoOrders(db: DbOrTx, target: DemoTarget): Promise<void> {
  const rng = random(20_260_606);
  const { companyId, userId } = target;
  const now = Date.now();

  const levels = await db
    .select({ productId: inventoryLevels.productId, locationId: inventoryLevels.locationId, quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryLevels.locationId))
    .where(and(eq(inventoryLevels.companyId, companyId), gt(inventoryLevels.quantity, '0'), eq(inventoryLocations.notForStock, false)))
    .orderBy(asc(inventoryLevels.productId), asc(inventoryLevels.locationId));
  const stock = new Map<string, number>(levels.map((l) => [`${l.productId}:${l.locationId}`, Math.floor(Number(l.quantity))]));
  const locationsOf = new Map<number, number[]>();
  for (const l of levels) locationsOf.set(l.productId, [...(locationsOf.get(l.productId) ?? []), l.locationId]);

  const products = await db
    .select({
      id: catalogProducts.id,
      sku: catalogProducts.sku,
      name: catalogProducts.name,
      price: sql<string>`coalesce(${catalogProducts.priceManualOverride}, ${catalogProducts.priceCalculatedAutomatically}, 199)`,
      qtyInStock: catalogProducts.qtyInStock,
    })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, companyId), eq(catalogProducts.productType, 'simple')))
    .orderBy(asc(catalogProducts.sku));
  const toProduct = (p: (typeof products)[number]): StockedProduct => ({ id: p.id, sku: p.sku, name: p.name, price: Math.round(Number(p.price)) });
  const stocked = products.filter((p) => locationsOf.has(p.id)).map(toProduct);
  const empty = products.filter((p) => Number(p.qtyInStock) <= 0).map(toProduct);
  if (stocked.length === 0) return;

  /** A location holding `qty` of the product (taken from the local count), or null. */
  const takeStock = (productId: number, qty: number): number | null => {
    for (const locationId of locationsOf.get(productId) ?? []) {
      const key = `${productId}:${locationId}`;
      if ((stock.get(key) ?? 0) >= qty) {
        stock.set(key, stock.get(key)! - qty);
        return locationId;
      }
    }
    return null;
  };

  const picks: LedgerEntry[] = [];
  const backorders: (typeof customerBackorders.$inferInsert)[] = [];
  const orderIds: { id: number }[] = [];
  for (let n = 0; n < DEMO_ORDER_COUNT; n += 1) {
    const plan = PLANS[n % PLANS.length]!;
    const daysAgo = plan === 'delivered' ? rng.int(8, 30) : rng.int(0, 10) + rng.next();
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const [city, postcode] = rng.pick(CITIES);
    const lineCount = rng.int(1, 4);
    const lines: { product: StockedProduct | null; sku: string; name: string; quantity: number; price: number }[] = [];
    const used = new Set<number>();
    for (let l = 0; l < lineCount; l += 1) {
      const product = rng.pick(stocked);
      if (used.has(product.id)) continue;
      used.add(product.id);
      lines.push({ product, sku: product.sku, name: product.name, quantity: rng.int(1, 3), price: product.price });
    }
    if (plan === 'backordered' && empty.length) {
      const product = rng.pick(empty);
      lines.push({ product, sku: product.sku, name: product.name, quantity: rng.int(1, 2), price: product.price });
    }
    // One order still has a line the catalog does not know: the sync reports such SKUs.
    if (n === 3) lines.push({ product: null, sku: 'GIFT-WRAP', name: 'Presentinslagning', quantity: 1, price: 29 });

    const orderNumber = String(52_001 + n);
    const [order] = await db
      .insert(customerOrders)
      .values({
        companyId,
        orderNumber,
        externalId: String(9_001 + n),
        source: 'woocommerce',
        storefrontStatus: plan === 'delivered' ? 'completed' : plan === 'cancelled' ? 'cancelled' : 'processing',
        internalStatus: plan === 'delivered' || plan === 'cancelled' ? plan : 'open',
        customerName: `${first} ${last}`,
        customerEmail: `${first}.${last}@example.se`.toLowerCase().replace(/[åä]/g, 'a').replace(/ö/g, 'o'),
        shippingAddress: { first_name: first, last_name: last, address_1: `${rng.pick(STREETS)} ${rng.int(1, 60)}`, city, postcode, country: 'SE' },
        currency: 'SEK',
        total: String(lines.reduce((sum, l) => sum + l.quantity * l.price, 0) + 49),
        orderedAt: new Date(now - daysAgo * DAY_MS),
        deliveredAt: plan === 'delivered' ? new Date(now - (daysAgo - 2) * DAY_MS) : null,
        syncedAt: new Date(now - Math.min(daysAgo, 0.5) * DAY_MS),
      })
      .returning({ id: customerOrders.id });
    const items = await db
      .insert(customerOrderItems)
      .values(
        lines.map((l, position) => ({
          companyId,
          orderId: order!.id,
          productId: l.product?.id ?? null,
          externalId: String(70_000 + n * 10 + position),
          prodSku: l.sku,
          prodName: l.name,
          quantity: String(l.quantity),
          price: String(l.price),
          position,
        })),
      )
      .returning({ id: customerOrderItems.id });
    orderIds.push({ id: order!.id });

    const pickLine = (index: number, quantity: number) => {
      const line = lines[index]!;
      const locationId = line.product ? takeStock(line.product.id, quantity) : null;
      if (locationId === null) return false;
      picks.push({
        productId: line.product!.id,
        locationId,
        action: 'STOCK_OUT',
        quantity: String(quantity),
        comments: `Plockad för order ${orderNumber}`,
        orderItemId: items[index]!.id,
      });
      return true;
    };
    if (plan === 'picked' || plan === 'delivered') {
      const all = lines.map((l, i) => pickLine(i, l.quantity)).every(Boolean);
      // Delivered means fully picked (as the orders API demands); short of stock it stays to pick.
      if (plan === 'delivered' && !all) {
        await db.update(customerOrders).set({ internalStatus: 'open', deliveredAt: null }).where(eq(customerOrders.id, order!.id));
      }
    }
    if (plan === 'partially_picked') pickLine(0, Math.max(1, lines[0]!.quantity - 1));
    if (plan === 'backordered') {
      lines.forEach((l, i) => {
        if (l.product && !pickLine(i, l.quantity)) {
          backorders.push({
            companyId,
            accountId: userId,
            productId: l.product.id,
            quantity: String(l.quantity),
            orderNumber,
            orderItemId: items[i]!.id,
            comments: 'Slut i lager, väntar på inleverans.',
          });
        }
      });
    }
  }

  // A stock write leaves the product's updated_at alone (ADR 0025): the catalog keeps reading as last edited when it was.
  if (picks.length) await db.transaction(async (tx) => recordTransactions(tx, { companyId, userId }, picks));
  if (backorders.length) await db.insert(customerBackorders).values(backorders);
  for (const { id } of orderIds) await refreshOrderStatus(db, id);
}
