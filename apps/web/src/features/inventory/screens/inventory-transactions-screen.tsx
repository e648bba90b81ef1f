import { INVENTORY_ACTIONS, InventoryAction, type TransactionResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useState } from 'react';
import { CatalogProductPicker } from '@/components/catalog-product-picker';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useCatalogProduct } from '@/lib/catalog-product-options';
import { formatDateTime } from '@/lib/format';
import { useLocationOptions } from '../api/list-locations';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/list-transactions';
import { ActionChip } from '../components/action-chip';
import { AddTransactionDialog } from '../components/add-transaction-dialog';
import { EditTransactionDialog } from '../components/edit-transaction-dialog';
import { MoveStockDialog } from '../components/move-stock-dialog';
import { ACTION_LABELS, formatDelta, formatQuantity } from '../components/quantity';
import { useListFilters } from '@/lib/use-list-filters';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { FilterSelect } from '@/components/filter-select';

const FILTERS = ['product', 'location', 'action', 'from', 'to'] as const;
const COLUMNS = 8;

const validAction = (value: string) => (InventoryAction.safeParse(value).success ? value : '');

export function InventoryTransactionsScreen() {
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const productId = Number(filters.product) > 0 ? Number(filters.product) : 0;
  const params = { ...filters, product: productId ? String(productId) : '', action: validAction(filters.action), page };
  const transactions = useTransactions(params);
  const locations = useLocationOptions();
  const product = useCatalogProduct(productId);
  const [dialog, setDialog] = useState<'add' | 'move' | null>(null);
  const [editing, setEditing] = useState<TransactionResponse | null>(null);

  const data = transactions.data;
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const chosenProduct = productId && product.data ? product.data : null;
  const pastEnd = isPastEnd(data, data?.results.length);

  return (
    <Card>
      <title>Inventory transactions · Kontor</title>
      <CardHeader
        title="Inventory transactions"
        subheader={chosenProduct ? 'Add or move stock of the chosen product.' : 'Pick a product in the filter to add or move its stock.'}
        action={
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<AddIcon />} disabled={!chosenProduct} onClick={() => setDialog('add')}>
              Add transaction
            </Button>
            <Button variant="outlined" startIcon={<SwapHorizIcon />} disabled={!chosenProduct} onClick={() => setDialog('move')}>
              Move stock
            </Button>
          </Stack>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <CatalogProductPicker value={chosenProduct} onChange={(next) => setFilter('product', next ? String(next.id) : '')} width={300} />
        <FilterSelect
          label="Location"
          value={filters.location}
          onChange={(value) => setFilter('location', value)}
          minWidth={160}
          options={[
            { value: '', label: 'All locations' },
            ...(locations.data ?? []).map((location) => ({ value: String(location.id), label: location.abbreviation_slug })),
          ]}
        />
        <FilterSelect
          label="Action"
          value={params.action}
          onChange={(value) => setFilter('action', value)}
          options={[{ value: '', label: 'All actions' }, ...INVENTORY_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }))]}
        />
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="From"
          value={filters.from}
          onChange={(event) => setFilter('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="To"
          value={filters.to}
          onChange={(event) => setFilter('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {transactions.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Inventory transactions">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 170 }}>Date</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Action</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Change</TableCell>
              <TableCell>Comments</TableCell>
              <TableCell align="right" sx={{ width: 56 }}>
                <Box
                  component="span"
                  sx={{ position: 'absolute', width: '1px', height: '1px', m: '-1px', overflow: 'hidden', whiteSpace: 'nowrap', clip: 'rect(0 0 0 0)' }}
                >
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {transactions.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(transactions.error)} /> : null}
            {!transactions.isError &&
              data?.results.map((transaction) => (
                <TableRow key={transaction.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDateTime(transaction.created_at)}</TableCell>
                  <TableCell>
                    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', mr: 1 }}>
                      {transaction.product_sku}
                    </Typography>
                    {transaction.product_name}
                  </TableCell>
                  <TableCell>{transaction.location_abbreviation_slug}</TableCell>
                  <TableCell>
                    <ActionChip action={transaction.inventory_action} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatQuantity(transaction.quantity)}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      color: transaction.delta < 0 ? 'error.main' : transaction.delta > 0 ? 'success.main' : 'text.secondary',
                    }}
                  >
                    {formatDelta(transaction.delta)}
                  </TableCell>
                  <TableCell
                    sx={{ color: 'text.secondary', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    title={transaction.comments}
                  >
                    {transaction.comments}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit transaction ${transaction.id}`} onClick={() => setEditing(transaction)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            {!transactions.isError && pastEnd ? (
              <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, TRANSACTIONS_PAGE_SIZE))} />
            ) : null}
            {!transactions.isError && data?.count === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={
                  filtered
                    ? 'Try other filters, or clear them.'
                    : 'Stock movements show here: pick a product above and add a transaction, or move stock between locations.'
                }
              >
                {filtered ? 'No transactions match these filters.' : 'No transactions yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={TRANSACTIONS_PAGE_SIZE} onPageChange={setPage} />
      {chosenProduct ? (
        <>
          <AddTransactionDialog
            open={dialog === 'add'}
            product={chosenProduct}
            defaultLocationId={filters.location ? Number(filters.location) : null}
            onClose={() => setDialog(null)}
          />
          <MoveStockDialog open={dialog === 'move'} product={chosenProduct} onClose={() => setDialog(null)} />
        </>
      ) : null}
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
