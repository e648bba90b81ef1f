import type { FileUrlBody, FileUrlResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CatalogProductPicker, type CatalogProductChoice } from '@/components/catalog-product-picker';
import { FormDialog, useHoldDialogOpen, FormDialogActions } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { errorBodyText } from '@/lib/error-body-text';
import { applyServerErrors } from '@/lib/form-errors';

/**
 * The inputs hold text; the output is the contract's body. Whether a URL is valid is left to the
 * server on purpose: spec §8 has file URL add answer a 400 with its error body shown as flattened
 * text, and the server's messages then also mark the fields. Only what the form must convert
 * (a priority that is no whole number) is checked here.
 */
const FileUrlFormSchema = z
  .object({
    url: z.string(),
    title: z.string(),
    source_url: z.string(),
    priority: z.string().trim().regex(/^\d*$/, 'Enter a whole number.'),
    removed_from_source: z.boolean(),
    product: z.custom<CatalogProductChoice | null>(),
  })
  .transform((values): FileUrlBody => ({
    url: values.url.trim(),
    title: values.title.trim(),
    source_url: values.source_url.trim(),
    priority: values.priority === '' ? 0 : Number(values.priority),
    removed_from_source: values.removed_from_source,
    product: values.product?.id ?? null,
  }));
type FormValues = z.input<typeof FileUrlFormSchema>;
type FormOutput = z.output<typeof FileUrlFormSchema>;
const FIELDS = ['url', 'title', 'source_url', 'priority', 'removed_from_source', 'product'] as const;

const toFormValues = (fileUrl: FileUrlResponse | null | undefined, defaultProduct: CatalogProductChoice | null): FormValues => ({
  url: fileUrl?.url ?? '',
  title: fileUrl?.title ?? '',
  source_url: fileUrl?.source_url ?? '',
  priority: fileUrl ? String(fileUrl.priority) : '0',
  removed_from_source: fileUrl?.removed_from_source ?? false,
  product: fileUrl
    ? fileUrl.product === null
      ? null
      : { id: fileUrl.product, sku: fileUrl.product_sku ?? '', name: fileUrl.product_name ?? '' }
    : defaultProduct,
});

type FileUrlDialogProps = {
  open: boolean;
  /** The link to edit; none to add a new one. */
  fileUrl?: FileUrlResponse | null;
  /** A new link's product (the list's product filter). */
  defaultProduct?: CatalogProductChoice | null;
  pending: boolean;
  onSave: (body: FileUrlBody, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

export function FileUrlDialog({ open, fileUrl, defaultProduct = null, pending, onSave, onClose }: FileUrlDialogProps) {
  const titleId = useId();
  const title = fileUrl ? 'Edit file URL' : 'New file URL';
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Keyed, so opening it for another link starts from that link's values; the dialog unmounts it when closed. */}
      <FileUrlForm
        key={fileUrl?.id ?? 'new'}
        title={title}
        fileUrl={fileUrl}
        defaultProduct={defaultProduct}
        pending={pending}
        onSave={onSave}
        onClose={onClose}
      />
    </FormDialog>
  );
}

function FileUrlForm({ title, fileUrl, defaultProduct, pending, onSave, onClose }: Omit<FileUrlDialogProps, 'open'> & { title: string }) {
  // Held open while the save runs, and Enter pressed twice sends one save.
  useHoldDialogOpen(pending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FileUrlFormSchema),
    defaultValues: toFormValues(fileUrl, defaultProduct ?? null),
  });

  const handleSave = handleSubmit((body) => {
    setFormError(null);
    onSave(body, (error) => {
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
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <FormTextField control={control} name="url" label="URL" required autoFocus fullWidth placeholder="https://" />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="title" label="Title" fullWidth helperText="E.g. User manual, Data sheet." />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="priority"
              label="Priority"
              type="number"
              fullWidth
              helperText="Lower is listed first."
              slotProps={{ htmlInput: { min: 0, max: 1000, step: 1, inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="product"
              render={({ field, fieldState }) => (
                <CatalogProductPicker
                  value={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  size="medium"
                  width="100%"
                  error={fieldState.error?.message}
                  helperText="Empty: the link belongs to no product."
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="source_url"
              label="Source URL"
              fullWidth
              helperText="Where the file was found, e.g. the supplier's product page."
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="removed_from_source"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />}
                  label="Removed from source"
                />
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Save" onCancel={onClose} />
    </form>
  );
}
