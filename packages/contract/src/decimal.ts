import { z } from 'zod';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * A DRF DecimalField: accepts a JSON number or a numeric string, refuses more decimals than
 * the column keeps, and hands the server an exact string for NUMERIC (never a float sum).
 */
export const decimal = (opts: { scale: number; min?: number; max?: number }) => {
  const max = opts.max ?? 999_999_999;
  return z.union([z.number(), z.string().trim().min(1, 'A valid number is required.')]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) {
      ctx.addIssue({ code: 'custom', message: 'A valid number is required.' });
      return z.NEVER;
    }
    const decimals = text.split('.')[1]?.length ?? 0;
    if (decimals > opts.scale) {
      ctx.addIssue({ code: 'custom', message: DRF_FIELD_MESSAGES.maxDecimalPlaces(opts.scale) });
      return z.NEVER;
    }
    const n = Number(text);
    if (opts.min !== undefined && n < opts.min) {
      ctx.addIssue({ code: 'custom', message: DRF_FIELD_MESSAGES.minValue(opts.min) });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: DRF_FIELD_MESSAGES.maxValue(max) });
      return z.NEVER;
    }
    return n.toFixed(opts.scale);
  });
};

/** Money: 2 decimals (DESIGN §3). */
export const Money = decimal({ scale: 2, min: 0 });
/** Stock quantities: step 0.01, minimum 0 (spec §5). */
export const Quantity = decimal({ scale: 2, min: 0 });
/** Packaging weight: kg with 3 decimals (spec §5). */
export const WeightKg = decimal({ scale: 3, min: 0, max: 100_000 });
/** Packaging dimensions: whole millimetres, minimum 0 (spec §5). */
export const Millimetres = z.number().int('Enter a whole number of millimetres.').min(0, DRF_FIELD_MESSAGES.minValue(0)).max(100_000);
