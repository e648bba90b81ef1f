import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The start-up spinner (spec §2), also shown while a route's code loads. */
export function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
