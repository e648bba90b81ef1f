import type { BackorderResponse, ProcurementOrderItemListRow } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { useIncomingOrderItems } from '../api/list-incoming-order-items';
import { useReserveBackorder } from '../api/reserve-backorder';
import { formatQuantity } from './format';

export const NOTHING_ON_ORDER = 'Nothing is on order for this product; create a purchase order under Procurement → Purchase orders.';

/** What of the line neither arrived nor is promised to another backorder (in cents, so 0.1 + 0.2 stays exact). */
export const freeQuantity = (line: ProcurementOrderItemListRow) =>
  (Math.round(line.quantity * 100) - Math.round(line.quantity_received * 100) - Math.round(line.reserved * 100)) / 100;

/** A 400's DRF messages (e.g. not enough incoming) as one sentence, or the mapped error text. */
const refusalText = (error: unknown) => {
  const fields = fieldErrorsOf(error);
  return fields ? Object.values(fields).flat().join(' ') : errorText(error);
};

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

type ReserveBackorderDialogProps = {
  backorder: BackorderResponse;
  onReserved: (message: string) => void;
  onClose: () => void;
};

/** Lists the purchase order lines still bringing the backorder's product, and reserves it against the chosen one. */
export function ReserveBackorderDialog({ backorder, onReserved, onClose }: ReserveBackorderDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <ReserveBackorderForm titleId={titleId} backorder={backorder} onReserved={onReserved} onClose={onClose} />
    </FormDialog>
  );
}

/**
 * Each line's Reserve button submits the form (the button says which line), so that FormDialog sends
 * one reservation when Enter or a click comes twice before the buttons show the pending one.
 */
function ReserveBackorderForm({ titleId, backorder, onReserved, onClose }: ReserveBackorderDialogProps & { titleId: string }) {
  const lines = useIncomingOrderItems(backorder.product);
  const reserve = useReserveBackorder();
  const refusal = reserve.isError ? refusalText(reserve.error) : null;
  useHoldDialogOpen(reserve.isPending);

  const rows = lines.data?.results ?? [];

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const line = rows.find((row) => submitter instanceof HTMLButtonElement && submitter.value === String(row.id));
    if (!line) return;
    reserve.mutate({ backorder: backorder.id, procurementOrderItem: line.id }, { onSuccess: (response) => onReserved(response.message) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogTitle id={titleId}>Reserve backorder of {backorder.product_sku}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {formatQuantity(backorder.quantity)} × {backorder.product_name} for order {backorder.order_number}: choose the purchase order it waits for.
        </DialogContentText>
        {refusal ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        ) : null}
        {lines.isPending ? (
          <Skeleton variant="rounded" height={120} aria-busy="true" />
        ) : lines.isError ? (
          <Alert severity="error">{errorText(lines.error)}</Alert>
        ) : rows.length === 0 ? (
          <Alert severity="info">
            {NOTHING_ON_ORDER}{' '}
            <Link component={RouterLink} to="/procurement/orders">
              Open purchase orders
            </Link>
          </Alert>
        ) : (
          <Table size="small" aria-label="Incoming purchase order lines">
            <TableHead>
              <TableRow>
                <TableCell>Purchase order</TableCell>
                <TableCell>Supplier</TableCell>
                <TableCell align="right">Ordered</TableCell>
                <TableCell align="right">Received</TableCell>
                <TableCell align="right">Reserved</TableCell>
                <TableCell align="right">Free</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((line) => {
                const free = freeQuantity(line);
                return (
                  <TableRow key={line.id}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{line.order_number}</TableCell>
                    <TableCell>{line.supplier_name}</TableCell>
                    <TableCell align="right" sx={numeric}>
                      {formatQuantity(line.quantity)}
                    </TableCell>
                    <TableCell align="right" sx={numeric}>
                      {formatQuantity(line.quantity_received)}
                    </TableCell>
                    <TableCell align="right" sx={numeric}>
                      {formatQuantity(line.reserved)}
                    </TableCell>
                    <TableCell align="right" sx={numeric}>
                      {formatQuantity(free)}
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={`Reserve on ${line.order_number}`}
                        disabled={free <= 0 || (reserve.isPending && reserve.variables.procurementOrderItem !== line.id)}
                        loading={reserve.isPending && reserve.variables.procurementOrderItem === line.id}
                        type="submit"
                        value={line.id}
                      >
                        Reserve
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reserve.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </form>
  );
}
