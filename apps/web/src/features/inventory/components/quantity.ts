import { Quantity, type InventoryAction } from '@kontor/contract';
import { z } from 'zod';

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

/** A quantity as typed, with a decimal comma (1,5) or a dot (1.5). */
export const normalizeQuantity = (text: string) => text.trim().replace(',', '.');

/** A typed quantity as the exact decimal string the API takes (spec §5: numeric, minimum 0, step 0.01). */
export const QuantityText = z.string().transform((text, ctx) => {
  const parsed = Quantity.safeParse(normalizeQuantity(text));
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'A valid number is required.' });
  return z.NEVER;
});

/**
 * A text input, not type="number": a number input drops or refuses a decimal comma depending on
 * the browser and its locale (1,5 could arrive as 15, or as nothing). QuantityText checks it.
 */
export const QUANTITY_INPUT_PROPS = { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right' } } as const;

/** The stock dialogs are product-centric: whoever opens them knows at least this much of the product. */
export type StockProduct = { id: number; sku: string; name: string };
