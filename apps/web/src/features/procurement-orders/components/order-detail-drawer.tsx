import type { ProcurementOrderDetailResponse, ProcurementOrderItemResponse } from '@kontor/contract';
import { MESSAGES } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import { useIsMutating } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar-provider';
import { TableMessageRow } from '@/components/table-message-row';
import { errorText, serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteOrder } from '../api/delete-order';
import { useDeleteOrderItem } from '../api/delete-order-item';
import { useOrder } from '../api/get-order';
import { ORDER_PANEL_WRITE } from '../api/query-keys';
import { useUpdateOrder } from '../api/update-order';
import { AddItemForm } from './add-item-form';
import { formatQuantity, formatSek, remainingOf } from './format';
import { ItemQuantityField } from './item-quantity-field';
import { OrderStatusChip } from './order-status-chip';
import { ReceiveDialog } from './receive-dialog';

const ITEM_COLUMNS = 7;
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;

type OrderDetailDrawerProps = {
  /** The order shown; 0 keeps the drawer closed. */
  orderId: number;
  onClose: () => void;
};

/** The side panel of one purchase order: its items, adding and changing them, receiving goods. Escape closes it. */
export function OrderDetailDrawer({ orderId, onClose }: OrderDetailDrawerProps) {
  const titleId = useId();
  // While an item is added, changed or received (or the order changed), the panel stays open:
  // closed mid-save, its answer (a refusal above all) would have nowhere to show.
  const saving = useIsMutating({ mutationKey: ORDER_PANEL_WRITE }) > 0;
  const close = saving ? undefined : onClose;
  return (
    <Drawer
      anchor="right"
      open={orderId > 0}
      onClose={close}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', md: 820 } } } }}
    >
      {orderId > 0 ? <OrderDetail key={orderId} orderId={orderId} titleId={titleId} saving={saving} onClose={onClose} /> : null}
    </Drawer>
  );
}

type Confirming = { kind: 'delete-order' } | { kind: 'cancel-order' } | { kind: 'delete-item'; item: ProcurementOrderItemResponse };

