import type { BackorderResponse } from '@kontor/contract';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableMessageRow } from '@/components/table-message-row';
import { formatDateTime } from '@/lib/format';
import { formatQuantity } from './format';

const COLUMNS = 6;
const STATUS_LABELS: Record<BackorderResponse['status'], string> = { open: 'Open', reserved: 'Reserved', ready: 'Ready to pick' };

type BackordersTableProps = {
  backorders: readonly BackorderResponse[] | undefined;
  error: string | null;
  busyBackorder: number | null;
  onRemove: (backorder: BackorderResponse) => void;
  onReserve: (backorder: BackorderResponse) => void;
};

/** Spec §3 "Backorder list" of one order. */
export function BackordersTable({ backorders, error, busyBackorder, onRemove, onReserve }: BackordersTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Backorders">
        <TableHead>
          <TableRow>
            <TableCell>SKU</TableCell>
            <TableCell>Name</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ width: 170 }}>Created</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {error ? <TableMessageRow colSpan={COLUMNS} error={error} /> : null}
          {!error &&
            backorders?.map((backorder) => (
              <TableRow key={backorder.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{backorder.product_sku}</TableCell>
                <TableCell>{backorder.product_name}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatQuantity(backorder.quantity)}
                </TableCell>
                <TableCell>
                  {STATUS_LABELS[backorder.status]}
                  {backorder.reserved_order_number ? ` on ${backorder.reserved_order_number}` : ''}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDateTime(backorder.created_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {backorder.status === 'open' ? (
                    <Button size="small" aria-label={`Reserve backorder of ${backorder.product_sku}`} onClick={() => onReserve(backorder)}>
                      Reserve
                    </Button>
                  ) : null}
                  <Button size="small" color="error" loading={busyBackorder === backorder.id} onClick={() => onRemove(backorder)}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          {!error && backorders && backorders.length === 0 ? <TableMessageRow colSpan={COLUMNS}>Nothing backordered for this order.</TableMessageRow> : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
