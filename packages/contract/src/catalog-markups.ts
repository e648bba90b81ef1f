import { z } from 'zod';
import { listQuery, page } from './common.js';
import { ProductTypeValue } from './catalog.js';
import { Money, decimal } from './decimal.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * A catalog markup rule (DESIGN §5). Rules are tried by priority, lowest first (ties by id); a
 * rule matches a product when its total cost (excl. VAT) is in [cost_from, cost_to) and its
 * product type equals product_type (null matches any). The one default rule applies when no
 * other rule matches; without a default, such products get no auto price.
 */
export const MarkupResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  percent: z.number(),
  cost_from: z.number().nullable(),
  cost_to: z.number().nullable(),
  product_type: ProductTypeValue.nullable(),
  priority: z.number().int(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MarkupResponse = z.infer<typeof MarkupResponse>;
export const MarkupPage = page(MarkupResponse);
export type MarkupPage = z.infer<typeof MarkupPage>;

export const MARKUP_BAND_ORDER = 'Ensure cost to is greater than cost from.';
export const MARKUP_NAME_TAKEN = 'A markup with this name already exists.';

/** POST and PUT take the same body: name and percent required, the rest optional. */
export const MarkupBody = z
  .strictObject({
    name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100),
    percent: decimal({ scale: 2, min: -100, max: 10_000 }),
    cost_from: Money.nullable().optional(),
    cost_to: Money.nullable().optional(),
    product_type: ProductTypeValue.nullable().optional(),
    priority: z.number().int('Enter a whole number.').min(0).max(1_000_000).optional(),
    is_default: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.cost_from != null && body.cost_to != null && Number(body.cost_from) >= Number(body.cost_to)) {
      ctx.addIssue({ code: 'custom', path: ['cost_to'], message: MARKUP_BAND_ORDER });
    }
  });
export type MarkupBody = z.input<typeof MarkupBody>;

/** Spec §7: GET with offset, limit and search (name); page 25 (spec §9). */
export const ListMarkupsQuery = listQuery({ name: ['icontains'], is_default: ['exact'] });
export type ListMarkupsQuery = z.infer<typeof ListMarkupsQuery>;
