import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEventResponse, AuditedEntity } from '@kontor/contract';
import { useState } from 'react';
import { TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, useAuditEvents } from '@/lib/audit-events';

/** What each part of a record is called in its history (the record itself needs no name). */
const PART_LABELS: Partial<Record<string, string>> = {
  customer_order_item: 'Item',
  customer_backorder: 'Backorder',
  product_description: 'Description',
  procurement_order_item: 'Line',
};

const ACTION_LABELS = { create: 'Created', update: 'Changed', delete: 'Deleted' } as const;
const ACTION_COLORS = { create: 'success', update: 'info', delete: 'error' } as const;

/** Field names as an operator reads them: `price_on_sale` -> "Price on sale". */
const fieldLabel = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replaceAll('_', ' ');

const valueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The part an event is about, e.g. "Item X-1" on an order. */
function partName(event: AuditEventResponse): string | null {
  const label = PART_LABELS[event.entity];
  if (!label) return null;
  const row = event.after ?? event.before ?? {};
  const name = row.prod_sku ?? row.language ?? row.product_id ?? event.entity_id;
  return `${label} ${valueText(name)}`;
}

/** Hidden in the changes list: the keys every row has, which say nothing about the change. */
const NOISE = new Set(['id', 'company_id', 'account_id']);

function Changes({ event }: { event: AuditEventResponse }) {
  const keys = Object.keys(event.after ?? event.before ?? {}).filter((key) => !NOISE.has(key));
  if (keys.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}>
      {keys.map((key) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fieldLabel(key)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {event.action === 'update' ? (
              <>
                <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                  {valueText(event.before?.[key])}
                </Box>
                {' → '}
                {valueText(event.after?.[key])}
              </>
            ) : (
              valueText((event.after ?? event.before)?.[key])
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

type HistoryPanelProps = { entity: AuditedEntity; id: number; label: string };

/**
 * A record's History tab (ADR 0016): who created, changed or deleted it and its parts, when, and
 * the fields before and after. Read-only; newest first, 50 a page.
 */
export function HistoryPanel({ entity, id, label }: HistoryPanelProps) {
  const [page, setPage] = useState(0);
  const events = useAuditEvents(entity, id, page);
  const rows = events.data?.results ?? [];
  return (
    <TableContainer aria-busy={events.isFetching}>
      {events.isFetching ? <LinearProgress aria-label="Loading history" /> : <Box sx={{ height: 4 }} />}
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 180 }}>When</TableCell>
            <TableCell sx={{ width: 180 }}>Who</TableCell>
            <TableCell sx={{ width: 200 }}>What</TableCell>
            <TableCell>Changes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.isError ? (
            <TableMessageRow colSpan={4} error={errorText(events.error)} />
          ) : events.isPending ? null : rows.length === 0 ? (
            <TableMessageRow colSpan={4} hint="Changes made from now on are listed here, with who made them.">
              No changes recorded yet.
            </TableMessageRow>
          ) : (
            rows.map((event) => (
              <TableRow key={event.id} sx={{ verticalAlign: 'top' }}>
                <TableCell>{formatDateTime(event.created_at)}</TableCell>
                <TableCell>{event.user_name}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={ACTION_COLORS[event.action]} label={ACTION_LABELS[event.action]} />
                  {partName(event) ? (
                    <Typography variant="body2" component="span" sx={{ ml: 1 }}>
                      {partName(event)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Changes event={event} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {(events.data?.count ?? 0) > AUDIT_PAGE_SIZE ? (
        <TablePagination
          component="div"
          count={events.data?.count ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={AUDIT_PAGE_SIZE}
          rowsPerPageOptions={[AUDIT_PAGE_SIZE]}
        />
      ) : null}
    </TableContainer>
  );
}
