import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { PlatformSuggestions, PLATFORM_SUGGESTIONS_ID } from '@/components/platform-suggestions';
import type { RegisterFormValues } from '../hooks/use-register-form';

export function CompanyStep({ control }: { control: Control<RegisterFormValues> }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="company.name" label="Company name" autoComplete="organization" autoFocus />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="account.category" label="Shop category" helperText="What you sell, e.g. Home & Garden" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="company.country" label="Country" autoComplete="country-name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="company.platform"
          label="Platform"
          helperText="Your e-commerce platform"
          slotProps={{ htmlInput: { list: PLATFORM_SUGGESTIONS_ID } }}
        />
        <PlatformSuggestions />
      </Grid>
      <Grid size={12}>
        <FormTextField control={control} name="company.url" label="Shop URL" type="url" placeholder="https://" autoComplete="url" />
      </Grid>
    </Grid>
  );
}
