import { MESSAGES } from '@kontor/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/auth-token-store';
import { createDashboardBackend } from '@/features/dashboard/testing/dashboard-backend';
import { createBackend, createNotification, createTask } from '@/test/fixtures';
import { createTestQueryClient, preloadRoutes, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { AppRouterProvider } from './app-router-provider';
import { AppProviders } from './providers';
import { createSessionExpiredHandler, routes } from './router';
import { setSessionExpiredHandler } from '@/lib/api-client';

// The first import of the layout and the screens is not under test: done before, untimed by the finds.
beforeAll(() => preloadRoutes(routes, '/', '/companies', '/login', '/login/reset-password', '/onboarding'), 60_000);

/** The whole app at a URL, as main.tsx builds it. */
function renderApp(url: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  setSessionExpiredHandler(createSessionExpiredHandler(router, queryClient));
  render(
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, events: userEvent.setup() };
}

const noSession = () => server.use(http.post(apiUrl('/token/refresh/'), () => HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 })));

describe('start-up and routes', () => {
  it('shows the 404 page for an unknown path, with a Go to Home link', async () => {
    noSession();
    const { events, router } = renderApp('/no/such/page');

    expect(await screen.findByText(MESSAGES.pageNotFound)).toBeInTheDocument();
    const home = screen.getByRole('link', { name: MESSAGES.goToHome });
    expect(home).toHaveAttribute('href', '/');

    await events.click(home);
    // '/' is protected: without a user it leads to onboarding.
    expect(await screen.findByRole('link', { name: 'Create a demo account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('sends a visitor without a session from a protected path to /onboarding', async () => {
    noSession();
    const { router } = renderApp('/notification?unread=true');
    expect(await screen.findByRole('heading', { name: 'Welcome to Kontor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('leaves a visitor without a session on /login', async () => {
    noSession();
    const { router } = renderApp('/login/reset-password');
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/reset-password');
  });

  it('restores the session on load (refresh, then user) and opens the overview with real data', async () => {
    const backend = createBackend({
      notifications: [createNotification({ title: 'Welcome to Kontor' })],
      tasks: [createTask({ title: 'Complete your company profile' })],
    });
    const dashboard = createDashboardBackend({ counts: { edited: 2, unedited: 5, mapped: 4, new: 1, 'low-in-stock': 0 } });
    server.use(...backend.handlers, ...dashboard.handlers);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(getAccessToken()).toBe('fresh-access');
    expect(await screen.findByText(/Good (morning|afternoon|evening), Ada/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveTextContent('1');
    const tasks = await screen.findByRole('list', { name: 'Company tasks' });
    expect(within(tasks).getByText('Complete your company profile')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Team' })).toHaveTextContent('ada@example.com');
    expect(await screen.findByLabelText('Unedited products: 5')).toBeInTheDocument();
    expect(await screen.findByText(/Nothing to restock/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it('logs out: POST /logout/, token and user cleared, on /login', async () => {
    const backend = createBackend();
    const logouts: unknown[] = [];
    server.use(
      ...backend.handlers,
      http.post(apiUrl('/logout/'), async ({ request }) => {
        logouts.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { events, router, queryClient } = renderApp('/companies');

    await events.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menu')).toHaveTextContent(testUser.company_name);
    await events.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logouts).toEqual([{}]);
    expect(getAccessToken()).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(['session', 'user'])).toBeNull());
  });

  it('sends the user to /login when a 401 cannot be refreshed', async () => {
    const backend = createBackend();
    let refreshes = 0;
    server.use(
      // msw answers with the first matching handler: the overrides go before the backend's.
      http.post(apiUrl('/token/refresh/'), () => {
        refreshes += 1;
        return refreshes === 1 ? HttpResponse.json({ access: 'short-lived', refresh: 'r' }) : HttpResponse.json({ detail: 'revoked' }, { status: 401 });
      }),
      http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json({ detail: 'Token expired' }, { status: 401 })),
      ...backend.handlers,
    );
    const { router } = renderApp('/companies');

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/companies' });
  });
});
