import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type InventoryEntry, type LocationResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useProductInventories } from '../api/get-product-inventories';
import { useLocationOptions } from '../api/list-locations';
import { useMoveStock } from '../api/move-stock';
import { ProductHeading } from './product-heading';
import { formatQuantity, normalizeQuantity, QUANTITY_INPUT_PROPS, QuantityText, type StockProduct } from './quantity';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

const MoveStockSchema = z.object({
  from_location: z.string().min(1, 'Choose the source location.'),
  to_location: z.string().min(1, 'Choose the target location.'),
  quantity: QuantityText,
  comments: z.string().max(2000),
});
type FormValues = z.input<typeof MoveStockSchema>;
type FormOutput = z.output<typeof MoveStockSchema>;
const FIELDS = ['from_location', 'to_location', 'quantity', 'comments'] as const;

/** Spec §5: the move quantity is clamped to the accumulated quantity at the source. */
export function clampQuantity(value: string, max: number | undefined): string {
  if (value === '' || max === undefined) return value;
  const n = Number(normalizeQuantity(value));
  if (!Number.isFinite(n)) return value;
  if (n > max) return String(max);
  if (n < 0) return '0';
  return value;
}

export type MoveStockDialogProps = { open: boolean; product: StockProduct; onClose: () => void };

export function MoveStockDialog({ open, product, onClose }: MoveStockDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Move stock</DialogTitle>
      <MoveStockContent product={product} onClose={onClose} />
    </FormDialog>
  );
}

function MoveStockContent({ product, onClose }: Omit<MoveStockDialogProps, 'open'>) {
  const inventories = useProductInventories([product.id]);
  const locations = useLocationOptions();
  const error = inventories.error ?? locations.error;
  if (error) {
    return (
      <>
        <DialogContent sx={{ pt: 0 }}>
          <Alert severity="error">{errorText(error)}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }
  if (!inventories.data || !locations.data) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label="Loading stock" />
      </DialogContent>
    );
  }
  const entries = inventories.data.results.find((row) => row.product_id === product.id)?.inventories ?? [];
  // Only locations that hold stock can be a source.
  const sources = entries.filter((entry) => entry.accumulated_quantity > 0);
  // Mounted once the data is there: the defaults (a single source preselected) are then just initial values.
  return <MoveStockForm product={product} sources={sources} locations={locations.data} onClose={onClose} />;
}

type MoveStockFormProps = { product: StockProduct; sources: InventoryEntry[]; locations: LocationResponse[]; onClose: () => void };

function MoveStockForm({ product, sources, locations, onClose }: MoveStockFormProps) {
  const showSnackbar = useSnackbar();
  const moveMutation = useMoveStock();
  useHoldDialogOpen(moveMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, getValues } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(MoveStockSchema),
    // Spec §4: if only one location holds stock, it is preselected.
    defaultValues: { from_location: sources.length === 1 ? String(sources[0]!.location_id) : '', to_location: '', quantity: '', comments: '' },
  });
  const [fromLocation, toLocation, quantity] = useWatch({ control, name: ['from_location', 'to_location', 'quantity'] });
  const source = sources.find((entry) => String(entry.location_id) === fromLocation);
  const targets = locations.filter((location) => String(location.id) !== fromLocation);
  // Spec §5: saving a move needs source, quantity and target.
  const complete = Boolean(source) && toLocation !== '' && Number(normalizeQuantity(quantity ?? '')) > 0;

  const handleSourceChange = (value: string) => {
    setValue('from_location', value, { shouldValidate: false });
    if (getValues('to_location') === value) setValue('to_location', '');
    const max = sources.find((entry) => String(entry.location_id) === value)?.accumulated_quantity;
    setValue('quantity', clampQuantity(String(getValues('quantity') ?? ''), max));
  };

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    moveMutation.mutate(
      {
        product: product.id,
        from_location: Number(values.from_location),
        to_location: Number(values.to_location),
        quantity: values.quantity,
        comments: values.comments,
      },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.transactionMoved);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label="Move stock">
      <DialogContent sx={{ pt: 0 }}>
        <ProductHeading product={product} />
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {sources.length === 0 ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            This product has no stock at any location, so there is nothing to move. Add a transaction first.
          </Alert>
        ) : null}
        <Stack spacing={2}>
          <Controller
            control={control}
            name="from_location"
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                label="From location"
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => handleSourceChange(event.target.value)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                disabled={sources.length === 0}
                autoFocus={sources.length !== 1}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Choose the source</option>
                {sources.map((entry) => (
                  <option key={entry.location_id} value={String(entry.location_id)}>
                    {entry.abbreviation_slug} ({formatQuantity(entry.accumulated_quantity)} in stock)
                  </option>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="quantity"
            render={({ field, fieldState }) => (
              <TextField
                required
                label="Quantity"
                name={field.name}
                value={field.value ?? ''}
                inputRef={field.ref}
                onBlur={field.onBlur}
                autoFocus={sources.length === 1}
                // Typing more than the source holds sets the quantity to that maximum.
                onChange={(event) => field.onChange(clampQuantity(event.target.value, source?.accumulated_quantity))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (source ? `At most ${formatQuantity(source.accumulated_quantity)}` : ' ')}
                disabled={sources.length === 0}
                slotProps={{ htmlInput: QUANTITY_INPUT_PROPS }}
              />
            )}
          />
          <FormTextField
            control={control}
            name="to_location"
            label="To location"
            required
            select
            disabled={sources.length === 0}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choose the target</option>
            {targets.map((location) => (
              <option key={location.id} value={String(location.id)}>
                {location.abbreviation_slug} — {location.name}
              </option>
            ))}
          </FormTextField>
          <FormTextField control={control} name="comments" label="Comments" multiline minRows={2} maxRows={4} />
        </Stack>
        <Box sx={{ height: 4 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={moveMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!complete} loading={moveMutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
