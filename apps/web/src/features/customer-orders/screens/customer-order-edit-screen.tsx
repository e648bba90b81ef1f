import { MESSAGES, ORDER_ITEM_MESSAGES, backorderedMessage, type BackorderResponse, type OrderItemResponse, type OrderResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ShoppingBasketOutlinedIcon from '@mui/icons-material/ShoppingBasketOutlined';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { CatalogProductChoice } from '@/components/catalog-product-picker';
import { useSnackbar } from '@/components/snackbar-provider';
import { HistoryPanel } from '@/components/history-panel';
import { errorText, serverMessage } from '@/lib/api-client';
import { useCreateBackorder } from '../api/create-backorder';
import { useDeleteBackorder } from '../api/delete-backorder';
import { useOrder } from '../api/get-order';
import { useOrderBackorders } from '../api/list-backorders';
import { usePickTransactions } from '../api/list-pick-transactions';
import { BackordersTable } from '../components/backorders-table';
import { formatQuantity } from '../components/format';
import { LinkProductDialog } from '../components/link-product-dialog';
import { OrderItemsTable } from '../components/order-items-table';
import { OrderStatusForm } from '../components/order-status-form';
import { OrderSummary } from '../components/order-summary';
import { ReserveBackorderDialog } from '../components/reserve-backorder-dialog';

const validId = (value: string | null) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : 0);

/** The contract's confirmation for a created backorder. */
const backorderCreatedMessage = (backorder: BackorderResponse) =>
  backorderedMessage(formatQuantity(backorder.quantity), backorder.product_sku, backorder.product_name, backorder.order_number);

/** /customers/orders/edit?id=: one order, its status and notes, its items with their picks, and its backorders. */
export function CustomerOrderEditScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = validId(searchParams.get('id'));
  const tab = searchParams.get('tab') === 'history' ? 'history' : 'order';
  const order = useOrder(id);
  const showTab = (next: string) =>
    setSearchParams(
      (params) => {
        if (next === 'history') params.set('tab', 'history');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );

  return (
    <Stack spacing={3}>
      <title>{order.data ? `Order ${order.data.order_number} · Kontor` : 'Order · Kontor'}</title>
      <div>
        <Button component={RouterLink} to="/customers/orders" startIcon={<ArrowBackIcon />} size="small">
          All orders
        </Button>
      </div>
      {id === 0 ? (
        <Alert severity="info">Choose an order from the orders list.</Alert>
      ) : order.isPending ? (
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : order.isError ? (
        <Alert severity="error">{errorText(order.error)}</Alert>
      ) : (
        <>
          <Tabs value={tab} onChange={(_event, next: string) => showTab(next)} aria-label="Order sections" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab label="Order" value="order" id="order-tab-order" aria-controls="order-panel-order" />
            <Tab label="History" value="history" id="order-tab-history" aria-controls="order-panel-history" />
          </Tabs>
          {tab === 'history' ? (
            <Box role="tabpanel" id="order-panel-history" aria-labelledby="order-tab-history">
              <HistoryPanel entity="customer_order" id={order.data.id} label="Order history" />
            </Box>
          ) : null}
          {/* Hidden, not unmounted: a look at the history must not throw away unsaved notes. */}
          <Box role="tabpanel" id="order-panel-order" aria-labelledby="order-tab-order" hidden={tab !== 'order'}>
            <Stack spacing={3}>
              <OrderEdit order={order.data} />
            </Stack>
          </Box>
        </>
      )}
    </Stack>
  );
}

function OrderEdit({ order }: { order: OrderResponse }) {
  const showSnackbar = useSnackbar();
  const transactionIds = order.order_items.flatMap((item) => item.inventory_transactions);
  const transactions = usePickTransactions(transactionIds);
  const picks = new Map((transactions.data?.results ?? []).map((row) => [row.id, row]));
  const backorders = useOrderBackorders(order.order_number);
  const createMutation = useCreateBackorder();
  const deleteMutation = useDeleteBackorder();
  const [reserving, setReserving] = useState<BackorderResponse | null>(null);
  const [linking, setLinking] = useState<OrderItemResponse | null>(null);

  const handleBackorder = (item: OrderItemResponse) =>
    createMutation.mutate(
      { order_item: item.id },
      { onSuccess: (created) => showSnackbar(backorderCreatedMessage(created)), onError: (error) => showSnackbar(serverMessage(error), 'error') },
    );

  const handleRemoveBackorder = (backorder: BackorderResponse) =>
    deleteMutation.mutate(backorder.id, { onSuccess: () => showSnackbar(MESSAGES.removed), onError: (error) => showSnackbar(serverMessage(error), 'error') });

  const handleLinked = (product: CatalogProductChoice) => {
    setLinking(null);
    showSnackbar(ORDER_ITEM_MESSAGES.linked(product.sku, product.name));
  };

  const handleReserved = (message: string) => {
    setReserving(null);
    showSnackbar(message);
  };

  const busyItem = createMutation.isPending ? Number(createMutation.variables.order_item) : null;
  const busyBackorder = deleteMutation.isPending ? deleteMutation.variables : null;

  return (
    <>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader
              title={`Order ${order.order_number}`}
              slotProps={{ title: { component: 'h2' } }}
              action={
                <Button component={RouterLink} to={`/customers/pick-and-pack?order=${order.id}`} startIcon={<ShoppingBasketOutlinedIcon />}>
                  Pick & pack
                </Button>
              }
              sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <OrderSummary order={order} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title="Status and notes" subheader="Mark the order delivered or cancelled, or reopen it." />
            <CardContent sx={{ pt: 0 }}>
              <OrderStatusForm key={order.id} order={order} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card>
        <CardHeader title="Items" subheader="What was ordered, picked and from where, and what is backordered." />
        {transactions.isError ? (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {errorText(transactions.error)}
          </Alert>
        ) : null}
        <OrderItemsTable
          order={order}
          picks={picks}
          backorders={backorders.data?.results ?? []}
          busyItem={busyItem}
          busyBackorder={busyBackorder}
          onBackorder={handleBackorder}
          onRemoveBackorder={handleRemoveBackorder}
          onLinkProduct={setLinking}
        />
      </Card>
      <Card>
        <CardHeader title="Backorders" subheader="What could not be picked waits here for incoming goods." />
        <BackordersTable
          backorders={backorders.data?.results}
          error={backorders.isError ? errorText(backorders.error) : null}
          busyBackorder={busyBackorder}
          onRemove={handleRemoveBackorder}
          onReserve={setReserving}
        />
      </Card>
      {linking ? <LinkProductDialog key={linking.id} item={linking} onLinked={handleLinked} onClose={() => setLinking(null)} /> : null}
      {reserving ? <ReserveBackorderDialog key={reserving.id} backorder={reserving} onReserved={handleReserved} onClose={() => setReserving(null)} /> : null}
    </>
  );
}
