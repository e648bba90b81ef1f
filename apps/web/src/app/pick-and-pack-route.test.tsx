import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPickBackend } from '@/features/pick-and-pack/testing/pick-backend';
import { createBackend } from '@/test/fixtures';
import { createTestQueryClient, preloadRoutes } from '@/test/render';
import { server } from '@/test/server';
import { AppRouterProvider } from './app-router-provider';
import { AppProviders } from './providers';
import { routes } from './router';

// The first import of the layout and the screens is not under test: done before, untimed by the finds.
beforeAll(() => preloadRoutes(routes, '/customers/pick-and-pack'), 60_000);

describe('customers routes (spec §2)', () => {
  it('redirects /customers to pick & pack, titled and active in the sidebar', async () => {
    const app = createBackend();
    const pick = createPickBackend();
    pick.addOrder({ order_number: '1001', customer_name: 'Grace Hopper' }, [{ product: { id: 1, sku: 'TEA-01', name: 'Green tea' }, quantity: 1 }]);
    server.use(...app.handlers, ...pick.handlers);
    const router = createMemoryRouter(routes, { initialEntries: ['/customers'] });
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <AppRouterProvider router={router} />
      </AppProviders>,
    );

    expect(await screen.findByRole('option', { name: /1001 · Grace Hopper/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers/pick-and-pack');
    expect(screen.getByRole('heading', { name: 'Pick & pack' })).toBeInTheDocument();
    // The menu comes in a transition after the screen (AppLayout).
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pick & pack' })).toHaveAttribute('aria-current', 'page');
  });
});
