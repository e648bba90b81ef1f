import { DRF_FIELD_MESSAGES, Millimetres, Money, Quantity, WeightKg, decimal, type ProductPatch } from '@kontor/contract';
import type { z } from 'zod';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'A valid value is required.';

const parseWith = <T>(schema: z.ZodType<T, unknown>, input: unknown): ParseResult<T> => {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: firstIssue(result.error) };
};

/** Input constraints of spec §5, used for the inputs' attributes and the checks before a save. */
export const NUMBER_INPUTS = {
  money: { min: 0, step: 0.01 },
  packagingCost: { min: 0, step: 1 },
  millimetres: { min: 0, step: 1 },
  weight: { min: 0, step: 0.1 },
  quantity: { min: 0, step: 0.01 },
  vat: { min: 0, max: 100, step: 0.01 },
} as const;

const Vat = decimal({ scale: 2, min: 0, max: 100 });

/**
 * A number as typed, with a decimal comma (12,5) or a dot (12.5). The inputs are text inputs, not
 * type="number": a number input drops or refuses a decimal comma depending on the browser and its
 * locale (199,50 could arrive as 19950, or as nothing, which clears an optional price).
 */
export const decimalText = (text: string) => text.trim().replace(',', '.');

/** A required money amount (shipping cost): 2 decimals, minimum 0. */
export const parseMoney = (text: string) => parseWith(Money, decimalText(text));

/** An optional money amount (price override, sale price): empty clears it. */
export const parseOptionalMoney = (text: string): ParseResult<string | null> =>
  text.trim() === '' ? { ok: true, value: null } : parseWith(Money, decimalText(text));

/** Spec §5: packaging costs have step 1, so whole kronor. */
export const parsePackagingCost = (text: string): ParseResult<string> => {
  const parsed = parseWith(Money, decimalText(text));
  if (parsed.ok && !Number.isInteger(Number(parsed.value))) return { ok: false, error: 'Enter a whole amount.' };
  return parsed;
};

/** Spec §5: whole millimetres, minimum 0; empty clears the dimension. */
export const parseMillimetres = (text: string): ParseResult<number | null> => {
  const trimmed = decimalText(text);
  if (trimmed === '') return { ok: true, value: null };
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return { ok: false, error: 'A valid number is required.' };
  return parseWith(Millimetres, n);
};

/** Spec §5: kg, stored with 3 decimals; empty clears it. */
export const parseWeight = (text: string): ParseResult<string | null> =>
  text.trim() === '' ? { ok: true, value: null } : parseWith(WeightKg, decimalText(text));

/** Restock level and quantity: minimum 0, step 0.01. */
export const parseQuantity = (text: string) => parseWith(Quantity, decimalText(text));

export const parseVat = (text: string) => parseWith(Vat, decimalText(text));

/** A required product name. */
export const parseName = (text: string): ParseResult<string> =>
  text.trim() === '' ? { ok: false, error: DRF_FIELD_MESSAGES.blank } : { ok: true, value: text.trim() };

/** A location select: '' = no default location. */
export const parseLocation = (text: string): ParseResult<number | null> => ({ ok: true, value: text === '' ? null : Number(text) });

/** The fields the grid edits inline, one per PUT. */
export type EditableProductField = Exclude<keyof ProductPatch, 'id'>;
