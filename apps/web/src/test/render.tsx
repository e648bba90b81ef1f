import type { UserResponse } from '@kontor/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppRouterProvider } from '@/app/app-router-provider';
import { AppProviders } from '@/app/providers';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { setAccessToken } from '@/lib/auth-token-store';
import { sessionKeys } from '@/lib/current-user';

export const testUser: UserResponse = {
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phonenumber: '',
  role: 'business',
  company_role: 'Admin',
  company: 3,
  company_name: 'Analytical Engines AB',
  date_joined: '2026-01-02T10:00:00.000Z',
  last_login: null,
};

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } } });
}

type RenderOptions = {
  /** The URL the memory router starts at. */
  route?: string;
  /** The route pattern the element is mounted at (defaults to every path). */
  path?: string;
  /** Extra routes, e.g. the destination of a navigation. */
  routes?: RouteObject[];
  /** A signed-in user (with an access token in memory), or null for a public screen. */
  user?: UserResponse | null;
  queryClient?: QueryClient;
};

/** Renders a screen inside the app's providers and a memory router, like the app does. */
export function renderWithApp(
  element: ReactNode,
  { route = '/', path = '*', routes = [], user = null, queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  if (user) {
    setAccessToken('test-access-token');
    queryClient.setQueryData(sessionKeys.user(), user);
  }
  // The screen sits under the unsaved-changes guard, as it does in the app's layout.
  const router = createMemoryRouter([...routes, { path, element: <UnsavedChangesGuard>{element}</UnsavedChangesGuard> }], { initialEntries: [route] });
  // No pause between keystrokes: the forms have many fields and typing speed is not under test.
  const events = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, events };
}

/**
 * Runs the `lazy()` of every route on the way to each path (the layout, the screen), as the
 * router does on a first visit. Route tests call it in a beforeAll: the first import of a screen
 * in a test file can take longer than a find waits on a loaded machine, and then the find fails
 * for a reason that has nothing to do with the route.
 */
export async function preloadRoutes(routes: RouteObject[], ...paths: string[]): Promise<void> {
  for (const path of paths) {
    for (const { route } of matchRoutes(routes, path) ?? []) {
      if (typeof route.lazy === 'function') await route.lazy();
    }
  }
}
