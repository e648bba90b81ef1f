import { PASSWORD_MIN_LENGTH } from '@kontor/contract';
import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import type { RegisterFormValues } from '../hooks/use-register-form';

export function AccountStep({ control }: { control: Control<RegisterFormValues> }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="account.first_name" label="First name" autoComplete="given-name" autoFocus />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="account.last_name" label="Last name" autoComplete="family-name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="account.email" label="Email" type="email" autoComplete="email" helperText="You log in with this address." />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="account.phonenumber" label="Phone number" type="tel" autoComplete="tel" helperText="Optional" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="account.password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="account.password2" label="Confirm password" type="password" autoComplete="new-password" />
      </Grid>
    </Grid>
  );
}
