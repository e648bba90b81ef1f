import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { KontorLogo } from './kontor-logo';

type PublicPageProps = {
  title: string;
  subtitle?: ReactNode;
  /** Wider card for the registration wizard. */
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
};

/** The frame of the screens outside the protected area: login, reset, onboarding. */
export function PublicPage({ title, subtitle, width = 420, children, footer }: PublicPageProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        background: (theme) => `linear-gradient(180deg, ${theme.palette.primary.main}14 0%, ${theme.palette.background.default} 320px)`,
      }}
    >
      <title>{`${title} · Kontor`}</title>
      <Box sx={{ mb: 3 }}>
        <KontorLogo size={34} />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: width, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.75 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
      {footer ? <Box sx={{ mt: 3, textAlign: 'center', color: 'text.secondary', typography: 'body2' }}>{footer}</Box> : null}
    </Box>
  );
}
