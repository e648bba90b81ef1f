import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createInventoryBackend, createLocation, createProduct } from '../testing/inventory-backend';
import { InventoryScreen } from './inventory-screen';

const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
const tea = createProduct({ sku: 'TEA-01', name: 'Green tea' });
const mug = createProduct({ sku: 'MUG-02', name: 'Blue mug' });

describe('InventoryScreen', () => {
  it('shows a page of products with their stock per location from one inventories call', async () => {
    const backend = createInventoryBackend({
      locations: [a1, b2],
      products: [tea, mug],
      levels: [
        { product: tea.id, location: a1.id, quantity: 4 },
        { product: tea.id, location: b2.id, quantity: 1.25 },
      ],
    });
    server.use(...backend.handlers);
    renderWithApp(<InventoryScreen />, { user: testUser, route: '/catalog/inventory' });

    const stock = await screen.findByLabelText('Stock of TEA-01');
    expect(within(stock).getByText('A1: 4')).toBeInTheDocument();
    expect(within(stock).getByText('B2: 1.25')).toBeInTheDocument();
    const mugRow = screen.getByText('MUG-02').closest('tr')!;
    expect(within(mugRow).getByText('No stock')).toBeInTheDocument();
    const inventoryCalls = backend.state.requests.filter((r) => r.path === '/catalog/products/inventories/');
    expect(inventoryCalls).toHaveLength(1);
    expect(inventoryCalls[0]?.query.product_ids?.split(',').map(Number).sort()).toEqual([tea.id, mug.id].sort());
    expect(screen.getByRole('link', { name: 'View transactions of TEA-01' })).toHaveAttribute('href', `/catalog/inventorytransactions?product=${tea.id}`);
  });

  it('shows one product for ?product=ID (the low-stock notification link) and filters low stock', async () => {
    const backend = createInventoryBackend({ products: [tea, mug] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryScreen />, { user: testUser, route: `/catalog/inventory?product=${mug.id}` });
    expect(await screen.findByText('MUG-02')).toBeInTheDocument();
    expect(screen.queryByText('TEA-01')).not.toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/catalog/products/')?.query).toMatchObject({ id: String(mug.id) });

    await events.click(screen.getByLabelText('Low stock only'));
    expect(backend.state.requests.filter((r) => r.path === '/catalog/products/').at(-1)?.query).toMatchObject({ low_stock: 'Yes' });
  });

  it('says a page past the end is empty now and offers the last page, instead of "No products yet."', async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<InventoryScreen />, { user: testUser, route: '/catalog/inventory?page=2' });
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No products yet.')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('TEA-01')).toBeInTheDocument();
  });
});
