import type { InventoryAction } from '@kontor/contract';

const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const deltaFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** Quantities show with up to 2 decimals (spec §5 step 0.01). */
export const formatQuantity = (value: number) => quantityFormat.format(value);
export const formatDelta = (value: number) => deltaFormat.format(value);

export const ACTION_LABELS: Record<InventoryAction, string> = {
  STOCK_IN: 'Stock in',
  STOCK_OUT: 'Stock out',
  STOCK_TAKING: 'Stocktaking',
};

/** Spec §5: numeric, minimum 0, step 0.01. */
export const QUANTITY_INPUT_PROPS = { min: 0, step: 0.01, inputMode: 'decimal', style: { textAlign: 'right' } } as const;

/** The stock dialogs are product-centric: whoever opens them knows at least this much of the product. */
export type StockProduct = { id: number; sku: string; name: string };
