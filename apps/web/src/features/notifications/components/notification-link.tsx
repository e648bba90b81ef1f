import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A notification's link is a path in the app ('/company-Preferences') or, rarely, a full URL. */
export function NotificationLink({ href, children }: { href: string; children: ReactNode }) {
  if (!href) return <>{children}</>;
  if (href.startsWith('/')) {
    return (
      <Link component={RouterLink} to={href} color="inherit" underline="hover">
        {children}
      </Link>
    );
  }
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="inherit" underline="hover">
      {children}
    </Link>
  );
}
