import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { RegisterFormValues } from '../hooks/use-register-form';

function Row({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </>
  );
}

export function ReviewStep({ control }: { control: Control<RegisterFormValues> }) {
  const { account, company } = useWatch({ control });
  return (
    <Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 0.75, m: 0 }}>
        <Row label="Name" value={`${account?.first_name ?? ''} ${account?.last_name ?? ''}`.trim()} />
        <Row label="Email" value={account?.email} />
        <Row label="Phone number" value={account?.phonenumber} />
        <Row label="Account role" value={account?.role} />
        <Row label="Company" value={company?.name} />
        <Row label="Company role" value={company?.role} />
        <Row label="Shop category" value={account?.category} />
        <Row label="Country" value={company?.country} />
        <Row label="Platform" value={company?.platform} />
        <Row label="Shop URL" value={company?.url} />
      </Box>
      <Alert severity="info" variant="outlined" sx={{ mt: 3 }}>
        A demo account is a company of your own in Kontor: you are its Admin, and it is ready the moment you create it.
      </Alert>
      <Controller
        control={control}
        name="company.agreed_to_terms"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} sx={{ mt: 2 }}>
            <FormControlLabel
              control={
                <Checkbox
                  // The one field of the last step: where a keyboard user lands after Next (else the focus is lost to the page).
                  autoFocus
                  name={field.name}
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              }
              label="I agree to the terms"
            />
            {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
    </Box>
  );
}
