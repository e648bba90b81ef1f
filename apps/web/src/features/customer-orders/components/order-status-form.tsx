import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ORDER_STATUS_LABELS, UpdateOrderBody, type OrderInternalStatus, type OrderResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateOrder } from '../api/update-order';

type StatusFormValues = z.input<typeof UpdateOrderBody>;
type StatusFormOutput = z.output<typeof UpdateOrderBody>;

/** What an operator sets by hand (DESIGN §5); partially picked and picked follow the picks. */
const OPERATOR_STATUSES: readonly OrderInternalStatus[] = ['open', 'delivered', 'cancelled'];
const FIELDS = ['internal_status', 'notes'] as const;

const toFormValues = (order: OrderResponse): StatusFormValues => ({ internal_status: order.internal_status, notes: order.notes });

/** The order's internal status and notes, saved with PUT. The status is only sent when it changed. Mount it once per order. */
export function OrderStatusForm({ order }: { order: OrderResponse }) {
  const showSnackbar = useSnackbar();
  const updateMutation = useUpdateOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = useForm<StatusFormValues, unknown, StatusFormOutput>({ resolver: zodResolver(UpdateOrderBody), defaultValues: toFormValues(order) });
  useUnsavedChanges(isDirty, ['id']);
  // The order changes under the form (a pick, a sync, another operator): take its new values but
  // keep what the operator has typed, so neither is lost nor an old status sent back.
  useEffect(() => {
    reset(toFormValues(order), { keepDirtyValues: true });
  }, [order, reset]);
  const statuses = OPERATOR_STATUSES.includes(order.internal_status) ? OPERATOR_STATUSES : [order.internal_status, ...OPERATOR_STATUSES];

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    const body = values.internal_status === order.internal_status ? { notes: values.notes } : values;
    updateMutation.mutate(
      { id: order.id, body },
      {
        onSuccess: (saved) => {
          reset(toFormValues(saved));
          showSnackbar(MESSAGES.updateSuccessfully);
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={handleSave} aria-label="Order status" sx={{ display: 'grid', gap: 2 }}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <FormTextField
        control={control}
        name="internal_status"
        label="Internal status"
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {statuses.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </FormTextField>
      <FormTextField control={control} name="notes" label="Notes" multiline minRows={3} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button type="button" color="inherit" onClick={() => reset(toFormValues(order))} disabled={!isDirty || updateMutation.isPending}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" loading={updateMutation.isPending} disabled={!isDirty}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
