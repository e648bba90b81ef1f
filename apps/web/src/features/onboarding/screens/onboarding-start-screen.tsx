import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicPage } from '@/components/public-page';

const POINTS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <SellOutlinedIcon />, title: 'Catalog and prices', text: 'Products, descriptions in four languages, costs, markups and margins.' },
  { icon: <Inventory2OutlinedIcon />, title: 'Stock per location', text: 'Every movement in a ledger, moves between locations, stocktaking.' },
  { icon: <LocalShippingOutlinedIcon />, title: 'Suppliers and procurement', text: 'Supplier feeds, add their products to your catalog, order from them.' },
  { icon: <ReceiptLongOutlinedIcon />, title: 'Orders to pick and pack', text: 'Orders from your shop, picked from the right shelf, backorders kept.' },
];

export function OnboardingStartScreen() {
  return (
    <PublicPage
      title="Welcome to Kontor"
      subtitle="Kontor is the back-office for people who run online shops: everything behind the storefront in one place."
      width={560}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Log in
          </Link>
        </>
      }
    >
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
        {POINTS.map((point) => (
          <Box component="li" key={point.title} sx={{ display: 'flex', gap: 1.75, alignItems: 'flex-start' }}>
            <Box
              sx={{
                color: 'primary.main',
                bgcolor: 'action.hover',
                borderRadius: 2,
                p: 0.75,
                display: 'flex',
              }}
            >
              {point.icon}
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h2" sx={{ fontSize: '0.9rem' }}>
                {point.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {point.text}
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
      <Button component={RouterLink} to="/onboarding/register" variant="contained" size="large" fullWidth>
        Create a demo account
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, textAlign: 'center' }}>
        Your demo company is ready in seconds. No payment details needed.
      </Typography>
    </PublicPage>
  );
}
