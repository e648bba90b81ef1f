import { MESSAGES, type ProcurementOrderItemResponse } from '@kontor/contract';
import InputBase from '@mui/material/InputBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { useUpdateOrderItem } from '../api/update-order-item';
import { parseOrderQuantity } from './add-item-form';
import { formatQuantity, QUANTITY_INPUT_PROPS } from './format';
import { serverMessage } from '@/lib/api-client';

/** The item's ordered quantity can go down to what was received, never below. */
export const belowReceivedMessage = (received: number) => `At least ${formatQuantity(received)}: that much was already received.`;

type ItemQuantityFieldProps = { item: ProcurementOrderItemResponse; disabled?: boolean };

/**
 * The ordered quantity, edited in place: Enter or leaving the cell saves a changed value
 * (PUT {quantity}), Escape puts the saved one back.
 */
export function ItemQuantityField({ item, disabled }: ItemQuantityFieldProps) {
  const errorId = useId();
  const showSnackbar = useSnackbar();
  const updateMutation = useUpdateOrderItem();
  const [text, setText] = useState(String(item.quantity));
  const [saved, setSaved] = useState(item.quantity);
  const [error, setError] = useState<string | null>(null);
  // Enter saves and the blur that follows must not send the same value again.
  const [lastSent, setLastSent] = useState<string | null>(null);
  // The server's value changed (a refresh after saving, another tab): show it.
  if (item.quantity !== saved) {
    setSaved(item.quantity);
    setText(String(item.quantity));
    setError(null);
    setLastSent(null);
  }

  const commit = () => {
    if (updateMutation.isPending) return;
    if (Number(text) === item.quantity && text.trim() !== '') {
      setError(null);
      return;
    }
    const parsed = parseOrderQuantity(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (Number(parsed.quantity) < item.quantity_received) {
      setError(belowReceivedMessage(item.quantity_received));
      return;
    }
    if (lastSent === parsed.quantity) return;
    setLastSent(parsed.quantity);
    setError(null);
    updateMutation.mutate(
      { id: item.id, quantity: parsed.quantity },
      {
        onSuccess: () => showSnackbar(MESSAGES.updateSuccessfully),
        onError: (failure) => {
          setLastSent(null);
          setError(serverMessage(failure));
        },
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      // Inside the drawer Escape would also close it; here it only undoes the edit.
      event.stopPropagation();
      setText(String(item.quantity));
      setError(null);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <InputBase
        type="number"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={handleKeyDown}
        disabled={disabled}
        // Read-only rather than disabled while it saves: a disabled field drops the keyboard focus.
        readOnly={updateMutation.isPending}
        error={Boolean(error)}
        inputProps={{
          ...QUANTITY_INPUT_PROPS,
          // Spec §5 minimum 0; the item can never go below what already arrived.
          min: Math.max(item.quantity_received, 0),
          'aria-label': `Ordered quantity of ${item.product_sku}`,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? errorId : undefined,
        }}
        sx={{
          width: 96,
          fontSize: '0.875rem',
          px: 1,
          borderRadius: 1,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          '&.Mui-focused': { borderColor: error ? 'error.main' : 'primary.main' },
        }}
      />
      {error ? (
        <Typography id={errorId} variant="caption" color="error" sx={{ maxWidth: 220, textAlign: 'right' }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
