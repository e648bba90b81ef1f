import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { FormTextField } from '@/components/form-text-field';
import { PublicPage } from '@/components/public-page';
import { readLoginState } from '@/lib/login-state';
import { useLogin } from '../api/login';

export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email, from } = readLoginState(location.state);
  const loginMutation = useLogin();
  const { control, handleSubmit } = useForm<LoginBody>({
    resolver: zodResolver(LoginBody),
    defaultValues: { username: email ?? '', password: '' },
  });

  const handleLogin = handleSubmit((values) => {
    loginMutation.mutate(values, { onSuccess: () => navigate(from ?? '/', { replace: true }) });
  });

  return (
    <PublicPage
      title="Log in"
      subtitle="Welcome back. Log in to your shop's back-office."
      footer={
        <>
          New to Kontor?{' '}
          <Link component={RouterLink} to="/onboarding">
            Create a demo account
          </Link>
        </>
      }
    >
      <Stack component="form" spacing={2.25} noValidate onSubmit={handleLogin}>
        {loginMutation.isError ? <Alert severity="error">{loginMutation.error.message}</Alert> : null}
        <FormTextField control={control} name="username" label="Email" type="email" autoComplete="username" autoFocus={!email} />
        <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" autoFocus={Boolean(email)} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={loginMutation.isPending}>
          Log in
        </Button>
        <Link component={RouterLink} to="/login/reset-password" variant="body2" sx={{ alignSelf: 'center' }}>
          Forgot your password?
        </Link>
      </Stack>
    </PublicPage>
  );
}
