import {
  ORDER_STATUS_LABELS,
  backorderedMessage,
  type InventoryEntry,
  type OrderItemResponse,
  type OrderResponse,
  type ProductInventoriesResponse,
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
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText, serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateBackorder } from '../api/create-backorder';
import { useOrder } from '../api/get-order';
import { usePickInventories } from '../api/get-pick-inventories';
import { pickKeys } from '../api/query-keys';
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

/** Helper text under the scanner: what it does, or how many scans wait their turn. */
const scanHelp = (waiting: number) =>
  waiting === 0
    ? 'Scan or type a code and press Enter: it picks from the location with most stock.'
    : `Picking… ${waiting} more ${waiting === 1 ? 'scan waits' : 'scans wait'} their turn.`;

/**
 * Runs this panel's writes one at a time, in the order asked: a scanner fires codes faster than
 * a pick answers, and a scan matched against the order before the previous pick landed would pick
 * an item twice (the server refuses the second as an over-pick, and the scan is lost).
 */
function useOneAtATime() {
  const last = useRef<Promise<unknown>>(Promise.resolve());
  return <T,>(task: () => Promise<T>): Promise<T> => {
    const run = last.current.then(task);
    last.current = run.catch(() => undefined);
    return run;
  };
}

function OrderPicking({ order }: { order: OrderResponse }) {
  const showSnackbar = useSnackbar();
  const queryClient = useQueryClient();
  const productIds = useMemo(() => unique(order.order_items.map(pickProductOf)), [order.order_items]);
  const transactionIds = useMemo(() => order.order_items.flatMap((item) => item.inventory_transactions), [order.order_items]);
  const inventoriesQuery = usePickInventories(productIds);
  const transactionsQuery = usePickTransactions(transactionIds);
  const stock = useMemo(() => stockByProduct(inventoriesQuery.data), [inventoriesQuery.data]);
  const picksById = useMemo(() => new Map((transactionsQuery.data?.results ?? []).map((t) => [t.id, t])), [transactionsQuery.data]);
  const pick = usePickOrderItem();
  const unpick = useUnpickOrderItem();
  const backorder = useCreateBackorder();
  const [scanText, setScanText] = useState('');
  const [waitingScans, setWaitingScans] = useState(0);
  // Buttons wait while scans wait too: the amounts they offer are of the order before those scans.
  const busy = pick.isPending || unpick.isPending || backorder.isPending || waitingScans > 0;
  const scanRef = useRef<HTMLInputElement>(null);
  const inTurn = useOneAtATime();

  const showFailure = (error: unknown) => {
    showSnackbar(serverMessage(error), 'error');
    return false;
  };

  /** Resolves true when the pick was made (the card then forgets a typed quantity). */
  const pickNow = (item: OrderItemResponse, location: InventoryEntry, quantity: number) =>
    pick.mutateAsync({ orderItemId: item.id, location_id: location.location_id, product_id: pickProductOf(item)!, quantity }).then((response) => {
      showSnackbar(response.result);
      return true;
    }, showFailure);

  const handlePick = (item: OrderItemResponse, location: InventoryEntry, quantity: number) => inTurn(() => pickNow(item, location, quantity));

  const handleUnpick = (item: OrderItemResponse, transaction: TransactionResponse) =>
    inTurn(() =>
      unpick.mutateAsync({ orderItemId: item.id, inventory_transaction_id: transaction.id }).then((response) => showSnackbar(response.result), showFailure),
    );

  const handleBackorder = (item: OrderItemResponse) =>
    inTurn(() =>
      backorder
        .mutateAsync({ order_item: item.id })
        .then((created) => showSnackbar(backorderedMessage(created.quantity, created.product_sku, created.product_name, created.order_number)), showFailure),
    );

  /**
   * A scan is matched when its turn comes, against the order and the stock as the write before it
   * left them: a pick's answer holds the order, and the pick waits for the stock to be read again.
   */
  const pickScanned = (code: string) => {
    const orderId = order.id;
    const inventoriesKey = pickKeys.inventories(productIds);
    const fallback = { order, stock };
    setWaitingScans((n) => n + 1);
    void inTurn(async () => {
      setWaitingScans((n) => n - 1);
      const current = queryClient.getQueryData<OrderResponse>(pickKeys.order(orderId)) ?? fallback.order;
      const inventories = queryClient.getQueryData<ProductInventoriesResponse>(inventoriesKey);
      const target = findScanTarget(current, code, inventories ? stockByProduct(inventories) : fallback.stock);
      if ('error' in target) showSnackbar(target.error, 'error');
      else await pickNow(target.item, target.location, target.quantity);
    });
  };

  const handleScanKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = scanText.trim();
    setScanText('');
    scanRef.current?.focus();
    if (code) pickScanned(code);
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
        helperText={scanHelp(waitingScans)}
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
