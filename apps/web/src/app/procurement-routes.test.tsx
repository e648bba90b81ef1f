import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProcurementBackend, createProcurementProduct } from '@/features/procurement/testing/procurement-backend';
import { createBackend } from '@/test/fixtures';
import { createTestQueryClient, preloadRoutes } from '@/test/render';
import { server } from '@/test/server';
import { AppRouterProvider } from './app-router-provider';
import { AppProviders } from './providers';
import { routes } from './router';

// The first import of the layout and the screens is not under test: done before, untimed by the finds.
beforeAll(() => preloadRoutes(routes, '/procurements-and-suppliers/products', '/procurements-and-suppliers/categories'), 60_000);

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { router, events: userEvent.setup() };
}

describe('procurement routes (spec §2)', () => {
  it('redirects /procurements-and-suppliers to the product grid, and the sidebar leads to the supplier categories', async () => {
    const app = createBackend();
    const procurement = createProcurementBackend({ products: [createProcurementProduct({ sku: 'SAW-1' })] });
    server.use(...app.handlers, ...procurement.handlers);
    const { router, events } = renderApp('/procurements-and-suppliers');

    expect(await screen.findByText('SAW-1')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/procurements-and-suppliers/products');
    // The menu comes in a transition after the screen (AppLayout).
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Supplier products' })).toHaveAttribute('aria-current', 'page');

    await events.click(within(nav).getByRole('link', { name: 'Supplier categories' }));
    expect(await screen.findByText('No supplier categories yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/procurements-and-suppliers/categories');
    expect(within(nav).getByRole('link', { name: 'Supplier categories' })).toHaveAttribute('aria-current', 'page');
  });
});
