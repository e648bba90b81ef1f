import { zodResolver } from '@hookform/resolvers/zod';
import { DRF_FIELD_MESSAGES, MESSAGES } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateLocation } from '../api/create-location';
import { useLocationTypeOptions } from '../api/list-location-types';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

const CreateLocationSchema = z.object({
  name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(100),
  abbreviation_slug: z.string().trim().max(30),
  type: z.string(),
  comment: z.string().max(2000),
  not_for_stock: z.boolean(),
});
type FormValues = z.input<typeof CreateLocationSchema>;
type FormOutput = z.output<typeof CreateLocationSchema>;
const FIELDS = ['name', 'abbreviation_slug', 'type', 'comment', 'not_for_stock'] as const;

export function CreateLocationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>New location</DialogTitle>
      <CreateLocationForm onClose={onClose} />
    </FormDialog>
  );
}

function CreateLocationForm({ onClose }: { onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const types = useLocationTypeOptions();
  const createMutation = useCreateLocation();
  useHoldDialogOpen(createMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(CreateLocationSchema),
    defaultValues: { name: '', abbreviation_slug: '', type: '', comment: '', not_for_stock: false },
  });

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    createMutation.mutate(
      { ...values, type: values.type ? Number(values.type) : null },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.addSuccessfully);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label="New location">
      <DialogContent sx={{ pt: 1 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Name" required autoFocus />
          <FormTextField
            control={control}
            name="abbreviation_slug"
            label="Abbreviation"
            helperText="Short code shown in stock lists; the name when left empty."
          />
          <FormTextField control={control} name="type" label="Type" select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
            <option value="">No type</option>
            {types.data?.map((type) => (
              <option key={type.id} value={String(type.id)}>
                {type.name}
              </option>
            ))}
          </FormTextField>
          <FormTextField control={control} name="comment" label="Comment" multiline maxRows={4} />
          <Controller
            control={control}
            name="not_for_stock"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label="Not for stock (its quantities do not count as sellable stock)"
              />
            )}
          />
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
