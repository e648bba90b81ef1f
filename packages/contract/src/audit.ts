import { z } from 'zod';
import { Id, page, unlessBlank } from './common.js';

/**
 * What the history records (ADR 0016): the business tables, each by the name its API uses.
 * The ledger is not here: its rows are themselves the record of stock, with their own edit history.
 */
export const AUDITED_ENTITIES = [
  'catalog_product',
  'catalog_category',
  'catalog_markup',
  'product_description',
  'inventory_location',
  'inventory_location_type',
  'customer_order',
  'customer_order_item',
  'customer_backorder',
  'procurement_supplier',
  'procurement_feed',
  'procurement_order',
  'procurement_order_item',
  'storefront_connection',
  'company',
  'user',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

/** One change: who, when, what, and the fields before and after (only the changed ones for an update). */
export const AuditEventResponse = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  /** null: the system (a storefront sync, a feed import, a seed). */
  user: z.number().int().nullable(),
  user_name: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEventResponse = z.infer<typeof AuditEventResponse>;

/**
 * GET /audit/events/?entity=catalog_product&entity_id=12: one record's history, newest first.
 * `include` adds the history of records that belong to it (an order's items and backorders).
 */
export const ListAuditEventsQuery = z.strictObject({
  entity: z.enum(AUDITED_ENTITIES),
  entity_id: Id,
  limit: unlessBlank(z.coerce.number().int().min(1).max(1000)),
  offset: unlessBlank(z.coerce.number().int().min(0).max(2_147_483_647)),
});
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuery>;
export const AuditEventPage = page(AuditEventResponse);
export type AuditEventPage = z.infer<typeof AuditEventPage>;
