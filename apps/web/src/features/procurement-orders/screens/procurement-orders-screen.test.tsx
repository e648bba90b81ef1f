import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { http, HttpResponse } from 'msw';
import { PRODUCT_REQUIRED } from '../components/add-item-form';
import { SUPPLIER_REQUIRED } from '../components/create-order-dialog';
import { belowReceivedMessage } from '../components/item-quantity-field';
import { QUANTITY_POSITIVE } from '../components/format';
import { LOCATION_REQUIRED, moreThanRemainingMessage } from '../components/receive-dialog';
import { createLocation, createOrdersBackend, createSupplier } from '../testing/orders-backend';
import { createProductLite } from '@/test/fixtures';
import { ProcurementOrdersScreen } from './procurement-orders-screen';

const acme = createSupplier({ name: 'Acme Tea' });
const brew = createSupplier({ name: 'Brew Supplies' });
const tea = createProductLite({ sku: 'TEA-01', name: 'Green tea' });
const pot = createProductLite({ sku: 'POT-02', name: 'Tea pot' });
const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
const old = createLocation({ name: 'Old shelf', abbreviation_slug: 'OLD', obsolete: true });

function setup() {
  const backend = createOrdersBackend({ suppliers: [acme, brew], products: [tea, pot], locations: [a1, old], unitCosts: { [tea.id]: 12.5 } });
  server.use(...backend.handlers);
  return backend;
}

const ROUTE = '/procurement/orders';
const requestsTo = (backend: ReturnType<typeof setup>, method: string, path: string | RegExp) =>
  backend.state.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

