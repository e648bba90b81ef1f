import type { BackorderResponse, OrderItemResponse, OrderResponse, TransactionResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableMessageRow } from '@/components/table-message-row';
import { formatQuantity } from './format';

const COLUMNS = 8;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type OrderItemsTableProps = {
  order: OrderResponse;
  /** The order's pick ledger rows by id (missing while they load). */
  picks: ReadonlyMap<number, TransactionResponse>;
  backorders: readonly BackorderResponse[];
  /** Which item or backorder a request is running for, so only its button waits. */
  busyItem: number | null;
  busyBackorder: number | null;
  onBackorder: (item: OrderItemResponse) => void;
  onRemoveBackorder: (backorder: BackorderResponse) => void;
  /** A line without a catalog product (the store's SKU is blank or unknown here): link it to one. */
  onLinkProduct: (item: OrderItemResponse) => void;
};

/** The order's lines: what was ordered, picked (and from where), what remains, and what is backordered. */
export function OrderItemsTable({ order, picks, backorders, busyItem, busyBackorder, onBackorder, onRemoveBackorder, onLinkProduct }: OrderItemsTableProps) {
  const closed = order.internal_status === 'delivered' || order.internal_status === 'cancelled';
  return (
    <TableContainer>
      <Table size="small" aria-label="Order items">
        <TableHead>
          <TableRow>
            <TableCell>SKU</TableCell>
            <TableCell>Name</TableCell>
            <TableCell align="right">Ordered</TableCell>
            <TableCell align="right">Picked</TableCell>
            <TableCell align="right">Remaining</TableCell>
            <TableCell align="right">Backordered</TableCell>
            <TableCell>Picks</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.order_items.map((item) => {
            const backorder = backorders.find((b) => b.order_item === item.id);
            return (
              <TableRow key={item.id}>
                <TableCell>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {item.prod_sku}
                  </Box>
                  {item.product === null ? (
                    <Chip size="small" color="warning" variant="outlined" label="Not in catalog" sx={{ ml: item.prod_sku ? 1 : 0 }} />
                  ) : null}
                </TableCell>
                <TableCell>{item.prod_name}</TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatQuantity(item.quantity)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatQuantity(item.qty_picked)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatQuantity(item.qty_remaining)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatQuantity(item.qty_backordered)}
                </TableCell>
                <TableCell>
                  {item.inventory_transactions.length ? (
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={`Picks of ${item.prod_sku}`}>
                      {item.inventory_transactions.map((id) => {
                        const pick = picks.get(id);
                        return (
                          <Chip
                            key={id}
                            size="small"
                            variant="outlined"
                            label={pick ? `${pick.location_abbreviation_slug}: ${formatQuantity(pick.quantity)}` : '…'}
                          />
                        );
                      })}
                    </Stack>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell align="right">
                  {item.product === null ? (
                    <Button size="small" disabled={closed} onClick={() => onLinkProduct(item)} aria-label={`Link a product to ${item.prod_name || 'the item'}`}>
                      Link product
                    </Button>
                  ) : backorder ? (
                    <Button
                      size="small"
                      color="error"
                      loading={busyBackorder === backorder.id}
                      onClick={() => onRemoveBackorder(backorder)}
                      aria-label={`Remove backorder of ${item.prod_sku}`}
                    >
                      Remove backorder
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      loading={busyItem === item.id}
                      disabled={item.qty_remaining <= 0}
                      onClick={() => onBackorder(item)}
                      aria-label={`Backorder ${item.prod_sku}`}
                    >
                      Backorder
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
          {order.order_items.length === 0 ? <TableMessageRow colSpan={COLUMNS}>This order has no items.</TableMessageRow> : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
