import { RouterProvider, type RouterProviderProps } from 'react-router';
import { reportError } from './sentry';

/**
 * Router updates are not wrapped in startTransition: a navigation then renders before a
 * cache update that follows it. Logout relies on that: it navigates to /login and only then
 * forgets the user, which must not let the protected area (still mounted during a
 * transition) redirect to /onboarding first. No screen here suspends during render, so
 * transitions bought nothing. Imported from 'react-router' itself so tests and app share
 * one copy of the router context.
 */
export function AppRouterProvider({ router }: Pick<RouterProviderProps, 'router'>) {
  return <RouterProvider router={router} useTransitions={false} onError={(error) => reportError(error)} />;
}
