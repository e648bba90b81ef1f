import { zodResolver } from '@hookform/resolvers/zod';
import { INVENTORY_ACTIONS, InventoryAction, MESSAGES } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateTransaction } from '../api/create-transaction';
import { useLocationOptions } from '../api/list-locations';
import { ProductHeading } from './product-heading';
import { ACTION_LABELS, QUANTITY_INPUT_PROPS, QuantityText, type StockProduct } from './quantity';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

/** Spec §5: adding a transaction needs a location. */
export const LOCATION_REQUIRED = 'Choose a location.';

const AddTransactionSchema = z.object({
  location: z.string().min(1, LOCATION_REQUIRED),
  inventory_action: InventoryAction,
  quantity: QuantityText,
  comments: z.string().max(2000),
});
type FormValues = z.input<typeof AddTransactionSchema>;
type FormOutput = z.output<typeof AddTransactionSchema>;
const FIELDS = ['location', 'inventory_action', 'quantity', 'comments'] as const;

export type AddTransactionDialogProps = {
  open: boolean;
  product: StockProduct;
  /** Preselects a location (the product's default location, the row's location). */
  defaultLocationId?: number | null;
  defaultAction?: InventoryAction;
  onClose: () => void;
};

export function AddTransactionDialog({ open, onClose, ...props }: AddTransactionDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Add transaction</DialogTitle>
      {/* The dialog unmounts its content when closed, so every opening starts with a clean form. */}
      <AddTransactionForm {...props} onClose={onClose} />
    </FormDialog>
  );
}

function AddTransactionForm({ product, defaultLocationId, defaultAction = 'STOCK_IN', onClose }: Omit<AddTransactionDialogProps, 'open'>) {
  const showSnackbar = useSnackbar();
  const locations = useLocationOptions();
  const createMutation = useCreateTransaction();
  useHoldDialogOpen(createMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, getValues, setValue } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(AddTransactionSchema),
    defaultValues: { location: defaultLocationId ? String(defaultLocationId) : '', inventory_action: defaultAction, quantity: '', comments: '' },
  });
  // The product's default location may be obsolete, which the choices leave out: the select then
  // showed "Choose a location" while Save would have sent the obsolete one. Start unchosen instead.
  useEffect(() => {
    const chosen = getValues('location');
    if (locations.data && chosen && !locations.data.some((location) => String(location.id) === chosen)) setValue('location', '');
  }, [locations.data, getValues, setValue]);

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    createMutation.mutate(
      {
        product: product.id,
        location: Number(values.location),
        inventory_action: values.inventory_action,
        quantity: values.quantity,
        comments: values.comments,
      },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.transactionAdded);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label="Add transaction">
      <DialogContent sx={{ pt: 0 }}>
        <ProductHeading product={product} />
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {locations.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(locations.error)}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="location"
            label="Location"
            required
            select
            autoFocus
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            helperText={locations.data?.length === 0 ? 'Create a location under Inventory locations first.' : undefined}
          >
            <option value="">{locations.isPending ? 'Loading…' : 'Choose a location'}</option>
            {locations.data?.map((location) => (
              <option key={location.id} value={String(location.id)}>
                {location.abbreviation_slug} — {location.name}
              </option>
            ))}
          </FormTextField>
          <FormTextField control={control} name="inventory_action" label="Action" select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
            {INVENTORY_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </FormTextField>
          <FormTextField control={control} name="quantity" label="Quantity" required slotProps={{ htmlInput: QUANTITY_INPUT_PROPS }} />
          <FormTextField control={control} name="comments" label="Comments" multiline minRows={2} maxRows={4} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={createMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={createMutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
