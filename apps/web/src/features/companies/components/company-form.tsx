import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, UpdateCompanyBody, type CompanyResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { PlatformSuggestions, PLATFORM_SUGGESTIONS_ID } from '@/components/platform-suggestions';
import { useSnackbar } from '@/components/snackbar-provider';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateCompany } from '../api/update-company';

type CompanyFormValues = z.input<typeof UpdateCompanyBody>;
type CompanyFormOutput = z.output<typeof UpdateCompanyBody>;

const FIELDS = ['name', 'country', 'url', 'platform'] as const;

const toFormValues = (company: CompanyResponse): CompanyFormValues => ({
  name: company.name,
  country: company.country,
  url: company.url,
  platform: company.platform,
});

type CompanyFormProps = { company: CompanyResponse; readOnly: boolean };

export function CompanyForm({ company, readOnly }: CompanyFormProps) {
  const showSnackbar = useSnackbar();
  const updateMutation = useUpdateCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(UpdateCompanyBody),
    defaultValues: toFormValues(company),
    disabled: readOnly,
  });
  useUnsavedChanges(isDirty);

  const handleSave = handleSubmit((body) => {
    setFormError(null);
    updateMutation.mutate(
      { id: company.id, body },
      {
        onSuccess: (saved) => {
          reset(toFormValues(saved));
          showSnackbar(MESSAGES.updateSuccessfully);
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={handleSave} aria-label="Company details">
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="name" label="Company name" autoComplete="organization" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="country" label="Country" autoComplete="country-name" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="url" label="Shop URL" type="url" placeholder="https://" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="platform" label="Platform" slotProps={{ htmlInput: { list: PLATFORM_SUGGESTIONS_ID } }} />
          <PlatformSuggestions />
        </Grid>
      </Grid>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button type="button" color="inherit" onClick={() => reset(toFormValues(company))} disabled={updateMutation.isPending}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" loading={updateMutation.isPending}>
            Save
          </Button>
        </Box>
      )}
    </Box>
  );
}
