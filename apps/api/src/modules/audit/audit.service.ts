import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AuditEventPage, AuditEventResponse, ListAuditEventsQuery } from '@kontor/contract';
import { auditEvents, customerOrderItems, users } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

const HISTORY_PAGE_SIZE = 50;

/**
 * The events of one record and of the records that belong to it: a product's descriptions, an
 * order's items and their backorders, a purchase order's items. Another company's id has no
 * events here (every row is scoped by company), so it reads as an empty history.
 */
function recordAndParts(companyId: number, entity: string, entityId: number) {
  const own = and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId));
  const parts = and(eq(auditEvents.parentEntity, entity), eq(auditEvents.parentId, entityId));
  // Backorders hang off an order's items: the order's history shows them too.
  const itemParts =
    entity === 'customer_order'
      ? and(
          eq(auditEvents.parentEntity, 'customer_order_item'),
          inArray(
            auditEvents.parentId,
            sql`(select ${customerOrderItems.id} from ${customerOrderItems} where ${customerOrderItems.orderId} = ${entityId} and ${customerOrderItems.companyId} = ${companyId})`,
          ),
        )
      : undefined;
  return and(eq(auditEvents.companyId, companyId), or(own, parts, itemParts));
}

type Row = { event: typeof auditEvents.$inferSelect; firstName: string | null; lastName: string | null; email: string | null };

/**
 * One change of the history: a create or a delete, or every update one transaction made to one
 * row (a save can update a row twice: a new cost, then the prices the pricing engine derives).
 */
const changeKey = sql`case when ${auditEvents.action} = 'update'
  then ${auditEvents.transactionId}::text || ':' || ${auditEvents.entity} || ':' || ${auditEvents.entityId}
  else 'row:' || ${auditEvents.id} end`;

/**
 * The rows of one change shown as one, each field from its first value to its last. Rows come
 * newest first with a change's rows together, so the older update's `before` wins and the
 * newer one's `after`.
 */
function mergeSameSave(rows: Row[]): Row[] {
  const merged: Row[] = [];
  for (const row of rows) {
    const newer = merged.at(-1)?.event;
    const e = row.event;
    if (
      newer &&
      newer.action === 'update' &&
      e.action === 'update' &&
      newer.transactionId === e.transactionId &&
      newer.entity === e.entity &&
      newer.entityId === e.entityId
    ) {
      merged[merged.length - 1] = {
        ...merged.at(-1)!,
        event: { ...newer, before: { ...newer.before, ...e.before }, after: { ...e.after, ...newer.after } },
      };
      continue;
    }
    merged.push(row);
  }
  return merged;
}

/**
 * GET /audit/events/?entity=…&entity_id=…: newest first. Counted and paged by change (changeKey),
 * not by row: a save that wrote a row twice is one entry, and never split across two pages.
 */
export async function listEvents(ctx: Ctx, query: ListAuditEventsQuery, url: string): Promise<AuditEventPage> {
  const page = pageRequest(query, HISTORY_PAGE_SIZE);
  const where = recordAndParts(ctx.user.companyId, query.entity, query.entity_id);
  const [total] = await ctx.db
    .select({ n: sql<number>`count(distinct ${changeKey})::int` })
    .from(auditEvents)
    .where(where);
  const changes = ctx.db
    .select({ key: sql<string>`${changeKey}`.as('key'), newest: sql<number>`max(${auditEvents.id})`.as('newest') })
    .from(auditEvents)
    .where(where)
    .groupBy(changeKey)
    .orderBy(desc(sql`max(${auditEvents.id})`))
    .limit(page.limit)
    .offset(page.offset)
    .as('changes');
  const rows = await ctx.db
    .select({ event: auditEvents, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditEvents)
    .innerJoin(changes, eq(changes.key, changeKey))
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(where)
    .orderBy(desc(changes.newest), desc(auditEvents.id));
  const results = mergeSameSave(rows).map(({ event, firstName, lastName, email }): AuditEventResponse => ({
    id: event.id,
    entity: event.entity,
    entity_id: event.entityId,
    action: event.action,
    user: event.userId,
    user_name: event.userId === null ? 'System' : `${firstName ?? ''} ${lastName ?? ''}`.trim() || email || `User ${event.userId}`,
    before: event.before,
    after: event.after,
    created_at: event.createdAt.toISOString(),
  }));
  return pageResponse(url, page, total!.n, results);
}
