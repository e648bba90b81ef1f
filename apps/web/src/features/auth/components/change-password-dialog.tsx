import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PasswordChangeBody, passwordMatchesEmail } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

export const PASSWORD_CHANGED = 'Your password has been changed. You stay logged in here; other devices must log in again.';

/** The contract's body plus the confirmation, and the email rule with the signed-in user's email. */
const changePasswordForm = (email: string) =>
  PasswordChangeBody.extend({ confirm: z.string() }).superRefine((values, ctx) => {
    if (passwordMatchesEmail(values.new_password, email)) ctx.addIssue({ code: 'custom', path: ['new_password'], message: PASSWORD_MESSAGES.similarToEmail });
    if (values.new_password !== values.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: "The two password fields didn't match." });
  });
type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordForm>>;

type ChangePasswordDialogProps = { open: boolean; email: string; onClose: () => void };

export function ChangePasswordDialog({ open, email, onClose }: ChangePasswordDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Change password</DialogTitle>
      {/* Mounted only while open: every opening starts empty. */}
      {open ? <ChangePasswordForm email={email} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ChangePasswordForm({ email, onClose }: Omit<ChangePasswordDialogProps, 'open'>) {
  const showSnackbar = useSnackbar();
  const changeMutation = useChangePassword();
  // A refusal (a wrong current password) must be seen: the dialog stays open while the change runs.
  useHoldDialogOpen(changeMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordForm(email)),
    defaultValues: { old_password: '', new_password: '', confirm: '' },
  });

  const handleSave = handleSubmit(({ old_password, new_password }) => {
    setFormError(null);
    changeMutation.mutate(
      { old_password, new_password },
      {
        onSuccess: () => {
          showSnackbar(PASSWORD_CHANGED);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, ['old_password', 'new_password'], setError)),
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label="Change password">
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 2 }}>
          Use at least {PASSWORD_MIN_LENGTH} characters, not your email and not a common password. Other devices are logged out.
        </DialogContentText>
        <Stack spacing={2}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <FormTextField control={control} name="old_password" label="Current password" type="password" autoComplete="current-password" autoFocus />
          <FormTextField control={control} name="new_password" label="New password" type="password" autoComplete="new-password" />
          <FormTextField control={control} name="confirm" label="Confirm new password" type="password" autoComplete="new-password" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={changeMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={changeMutation.isPending}>
          Change password
        </Button>
      </DialogActions>
    </form>
  );
}
