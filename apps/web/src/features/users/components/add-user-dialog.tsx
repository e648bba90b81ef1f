import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_ROLES, CreateUserBody, PASSWORD_MIN_LENGTH } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateUser } from '../api/create-user';

type AddUserValues = z.input<typeof CreateUserBody>;
type AddUserOutput = z.output<typeof CreateUserBody>;
const FIELDS = ['email', 'first_name', 'last_name', 'phonenumber', 'company_role', 'password'] as const;
const DEFAULTS: AddUserValues = { email: '', first_name: '', last_name: '', phonenumber: '', company_role: 'Staff', password: '' };

type AddUserDialogProps = { open: boolean; onClose: () => void };

/** An Admin adds a person to the company with a first password (the contract's rule, as the server checks it). */
export function AddUserDialog({ open, onClose }: AddUserDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Add a person</DialogTitle>
      {open ? <AddUserForm onClose={onClose} /> : null}
    </FormDialog>
  );
}

function AddUserForm({ onClose }: Omit<AddUserDialogProps, 'open'>) {
  const showSnackbar = useSnackbar();
  const createMutation = useCreateUser();
  // A refusal (an email in use) must be seen and the typed details kept: the dialog stays open while the person is added.
  useHoldDialogOpen(createMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<AddUserValues, unknown, AddUserOutput>({
    resolver: zodResolver(CreateUserBody),
    defaultValues: DEFAULTS,
  });

  const handleSave = handleSubmit((body) => {
    setFormError(null);
    createMutation.mutate(body, {
      onSuccess: (user) => {
        showSnackbar(`${user.first_name} ${user.last_name} can now log in as ${user.email}.`);
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label="Add a person">
      <DialogContent sx={{ pt: 1 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="first_name" label="First name" autoFocus fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="last_name" label="Last name" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" fullWidth helperText="They log in with this address." />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="phonenumber" label="Phone number" type="tel" fullWidth helperText="Optional" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="company_role"
              label="Role"
              select
              fullWidth
              helperText="Only an Admin can change company settings and people."
            >
              {COMPANY_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {role}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="password"
              label="First password"
              type="password"
              autoComplete="new-password"
              fullWidth
              helperText={`At least ${PASSWORD_MIN_LENGTH} characters. Tell it to them; they can change it.`}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={createMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={createMutation.isPending}>
          Add person
        </Button>
      </DialogActions>
    </form>
  );
}
