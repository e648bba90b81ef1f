import { zodResolver } from '@hookform/resolvers/zod';
import { LocationTypeBody, type LocationTypeResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, useHoldDialogOpen, FormDialogActions } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { applyServerErrors } from '@/lib/form-errors';

type LocationTypeNameDialogProps = {
  open: boolean;
  /** The type to rename; none to add a new one. */
  type?: LocationTypeResponse | null;
  pending: boolean;
  onSave: (body: LocationTypeBody, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

/** Adds a location type or renames one: the same one-field form. */
export function LocationTypeNameDialog({ open, type, pending, onSave, onClose }: LocationTypeNameDialogProps) {
  const titleId = useId();
  return (
    // A FormDialog: held open while the save runs, and Enter pressed twice sends one save.
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{type ? 'Rename location type' : 'New location type'}</DialogTitle>
      <NameForm key={type?.id ?? 'new'} type={type} pending={pending} onSave={onSave} onClose={onClose} />
    </FormDialog>
  );
}

function NameForm({ type, pending, onSave, onClose }: Omit<LocationTypeNameDialogProps, 'open'>) {
  useHoldDialogOpen(pending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<LocationTypeBody>({ resolver: zodResolver(LocationTypeBody), defaultValues: { name: type?.name ?? '' } });
  const handleSave = handleSubmit((body) => {
    setFormError(null);
    onSave(body, (error) => setFormError(applyServerErrors(error, ['name'], setError)));
  });
  return (
    <form noValidate onSubmit={handleSave} aria-label={type ? 'Rename location type' : 'New location type'}>
      <DialogContent sx={{ pt: 1 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <FormTextField control={control} name="name" label="Type name" required autoFocus fullWidth sx={{ mt: 1 }} />
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Save" onCancel={onClose} />
    </form>
  );
}
