import {
  ORDER_STATUS_LABELS,
  backorderedMessage,
  type InventoryEntry,
  type OrderItemResponse,
  type OrderResponse,
  type TransactionResponse,
} from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText, serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateBackorder } from '../api/create-backorder';
import { useOrder } from '../api/get-order';
import { usePickInventories } from '../api/get-pick-inventories';
import { usePickTransactions } from '../api/get-pick-transactions';
import { usePickOrderItem } from '../api/pick-order-item';
import { useUnpickOrderItem } from '../api/unpick-order-item';
import { OrderItemCard } from './order-item-card';
import { PickListPrint } from './pick-list-print';
import { findScanTarget, pickProductOf, stockByProduct, stockOf } from './pick-logic';

const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

export function OrderPickPanel({ orderId }: { orderId: number }) {
  const orderQuery = useOrder(orderId);
  if (orderQuery.isPending) return <CircularProgress aria-label="Loading order" />;
  if (orderQuery.isError) return <Alert severity="error">{errorText(orderQuery.error)}</Alert>;
  return <OrderPicking order={orderQuery.data} />;
}

function OrderPicking({ order }: { order: OrderResponse }) {
  const showSnackbar = useSnackbar();
  const productIds = useMemo(() => unique(order.order_items.map(pickProductOf)), [order.order_items]);
  const transactionIds = useMemo(() => order.order_items.flatMap((item) => item.inventory_transactions), [order.order_items]);
  const inventoriesQuery = usePickInventories(productIds);
  const transactionsQuery = usePickTransactions(transactionIds);
  const stock = useMemo(() => stockByProduct(inventoriesQuery.data), [inventoriesQuery.data]);
  const picksById = useMemo(() => new Map((transactionsQuery.data?.results ?? []).map((t) => [t.id, t])), [transactionsQuery.data]);
  const pick = usePickOrderItem();
  const unpick = useUnpickOrderItem();
  const backorder = useCreateBackorder();
  const busy = pick.isPending || unpick.isPending || backorder.isPending;
  const [scanText, setScanText] = useState('');
  const scanRef = useRef<HTMLInputElement>(null);

  const showFailure = (error: unknown) => showSnackbar(serverMessage(error), 'error');

  const handlePick = (item: OrderItemResponse, location: InventoryEntry, quantity: number) =>
    pick
      .mutateAsync({ orderItemId: item.id, location_id: location.location_id, product_id: pickProductOf(item)!, quantity })
      .then((response) => showSnackbar(response.result), showFailure);

  const handleUnpick = (item: OrderItemResponse, transaction: TransactionResponse) =>
    unpick.mutateAsync({ orderItemId: item.id, inventory_transaction_id: transaction.id }).then((response) => showSnackbar(response.result), showFailure);

  const handleBackorder = (item: OrderItemResponse) =>
    backorder
      .mutateAsync({ order_item: item.id })
      .then((created) => showSnackbar(backorderedMessage(created.quantity, created.product_sku, created.product_name, created.order_number)), showFailure);

  const handleScanKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = scanText.trim();
    setScanText('');
    scanRef.current?.focus();
    if (!code) return;
    const target = findScanTarget(order, code, stock);
    if ('error' in target) showSnackbar(target.error, 'error');
    else void handlePick(target.item, target.location, target.quantity);
  };

  return (
    <Stack spacing={2} component="section" aria-label={`Order ${order.order_number}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              Order {order.order_number}
            </Typography>
            <Chip size="small" label={ORDER_STATUS_LABELS[order.internal_status]} color={order.internal_status === 'picked' ? 'success' : 'default'} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {order.customer_name} · {formatDateTime(order.created_at)}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
          Print pick list
        </Button>
      </Stack>

      <TextField
        key={order.id}
        inputRef={scanRef}
        autoFocus
        label="Scan SKU or EAN"
        value={scanText}
        onChange={(event) => setScanText(event.target.value)}
        onKeyDown={handleScanKeyDown}
        autoComplete="off"
        helperText="Scan or type a code and press Enter: it picks from the location with most stock."
      />

      {inventoriesQuery.isError ? <Alert severity="error">{errorText(inventoriesQuery.error)}</Alert> : null}
      {transactionsQuery.isError ? <Alert severity="error">{errorText(transactionsQuery.error)}</Alert> : null}

      {order.order_items.map((item) => (
        <OrderItemCard
          key={item.id}
          item={item}
          locations={stockOf(stock, item)}
          stockLoaded={inventoriesQuery.isSuccess}
          picks={item.inventory_transactions.flatMap((id) => picksById.get(id) ?? [])}
          busy={busy}
          onPick={handlePick}
          onUnpick={handleUnpick}
          onBackorder={handleBackorder}
        />
      ))}

      <PickListPrint order={order} stock={stock} />
    </Stack>
  );
}