function OrderDetail({ orderId, titleId, saving, onClose }: { orderId: number; titleId: string; saving: boolean; onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const order = useOrder(orderId);
  const updateMutation = useUpdateOrder();
  const deleteMutation = useDeleteOrder();
  const deleteItemMutation = useDeleteOrderItem();
  const [receiving, setReceiving] = useState<ProcurementOrderItemResponse | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const data = order.data;

  const handleReopen = (current: ProcurementOrderDetailResponse) =>
    updateMutation.mutate(
      { id: current.id, status: 'open' },
      { onSuccess: () => showSnackbar(MESSAGES.updateSuccessfully), onError: (error) => showSnackbar(serverMessage(error), 'error') },
    );

  const handleConfirm = () => {
    if (!confirming || !data) return;
    const done = {
      onError: (error: unknown) => {
        showSnackbar(serverMessage(error), 'error');
        setConfirming(null);
      },
    };
    if (confirming.kind === 'cancel-order') {
      updateMutation.mutate(
        { id: data.id, status: 'cancelled' },
        {
          ...done,
          onSuccess: () => {
            showSnackbar(MESSAGES.updateSuccessfully);
            setConfirming(null);
          },
        },
      );
    } else if (confirming.kind === 'delete-order') {
      deleteMutation.mutate(data.id, {
        ...done,
        onSuccess: () => {
          showSnackbar(MESSAGES.removed);
          setConfirming(null);
          onClose();
        },
      });
    } else {
      deleteItemMutation.mutate(confirming.item.id, {
        ...done,
        onSuccess: () => {
          showSnackbar(MESSAGES.removed);
          setConfirming(null);
        },
      });
    }
  };

  if (!data) {
    return (
      <Box sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={titleId} variant="h6" component="h2">
            Purchase order
          </Typography>
          <IconButton aria-label="Close" onClick={onClose} disabled={saving}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {order.isError ? <Alert severity="error">{errorText(order.error)}</Alert> : <CircularProgress aria-label="Loading order" />}
      </Box>
    );
  }

  const nothingReceived = data.quantity_received_total === 0;
  const cancelled = data.status === 'cancelled';
  const pending = updateMutation.isPending || deleteMutation.isPending || deleteItemMutation.isPending;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ p: 3, pb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Purchase order {data.internal_order_number}
          </Typography>
          <OrderStatusChip status={data.status} />
          <IconButton aria-label="Close" onClick={onClose} disabled={saving}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {data.supplier_name} · created {formatDateTime(data.created_at)} · {formatQuantity(data.quantity_received_total)} of{' '}
          {formatQuantity(data.quantity_total)} received
        </Typography>
        {data.comments ? (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {data.comments}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          {cancelled ? (
            <Button variant="outlined" onClick={() => handleReopen(data)} loading={updateMutation.isPending}>
              Reopen order
            </Button>
          ) : nothingReceived ? (
            <Button variant="outlined" color="warning" onClick={() => setConfirming({ kind: 'cancel-order' })} disabled={pending}>
              Cancel order
            </Button>
          ) : null}
          {nothingReceived ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setConfirming({ kind: 'delete-order' })}
              disabled={pending}
            >
              Delete order
            </Button>
          ) : null}
        </Stack>
      </Box>
      <Divider />
      {cancelled ? null : (
        <Box sx={{ px: 3, py: 2 }}>
          <AddItemForm orderId={data.id} />
        </Box>
      )}
      {order.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Order items">
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Name</TableCell>
              <TableCell align="right">Ordered</TableCell>
              <TableCell align="right">Received</TableCell>
              <TableCell align="right">Unit cost (SEK)</TableCell>
              <TableCell align="right" sx={{ width: 120 }}>
                <Box component="span" sx={visuallyHidden}>
                  Receive
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  Remove
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((item) => {
              const remaining = remainingOf(item);
              return (
                <TableRow key={item.id} hover>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{item.product_sku}</TableCell>
                  <TableCell>{item.product_name}</TableCell>
                  <TableCell align="right">
                    <ItemQuantityField item={item} disabled={cancelled} />
                  </TableCell>
                  <TableCell
                    align="right"
                    // Each receipt: how much went where, and when.
                    title={
                      item.receipts.length
                        ? item.receipts
                            .map(
                              (receipt) =>
                                `${formatQuantity(receipt.quantity)} into ${receipt.location_abbreviation_slug}, ${formatDateTime(receipt.created_at)}`,
                            )
                            .join('\n')
                        : undefined
                    }
                    sx={{ fontVariantNumeric: 'tabular-nums', color: remaining === 0 ? 'success.main' : undefined }}
                  >
                    {formatQuantity(item.quantity_received)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatSek(item.unit_cost_sek)}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<MoveToInboxOutlinedIcon />}
                      aria-label={`Receive ${item.product_sku}`}
                      disabled={cancelled || remaining === 0}
                      onClick={() => setReceiving(item)}
                    >
                      Receive
                    </Button>
                  </TableCell>
                  <TableCell align="right">
                    {item.quantity_received === 0 ? (
                      <Tooltip title="Remove item">
                        <IconButton size="small" aria-label={`Remove ${item.product_sku}`} onClick={() => setConfirming({ kind: 'delete-item', item })}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {data.items.length === 0 ? (
              <TableMessageRow colSpan={ITEM_COLUMNS} hint={cancelled ? undefined : 'Pick a catalog product above and add it with its quantity.'}>
                No items yet.
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ReceiveDialog item={receiving} orderNumber={data.internal_order_number} onClose={() => setReceiving(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'delete-order' ? 'Delete purchase order?' : confirming?.kind === 'cancel-order' ? 'Cancel purchase order?' : 'Remove item?'}
        message={
          confirming?.kind === 'delete-order'
            ? `${data.internal_order_number} and its items will be deleted.`
            : confirming?.kind === 'cancel-order'
              ? `${data.internal_order_number} will be marked cancelled; nothing more can be received on it.`
              : confirming?.kind === 'delete-item'
                ? `${confirming.item.product_sku} will be removed from ${data.internal_order_number}.`
                : ''
        }
        confirmLabel={confirming?.kind === 'delete-order' ? 'Delete' : confirming?.kind === 'cancel-order' ? 'Cancel order' : 'Remove'}
        destructive
        pending={pending}
        onConfirm={handleConfirm}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
