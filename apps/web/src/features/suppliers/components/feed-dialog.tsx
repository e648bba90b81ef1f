import { zodResolver } from '@hookform/resolvers/zod';
import { FEED_FORMATS, FEED_SCHEDULES, MESSAGES, type FeedBody, type FeedMappingField, type FeedResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { ApiError, errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useCurrencies } from '../api/list-currencies';
import { useSupplierOptions } from '../api/list-supplier-options';
import {
  DEFAULT_SHOWN_MAPPING,
  DELIMITERS,
  FEED_FORM_FIELDS,
  FeedFormSchema,
  fromServerPath,
  MAPPING_HINTS,
  MAPPING_LABELS,
  OPTIONAL_MAPPING,
  REQUIRED_MAPPING,
  SCHEDULE_LABELS,
  toFeedBody,
  toFeedFormValues,
  type FeedFormOutput,
  type FeedFormValues,
} from './feed-form-schema';
import { FormDialog, useHoldDialogOpen, FormDialogActions } from '@/components/form-dialog';

type FeedDialogProps = {
  open: boolean;
  /** The feed to edit; none to add a new one. */
  feed?: FeedResponse | null;
  /** A new feed's supplier (the list's supplier filter), as the select's value. */
  defaultSupplier?: string;
  pending: boolean;
  onSave: (body: FeedBody, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

export function FeedDialog({ open, feed, defaultSupplier = '', pending, onSave, onClose }: FeedDialogProps) {
  const titleId = useId();
  const title = feed ? 'Edit feed' : 'New feed';
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <FeedForm key={feed?.id ?? 'new'} title={title} feed={feed} defaultSupplier={defaultSupplier} pending={pending} onSave={onSave} onClose={onClose} />
    </FormDialog>
  );
}

/** The server names format options 'options.delimiter'; the form has them at the top. */
const withFormPaths = (error: unknown) =>
  error instanceof ApiError && error.data && typeof error.data === 'object' && !Array.isArray(error.data)
    ? new ApiError(error.status, error.message, Object.fromEntries(Object.entries(error.data).map(([key, value]) => [fromServerPath(key), value])))
    : error;

function FeedForm({ title, feed, defaultSupplier = '', pending, onSave, onClose }: Omit<FeedDialogProps, 'open'> & { title: string }) {
  // Held open while the save runs, and Enter pressed twice sends one save.
  useHoldDialogOpen(pending);
  const suppliers = useSupplierOptions();
  const currencies = useCurrencies();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = toFeedFormValues(feed, defaultSupplier);
  const [shown, setShown] = useState<FeedMappingField[]>(() =>
    feed ? OPTIONAL_MAPPING.filter((field) => defaults.column_mapping[field]) : [...DEFAULT_SHOWN_MAPPING],
  );
  const [added, setAdded] = useState<FeedMappingField | null>(null);
  const mappingHeadingId = useId();
  const { control, handleSubmit, setError, setValue } = useForm<FeedFormValues, unknown, FeedFormOutput>({
    resolver: zodResolver(FeedFormSchema),
    defaultValues: defaults,
  });
  const format = useWatch({ control, name: 'format' });
  const delimiter = useWatch({ control, name: 'delimiter' });

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    onSave(toFeedBody(values), (error) => setFormError(applyServerErrors(withFormPaths(error), FEED_FORM_FIELDS, setError)));
  });

  const handleAddField = (field: FeedMappingField) => {
    setShown((current) => [...current, field]);
    // Its input takes the focus when it mounts, so typing goes on there.
    setAdded(field);
  };
  const handleRemoveField = (field: FeedMappingField) => {
    setValue(`column_mapping.${field}`, '');
    setShown((current) => current.filter((other) => other !== field));
  };

  const hidden = OPTIONAL_MAPPING.filter((field) => !shown.includes(field));
  const sourceWord = format === 'XML' ? 'child element (or @attribute)' : format === 'JSON' ? 'key (nested as a.b)' : 'column header';
  // A delimiter set through the API that the select does not list still shows.
  const delimiters =
    DELIMITERS.some((option) => option.value === delimiter) || !delimiter ? DELIMITERS : [...DELIMITERS, { value: delimiter, label: `'${delimiter}'` }];

  return (
    <Box component="form" noValidate onSubmit={handleSave} aria-label={title} sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
      <DialogContent dividers>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {/* Spec §8: without the suppliers or the currencies their selects stay empty; say so. */}
        {suppliers.isError || currencies.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {`${MESSAGES.couldNotGetSuppliers}: ${errorText(suppliers.error ?? currencies.error)}`}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="supplier" label="Supplier" required select fullWidth slotProps={nativeSelect}>
              <option value="">Choose a supplier</option>
              {suppliers.data?.map((supplier) => (
                <option key={supplier.id} value={String(supplier.id)}>
                  {supplier.name}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="name" label="Feed name" required autoFocus fullWidth />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="url"
              label="Feed URL"
              required
              type="url"
              placeholder="https://"
              fullWidth
              helperText="Where the supplier publishes its catalog file."
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="format" label="Format" required select fullWidth slotProps={nativeSelect}>
              {FEED_FORMATS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            {format === 'CSV' ? (
              <FormTextField control={control} name="delimiter" label="Delimiter" select fullWidth slotProps={nativeSelect}>
                {delimiters.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </FormTextField>
            ) : format === 'XML' ? (
              <FormTextField
                control={control}
                name="item"
                label="Item element"
                placeholder="product"
                fullWidth
                helperText="The repeated element holding one product."
              />
            ) : (
              <FormTextField
                control={control}
                name="path"
                label="Path to the products"
                placeholder="data.items"
                fullWidth
                helperText="Where the array of products is; empty when the file is the array."
              />
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="schedule" label="Schedule" select fullWidth slotProps={nativeSelect}>
              {FEED_SCHEDULES.map((value) => (
                <option key={value} value={value}>
                  {value === 'manual' ? 'Manual (Run now only)' : SCHEDULE_LABELS[value]}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="currency"
              label="Currency"
              select
              fullWidth
              helperText="Of the costs in the file; when not set, each row's currency, else the supplier's."
              slotProps={nativeSelect}
            >
              <option value="">Not set</option>
              {currencies.data?.map((currency) => (
                <option key={currency.id} value={String(currency.id)}>
                  {currency.code} – {currency.name}
                </option>
              ))}
            </FormTextField>
          </Grid>
        </Grid>
        <Divider sx={{ my: 3 }} />
        <Box role="group" aria-labelledby={mappingHeadingId}>
          <Typography id={mappingHeadingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Column mapping
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            For each of our fields, the {sourceWord} of the file that holds it. SKU and name are required.
          </Typography>
          <Grid container spacing={2}>
            {[...REQUIRED_MAPPING, ...shown].map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <MappingRow
                  control={control}
                  field={field}
                  autoFocus={field === added}
                  onRemove={REQUIRED_MAPPING.includes(field) ? undefined : () => handleRemoveField(field)}
                />
              </Grid>
            ))}
          </Grid>
          {hidden.length ? (
            <TextField
              select
              size="small"
              fullWidth={false}
              label="Add field"
              value=""
              onChange={(event) => handleAddField(event.target.value as FeedMappingField)}
              sx={{ mt: 2, minWidth: 220 }}
              slotProps={nativeSelect}
            >
              <option value="">Choose a field…</option>
              {hidden.map((field) => (
                <option key={field} value={field}>
                  {MAPPING_LABELS[field]}
                </option>
              ))}
            </TextField>
          ) : null}
        </Box>
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Save" onCancel={onClose} />
    </Box>
  );
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

type MappingRowProps = { control: Control<FeedFormValues>; field: FeedMappingField; autoFocus: boolean; onRemove?: (() => void) | undefined };

/** One of our fields and the file's column for it; optional fields can be taken out again. */
function MappingRow({ control, field, autoFocus, onRemove }: MappingRowProps) {
  const label = MAPPING_LABELS[field];
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <FormTextField
        control={control}
        name={`column_mapping.${field}`}
        label={`Column for ${label}`}
        required={!onRemove}
        autoFocus={autoFocus}
        size="small"
        fullWidth
        helperText={MAPPING_HINTS[field]}
      />
      {onRemove ? (
        <Tooltip title="Remove from the mapping">
          <IconButton size="small" aria-label={`Remove ${label} from the mapping`} onClick={onRemove} sx={{ mt: 0.5 }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}
