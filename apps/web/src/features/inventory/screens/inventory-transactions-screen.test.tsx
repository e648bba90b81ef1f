import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createInventoryBackend, createLocation, createProduct } from '../testing/inventory-backend';
import { InventoryTransactionsScreen } from './inventory-transactions-screen';

const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
const tea = createProduct({ sku: 'TEA-01', name: 'Green tea' });

describe('InventoryTransactionsScreen', () => {
  it('needs a product before adding, then adds a transaction that shows in the ledger', async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<InventoryTransactionsScreen />, { user: testUser, route: '/catalog/inventorytransactions?page=1' });

    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add transaction' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move stock' })).toBeDisabled();

    await events.type(screen.getByLabelText('Product'), 'tea');
    await events.click(await screen.findByRole('option', { name: 'TEA-01 — Green tea' }));
    // A filter change resets the page.
    await waitFor(() => expect(router.state.location.search).toBe(`?product=${tea.id}`));

    const add = screen.getByRole('button', { name: 'Add transaction' });
    await waitFor(() => expect(add).toBeEnabled());
    await events.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    await events.selectOptions(within(dialog).getByLabelText(/Location/), 'A1 — Aisle 1');
    await events.type(within(dialog).getByLabelText(/Quantity/), '7{Enter}');
    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Inventory transactions' });
    const row = (await within(table).findByText('Green tea')).closest('tr')!;
    expect(within(row).getByText('Stock in')).toBeInTheDocument();
    expect(within(row).getByText('+7')).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.path === '/catalog/inventory_transactions/' && r.method === 'GET').at(-1)?.query).toMatchObject({
      product: String(tea.id),
      limit: '25',
      offset: '0',
    });
  });

  it('says a page past the end is empty now and offers the last page, instead of "No transactions yet."', async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea] });
    server.use(...backend.handlers);
    await fetch('/api/catalog/inventory_transactions/', {
      method: 'POST',
      body: JSON.stringify({ product: tea.id, location: a1.id, inventory_action: 'STOCK_IN', quantity: '1.00', comments: '' }),
    });
    const { events, router } = renderWithApp(<InventoryTransactionsScreen />, { user: testUser, route: '/catalog/inventorytransactions?page=3' });
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No transactions yet.')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Green tea')).toBeInTheDocument();
  });
});
