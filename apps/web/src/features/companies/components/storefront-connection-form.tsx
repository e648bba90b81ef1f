import { zodResolver } from '@hookform/resolvers/zod';
import { DRF_FIELD_MESSAGES, MESSAGES, StorefrontConnectionBody, type StorefrontConnectionResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { applyServerErrors } from '@/lib/form-errors';
import { useStorefrontConnection } from '../api/get-storefront-connection';
import { useUpdateStorefrontConnection } from '../api/update-storefront-connection';

export const SECRET_SAVED_HINT = 'Saved. Leave blank to keep it.';
const FIELDS = ['store_url', 'consumer_key', 'consumer_secret'] as const;

/** The contract's body, except that a blank secret means "keep the stored one" once one is stored. */
const formSchema = (hasSecret: boolean) =>
  StorefrontConnectionBody.omit({ consumer_secret: true, platform: true }).extend({
    consumer_secret: z
      .string()
      .trim()
      .max(200)
      .refine((value) => hasSecret || value !== '', DRF_FIELD_MESSAGES.blank),
  });
type FormValues = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;

const toFormValues = (connection: StorefrontConnectionResponse | null): FormValues => ({
  store_url: connection?.store_url ?? '',
  consumer_key: connection?.consumer_key ?? '',
  consumer_secret: '',
});

/** Company preferences: the WooCommerce store the order sync reads (store URL, REST API key and secret). */
export function StorefrontConnectionForm({ readOnly }: { readOnly: boolean }) {
  const connection = useStorefrontConnection();
  if (connection.isPending) return <Skeleton variant="rounded" height={120} aria-busy="true" />;
  if (connection.isError) return <Alert severity="error">{errorText(connection.error)}</Alert>;
  return <ConnectionForm key={connection.data ? 'connected' : 'new'} connection={connection.data} readOnly={readOnly} />;
}

function ConnectionForm({ connection, readOnly }: { connection: StorefrontConnectionResponse | null; readOnly: boolean }) {
  const showSnackbar = useSnackbar();
  const updateMutation = useUpdateStorefrontConnection();
  const [formError, setFormError] = useState<string | null>(null);
  const hasSecret = connection?.has_consumer_secret ?? false;
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema(hasSecret)),
    defaultValues: toFormValues(connection),
    disabled: readOnly,
  });
  useUnsavedChanges(isDirty);

  const handleSave = handleSubmit(({ consumer_secret, ...values }) => {
    setFormError(null);
    updateMutation.mutate(
      { platform: 'woocommerce', ...values, ...(consumer_secret ? { consumer_secret } : {}) },
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
    <Box component="form" noValidate onSubmit={handleSave} aria-label="Storefront connection">
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      {connection ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          Not connected yet. Create a REST API key in WooCommerce (Settings › Advanced › REST API, read access) and enter it here.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField control={control} name="store_url" label="Store URL" type="url" placeholder="https://" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="consumer_key" label="Consumer key" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="consumer_secret"
            label="Consumer secret"
            type="password"
            autoComplete="new-password"
            helperText={hasSecret ? SECRET_SAVED_HINT : undefined}
          />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        {connection ? (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {connection.last_synced_at ? `Last synced ${formatDateTime(connection.last_synced_at)}` : 'Not synced yet'}
          </Typography>
        ) : null}
        {readOnly ? null : (
          <Button type="submit" variant="contained" loading={updateMutation.isPending}>
            Save connection
          </Button>
        )}
      </Box>
    </Box>
  );
}
