import { MESSAGES, NOT_PERFORMED } from '@kontor/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { http, HttpResponse } from 'msw';
import { createInventoryBackend, createLocation, createProduct } from '../testing/inventory-backend';
import { StocktakingScreen } from './stocktaking-screen';
import { inventoryKeys } from '../api/query-keys';

const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
const tea = createProduct({ sku: 'TEA-01', name: 'Green tea' });
const mug = createProduct({ sku: 'MUG-02', name: 'Blue mug' });

describe('StocktakingScreen', () => {
  it('asks with the defaults, shows Not Performed, and a saved count makes it disappear', async () => {
    const backend = createInventoryBackend({
      locations: [a1, b2],
      products: [tea, mug],
      levels: [
        { product: tea.id, location: a1.id, quantity: 4 },
        { product: mug.id, location: b2.id, quantity: 1.5 },
      ],
    });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking' });

    const table = await screen.findByRole('table', { name: 'Stocktaking' });
    await within(table).findByText('TEA-01');
    expect(within(table).getAllByText(NOT_PERFORMED)).toHaveLength(2);
    // Spec §4: page 0, limit 100, obsolete 'No'.
    expect(backend.state.requests.find((r) => r.path === '/catalog/stocktaking/')?.query).toEqual({ limit: '100', offset: '0', obsolete: 'No' });

    const count = screen.getByLabelText('Counted quantity of TEA-01 at A1');
    await events.type(count, '3{Enter}');

    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();
    const post = backend.state.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ product: tea.id, location: a1.id, inventory_action: 'STOCK_TAKING', quantity: '3.00', comments: '' });
    await waitFor(() => expect(within(table).getAllByText(NOT_PERFORMED)).toHaveLength(1));
    const teaRow = within(table).getByText('TEA-01').closest('tr')!;
    expect(within(teaRow).queryByText(NOT_PERFORMED)).not.toBeInTheDocument();
    expect(within(teaRow).getByText('3')).toBeInTheDocument();
    expect(count).toHaveDisplayValue('');
  });

  it('records a count typed with a decimal comma as that decimal', async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 4 }] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking' });
    await events.type(await screen.findByLabelText('Counted quantity of TEA-01 at A1'), '2,5{Enter}');
    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ quantity: '2.50' });
  });

  it("shows a refused count's 400 on another field as the server's words, not its JSON", async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 4 }] });
    // The location was made obsolete meanwhile: the API refuses the count on `location`.
    server.use(...backend.handlers);
    server.use(http.post(apiUrl('/catalog/inventory_transactions/'), () => HttpResponse.json({ location: ['This location is obsolete.'] }, { status: 400 })));
    const { events } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking' });

    await events.type(await screen.findByLabelText('Counted quantity of TEA-01 at A1'), '3{Enter}');

    expect(await screen.findByText('This location is obsolete.')).toBeInTheDocument();
    expect(screen.queryByText(/"location"/)).not.toBeInTheDocument();
  });

  it('puts filters in the URL and resets the page when one changes', async () => {
    const backend = createInventoryBackend({ locations: [a1, b2], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 4 }] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking?page=2' });
    await screen.findByRole('option', { name: 'B2 — Back room' });
    await events.selectOptions(screen.getByLabelText('Location'), 'B2 — Back room');
    await waitFor(() => expect(router.state.location.search).toBe(`?location=${b2.id}`));
    expect(await screen.findByText('Nothing to count with these filters.')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toMatchObject({ offset: '0', location: String(b2.id), obsolete: 'No' });
  });

  it('keeps a count typed but not saved while the list is filtered or paged away and back', async () => {
    const backend = createInventoryBackend({
      locations: [a1, b2],
      products: [tea, mug],
      levels: [
        { product: tea.id, location: a1.id, quantity: 4 },
        { product: mug.id, location: b2.id, quantity: 1.5 },
      ],
    });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking' });
    await events.type(await screen.findByLabelText('Counted quantity of TEA-01 at A1'), '3');

    // Filtered to B2: the TEA row leaves the list, then comes back with the filter cleared.
    await screen.findByRole('option', { name: 'B2 — Back room' });
    await events.selectOptions(screen.getByLabelText('Location'), 'B2 — Back room');
    await waitFor(() => expect(screen.queryByLabelText('Counted quantity of TEA-01 at A1')).not.toBeInTheDocument());
    await events.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByLabelText('Counted quantity of TEA-01 at A1')).toHaveDisplayValue('3');

    // Another page and back.
    await act(() => router.navigate('/catalog/stocktaking?page=1'));
    await waitFor(() => expect(screen.queryByLabelText('Counted quantity of TEA-01 at A1')).not.toBeInTheDocument());
    await act(() => router.navigate('/catalog/stocktaking'));
    expect(await screen.findByLabelText('Counted quantity of TEA-01 at A1')).toHaveDisplayValue('3');
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says a page past the end is empty now and offers the last page, instead of "Nothing to count yet."', async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 4 }] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking?page=2' });
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing to count yet.')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('TEA-01')).toBeInTheDocument();
  });

  it("a count refreshes the locations list, whose 'Last stocktaking' it changes", async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 4 }] });
    server.use(...backend.handlers);
    const { events, queryClient } = renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking' });
    const locationsKey = inventoryKeys.locationList({ search: '', obsolete: '', type: '', page: 0, limit: 50 });
    queryClient.setQueryData(locationsKey, { count: 1, next: null, previous: null, results: [a1] });

    await events.type(await screen.findByLabelText('Counted quantity of TEA-01 at A1'), '3{Enter}');
    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(locationsKey)?.isInvalidated).toBe(true));
  });

  it("asks 'stocktaking done before' a day as the start of that day where the operator is", async () => {
    const backend = createInventoryBackend({ locations: [a1], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 4 }] });
    server.use(...backend.handlers);
    renderWithApp(<StocktakingScreen />, { user: testUser, route: '/catalog/stocktaking?before=2026-03-01' });
    await screen.findByText('TEA-01');
    expect(backend.state.requests.find((r) => r.path === '/catalog/stocktaking/')?.query).toMatchObject({
      stocktaking_before: new Date(2026, 2, 1).toISOString(),
    });
  });
});
