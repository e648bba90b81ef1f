import { ProcurementOrderStatus, type ProcurementOrderDetailResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FilterSelect } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/list-orders';
import { useSupplierOptions } from '../api/list-supplier-options';
import { CreateOrderDialog } from '../components/create-order-dialog';
import { formatQuantity, ORDER_STATUSES, STATUS_LABELS } from '../components/format';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { OrderStatusChip } from '../components/order-status-chip';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = ['supplier', 'status', 'search'] as const;
/** ?order=<id> opens that order's side panel; it is part of the URL so the panel can be linked and bookmarked. */
export const ORDER_PARAM = 'order';
const COLUMNS = 6;

const validStatus = (value: string) => (ProcurementOrderStatus.safeParse(value).success ? value : '');
const validId = (value: string | null) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : 0);

export function ProcurementOrdersScreen() {
  const showSnackbar = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const params = { ...filters, supplier: validId(filters.supplier) ? filters.supplier : '', status: validStatus(filters.status), page };
  const orders = useOrders(params);
  const suppliers = useSupplierOptions();
  const [creating, setCreating] = useState(false);
  const orderId = validId(searchParams.get(ORDER_PARAM));

  const data = orders.data;
  const filtered = FILTERS.some((name) => filters[name] !== '');
  // An empty page of a list that has rows: the page is past the end (its last orders were deleted, or left the status filter).
  const pastEnd = isPastEnd(data, data?.results.length);

  const linkTo = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set(ORDER_PARAM, String(id));
    else next.delete(ORDER_PARAM);
    return `?${next.toString()}`;
  };

  const handleCloseOrder = () =>
    setSearchParams((current) => {
      current.delete(ORDER_PARAM);
      return current;
    });

  const handleCreated = (order: ProcurementOrderDetailResponse) => {
    setCreating(false);
    showSnackbar(`Purchase order ${order.internal_order_number} created`);
    setSearchParams((current) => {
      current.set(ORDER_PARAM, String(order.id));
      return current;
    });
  };

  return (
    <Card>
      <title>Purchase orders · Kontor</title>
      <CardHeader
        title="Purchase orders"
        subheader="Order from your suppliers, then receive the goods into stock."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New purchase order
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <SearchField label="Search orders" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        <FilterSelect
          label="Supplier"
          value={params.supplier}
          onChange={(value) => setFilter('supplier', value)}
          minWidth={180}
          options={[{ value: '', label: 'All suppliers' }, ...(suppliers.data ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name }))]}
        />
        <FilterSelect
          label="Status"
          value={params.status}
          onChange={(value) => setFilter('status', value)}
          minWidth={170}
          options={[{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))]}
        />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {orders.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Purchase orders">
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>Supplier</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Items</TableCell>
              <TableCell align="right">Received / ordered</TableCell>
              <TableCell sx={{ width: 180 }}>Created</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(orders.error)} /> : null}
            {!orders.isError &&
              data?.results.map((order) => (
                <TableRow key={order.id} hover selected={order.id === orderId}>
                  <TableCell>
                    <Link component={RouterLink} to={linkTo(order.id)} sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                      {order.internal_order_number}
                    </Link>
                  </TableCell>
                  <TableCell>{order.supplier_name}</TableCell>
                  <TableCell>
                    <OrderStatusChip status={order.status} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {order.items_count}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatQuantity(order.quantity_received_total)} / {formatQuantity(order.quantity_total)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDateTime(order.created_at)}</TableCell>
                </TableRow>
              ))}
            {!orders.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, ORDERS_PAGE_SIZE))} /> : null}
            {!orders.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={
                  filtered
                    ? 'Try other filters, or clear them.'
                    : 'Create a purchase order for a supplier, add the products you order, and receive them when they arrive.'
                }
              >
                {filtered ? 'No purchase orders match these filters.' : 'No purchase orders yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={ORDERS_PAGE_SIZE} onPageChange={setPage} />
      <CreateOrderDialog open={creating} defaultSupplier={params.supplier} onClose={() => setCreating(false)} onCreated={handleCreated} />
      <OrderDetailDrawer orderId={orderId} onClose={handleCloseOrder} />
    </Card>
  );
}