describe('ProcurementOrdersScreen', () => {
  it('lists orders 25 a page, newest first, with status and received / ordered', async () => {
    const backend = setup();
    backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 10, quantity_received: 4 }]);
    backend.addOrder({ supplier: brew.id });
    renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: ROUTE });

    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    const first = await within(table).findByRole('link', { name: 'PO-000001' });
    const row = first.closest('tr')!;
    expect(within(row).getByText('Acme Tea')).toBeInTheDocument();
    expect(within(row).getByText('Partially received')).toBeInTheDocument();
    expect(within(row).getByText('4 / 10')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'PO-000002' })).toBeInTheDocument();
    expect(requestsTo(backend, 'GET', '/procurement/orders/')[0]?.query).toEqual({ limit: '25', offset: '0', ordering: '-created_at' });
  });

  it('filters by supplier, status and search, all in the URL', async () => {
    const backend = setup();
    backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 10, quantity_received: 4 }]);
    backend.addOrder({ supplier: brew.id });
    const { events, router } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: ROUTE });
    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    await within(table).findByRole('link', { name: 'PO-000001' });
    const supplier = screen.getByLabelText('Supplier');
    await within(supplier).findByRole('option', { name: 'Brew Supplies' });
    await events.selectOptions(supplier, 'Brew Supplies');
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'PO-000001' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe(`?supplier=${brew.id}`);

    await events.selectOptions(screen.getByLabelText('Status'), 'Partially received');
    expect(await within(table).findByText('No purchase orders match these filters.')).toBeInTheDocument();
    expect(requestsTo(backend, 'GET', '/procurement/orders/').at(-1)?.query).toMatchObject({ supplier: String(brew.id), status: 'partially_received' });

    await events.click(screen.getByRole('button', { name: 'Clear filters' }));
    await events.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'acme{Enter}');
    expect(await within(table).findByRole('link', { name: 'PO-000001' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'PO-000002' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=acme');
  });

  it('creates a purchase order (the number left to the server) and opens it', async () => {
    const backend = setup();
    const { events, router } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: ROUTE });
    expect(await screen.findByText('No purchase orders yet.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'New purchase order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New purchase order' });
    await within(dialog).findByRole('option', { name: 'Acme Tea' });
    await events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(SUPPLIER_REQUIRED)).toBeInTheDocument();

    await events.selectOptions(within(dialog).getByLabelText(/Supplier/), 'Acme Tea');
    await events.type(within(dialog).getByLabelText('Comments'), 'Spring restock');
    await events.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Purchase order PO-000001 created')).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/procurement/orders/')[0]?.body).toEqual({ supplier: acme.id, comments: 'Spring restock' });
    const panel = await screen.findByRole('dialog', { name: 'Purchase order PO-000001' });
    expect(within(panel).getByText('Spring restock')).toBeInTheDocument();
    expect(within(panel).getByText('No items yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?order=${backend.state.orders[0]!.id}`);
    expect(await within(screen.getByRole('table', { name: 'Purchase orders', hidden: true })).findByText('Acme Tea')).toBeInTheDocument();

    // Escape closes the panel and takes the order out of the URL.
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Purchase order PO-000001' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it("keeps an order number of one's own, and shows a taken one as the server's field error", async () => {
    const backend = setup();
    backend.addOrder({ supplier: acme.id });
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: ROUTE });
    await events.click(await screen.findByRole('button', { name: 'New purchase order' }));
    const again = await screen.findByRole('dialog', { name: 'New purchase order' });
    await within(again).findByRole('option', { name: 'Brew Supplies' });
    await events.selectOptions(within(again).getByLabelText(/Supplier/), 'Brew Supplies');
    await events.type(within(again).getByLabelText('Order number'), 'PO-000001{Enter}');
    expect(await within(again).findByText('A procurement order with this internal order number already exists.')).toBeInTheDocument();
    await events.clear(within(again).getByLabelText('Order number'));
    await events.type(within(again).getByLabelText('Order number'), '66666{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Purchase order 66666' })).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/procurement/orders/').at(-1)?.body).toEqual({ supplier: brew.id, internal_order_number: '66666', comments: '' });
  });

  it('adds items from the catalog picker: ordered is added successfully', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id });
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });

    await events.click(within(panel).getByRole('button', { name: 'Add item' }));
    expect(await within(panel).findByText(PRODUCT_REQUIRED)).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/procurement/order_items/')).toHaveLength(0);

    await events.type(within(panel).getByRole('combobox', { name: 'Product' }), 'tea');
    await events.click(await screen.findByRole('option', { name: 'TEA-01 — Green tea' }));
    const quantity = within(panel).getByRole('spinbutton', { name: 'Quantity' });
    await events.clear(quantity);
    await events.type(quantity, '12{Enter}');

    expect(await screen.findByText(MESSAGES.ordered)).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/procurement/order_items/')[0]?.body).toEqual({ order: order.id, product: tea.id, quantity: '12.00' });
    const items = within(panel).getByRole('table', { name: 'Order items' });
    const row = (await within(items).findByText('TEA-01')).closest('tr')!;
    expect(within(row).getByText('Green tea')).toBeInTheDocument();
    expect(within(row).getByRole('spinbutton', { name: 'Ordered quantity of TEA-01' })).toHaveValue(12);
    expect(within(row).getByText('12.50')).toBeInTheDocument();
    // The form is ready for the next product.
    expect(within(panel).getByRole('combobox', { name: 'Product' })).toHaveValue('');
    expect(backend.state.requests.filter((r) => r.path === '/catalog/products2/').at(-1)?.query).toMatchObject({ search: 'tea' });
  });

  it('keyboard: after Enter adds an item the product field has the focus for the next one, and an Enter-saved quantity keeps it', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: pot.id, quantity: 2 }]);
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });

    const product = within(panel).getByRole('combobox', { name: 'Product' });
    await events.type(product, 'tea');
    await events.click(await screen.findByRole('option', { name: 'TEA-01 — Green tea' }));
    await events.click(within(panel).getByRole('spinbutton', { name: 'Quantity' }));
    await events.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGES.ordered)).toBeInTheDocument();
    await within(within(panel).getByRole('table', { name: 'Order items' })).findByText('TEA-01');
    await waitFor(() => expect(product).toHaveFocus());

    // The save waits until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let saving = false;
    server.use(
      http.put(apiUrl('/procurement/order_items/:id/'), async () => {
        saving = true;
        await held;
        return undefined;
      }),
    );
    const field = within(panel).getByRole('spinbutton', { name: 'Ordered quantity of POT-02' });
    await events.clear(field);
    await events.type(field, '5{Enter}');
    await waitFor(() => expect(saving).toBe(true));
    // While it saves the field keeps the focus (a disabled field drops it) and takes no typing.
    expect(field).toHaveFocus();
    expect(field).not.toBeDisabled();
    await events.type(field, '9');
    expect(field).toHaveValue(5);
    release();
    await waitFor(() => expect(requestsTo(backend, 'PUT', /^\/procurement\/order_items\/\d+\/$/)).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(field).toHaveValue(5);
    expect(field).toHaveFocus();
  });

  it('the order panel stays open while an item is being added: Escape waits, and the refusal shows', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let saving = false;
    server.use(
      http.post(apiUrl('/procurement/order_items/'), async () => {
        saving = true;
        await held;
        return HttpResponse.json({ order: ['This order is cancelled.'] }, { status: 400 });
      }),
    );
    const { events, router } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });
    await events.type(within(panel).getByRole('combobox', { name: 'Product' }), 'tea');
    await events.click(await screen.findByRole('option', { name: 'TEA-01 — Green tea' }));
    await events.click(within(panel).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(saving).toBe(true));

    await events.keyboard('{Escape}');
    expect(within(panel).getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(router.state.location.search).toBe(`?order=${order.id}`);
    release();
    expect(await screen.findByText('This order is cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `Purchase order ${order.internal_order_number}` })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Close' })).toBeEnabled());
    await events.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("shows a refused item's non-field 400 as the server's words, not its JSON", async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id });
    // The order was cancelled in another tab meanwhile: the API refuses the line on `order`.
    server.use(http.post(apiUrl('/procurement/order_items/'), () => HttpResponse.json({ order: ['This order is cancelled.'] }, { status: 400 })));
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });

    await events.type(within(panel).getByRole('combobox', { name: 'Product' }), 'tea');
    await events.click(await screen.findByRole('option', { name: 'TEA-01 — Green tea' }));
    await events.click(within(panel).getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('This order is cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/"order"/)).not.toBeInTheDocument();
  });

  it('changes an item quantity in place, never below what was received', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 10, quantity_received: 4 }]);
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });
    const field = await within(panel).findByRole('spinbutton', { name: 'Ordered quantity of TEA-01' });
    expect(field).toHaveAttribute('min', '4');

    await events.clear(field);
    await events.type(field, '3{Enter}');
    expect(await within(panel).findByText(belowReceivedMessage(4))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(backend, 'PUT', /^\/procurement\/order_items\//)).toHaveLength(0);

    await events.clear(field);
    await events.type(field, '15.5{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await events.tab();
    const puts = requestsTo(backend, 'PUT', /^\/procurement\/order_items\/\d+\/$/);
    expect(puts.map((r) => r.body)).toEqual([{ quantity: '15.50' }]);
    await waitFor(() => expect(within(panel).getByText(/4 of 15\.5\s+received/)).toBeInTheDocument());

    // Escape puts the saved value back and leaves the panel open.
    await events.clear(field);
    await events.type(field, '99{Escape}');
    expect(field).toHaveValue(15.5);
    expect(screen.getByRole('dialog', { name: `Purchase order ${order.internal_order_number}` })).toBeInTheDocument();
  });

  it('receives an item into a location, and the order refreshes', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [
      { product: tea.id, quantity: 10, quantity_received: 4 },
      { product: pot.id, quantity: 1, quantity_received: 1 },
    ]);
    const { events, queryClient } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });
    expect(await within(panel).findByRole('button', { name: 'Receive POT-02' })).toBeDisabled();

    await events.click(within(panel).getByRole('button', { name: 'Receive TEA-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    expect(within(dialog).queryByRole('option', { name: /OLD/ })).not.toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/catalog/inventory_locations/')?.query).toMatchObject({ obsolete: 'No' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveValue(6);
    expect(quantity).toHaveAttribute('max', '6');
    expect(quantity).toHaveAttribute('min', '0');
    expect(quantity).toHaveAttribute('step', '0.01');

    await events.selectOptions(within(dialog).getByLabelText(/Location/), 'A1 — Aisle 1');
    await events.clear(quantity);
    await events.type(quantity, '2.5');
    await events.type(within(dialog).getByLabelText('Comments'), 'Box 1 of 2');
    await events.click(within(dialog).getByRole('button', { name: 'Receive' }));

    expect(await screen.findByText('Received 2.5 × TEA-01 into A1')).toBeInTheDocument();
    const [receipt] = requestsTo(backend, 'POST', /\/receive\/$/);
    expect(receipt?.path).toBe(`/procurement/order_items/${order.items[0]!.id}/receive/`);
    expect(receipt?.body).toEqual({ location: a1.id, quantity: '2.50', comments: 'Box 1 of 2' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Receive goods' })).not.toBeInTheDocument());
    const row = within(panel).getByText('TEA-01').closest('tr')!;
    expect(await within(row).findByText('6.5')).toHaveAttribute('title', expect.stringMatching(/^2\.5 into A1, /));
    expect(within(panel).getByText('Partially received')).toBeInTheDocument();
    // The stock it booked shows everywhere: inventories, ledger, products, stocktaking.
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['procurement-orders', 'inventories', 'inventory-transactions', 'products', 'stocktaking']));
  });

  it("refreshes the customers' backorders, orders and notifications a receipt or a line change touches", async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 10, quantity_received: 4 }]);
    const { events, queryClient } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    // What other screens hold: a receipt makes reserved backorders ready and notifies; a lowered line releases reservations.
    const elsewhere = [
      ['customer-backorders', 'list', { order_number: '' }],
      ['customer-orders', 'detail', 1],
      ['notifications', 'unread'],
    ];
    const seed = () => elsewhere.forEach((key) => queryClient.setQueryData(key, { seeded: true }));
    const stale = () => elsewhere.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    seed();
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });

    await events.click(await within(panel).findByRole('button', { name: 'Receive TEA-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    await events.selectOptions(within(dialog).getByLabelText(/Location/), 'A1 — Aisle 1');
    await events.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Received 6 × TEA-01 into A1')).toBeInTheDocument();
    await waitFor(() => expect(stale()).toEqual(['customer-backorders', 'customer-orders', 'notifications']));

    seed();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Receive goods' })).not.toBeInTheDocument());
    const field = within(panel).getByRole('spinbutton', { name: 'Ordered quantity of TEA-01' });
    await events.clear(field);
    await events.type(field, '12{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(stale()).toEqual(expect.arrayContaining(['customer-backorders', 'customer-orders'])));
  });

  it('needs a location and at most the remaining quantity before it asks the server', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 10, quantity_received: 4 }]);
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });
    await events.click(await within(panel).findByRole('button', { name: 'Receive TEA-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await events.clear(quantity);
    await events.type(quantity, '7{Enter}');
    expect(await within(dialog).findByText(moreThanRemainingMessage(6))).toBeInTheDocument();
    expect(within(dialog).getByText(LOCATION_REQUIRED)).toBeInTheDocument();
    await events.clear(quantity);
    await events.type(quantity, '0{Enter}');
    expect(await within(dialog).findByText(QUANTITY_POSITIVE)).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', /\/receive\/$/)).toHaveLength(0);
  });

  it("shows the server's 400 when a receipt is refused", async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 10, quantity_received: 0 }]);
    const { events } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });
    await events.click(await within(panel).findByRole('button', { name: 'Receive TEA-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    await events.selectOptions(within(dialog).getByLabelText(/Location/), 'A1 — Aisle 1');

    // Someone else received 7 meanwhile: the server refuses the 10 this screen still offers.
    backend.state.orders[0]!.items[0]!.quantity_received = 7;
    await events.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('Cannot receive more than was ordered: 3.00 of 10.00 left to receive.')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveAttribute('aria-invalid', 'true');
    expect(backend.state.transactions).toHaveLength(0);
  });

  it('cancels an order nothing was received on, then deletes it after confirming', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 3 }]);
    const { events, router } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });

    await events.click(await within(panel).findByRole('button', { name: 'Cancel order' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Cancel purchase order?' })).getByRole('button', { name: 'Cancel order' }));
    expect(await within(panel).findByText('Cancelled')).toBeInTheDocument();
    expect(requestsTo(backend, 'PUT', `/procurement/orders/${order.id}/`)[0]?.body).toEqual({ status: 'cancelled' });
    expect(within(panel).queryByRole('form', { name: 'Add item' })).not.toBeInTheDocument();
    // Once the confirmation has gone, the panel is in the accessibility tree again.
    expect(await within(panel).findByRole('button', { name: 'Receive TEA-01' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Reopen order' })).toBeInTheDocument();

    await events.click(within(panel).getByRole('button', { name: 'Delete order' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete purchase order?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(requestsTo(backend, 'DELETE', `/procurement/orders/${order.id}/`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No purchase orders yet.')).toBeInTheDocument();
  });

  it('deleting the only order of the last page says the page is past the end, not that there are no orders', async () => {
    const backend = setup();
    const oldest = backend.addOrder({ supplier: acme.id });
    for (let i = 0; i < 25; i += 1) backend.addOrder({ supplier: brew.id });
    const { events, router } = renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?page=1&order=${oldest.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${oldest.internal_order_number}` });
    await events.click(await within(panel).findByRole('button', { name: 'Delete order' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete purchase order?' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No purchase orders yet.')).not.toBeInTheDocument();
    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'PO-000026' })).toBeInTheDocument();
  });

  it('offers neither cancel nor delete once goods were received', async () => {
    const backend = setup();
    const order = backend.addOrder({ supplier: acme.id }, [{ product: tea.id, quantity: 3, quantity_received: 1 }]);
    renderWithApp(<ProcurementOrdersScreen />, { user: testUser, route: `${ROUTE}?order=${order.id}` });
    const panel = await screen.findByRole('dialog', { name: `Purchase order ${order.internal_order_number}` });
    expect(await within(panel).findByText('TEA-01')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete order' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Remove TEA-01' })).not.toBeInTheDocument();
  });
});
