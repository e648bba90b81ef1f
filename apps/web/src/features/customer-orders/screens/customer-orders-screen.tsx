import { OrderInternalStatus } from '@kontor/contract';
import Box from '@mui/material/Box';
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
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FixedPagePagination } from '@/components/fixed-page-pagination';
import { TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useListFilters } from '@/lib/use-list-filters';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/list-orders';
import { formatMoney } from '../components/format';
import { DIRECTION_OPTIONS, ORDER_FILTERS, OrderFilters, SORT_OPTIONS } from '../components/order-filters';
import { OrderStatusChip } from '../components/order-status-chip';
import { SyncButtons } from '../components/sync-buttons';

const COLUMNS = 8;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A hand-edited URL cannot send the server a value it rejects: unknown values count as not set. */
const oneOf = (value: string, allowed: readonly { value: string }[]) => (allowed.some((option) => option.value === value) ? value : '');
const validDay = (value: string) => (DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

/** /customers/orders: the storefront's orders with spec §4 filters, 25 a page, and the two sync buttons. */
export function CustomerOrdersScreen() {
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(ORDER_FILTERS);
  const params = {
    ...filters,
    internal_status: OrderInternalStatus.safeParse(filters.internal_status).success ? filters.internal_status : '',
    created_from: validDay(filters.created_from),
    created_to: validDay(filters.created_to),
    delivered_from: validDay(filters.delivered_from),
    delivered_to: validDay(filters.delivered_to),
    sort: oneOf(filters.sort, SORT_OPTIONS),
    direction: oneOf(filters.direction, DIRECTION_OPTIONS),
    page,
  };
  const orders = useOrders(params);
  const data = orders.data;
  const filtered = ORDER_FILTERS.some((name) => name !== 'sort' && name !== 'direction' && filters[name] !== '');

  return (
    <Card>
      <title>Orders · Kontor</title>
      <CardHeader
        title="Orders"
        subheader="Orders from your storefront. Sync to fetch new and changed ones."
        action={<SyncButtons />}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <OrderFilters filters={params} onChange={setFilter} onReset={resetFilters} />
      {orders.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Orders">
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell sx={{ width: 170 }}>Created</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell align="right">Items</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Storefront status</TableCell>
              <TableCell>Delivered</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(orders.error)} /> : null}
            {!orders.isError &&
              data?.results.map((order) => (
                <TableRow key={order.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/customers/orders/edit?id=${order.id}`} sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                      {order.order_number}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDateTime(order.created_at)}</TableCell>
                  <TableCell>
                    {order.customer_name}
                    {order.customer_email ? (
                      <Typography variant="body2" color="text.secondary" component="div">
                        {order.customer_email}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {order.order_items.length}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(order.total, order.currency)}
                  </TableCell>
                  <TableCell>
                    <OrderStatusChip status={order.internal_status} />
                  </TableCell>
                  <TableCell>{order.storefront_status}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{order.delivered_at ? formatDate(order.delivered_at) : '—'}</TableCell>
                </TableRow>
              ))}
            {!orders.isError && data && data.results.length === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters, or reset them.' : 'Connect your storefront under Company preferences, then sync your orders.'}
              >
                {filtered ? 'No orders match these filters.' : 'No orders yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} estimate={data?.count_is_estimate} page={page} pageSize={ORDERS_PAGE_SIZE} onPageChange={setPage} />
    </Card>
  );
}
