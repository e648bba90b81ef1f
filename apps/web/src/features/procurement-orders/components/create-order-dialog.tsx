import { zodResolver } from '@hookform/resolvers/zod';
import { DRF_FIELD_MESSAGES, type ProcurementOrderDetailResponse } from '@kontor/contract';
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
import { errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateOrder } from '../api/create-order';
import { useSupplierOptions } from '../api/list-supplier-options';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

export const SUPPLIER_REQUIRED = 'Choose a supplier.';

const CreateOrderSchema = z.object({
  supplier: z.string().min(1, SUPPLIER_REQUIRED),
  internal_order_number: z.string().trim().max(50, DRF_FIELD_MESSAGES.maxLength(50)),
  comments: z.string().max(2000),
});
type FormValues = z.infer<typeof CreateOrderSchema>;
const FIELDS = ['supplier', 'internal_order_number', 'comments'] as const;

type CreateOrderDialogProps = {
  open: boolean;
  /** Preselects the supplier (the list's supplier filter). */
  defaultSupplier?: string;
  onClose: () => void;
  onCreated: (order: ProcurementOrderDetailResponse) => void;
};

export function CreateOrderDialog({ open, onClose, ...props }: CreateOrderDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>New purchase order</DialogTitle>
      {/* Unmounted while closed: every opening starts with a clean form. */}
      <CreateOrderForm {...props} onClose={onClose} />
    </FormDialog>
  );
}

function CreateOrderForm({ defaultSupplier = '', onClose, onCreated }: Omit<CreateOrderDialogProps, 'open'>) {
  const suppliers = useSupplierOptions();
  const createMutation = useCreateOrder();
  useHoldDialogOpen(createMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues>({
    resolver: zodResolver(CreateOrderSchema),
    defaultValues: { supplier: defaultSupplier, internal_order_number: '', comments: '' },
  });

  const handleCreate = handleSubmit((values) => {
    setFormError(null);
    createMutation.mutate(
      {
        supplier: Number(values.supplier),
        // Left out, the server numbers the order itself (PO-000001...).
        ...(values.internal_order_number ? { internal_order_number: values.internal_order_number } : {}),
        comments: values.comments,
      },
      {
        onSuccess: (order) => onCreated(order),
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleCreate} aria-label="New purchase order">
      <DialogContent sx={{ pt: 0 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {suppliers.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(suppliers.error)}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="supplier"
            label="Supplier"
            required
            select
            autoFocus
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            helperText={suppliers.data?.length === 0 ? 'Add a supplier under Suppliers first.' : undefined}
          >
            <option value="">{suppliers.isPending ? 'Loading…' : 'Choose a supplier'}</option>
            {suppliers.data?.map((supplier) => (
              <option key={supplier.id} value={String(supplier.id)}>
                {supplier.name}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="internal_order_number"
            label="Order number"
            placeholder="PO-000001"
            helperText="Leave empty for the next number."
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField control={control} name="comments" label="Comments" multiline minRows={2} maxRows={4} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={createMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={createMutation.isPending}>
          Create
        </Button>
      </DialogActions>
    </form>
  );
}
