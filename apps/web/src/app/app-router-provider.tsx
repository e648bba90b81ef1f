import { flushSync } from 'react-dom';
import { RouterProvider, type RouterProviderProps } from 'react-router';

/**
 * RouterProvider with react-dom's flushSync (what 'react-router/dom' adds), so
 * `navigate(..., { flushSync: true })` commits before the next line runs: logout relies on it.
 * Imported from 'react-router' itself so tests and app share one copy of the router context.
 */
export function AppRouterProvider({ router }: Pick<RouterProviderProps, 'router'>) {
  return <RouterProvider router={router} flushSync={flushSync} />;
}
