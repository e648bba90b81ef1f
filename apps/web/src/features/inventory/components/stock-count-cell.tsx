import { MESSAGES, type StocktakingRow } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { fieldErrorsOf, serverMessage } from '@/lib/api-client';
import { useCreateTransaction } from '../api/create-transaction';
import { QUANTITY_INPUT_PROPS, QuantityText } from './quantity';

/** The key of a stocktaking row's count: one product at one location. */
export const countKey = (row: Pick<StocktakingRow, 'product_id' | 'location_id'>) => `${row.product_id}-${row.location_id}`;

type StockCountCellProps = {
  row: StocktakingRow;
  /** The typed count, kept by the screen: it outlives the row leaving the list (a filter, another page). */
  count: string;
  onCountChange: (count: string) => void;
  /** The count was recorded (called even when the row has left the list meanwhile). */
  onSaved: (count: string) => void;
};

/** A count for one stocktaking row: records a STOCK_TAKING with the counted quantity (Enter saves). */
export function StockCountCell({ row, count, onCountChange, onSaved }: StockCountCellProps) {
  const showSnackbar = useSnackbar();
  const createMutation = useCreateTransaction();
  const [error, setError] = useState<string | null>(null);
  const label = `${row.sku} at ${row.abbreviation_slug}`;

  const handleSave = () => {
    const parsed = QuantityText.safeParse(count);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A valid number is required.');
      return;
    }
    setError(null);
    // The promise, not mutate's callbacks: those are dropped when the row has left the list meanwhile.
    createMutation
      .mutateAsync({ product: row.product_id, location: row.location_id, inventory_action: 'STOCK_TAKING', quantity: parsed.data, comments: '' })
      .then(
        () => {
          onSaved(count);
          showSnackbar(MESSAGES.transactionAdded);
        },
        (failure: unknown) => {
          const fields = fieldErrorsOf(failure);
          setError(fields?.quantity?.join(' ') ?? serverMessage(failure));
        },
      );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Count ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        handleSave();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'flex-end' }}
    >
      <TextField
        size="small"
        fullWidth={false}
        placeholder="Counted"
        value={count}
        onChange={(event) => {
          onCountChange(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        sx={{ width: 120 }}
        slotProps={{ htmlInput: { ...QUANTITY_INPUT_PROPS, 'aria-label': `Counted quantity of ${label}` } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={count === ''} loading={createMutation.isPending} sx={{ mt: 0.25, whiteSpace: 'nowrap' }}>
        Save count
      </Button>
    </Box>
  );
}
