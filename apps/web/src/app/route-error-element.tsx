import { MESSAGES } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The router's error element (spec §8): 'Unexpected Application Error!'. Reporting happens in the RouterProvider's onError. */
export function RouteErrorElement() {
  const error = useRouteError();
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', px: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 560 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1.5 }}>
          {MESSAGES.unexpectedApplicationError}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {describe(error)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button variant="outlined" href="/">
            {MESSAGES.goToHome}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
