import type { InventoryEntry, OrderItemResponse, TransactionResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { pickProductOf, suggestedQuantity } from './pick-logic';

type OrderItemCardProps = {
  item: OrderItemResponse;
  /** Locations holding stock of the item's pick product, most first. */
  locations: InventoryEntry[];
  stockLoaded: boolean;
  picks: TransactionResponse[];
  busy: boolean;
  /** Resolves true when the pick was made. */
  onPick: (item: OrderItemResponse, location: InventoryEntry, quantity: number) => Promise<boolean>;
  onUnpick: (item: OrderItemResponse, transaction: TransactionResponse) => void;
  onBackorder: (item: OrderItemResponse) => void;
};

/** A typed quantity overrides the one-click amount; anything not a positive number leaves it automatic. */
const typedQuantity = (text: string) => {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
};

export function OrderItemCard({ item, locations, stockLoaded, picks, busy, onPick, onUnpick, onBackorder }: OrderItemCardProps) {
  const [quantityText, setQuantityText] = useState('');
  const override = typedQuantity(quantityText);
  const done = item.qty_remaining <= 0;
  const inCatalog = pickProductOf(item) !== null;
  const canBackorder = inCatalog && stockLoaded && !done && locations.length === 0;

  return (
    <Paper variant="outlined" component="section" aria-label={`${item.prod_sku} ${item.prod_name}`} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
            {item.prod_sku}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {item.prod_name}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Chip size="small" variant="outlined" label={`Ordered ${item.quantity}`} />
          <Chip size="small" variant="outlined" label={`Picked ${item.qty_picked}`} />
          <Chip size="small" color={done ? 'success' : 'warning'} label={`Remaining ${item.qty_remaining}`} />
          {item.qty_backordered > 0 ? <Chip size="small" color="info" label={`Backordered ${item.qty_backordered}`} /> : null}
        </Stack>
      </Stack>

      {!inCatalog ? (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
          Not in the catalog:{' '}
          <Link component={RouterLink} to={`/customers/orders/edit?id=${item.order}`}>
            link it to a product
          </Link>{' '}
          to pick it.
        </Typography>
      ) : done ? null : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            label="Quantity"
            value={quantityText}
            onChange={(event) => setQuantityText(event.target.value)}
            placeholder="Auto"
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Quantity for ${item.prod_sku}` } }}
            sx={{ width: 110 }}
          />
          {locations.map((location) => {
            const quantity = override ?? suggestedQuantity(item, location);
            return (
              <Button
                key={location.location_id}
                variant="contained"
                size="small"
                disabled={busy}
                aria-label={`Pick ${quantity} of ${item.prod_sku} from ${location.abbreviation_slug}`}
                onClick={() =>
                  void onPick(item, location, quantity).then((picked) => {
                    // The typed amount was for that pick: the next click offers what is left again.
                    if (picked) setQuantityText('');
                  })
                }
              >
                Pick {quantity} · {location.abbreviation_slug} ({location.accumulated_quantity} in stock)
              </Button>
            );
          })}
          {stockLoaded && locations.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'error.main' }}>
              No stock anywhere.
            </Typography>
          ) : null}
          {canBackorder ? (
            <Button variant="outlined" size="small" disabled={busy} onClick={() => onBackorder(item)}>
              Backorder
            </Button>
          ) : null}
        </Stack>
      )}

      {picks.length > 0 ? (
        <Stack component="ul" aria-label={`Picks of ${item.prod_sku}`} spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
          {picks.map((pick) => (
            <Stack component="li" key={pick.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">
                Picked {pick.quantity} from {pick.location_abbreviation_slug}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  · {formatDateTime(pick.created_at)}
                </Box>
              </Typography>
              <Button
                size="small"
                color="warning"
                disabled={busy}
                aria-label={`Unpick ${pick.quantity} of ${item.prod_sku} from ${pick.location_abbreviation_slug}`}
                onClick={() => onUnpick(item, pick)}
              >
                Unpick
              </Button>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
