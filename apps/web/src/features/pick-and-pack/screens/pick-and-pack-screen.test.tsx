import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { http } from 'msw';
import { apiUrl, server } from '@/test/server';
import { createPickBackend, type PickLocation, type PickProduct } from '../testing/pick-backend';
import { PickAndPackScreen } from './pick-and-pack-screen';

const a1: PickLocation = { id: 11, slug: 'A1' };
const b2: PickLocation = { id: 12, slug: 'B2' };
const tea: PickProduct = { id: 21, sku: 'TEA-01', name: 'Green tea' };
const pot: PickProduct = { id: 22, sku: 'POT-02', name: 'Tea pot' };
const cupParent: PickProduct = { id: 23, sku: 'CUP', name: 'Cup' };
const cupRed: PickProduct = { id: 24, sku: 'CUP-RED', name: 'Cup red' };

const ROUTE = '/customers/pick-and-pack';

function setup() {
  const backend = createPickBackend({ locations: [a1, b2], products: [tea, pot, cupParent, cupRed] });
  backend.setStock(tea, a1.id, 2);
  backend.setStock(tea, b2.id, 5);
  backend.setStock(cupParent, a1.id, 4);
  const first = backend.addOrder({ order_number: '1001', customer_name: 'Grace Hopper', created_at: '2026-02-01T08:00:00.000Z' }, [
    { product: tea, quantity: 3 },
    { product: pot, quantity: 1 },
  ]);
  const second = backend.addOrder({ order_number: '1002', customer_name: 'Alan Turing', created_at: '2026-02-02T08:00:00.000Z' }, [
    { product: cupRed, stockProxyParent: cupParent.id, quantity: 2 },
  ]);
  backend.addOrder({ order_number: '1000', closed: 'delivered', created_at: '2026-01-01T08:00:00.000Z' }, [{ product: tea, quantity: 1 }]);
  server.use(...backend.handlers);
  return { backend, first, second };
}

const requestsTo = (backend: ReturnType<typeof setup>['backend'], path: string | RegExp) =>
  backend.state.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));

async function openOrder(route: string) {
  const rendered = renderWithApp(<PickAndPackScreen />, { user: testUser, route });
  const panel = await screen.findByRole('region', { name: /^Order / });
  return { ...rendered, panel };
}

const itemSection = (sku: string) => screen.getByRole('region', { name: new RegExp(`^${sku} `) });

