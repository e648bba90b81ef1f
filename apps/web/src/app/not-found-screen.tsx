import { MESSAGES } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function NotFoundScreen() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 3, textAlign: 'center' }}>
      <title>Page not found · Kontor</title>
      <Box>
        <Typography sx={{ fontSize: 96, fontWeight: 800, lineHeight: 1, color: 'primary.main', opacity: 0.18 }} aria-hidden>
          404
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 3 }}>
          {MESSAGES.pageNotFound}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {MESSAGES.goToHome}
        </Button>
      </Box>
    </Box>
  );
}
