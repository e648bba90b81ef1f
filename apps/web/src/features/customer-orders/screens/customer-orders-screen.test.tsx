import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createCustomerOrder, createCustomerOrdersBackend, createOrderItem } from '../testing/orders-backend';
import { CustomerOrdersScreen } from './customer-orders-screen';

const early = createCustomerOrder({
  order_number: '1001',
  customer_name: 'Grace Hopper',
  customer_email: 'grace@example.com',
  created_at: '2026-02-10T09:00:00.000Z',
  total: 249.5,
  currency: 'SEK',
  storefront_status: 'completed',
  internal_status: 'delivered',
  delivered_at: '2026-02-12T15:00:00.000Z',
  order_items: [createOrderItem({ prod_sku: 'TEA-01' }), createOrderItem({ prod_sku: 'POT-02' })],
});
const late = createCustomerOrder({
  order_number: '1002',
  customer_name: 'Alan Turing',
  created_at: '2026-02-20T09:00:00.000Z',
  internal_status: 'open',
  order_items: [createOrderItem({ prod_sku: 'CUP-03' })],
});

function setup() {
  const backend = createCustomerOrdersBackend({ orders: [early, late] });
  server.use(...backend.handlers);
  return backend;
}

const ROUTE = '/customers/orders';
const listRequests = (backend: ReturnType<typeof setup>) => backend.state.requests.filter((r) => r.method === 'GET' && r.path === '/customers/orders/');
/** The user's day as the instant it starts or ends, as the screen sends it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

async function renderList(route = ROUTE) {
  const backend = setup();
  const rendered = renderWithApp(<CustomerOrdersScreen />, { user: testUser, route });
  const table = await screen.findByRole('table', { name: 'Orders' });
  return { backend, table, ...rendered };
}

describe('CustomerOrdersScreen', () => {
  it('lists orders 25 a page, newest first, with customer, items, total, statuses and delivery', async () => {
    const { backend, table } = await renderList();
    const link = await within(table).findByRole('link', { name: '1001' });
    expect(link).toHaveAttribute('href', `/customers/orders/edit?id=${early.id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(row).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(row).toHaveTextContent(/249[.,]50/);
    expect(row).toHaveTextContent(/SEK|kr/);
    expect(within(row).getByText('Delivered')).toBeInTheDocument();
    expect(within(row).getByText('completed')).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(rows).toEqual(['1002', '1001']);
    expect(listRequests(backend)[0]?.query).toEqual({ limit: '25', offset: '0', ordering: '-created_at' });
  });

  it('writes each filter to the URL, sends it, and goes back to page 0', async () => {
    const { backend, table, events, router } = await renderList(`${ROUTE}?page=2`);
    await waitFor(() => expect(listRequests(backend)[0]?.query.offset).toBe('50'));

    await events.selectOptions(screen.getByLabelText('Status'), 'Open');
    await waitFor(() => expect(router.state.location.search).toBe('?internal_status=open'));
    expect(await within(table).findByRole('link', { name: '1002' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('link', { name: '1001' })).not.toBeInTheDocument());
    expect(listRequests(backend).at(-1)?.query).toMatchObject({ internal_status: 'open', offset: '0' });
    await events.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    const checks: [string, () => Promise<void>, string, Record<string, string>][] = [
      [
        'created from',
        () => events.type(screen.getByLabelText('Created from'), '2026-02-15'),
        '?created_from=2026-02-15',
        { created_at__gte: dayStart('2026-02-15') },
      ],
      ['created to', () => events.type(screen.getByLabelText('Created to'), '2026-02-15'), '?created_to=2026-02-15', { created_at__lte: dayEnd('2026-02-15') }],
      [
        'delivered from',
        () => events.type(screen.getByLabelText('Delivered from'), '2026-02-01'),
        '?delivered_from=2026-02-01',
        { delivered_at__gte: dayStart('2026-02-01') },
      ],
      [
        'delivered to',
        () => events.type(screen.getByLabelText('Delivered to'), '2026-02-28'),
        '?delivered_to=2026-02-28',
        { delivered_at__lte: dayEnd('2026-02-28') },
      ],
      [
        'order number',
        () => events.type(screen.getByRole('searchbox', { name: 'Order number' }), '1002{Enter}'),
        '?order_number=1002',
        { order_number: '1002' },
      ],
      ['search', () => events.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'TEA-01{Enter}'), '?search=TEA-01', { search: 'TEA-01' }],
      ['sort field', () => events.selectOptions(screen.getByLabelText('Sort by'), 'Total'), '?sort=total', { ordering: '-total' }],
      ['direction', () => events.selectOptions(screen.getByLabelText('Direction'), 'Ascending'), '?direction=asc', { ordering: 'created_at' }],
    ];
    for (const [name, change, search, query] of checks) {
      await router.navigate(`${ROUTE}?page=3`);
      expect(router.state.location.search).toBe('?page=3');
      await change();
      await waitFor(() => expect(router.state.location.search, name).toBe(search));
      await waitFor(() => expect(listRequests(backend).at(-1)?.query, name).toMatchObject({ ...query, offset: '0' }));
    }
  });

  it('shows only what the filters in the URL leave', async () => {
    const { table } = await renderList(`${ROUTE}?created_from=2026-02-15`);
    expect(await within(table).findByRole('link', { name: '1002' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: '1001' })).not.toBeInTheDocument();
  });

  it('finds an order by the SKU of one of its items', async () => {
    const { table } = await renderList(`${ROUTE}?search=pot-02`);
    expect(await within(table).findByRole('link', { name: '1001' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: '1002' })).not.toBeInTheDocument();
  });

  it('says when no order matches the filters', async () => {
    const { table } = await renderList(`${ROUTE}?delivered_from=2026-03-01`);
    expect(await within(table).findByText('No orders match these filters.')).toBeInTheDocument();
  });

  it("syncs the default window, shows the server's message with unknown SKUs, and reloads the list", async () => {
    const { backend, table, events } = await renderList();
    await within(table).findByRole('link', { name: '1001' });
    backend.state.sync = {
      status: 200,
      body: {
        message: 'Synced 1 order from the last 7 days: 1 new, 0 updated. SKUs not in your catalog (their lines have no product): GHOST-9.',
        created: 1,
        updated: 0,
        unknown_skus: ['GHOST-9'],
      },
      orders: [createCustomerOrder({ order_number: '2001', created_at: '2026-02-28T09:00:00.000Z' })],
    };
    await events.click(screen.getByRole('button', { name: 'Sync orders' }));

    // Word for word, once: the server's message already names the unknown SKUs.
    const message = await screen.findByText(
      'Synced 1 order from the last 7 days: 1 new, 0 updated. SKUs not in your catalog (their lines have no product): GHOST-9.',
    );
    expect(message.closest('[role="alert"]')).toHaveClass('MuiAlert-filledWarning');
    expect(await within(table).findByRole('link', { name: '2001' })).toBeInTheDocument();
    const syncs = backend.state.requests.filter((r) => r.path === '/customers/orders/sync');
    expect(syncs.map((r) => r.query)).toEqual([{}]);
  });

  it("refreshes the company screen's storefront (Last synced), the notifications and the backorders after a sync", async () => {
    const { backend, events, queryClient } = await renderList();
    // Cached by the company screen and the bell before the sync (named as keys: those features own them).
    queryClient.setQueryData(['companies', 'storefront'], { store_url: 'https://shop.example.com', last_synced_at: null });
    queryClient.setQueryData(['notifications', 'unread-count', testUser.id], 0);
    // A sync that cancels or reopens an order resolves or reopens its backorders (procurement shows them as demand).
    queryClient.setQueryData(['customer-backorders', 'list', { order_number: '1001' }], { count: 0, results: [] });
    queryClient.setQueryData(['procurement-products', 'list'], { count: 0, results: [] });
    backend.state.sync = { status: 200, body: { message: 'Synced 0 new and 0 changed orders.', created: 0, updated: 0, unknown_skus: [] } };
    await events.click(screen.getByRole('button', { name: 'Sync orders' }));
    expect(await screen.findByText('Synced 0 new and 0 changed orders.')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['companies', 'storefront'])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['notifications', 'unread-count', testUser.id])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['customer-backorders', 'list', { order_number: '1001' }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['procurement-products', 'list'])?.isInvalidated).toBe(true);
  });

  it('syncs the last 31 days, showing progress on the button while it runs', async () => {
    const { backend, events } = await renderList();
    backend.state.sync = { status: 200, body: { message: 'Synced 0 new and 3 changed orders.', created: 0, updated: 3, unknown_skus: [] } };
    let release = () => undefined as void;
    backend.state.syncGate = new Promise<void>((resolve) => (release = resolve));
    const button = screen.getByRole('button', { name: 'Sync last 31 days' });
    await events.click(button);
    expect(await within(button).findByRole('progressbar')).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sync orders' })).toBeDisabled();
    release();
    expect(await screen.findByText('Synced 0 new and 3 changed orders.')).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.path === '/customers/orders/sync').map((r) => r.query)).toEqual([{ no_of_days: '31' }]);
    expect(button).toBeEnabled();
  });

  it("shows a failed sync's detail (no connection, storefront down)", async () => {
    const { backend, events } = await renderList();
    backend.state.sync = { status: 400, body: { detail: 'Connect your storefront under Company preferences first.' } };
    await events.click(screen.getByRole('button', { name: 'Sync orders' }));
    expect(await screen.findByText('Connect your storefront under Company preferences first.')).toBeInTheDocument();

    backend.state.sync = { status: 502, body: { detail: 'The storefront answered 503.' } };
    await events.click(screen.getByRole('button', { name: 'Sync last 31 days' }));
    expect(await screen.findByText('The storefront answered 503.')).toBeInTheDocument();
  });
});
