import { MESSAGES } from '@kontor/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogBackend, createCatalogProduct, createLocationOption } from '@/features/catalog/testing/catalog-backend';
import { createInventoryBackend } from '@/features/inventory/testing/inventory-backend';
import { createBackend } from '@/test/fixtures';
import { createTestQueryClient, preloadRoutes } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { AppRouterProvider } from '../app-router-provider';
import { AppProviders } from '../providers';
import { routes } from '../router';

// jsdom lays nothing out: give the grid's scroll box a height, so the virtualizer renders rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

// The first import of the layout and the screens is not under test: done before, untimed by the finds.
beforeAll(() => preloadRoutes(routes, '/catalog/products'), 60_000);

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { router, events: userEvent.setup({ delay: null }) };
}

// By role: the button that opened a dialog may show a tooltip with the same words while the dialog loads.
const dialogTitled = (title: string | RegExp) => screen.findByRole('dialog', { name: title });

describe('/catalog/products (spec §2)', () => {
  it('redirects /catalog to the grid, and its stocks view opens the inventory dialogs', async () => {
    const shelf = createLocationOption({ name: 'Main shelf' });
    const spade = createCatalogProduct({ sku: 'SPADE-1', name: 'Spade', default_location_id: shelf.id });
    const catalog = createCatalogBackend({ products: [spade], locations: [shelf] });
    const inventory = createInventoryBackend({ locations: [shelf] });
    server.use(...createBackend().handlers, ...catalog.handlers, ...inventory.handlers);
    const { router, events } = renderApp('/catalog');

    await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/products'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await events.click(await screen.findByRole('button', { name: 'Stocks' }));

    await events.click(await screen.findByLabelText('Add transaction for SPADE-1'));
    const add = await dialogTitled('Add transaction');
    // The product's default location is preselected.
    await waitFor(() => expect(within(add).getByLabelText(/^Location/)).toHaveValue(String(shelf.id)));
    await events.type(within(add).getByLabelText(/^Quantity/), '6');
    const inventoryCalls = () => catalog.state.requests.filter((r) => r.path === '/catalog/products/inventories/').length;
    const before = inventoryCalls();
    await events.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();
    expect(inventory.state.transactions).toHaveLength(1);
    // A stock change refreshes the grid's per-location quantities.
    await waitFor(() => expect(inventoryCalls()).toBeGreaterThan(before));

    // The product's transactions are held back a moment: a handler that answers nothing hands the request on to the backend's.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(apiUrl('/catalog/inventory_transactions/'), () => held.then(() => undefined)));
    await events.click(screen.getByLabelText('Edit transactions of SPADE-1'));
    const list = await dialogTitled(/^Transactions of SPADE-1/);
    // While the list loads, the dialog says so (it used to show an empty table).
    expect(within(list).getByRole('progressbar', { name: 'Loading transactions' })).toBeInTheDocument();
    release();
    await events.click(await within(list).findByRole('button', { name: `Edit transaction ${inventory.state.transactions[0]!.id}` }));
    expect(await dialogTitled('Edit transaction')).toBeInTheDocument();
  });
});
