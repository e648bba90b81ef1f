import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { formatDate } from '@/lib/format';
import { useCompany } from '../api/get-company';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

export function CompanySummaryCard() {
  const user = useRequiredUser();
  const company = useCompany(user.company);
  const data = company.data;
  return (
    <Card>
      <CardHeader
        title={data?.name ?? user.company_name}
        subheader="Your company"
        action={
          <Button component={RouterLink} to="/companies" size="small">
            Edit company
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {company.isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : company.isError ? (
          <Typography color="error" role="alert">
            {errorText(company.error)}
          </Typography>
        ) : (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
            <Detail label="Country">{company.data.country}</Detail>
            <Detail label="Platform">{company.data.platform}</Detail>
            <Detail label="Shop URL">
              {company.data.url ? (
                <Link href={company.data.url} target="_blank" rel="noopener noreferrer">
                  {company.data.url.replace(/^https?:\/\//, '')}
                </Link>
              ) : null}
            </Detail>
            <Detail label="Customer since">{formatDate(company.data.created_at)}</Detail>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
