import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { PublicPage } from '@/components/public-page';
import { errorText } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

type ResetForm = z.infer<typeof PasswordResetBody>;

export function ResetPasswordScreen() {
  const resetMutation = useRequestPasswordReset();
  const { control, handleSubmit } = useForm<ResetForm>({ resolver: zodResolver(PasswordResetBody), defaultValues: { email: '' } });

  const handleSend = handleSubmit((values) => resetMutation.mutate(values));

  return (
    <PublicPage
      title="Reset your password"
      subtitle="Enter the email you log in with and we will send you a link to choose a new password."
      footer={
        <Link component={RouterLink} to="/login">
          Back to log in
        </Link>
      }
    >
      {resetMutation.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success">
            If an account exists for {resetMutation.variables.email}, we have sent it a link to reset the password. The link is valid for one hour.
          </Alert>
          <Button component={RouterLink} to="/login/new-password" variant="outlined">
            I have a reset token
          </Button>
        </Stack>
      ) : (
        <Stack component="form" spacing={2.25} noValidate onSubmit={handleSend}>
          {resetMutation.isError ? <Alert severity="error">{errorText(resetMutation.error)}</Alert> : null}
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth loading={resetMutation.isPending}>
            Send reset link
          </Button>
        </Stack>
      )}
    </PublicPage>
  );
}
