import { zodResolver } from '@hookform/resolvers/zod';
import { MarkupBody, type MarkupResponse, type ProductTypeValue } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, useHoldDialogOpen, FormDialogActions } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useProductTypes } from '../api/list-product-types';

/**
 * The inputs hold text (an empty cost or type means "no limit" / "any"); the form's output is
 * the contract's MarkupBody, so the client checks exactly what the server checks, on the same fields.
 */
const MarkupFormSchema = z
  .object({
    name: z.string(),
    percent: z.string(),
    cost_from: z.string(),
    cost_to: z.string(),
    product_type: z.string(),
    priority: z.string().trim().regex(/^\d*$/, 'Enter a whole number.'),
    is_default: z.boolean(),
  })
  .transform((values): MarkupBody => ({
    name: values.name,
    percent: values.percent,
    cost_from: values.cost_from.trim() === '' ? null : values.cost_from,
    cost_to: values.cost_to.trim() === '' ? null : values.cost_to,
    // The select only offers the contract's types; the pipe checks it all the same.
    product_type: values.product_type === '' ? null : (values.product_type as ProductTypeValue),
    priority: values.priority === '' ? undefined : Number(values.priority),
    is_default: values.is_default,
  }))
  .pipe(MarkupBody);
type FormValues = z.input<typeof MarkupFormSchema>;
type FormOutput = z.output<typeof MarkupFormSchema>;
const FIELDS = ['name', 'percent', 'cost_from', 'cost_to', 'product_type', 'priority', 'is_default'] as const;

const toFormValues = (markup: MarkupResponse | null | undefined): FormValues => ({
  name: markup?.name ?? '',
  percent: markup ? String(markup.percent) : '',
  cost_from: markup?.cost_from == null ? '' : String(markup.cost_from),
  cost_to: markup?.cost_to == null ? '' : String(markup.cost_to),
  product_type: markup?.product_type ?? '',
  priority: markup ? String(markup.priority) : '',
  is_default: markup?.is_default ?? false,
});

const kronor = {
  input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> },
  htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
} as const;

type MarkupDialogProps = {
  open: boolean;
  /** The rule to edit; none to add a new one. */
  markup?: MarkupResponse | null;
  pending: boolean;
  onSave: (body: MarkupBody, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

export function MarkupDialog({ open, markup, pending, onSave, onClose }: MarkupDialogProps) {
  const titleId = useId();
  const title = markup ? 'Edit markup' : 'New markup';
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Keyed, so opening it for another rule starts from that rule's values. */}
      <MarkupForm key={markup?.id ?? 'new'} title={title} markup={markup} pending={pending} onSave={onSave} onClose={onClose} />
    </FormDialog>
  );
}

function MarkupForm({ title, markup, pending, onSave, onClose }: Omit<MarkupDialogProps, 'open'> & { title: string }) {
  // Held open while the save runs, and Enter pressed twice sends one save.
  useHoldDialogOpen(pending);
  const productTypes = useProductTypes();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(MarkupFormSchema),
    defaultValues: toFormValues(markup),
  });

  const handleSave = handleSubmit((body) => {
    setFormError(null);
    onSave(body, (error) => setFormError(applyServerErrors(error, FIELDS, setError)));
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label={title}>
      <DialogContent sx={{ pt: 1 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="name" label="Name" required autoFocus fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="percent"
              label="Markup"
              required
              type="number"
              fullWidth
              slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { step: 0.01, inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="cost_from"
              label="Cost from"
              type="number"
              fullWidth
              helperText="Total cost excl. VAT, inclusive. Empty: no lower limit."
              slotProps={kronor}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="cost_to"
              label="Cost to"
              type="number"
              fullWidth
              helperText="Exclusive. Empty: no upper limit."
              slotProps={kronor}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="product_type"
              label="Product type"
              select
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Any</option>
              {productTypes.data?.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.name}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="priority"
              label="Priority"
              type="number"
              fullWidth
              helperText="Lower is tried first."
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="is_default"
              render={({ field, fieldState }) => (
                <>
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />}
                    label="Default rule (used when no other rule matches)"
                  />
                  {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
                </>
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Save" onCancel={onClose} />
    </form>
  );
}
