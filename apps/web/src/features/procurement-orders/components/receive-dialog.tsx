import { zodResolver } from '@hookform/resolvers/zod';
import { Quantity, type ProcurementOrderItemResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocationOptions } from '../api/list-location-options';
import { useReceiveOrderItem } from '../api/receive-order-item';
import { formatQuantity, QUANTITY_INPUT_PROPS, QUANTITY_POSITIVE, remainingOf } from './format';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

export const LOCATION_REQUIRED = 'Choose a location.';
export const moreThanRemainingMessage = (remaining: number) => `Only ${formatQuantity(remaining)} remain to be received.`;
export const receivedMessage = (quantity: number, sku: string, location: string) => `Received ${formatQuantity(quantity)} × ${sku} into ${location}`;

const receiveSchema = (remaining: number) =>
  z.object({
    location: z.string().min(1, LOCATION_REQUIRED),
    quantity: Quantity.refine((q) => Number(q) > 0, QUANTITY_POSITIVE).refine((q) => Number(q) <= remaining, moreThanRemainingMessage(remaining)),
    comments: z.string().max(2000),
  });
type Schema = ReturnType<typeof receiveSchema>;
type FormValues = z.input<Schema>;
type FormOutput = z.output<Schema>;
const FIELDS = ['location', 'quantity', 'comments'] as const;

type ReceiveDialogProps = {
  /** The item to receive; null keeps the dialog closed. */
  item: ProcurementOrderItemResponse | null;
  orderNumber: string;
  onClose: () => void;
};

export function ReceiveDialog({ item, orderNumber, onClose }: ReceiveDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={item !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Receive goods</DialogTitle>
      {item ? <ReceiveForm key={item.id} item={item} orderNumber={orderNumber} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ReceiveForm({ item, orderNumber, onClose }: { item: ProcurementOrderItemResponse; orderNumber: string; onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const locations = useLocationOptions();
  const receiveMutation = useReceiveOrderItem();
  useHoldDialogOpen(receiveMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const remaining = remainingOf(item);
  const schema = useMemo(() => receiveSchema(remaining), [remaining]);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { location: '', quantity: String(remaining), comments: '' },
  });

  const handleReceive = handleSubmit((values) => {
    setFormError(null);
    receiveMutation.mutate(
      { id: item.id, location: Number(values.location), quantity: values.quantity, comments: values.comments },
      {
        onSuccess: ({ transaction }) => {
          showSnackbar(receivedMessage(Number(values.quantity), item.product_sku, transaction.location_abbreviation_slug));
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleReceive} aria-label="Receive goods">
      <DialogContent sx={{ pt: 0 }}>
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="p">
            <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
              {item.product_sku}
            </Box>
            {item.product_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {orderNumber}: {formatQuantity(item.quantity_received)} of {formatQuantity(item.quantity)} received, {formatQuantity(remaining)} to come.
          </Typography>
        </Box>
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
          <FormTextField
            control={control}
            name="quantity"
            label="Quantity"
            type="number"
            required
            slotProps={{ htmlInput: { ...QUANTITY_INPUT_PROPS, max: remaining } }}
          />
          <FormTextField control={control} name="comments" label="Comments" multiline minRows={2} maxRows={4} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={receiveMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={receiveMutation.isPending}>
          Receive
        </Button>
      </DialogActions>
    </form>
  );
}
