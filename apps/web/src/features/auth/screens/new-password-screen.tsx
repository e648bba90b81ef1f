import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, PasswordResetConfirmBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { PublicPage } from '@/components/public-page';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

const NewPasswordForm = PasswordResetConfirmBody.extend({ confirm: z.string() }).refine((values) => values.password === values.confirm, {
  path: ['confirm'],
  message: "The two password fields didn't match.",
});
type NewPasswordForm = z.infer<typeof NewPasswordForm>;

/** The mailed link is /login/new-password#token=...: the fragment never reaches a server log. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export function NewPasswordScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const confirmMutation = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { token: tokenFromHash(location.hash), password: '', confirm: '' },
  });

  const handleSave = handleSubmit(({ token, password }) => {
    setFormError(null);
    confirmMutation.mutate(
      { token, password },
      {
        onSuccess: () => {
          showSnackbar('Your password has been changed. Log in with the new password.');
          void navigate('/login', { replace: true });
        },
        onError: (error) => setFormError(applyServerErrors(error, ['token', 'password'], setError)),
      },
    );
  });

  return (
    <PublicPage
      title="Choose a new password"
      subtitle={`Use at least ${PASSWORD_MIN_LENGTH} characters. The token is filled in when you follow the link in the email.`}
      footer={
        <Link component={RouterLink} to="/login">
          Back to log in
        </Link>
      }
    >
      <Stack component="form" spacing={2.25} noValidate onSubmit={handleSave}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <FormTextField control={control} name="token" label="Token" autoComplete="off" />
        <FormTextField control={control} name="password" label="New password" type="password" autoComplete="new-password" />
        <FormTextField control={control} name="confirm" label="Confirm password" type="password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" fullWidth loading={confirmMutation.isPending}>
          Set new password
        </Button>
      </Stack>
    </PublicPage>
  );
}
