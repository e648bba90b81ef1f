import type { AuditEventPage, AuditedEntity } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const AUDIT_PAGE_SIZE = 50;

export const auditKeys = {
  all: ['audit-events'] as const,
  record: (entity: AuditedEntity, id: number, page: number) => [...auditKeys.all, entity, id, page] as const,
};

/** GET /audit/events/?entity=&entity_id=: a record's history (with its parts'), newest first. */
export const fetchAuditEvents = (entity: AuditedEntity, id: number, page: number, signal?: AbortSignal) =>
  api.get<AuditEventPage>('/audit/events/', { query: { entity, entity_id: id, limit: AUDIT_PAGE_SIZE, offset: page * AUDIT_PAGE_SIZE }, signal });

export const auditEventsQueryOptions = (entity: AuditedEntity, id: number, page: number) =>
  queryOptions({
    queryKey: auditKeys.record(entity, id, page),
    queryFn: ({ signal }) => fetchAuditEvents(entity, id, page, signal),
    enabled: id > 0,
    // The history grows with every save elsewhere on the screen: read it afresh each time the tab opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(entity: AuditedEntity, id: number, page: number) {
  return useQuery(auditEventsQueryOptions(entity, id, page));
}
