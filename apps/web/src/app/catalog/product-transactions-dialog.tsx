import type { ProductResponse, TransactionResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow } from '@/components/table-message-row';
import { useTransactions } from '@/features/inventory/api/list-transactions';
import { ActionChip } from '@/features/inventory/components/action-chip';
import { EditTransactionDialog } from '@/features/inventory/components/edit-transaction-dialog';
import { formatQuantity } from '@/features/inventory/components/quantity';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

type ProductTransactionsDialogProps = { product: ProductResponse; onClose: () => void };

/**
 * The stocks view's "Edit" action: the product's latest transactions, each editable with the
 * inventory feature's edit dialog (which recomputes the level and keeps the history).
 */
export function ProductTransactionsDialog({ product, onClose }: ProductTransactionsDialogProps) {
  const titleId = useId();
  const transactions = useTransactions({ product: String(product.id), location: '', action: '', from: '', to: '', page: 0 });
  const [editing, setEditing] = useState<TransactionResponse | null>(null);
  const rows = transactions.data?.results ?? [];
  const more = (transactions.data?.count ?? 0) > rows.length;

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>
          Transactions of {product.sku}
          <Typography variant="body2" color="text.secondary">
            {product.name}
          </Typography>
        </DialogTitle>
        {/* The list's usual progress line: without it the dialog showed an empty table while it loaded. */}
        {transactions.isFetching ? <LinearProgress aria-label="Loading transactions" sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        <DialogContent sx={{ px: 1 }}>
          <Table size="small" aria-label={`Transactions of ${product.sku}`}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Location</TableCell>
                <TableCell>Action</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {transactions.isError ? <TableMessageRow colSpan={5} error={errorText(transactions.error)} /> : null}
              {transactions.data && rows.length === 0 ? <TableMessageRow colSpan={5}>No transactions yet.</TableMessageRow> : null}
              {rows.map((transaction) => (
                <TableRow key={transaction.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(transaction.created_at)}</TableCell>
                  <TableCell>{transaction.location_abbreviation_slug}</TableCell>
                  <TableCell>
                    <ActionChip action={transaction.inventory_action} />
                  </TableCell>
                  <TableCell align="right">{formatQuantity(transaction.quantity)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setEditing(transaction)} aria-label={`Edit transaction ${transaction.id}`}>
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {more ? (
            <Typography variant="body2" sx={{ px: 2, pt: 1.5 }}>
              Showing the latest {rows.length}.{' '}
              <Link component={RouterLink} to={`/catalog/inventorytransactions?product=${product.id}`}>
                All transactions of {product.sku}
              </Link>
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
    </>
  );
}
