import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, SupplierBody, type SupplierResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { errorText } from '@/lib/api-client';
import { errorBodyText } from '@/lib/error-body-text';
import { applyServerErrors } from '@/lib/form-errors';
import { useCurrencies } from '../api/list-currencies';
import { FormDialog, useHoldDialogOpen, FormDialogActions } from '@/components/form-dialog';

/** The contract's body, with the currency as the select's text value ('' = none, prices in SEK). */
const SupplierFormSchema = SupplierBody.omit({ currency: true, global_supplier: true }).extend({ currency: z.string() });
type FormValues = z.input<typeof SupplierFormSchema>;
type FormOutput = z.output<typeof SupplierFormSchema>;
const FIELDS = ['name', 'name_abbrev', 'website', 'email', 'phone', 'currency', 'comments'] as const;

const toFormValues = (supplier: SupplierResponse | null | undefined): FormValues => ({
  name: supplier?.name ?? '',
  name_abbrev: supplier?.name_abbrev ?? '',
  website: supplier?.website ?? '',
  email: supplier?.email ?? '',
  phone: supplier?.phone ?? '',
  currency: supplier?.currency ? String(supplier.currency) : '',
  comments: supplier?.comments ?? '',
});

type SupplierDialogProps = {
  open: boolean;
  /** The supplier to edit; none to add a new one. */
  supplier?: SupplierResponse | null;
  pending: boolean;
  onSave: (body: SupplierBody, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

export function SupplierDialog({ open, supplier, pending, onSave, onClose }: SupplierDialogProps) {
  const titleId = useId();
  const title = supplier ? 'Edit supplier' : 'New supplier';
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Keyed, so opening it for another supplier starts from that supplier's values. */}
      <SupplierForm key={supplier?.id ?? 'new'} title={title} supplier={supplier} pending={pending} onSave={onSave} onClose={onClose} />
    </FormDialog>
  );
}

function SupplierForm({ title, supplier, pending, onSave, onClose }: Omit<SupplierDialogProps, 'open'> & { title: string }) {
  // Held open while the save runs, and Enter pressed twice sends one save.
  useHoldDialogOpen(pending);
  const currencies = useCurrencies();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(SupplierFormSchema),
    defaultValues: toFormValues(supplier),
  });

  const handleSave = handleSubmit(({ currency, ...values }) => {
    setFormError(null);
    onSave({ ...values, currency: currency ? Number(currency) : null }, (error) => {
      applyServerErrors(error, FIELDS, setError);
      // Spec §8: the whole 400 body as text, besides the messages on the fields.
      setFormError(errorBodyText(error));
    });
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label={title}>
      <DialogContent sx={{ pt: 1 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {/* Spec §8: without the currencies the select cannot show the supplier's currency; say so. */}
        {currencies.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {`${MESSAGES.couldNotGetSuppliers}: ${errorText(currencies.error)}`}
          </Alert>
        ) : null}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="name" label="Name" required autoFocus fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="name_abbrev" label="Abbreviation" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="website" label="Website" type="url" placeholder="https://" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="email" label="Email" type="email" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="phone" label="Phone" type="tel" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="currency"
              label="Currency"
              select
              fullWidth
              helperText="The currency its prices are in."
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Not set (SEK)</option>
              {currencies.data?.map((currency) => (
                <option key={currency.id} value={String(currency.id)}>
                  {currency.code} – {currency.name}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12}>
            <FormTextField control={control} name="comments" label="Comments" multiline minRows={2} maxRows={4} fullWidth />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Save" onCancel={onClose} />
    </form>
  );
}
