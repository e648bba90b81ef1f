import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { sessionQueryOptions, useCurrentUser } from '@/lib/current-user';

/** Spec §2 start-up: refresh the tokens and load the user, with a spinner meanwhile. */
export function StartupGate() {
  const session = useQuery(sessionQueryOptions());
  if (session.isPending) return <FullPageSpinner />;
  return <Outlet />;
}

/** The protected area at '/': without a user, go to /onboarding (spec §2). */
export function RequireUser() {
  const user = useCurrentUser();
  if (!user) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
