import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product mark: a K in a rounded square, and the name. */
export function KontorLogo({ size = 28 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}>
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M10 8v16M10 16l9-8M13.5 13l6.5 11" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.68, letterSpacing: '-0.01em', color: 'text.primary' }}>
        Kontor
      </Typography>
    </Box>
  );
}
