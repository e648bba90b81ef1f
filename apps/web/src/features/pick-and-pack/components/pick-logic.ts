import type { InventoryEntry, OrderItemResponse, OrderResponse, ProductInventoriesResponse } from '@kontor/contract';

/** A stock proxy's stock lives on its parent: that is the product to pick from. Null when the SKU matched no catalog product. */
export const pickProductOf = (item: OrderItemResponse): number | null => item.product__stock_proxy_parent ?? item.product;

export type StockByProduct = Map<number, InventoryEntry[]>;

/** Locations that hold stock, most first: the first one is where a scan picks from. */
export function stockByProduct(data: ProductInventoriesResponse | undefined): StockByProduct {
  const out: StockByProduct = new Map();
  for (const entry of data?.results ?? []) {
    out.set(
      entry.product_id,
      entry.inventories.filter((location) => location.accumulated_quantity > 0).sort((a, b) => b.accumulated_quantity - a.accumulated_quantity),
    );
  }
  return out;
}

export const stockOf = (stock: StockByProduct, item: OrderItemResponse): InventoryEntry[] => {
  const productId = pickProductOf(item);
  return productId === null ? [] : (stock.get(productId) ?? []);
};

/** Decimal quantities (scale 2) without float noise. */
const round = (value: number) => Math.round(value * 100) / 100;

/** One click takes what is left to pick, or what the location holds when that is less. */
export const suggestedQuantity = (item: OrderItemResponse, location: InventoryEntry) => round(Math.min(item.qty_remaining, location.accumulated_quantity));

/** The paper pick list: what to take from which location, most-stocked first, until the item is covered. */
export function allocate(item: OrderItemResponse, locations: InventoryEntry[]): { location: InventoryEntry; quantity: number }[] {
  let left = item.qty_remaining;
  const out: { location: InventoryEntry; quantity: number }[] = [];
  for (const location of locations) {
    if (left <= 0) break;
    const quantity = round(Math.min(left, location.accumulated_quantity));
    out.push({ location, quantity });
    left = round(left - quantity);
  }
  return out;
}

export const noItemToPickMessage = (code: string, orderNumber: string) => `No item to pick for ${code} in order ${orderNumber}`;
export const noStockToPickMessage = (code: string, orderNumber: string) => `No stock to pick ${code} from for order ${orderNumber}`;

export type ScanTarget = { item: OrderItemResponse; location: InventoryEntry; quantity: number } | { error: string };

/**
 * A scanned code picks the first item of the order with that SKU and something left to pick,
 * from the location holding most of it.
 */
export function findScanTarget(order: OrderResponse, code: string, stock: StockByProduct): ScanTarget {
  const wanted = code.trim().toLowerCase();
  const candidates = order.order_items.filter((item) => item.qty_remaining > 0 && item.prod_sku.toLowerCase() === wanted);
  if (candidates.length === 0) return { error: noItemToPickMessage(code.trim(), order.order_number) };
  for (const item of candidates) {
    const location = stockOf(stock, item)[0];
    if (location) return { item, location, quantity: suggestedQuantity(item, location) };
  }
  return { error: noStockToPickMessage(code.trim(), order.order_number) };
}
