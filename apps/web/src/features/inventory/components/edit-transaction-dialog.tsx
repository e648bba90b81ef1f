import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, STOCK_FIXED_MESSAGES, type TransactionResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useLocationOptions } from '../api/list-locations';
import { useUpdateTransaction } from '../api/update-transaction';
import { ActionChip } from './action-chip';
import { ProductHeading } from './product-heading';
import { QUANTITY_INPUT_PROPS, QuantityText } from './quantity';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

const EditTransactionSchema = z.object({
  location: z.string().min(1, 'Choose a location.'),
  quantity: QuantityText,
  comments: z.string().max(2000),
});
type FormValues = z.input<typeof EditTransactionSchema>;
type FormOutput = z.output<typeof EditTransactionSchema>;
const FIELDS = ['location', 'quantity', 'comments'] as const;

export type EditTransactionDialogProps = { transaction: TransactionResponse | null; onClose: () => void };

/** Why the server keeps this row's stock as it is (the other half, the order line or the purchase order line says the same), if it does. */
function stockFixedBy(transaction: TransactionResponse): string | null {
  if (transaction.move_id !== null) return STOCK_FIXED_MESSAGES.moveHalf;
  if (transaction.order_item !== null) return STOCK_FIXED_MESSAGES.pick;
  if (transaction.procurement_order_item !== null) return STOCK_FIXED_MESSAGES.receipt;
  return null;
}

/** Open while `transaction` is set. Editing recomputes the level on the server and keeps the old values in its history. */
export function EditTransactionDialog({ transaction, onClose }: EditTransactionDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={transaction !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Edit transaction</DialogTitle>
      {transaction ? <EditTransactionForm key={transaction.id} transaction={transaction} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function EditTransactionForm({ transaction, onClose }: { transaction: TransactionResponse; onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const locations = useLocationOptions();
  const updateMutation = useUpdateTransaction();
  useHoldDialogOpen(updateMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const stockFixed = stockFixedBy(transaction);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(EditTransactionSchema),
    defaultValues: { location: String(transaction.location), quantity: String(transaction.quantity), comments: transaction.comments },
  });
  // The row's own location stays choosable even when it has become obsolete since.
  const options = locations.data?.some((location) => location.id === transaction.location)
    ? locations.data
    : [{ id: transaction.location, abbreviation_slug: transaction.location_abbreviation_slug, name: '' }, ...(locations.data ?? [])];

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    updateMutation.mutate(
      {
        id: transaction.id,
        body: stockFixed ? { comments: values.comments } : { location: Number(values.location), quantity: values.quantity, comments: values.comments },
      },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.transactionUpdated);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label="Edit transaction">
      <DialogContent sx={{ pt: 0 }}>
        <ProductHeading product={{ id: transaction.product, sku: transaction.product_sku, name: transaction.product_name }} />
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', color: 'text.secondary', typography: 'body2' }}>
          <ActionChip action={transaction.inventory_action} />
          <span>{formatDateTime(transaction.created_at)}</span>
        </Stack>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {stockFixed ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {stockFixed}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="location"
            label="Location"
            required
            select
            disabled={stockFixed !== null}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {options.map((location) => (
              <option key={location.id} value={String(location.id)}>
                {location.name ? `${location.abbreviation_slug} — ${location.name}` : location.abbreviation_slug}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="quantity"
            label={transaction.inventory_action === 'STOCK_TAKING' ? 'Counted quantity' : 'Quantity'}
            required
            disabled={stockFixed !== null}
            autoFocus={stockFixed === null}
            slotProps={{ htmlInput: QUANTITY_INPUT_PROPS }}
          />
          <FormTextField control={control} name="comments" label="Comments" multiline minRows={2} maxRows={4} autoFocus={stockFixed !== null} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={updateMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={updateMutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
