import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The history of business data (ADR 0016): one row per created, changed or deleted record,
 * written by the `kontor_audit` trigger in the same transaction as the change (migration 0016),
 * so no write path can forget it and a rolled-back change leaves no trace.
 *
 * No foreign keys on purpose: a company's or user's deletion cascades into audited tables, and
 * the trigger must be able to record those deletes while the company row is already going.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    /** Who: the request's user (transaction setting `kontor.user_id`); null is the system. */
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** The record it belongs to (an order item's order), so a History tab shows both. */
    parentEntity: text('parent_entity'),
    parentId: integer('parent_id'),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    /** The writer's transaction (txid_current()): one save that touched a row twice is one change. */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    /** The fields before and after; for an update only those that changed. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.companyId, t.entity, t.entityId, t.id),
    index('audit_events_parent_idx').on(t.companyId, t.parentEntity, t.parentId, t.id),
  ],
);