describe('PickAndPackScreen', () => {
  it('lists the open orders oldest first and shows the chosen one, kept in the URL', async () => {
    const { backend, first } = setup();
    const { events, router } = renderWithApp(<PickAndPackScreen />, { user: testUser, route: ROUTE });
    const list = await screen.findByRole('listbox', { name: 'Open orders' });
    const options = await within(list).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('1001 · Grace Hopper'), expect.stringContaining('1002 · Alan Turing')]);
    expect(options[0]).toHaveTextContent(/\d+ lines? to pick$/);
    expect(requestsTo(backend, '/customers/orders/')[0]?.query).toEqual({ internal_status__in: 'open,partially_picked', ordering: 'created_at', limit: '50' });
    expect(screen.getByText('Choose an order to pick.')).toBeInTheDocument();

    await events.click(options[0]!);
    expect(await screen.findByRole('heading', { name: 'Order 1001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?order=${first.id}`);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    const teaItem = itemSection('TEA-01');
    expect(within(teaItem).getByText('Ordered 3')).toBeInTheDocument();
    expect(within(teaItem).getByText('Picked 0')).toBeInTheDocument();
    expect(within(teaItem).getByText('Remaining 3')).toBeInTheDocument();
    // One click takes what remains, or what the location holds when that is less; most stock first.
    const pickButtons = await within(teaItem).findAllByRole('button', { name: /^Pick / });
    expect(pickButtons.map((b) => b.getAttribute('aria-label'))).toEqual(['Pick 3 of TEA-01 from B2', 'Pick 2 of TEA-01 from A1']);
    expect(within(itemSection('POT-02')).getByText('No stock anywhere.')).toBeInTheDocument();
    expect(requestsTo(backend, '/catalog/products/inventories/').at(-1)?.query).toEqual({ product_ids: `${tea.id},${pot.id}` });
    // The scanner input has the focus: the operator can scan straight away.
    expect(screen.getByRole('textbox', { name: 'Scan SKU or EAN' })).toHaveFocus();
  });

  it('searches the open orders, the search kept in the URL', async () => {
    const { backend } = setup();
    const { events, router } = renderWithApp(<PickAndPackScreen />, { user: testUser, route: ROUTE });
    const list = await screen.findByRole('listbox', { name: 'Open orders' });
    await within(list).findByRole('option', { name: /1001/ });
    await events.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'turing{Enter}');
    await waitFor(() => expect(within(list).queryByRole('option', { name: /1001/ })).not.toBeInTheDocument());
    expect(within(list).getByRole('option', { name: /1002 · Alan Turing/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=turing');
    expect(requestsTo(backend, '/customers/orders/').at(-1)?.query).toMatchObject({ search: 'turing', internal_status__in: 'open,partially_picked' });

    await events.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await events.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'nobody{Enter}');
    expect(await screen.findByText('No open orders match this search.')).toBeInTheDocument();
  });

  it('picks from a location with one click, shows the answer exactly and refreshes quantities, then unpicks', async () => {
    const { backend, first } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    const teaItem = itemSection('TEA-01');
    await events.click(await within(teaItem).findByRole('button', { name: 'Pick 2 of TEA-01 from A1' }));

    expect(await screen.findByText('Picked 2x[TEA-01]Green tea for order 1001.')).toBeInTheDocument();
    const teaItemId = first.order_items[0]!.id;
    expect(requestsTo(backend, `/customers/order_items/${teaItemId}/actions/pick/`)[0]).toMatchObject({
      method: 'GET',
      query: { location_id: String(a1.id), product_id: String(tea.id), quantity: '2' },
    });
    expect(await within(teaItem).findByText('Remaining 1')).toBeInTheDocument();
    expect(within(teaItem).getByText('Picked 2')).toBeInTheDocument();
    // The inventories were read again: A1 is empty now, B2 offers the one left.
    expect(await within(teaItem).findByRole('button', { name: 'Pick 1 of TEA-01 from B2' })).toBeInTheDocument();
    expect(within(teaItem).queryByRole('button', { name: /^Pick .* from A1$/ })).not.toBeInTheDocument();
    const picks = await within(teaItem).findByRole('list', { name: 'Picks of TEA-01' });
    expect(within(picks).getByText(/Picked 2 from A1/)).toBeInTheDocument();
    expect(requestsTo(backend, '/catalog/products/inventories/transactions/').at(-1)?.query).toEqual({
      inventory_transaction_ids: String(backend.state.transactions[0]!.id),
    });

    const pickId = backend.state.transactions[0]!.id;
    await events.click(within(picks).getByRole('button', { name: 'Unpick 2 of TEA-01 from A1' }));
    expect(await screen.findByText('UnPicked [TEA-01]Green tea for order 1001.')).toBeInTheDocument();
    expect(requestsTo(backend, `/customers/order_items/${teaItemId}/actions/unpick/`)[0]?.query).toEqual({
      inventory_transaction_id: String(pickId),
    });
    expect(await within(teaItem).findByText('Remaining 3')).toBeInTheDocument();
    expect(await within(teaItem).findByRole('button', { name: 'Pick 2 of TEA-01 from A1' })).toBeInTheDocument();
    expect(within(teaItem).queryByRole('list', { name: 'Picks of TEA-01' })).not.toBeInTheDocument();
    expect(backend.level(tea.id, a1.id)).toBe(2);
  });

  it('keeps showing the picks it knows while the list of picks is read again after a pick', async () => {
    const { first } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    const teaItem = itemSection('TEA-01');
    await events.click(await within(teaItem).findByRole('button', { name: 'Pick 2 of TEA-01 from A1' }));
    const picks = await within(teaItem).findByRole('list', { name: 'Picks of TEA-01' });
    expect(await within(picks).findByText(/Picked 2 from A1/)).toBeInTheDocument();

    // The next read of the picks is held back (a handler that answers nothing hands it on to the backend's).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(apiUrl('/catalog/products/inventories/transactions/'), () => held.then(() => undefined)));
    await events.click(await within(teaItem).findByRole('button', { name: 'Pick 1 of TEA-01 from B2' }));
    expect(await within(teaItem).findByText('Remaining 0')).toBeInTheDocument();
    // The pick from A1 stays listed meanwhile (the list used to vanish until the read came back).
    expect(within(within(teaItem).getByRole('list', { name: 'Picks of TEA-01' })).getByText(/Picked 2 from A1/)).toBeInTheDocument();
    release();
    expect(await within(within(teaItem).getByRole('list', { name: 'Picks of TEA-01' })).findByText(/Picked 1 from B2/)).toBeInTheDocument();
  });

  it('picks a stock proxy from its parent product', async () => {
    const { backend, second } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${second.id}`);
    await events.click(await within(itemSection('CUP-RED')).findByRole('button', { name: 'Pick 2 of CUP-RED from A1' }));
    expect(await screen.findByText('Picked 2x[CUP-RED]Cup red for order 1002.')).toBeInTheDocument();
    expect(requestsTo(backend, '/catalog/products/inventories/')[0]?.query).toEqual({ product_ids: String(cupParent.id) });
    expect(requestsTo(backend, /actions\/pick\/$/)[0]?.query).toMatchObject({ product_id: String(cupParent.id) });
  });

  it('a typed quantity overrides the one-click amount, and a 400 shows its message', async () => {
    const { backend, first } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    const teaItem = itemSection('TEA-01');
    await within(teaItem).findByRole('button', { name: 'Pick 2 of TEA-01 from A1' });
    // Someone else took stock meanwhile: the screen still offers 2 at A1.
    backend.setStock(tea, a1.id, 1);
    await events.click(within(teaItem).getByRole('button', { name: 'Pick 2 of TEA-01 from A1' }));
    expect(await screen.findByText('Only 1 in stock at A1.')).toBeInTheDocument();
    expect(within(teaItem).getByText('Remaining 3')).toBeInTheDocument();

    const quantity = within(teaItem).getByRole('textbox', { name: 'Quantity for TEA-01' });
    await events.type(quantity, '4');
    await events.click(within(teaItem).getByRole('button', { name: 'Pick 4 of TEA-01 from B2' }));
    expect(await screen.findByText('Only 3 left to pick.')).toBeInTheDocument();
    expect(backend.state.transactions).toHaveLength(0);
    // A refused pick keeps the typed amount to correct; a pick made forgets it.
    expect(quantity).toHaveValue('4');
    await events.clear(quantity);
    await events.type(quantity, '1');
    await events.click(within(teaItem).getByRole('button', { name: 'Pick 1 of TEA-01 from B2' }));
    expect(await within(teaItem).findByText('Remaining 2')).toBeInTheDocument();
    await waitFor(() => expect(quantity).toHaveValue(''));
    expect(await within(teaItem).findByRole('button', { name: 'Pick 2 of TEA-01 from B2' })).toBeInTheDocument();
  });

  it('scans faster than a pick answers are picked one after another, each against what the pick before left', async () => {
    const { backend, first } = setup();
    // A1 holds most, so the first scan picks its 2; the one left must then come from B2.
    backend.setStock(tea, b2.id, 1);
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    await within(itemSection('TEA-01')).findByRole('button', { name: 'Pick 2 of TEA-01 from A1' });

    // The first pick's answer is held back while two more codes are scanned.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(apiUrl('/customers/order_items/:id/actions/pick/'), () => held.then(() => undefined), { once: true }));
    const scan = screen.getByRole('textbox', { name: 'Scan SKU or EAN' });
    await events.type(scan, 'TEA-01{Enter}');
    await events.type(scan, 'TEA-01{Enter}');
    await events.type(scan, 'TEA-01{Enter}');
    expect(await screen.findByText('Picking… 2 more scans wait their turn.')).toBeInTheDocument();
    expect(requestsTo(backend, /actions\/pick\/$/)).toHaveLength(0);

    release();
    expect(await screen.findByText('No item to pick for TEA-01 in order 1001')).toBeInTheDocument();
    expect(requestsTo(backend, /actions\/pick\/$/).map((r) => r.query)).toEqual([
      { location_id: String(a1.id), product_id: String(tea.id), quantity: '2' },
      { location_id: String(b2.id), product_id: String(tea.id), quantity: '1' },
    ]);
    expect(await within(itemSection('TEA-01')).findByText('Remaining 0')).toBeInTheDocument();
    expect(screen.getByText('Scan or type a code and press Enter: it picks from the location with most stock.')).toBeInTheDocument();
    expect([backend.level(tea.id, a1.id), backend.level(tea.id, b2.id)]).toEqual([0, 0]);
  });

  it('a scanned SKU and Enter picks it from the location with most stock; the input is cleared and keeps the focus', async () => {
    const { backend, first } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    await within(itemSection('TEA-01')).findByRole('button', { name: 'Pick 3 of TEA-01 from B2' });
    const scan = screen.getByRole('textbox', { name: 'Scan SKU or EAN' });
    await events.type(scan, 'tea-01{Enter}');

    expect(await screen.findByText('Picked 3x[TEA-01]Green tea for order 1001.')).toBeInTheDocument();
    expect(requestsTo(backend, /actions\/pick\/$/)[0]?.query).toEqual({ location_id: String(b2.id), product_id: String(tea.id), quantity: '3' });
    expect(scan).toHaveValue('');
    expect(scan).toHaveFocus();
    expect(await within(itemSection('TEA-01')).findByText('Remaining 0')).toBeInTheDocument();

    // Nothing left of it now: a second scan finds nothing to pick.
    await events.type(scan, 'TEA-01{Enter}');
    expect(await screen.findByText('No item to pick for TEA-01 in order 1001')).toBeInTheDocument();
    expect(requestsTo(backend, /actions\/pick\/$/)).toHaveLength(1);
  });

  it('an unknown scanned code shows an error and picks nothing', async () => {
    const { backend, first } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    await within(itemSection('TEA-01')).findByRole('button', { name: 'Pick 3 of TEA-01 from B2' });
    const scan = screen.getByRole('textbox', { name: 'Scan SKU or EAN' });
    await events.type(scan, '7310000000001{Enter}');
    expect(await screen.findByText('No item to pick for 7310000000001 in order 1001')).toBeInTheDocument();
    expect(scan).toHaveValue('');
    expect(scan).toHaveFocus();
    expect(requestsTo(backend, /actions\/pick\/$/)).toHaveLength(0);
  });

  it('backorders an item with nothing in stock', async () => {
    const { backend, first } = setup();
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    const potItem = itemSection('POT-02');
    expect(within(itemSection('TEA-01')).queryByRole('button', { name: 'Backorder' })).not.toBeInTheDocument();
    await events.click(await within(potItem).findByRole('button', { name: 'Backorder' }));
    expect(await screen.findByText('Backordered 1x[POT-02]Tea pot for order 1001.')).toBeInTheDocument();
    expect(requestsTo(backend, '/customers/backorders/')[0]).toMatchObject({ method: 'POST', body: { order_item: first.order_items[1]!.id } });
    expect(await within(potItem).findByText('Backordered 1')).toBeInTheDocument();
  });

  it('prints a pick list with locations, quantities and boxes to tick', async () => {
    const { first } = setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { events } = await openOrder(`${ROUTE}?order=${first.id}`);
    await within(itemSection('TEA-01')).findByRole('button', { name: 'Pick 3 of TEA-01 from B2' });
    await events.click(screen.getByRole('button', { name: 'Print pick list' }));
    expect(print).toHaveBeenCalledTimes(1);

    const sheet = within(screen.getByTestId('pick-list-print'));
    expect(sheet.getByText('Pick list · order 1001')).toBeInTheDocument();
    const teaRow = sheet.getByText('TEA-01').closest('tr')!;
    expect(within(teaRow).getByText('3 from B2')).toBeInTheDocument();
    expect(within(sheet.getByText('POT-02').closest('tr')!).getByText('No stock')).toBeInTheDocument();
  });

  it('moves through the orders with the arrow keys and opens one with Enter', async () => {
    const { second } = setup();
    const { events, router } = renderWithApp(<PickAndPackScreen />, { user: testUser, route: ROUTE });
    const list = await screen.findByRole('listbox', { name: 'Open orders' });
    const options = await within(list).findAllByRole('option');
    expect(options.map((o) => o.tabIndex)).toEqual([0, -1]);
    await events.tab();
    await events.tab();
    expect(options[0]).toHaveFocus();
    await events.keyboard('{ArrowDown}');
    expect(options[1]).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Order 1002' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?order=${second.id}`));
    // The pick buttons are reachable with Tab from the scanner input.
    const scan = screen.getByRole('textbox', { name: 'Scan SKU or EAN' });
    await waitFor(() => expect(scan).toHaveFocus());
    await within(itemSection('CUP-RED')).findByRole('button', { name: 'Pick 2 of CUP-RED from A1' });
    await events.tab();
    expect(screen.getByRole('textbox', { name: 'Quantity for CUP-RED' })).toHaveFocus();
    await events.tab();
    expect(screen.getByRole('button', { name: 'Pick 2 of CUP-RED from A1' })).toHaveFocus();
  });
});
