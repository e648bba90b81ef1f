import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorText } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { formatDate, formatDateTime } from '@/lib/format';
import { useCompany } from '../api/get-company';
import { CompanyForm } from '../components/company-form';
import { StorefrontConnectionForm } from '../components/storefront-connection-form';

/** /companies and /company-Preferences (spec §2: the same screen). */
export function CompanyScreen() {
  const user = useRequiredUser();
  const company = useCompany(user.company);
  const readOnly = user.company_role !== 'Admin';

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <title>Company · Kontor</title>
      <Card>
        <CardHeader
          title="Company details"
          subheader="How your company appears in Kontor and in the files it exports."
          action={<Chip label={`You are ${user.company_role}`} size="small" variant="outlined" color={readOnly ? 'default' : 'primary'} />}
          sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        />
        <CardContent>
          {readOnly ? (
            <Alert severity="info" sx={{ mb: 2.5 }}>
              Only an Admin of your company can change these details. Ask an Admin if something here needs to change.
            </Alert>
          ) : null}
          {company.isPending ? (
            <Stack spacing={2} aria-busy="true">
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={40} />
            </Stack>
          ) : company.isError ? (
            <Alert severity="error">{errorText(company.error)}</Alert>
          ) : (
            <CompanyForm key={company.data.id} company={company.data} readOnly={readOnly} />
          )}
        </CardContent>
      </Card>
      {company.data ? (
        <Card>
          <CardHeader title="Storefront connection" subheader="The WooCommerce store your orders are synced from." />
          <CardContent sx={{ pt: 0 }}>
            <StorefrontConnectionForm readOnly={readOnly} />
          </CardContent>
        </Card>
      ) : null}
      {company.data ? (
        <Card>
          <CardHeader title="Account" />
          <CardContent sx={{ pt: 0 }}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 1, columnGap: 2, m: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                Company id
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {company.data.id}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                Customer since
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {formatDate(company.data.created_at)}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                Last changed
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {formatDateTime(company.data.updated_at)}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                Terms
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {company.data.agreed_to_terms ? 'Agreed' : 'Not agreed'}
              </Typography>
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}
