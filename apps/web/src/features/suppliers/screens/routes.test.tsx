import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRouterProvider } from '@/app/app-router-provider';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createBackend } from '@/test/fixtures';
import { createTestQueryClient, preloadRoutes } from '@/test/render';
import { server } from '@/test/server';
import { createGlobalSupplier, createSupplier, createSuppliersBackend } from '../testing/suppliers-backend';

// The first import of the layout and the screens is not under test: done before, untimed by the finds.
beforeAll(() => preloadRoutes(routes, '/procurement/supplier', '/global-suppliers-and-brands/products', '/procurement/supplier-feed'), 60_000);

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('supplier routes (spec §2)', () => {
  it('redirects /procurement to /procurement/supplier, with Suppliers active in the sidebar', async () => {
    server.use(...createBackend().handlers, ...createSuppliersBackend({ suppliers: [createSupplier({ name: 'Nordic Tools' })] }).handlers);
    const router = renderApp('/procurement');

    expect(await screen.findByRole('table', { name: 'Suppliers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/procurement/supplier');
    // The menu comes in a transition after the screen (AppLayout).
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Suppliers' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Supplier feeds' })).toHaveAttribute('href', '/procurement/supplier-feed');
    expect(within(nav).getByRole('link', { name: 'Global suppliers' })).toHaveAttribute('href', '/global-suppliers-and-brands/products');
  });

  it('redirects /global-suppliers-and-brands to its products screen', async () => {
    server.use(...createBackend().handlers, ...createSuppliersBackend({ globalSuppliers: [createGlobalSupplier({ name: 'Bosch Nordic' })] }).handlers);
    const router = renderApp('/global-suppliers-and-brands');

    expect(await screen.findByRole('table', { name: 'Supplier directory' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/global-suppliers-and-brands/products');
    expect(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Global suppliers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens the supplier feeds screen at /procurement/supplier-feed', async () => {
    server.use(...createBackend().handlers, ...createSuppliersBackend().handlers);
    renderApp('/procurement/supplier-feed');
    expect(await screen.findByRole('table', { name: 'Supplier feeds' })).toBeInTheDocument();
    expect(await screen.findByText('No supplier feeds yet.')).toBeInTheDocument();
    expect(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Supplier feeds' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
