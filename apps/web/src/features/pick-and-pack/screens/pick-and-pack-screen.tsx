import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { SearchField } from '@/components/search-field';
import { errorText } from '@/lib/api-client';
import { useOpenOrders } from '../api/list-open-orders';
import { OpenOrdersList } from '../components/open-orders-list';
import { OrderPickPanel } from '../components/order-pick-panel';

const readId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** Pick & pack (spec §2 customers/pick-and-pack): the queue of orders to pick on the left, the chosen one (?order=) on the right. */
export function PickAndPackScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const orderId = readId(searchParams.get('order'));
  const ordersQuery = useOpenOrders(search);
  const orders = ordersQuery.data?.results ?? [];

  const handleSearch = (value: string) =>
    setSearchParams(
      (params) => {
        if (value) params.set('search', value);
        else params.delete('search');
        return params;
      },
      { replace: true },
    );

  const handleSelect = (id: number) =>
    setSearchParams((params) => {
      params.set('order', String(id));
      return params;
    });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 1.5 }}>
          <SearchField label="Search orders" value={search} onSearch={handleSearch} fullWidth />
        </Box>
        {ordersQuery.isFetching ? <LinearProgress aria-label="Loading orders" /> : null}
        {ordersQuery.isError ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {errorText(ordersQuery.error)}
          </Alert>
        ) : ordersQuery.isSuccess && orders.length === 0 ? (
          <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
            {search ? 'No open orders match this search.' : 'No orders to pick.'}
          </Typography>
        ) : (
          <OpenOrdersList orders={orders} selectedId={orderId} onSelect={handleSelect} />
        )}
      </Paper>
      {orderId ? <OrderPickPanel key={orderId} orderId={orderId} /> : <Typography sx={{ color: 'text.secondary', p: 2 }}>Choose an order to pick.</Typography>}
    </Box>
  );
}
