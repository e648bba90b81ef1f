import { MESSAGES, ORDER_ITEM_MESSAGES, type BackorderResponse, type ProcurementOrderItemListRow } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { createProductLite, page } from '@/test/fixtures';
import { apiUrl, server } from '@/test/server';
import { NOTHING_ON_ORDER } from '../components/reserve-backorder-dialog';
import { createCustomerOrder, createCustomerOrdersBackend, createIncomingLine, createOrderItem, createPickTransaction } from '../testing/orders-backend';
import { CustomerOrderEditScreen } from './customer-order-edit-screen';

const pickA1 = createPickTransaction({ location_abbreviation_slug: 'A1', quantity: 2 });
const pickB4 = createPickTransaction({ location_abbreviation_slug: 'B4', quantity: 1 });
const tea = createOrderItem({ prod_sku: 'TEA-01', prod_name: 'Green tea', quantity: 5, qty_picked: 3, inventory_transactions: [pickA1.id, pickB4.id] });
const pot = createOrderItem({ prod_sku: 'POT-02', prod_name: 'Tea pot', quantity: 1 });
const ghost = createOrderItem({ prod_sku: 'GHOST-9', prod_name: 'Unknown', quantity: 1, product: null });
const order = createCustomerOrder({
  order_number: '1001',
  customer_name: 'Grace Hopper',
  customer_email: 'grace@example.com',
  shipping_address: { first_name: 'Grace', last_name: 'Hopper', address_1: 'Storgatan 1', postcode: '111 22', city: 'Stockholm', country: 'SE' },
  internal_status: 'partially_picked',
  notes: 'Gift wrap',
  order_items: [tea, pot, ghost],
});

const ghostProduct = createProductLite({ sku: 'GHOST-10', name: 'Ghost lantern' });

function setup(incomingLines: ProcurementOrderItemListRow[] = []) {
  const backend = createCustomerOrdersBackend({ orders: [order], transactions: [pickA1, pickB4], incomingLines, products: [ghostProduct] });
  server.use(...backend.handlers);
  const rendered = renderWithApp(<CustomerOrderEditScreen />, { user: testUser, route: `/customers/orders/edit?id=${order.id}` });
  return { backend, ...rendered };
}

const requestsTo = (backend: ReturnType<typeof setup>['backend'], method: string, path: string) =>
  backend.state.requests.filter((r) => r.method === method && r.path === path);

describe('CustomerOrderEditScreen', () => {
  it('shows the order, its items with their picks by location, and a link to pick & pack', async () => {
    const { backend } = setup();
    expect(await screen.findByRole('heading', { name: 'Order 1001' })).toBeInTheDocument();
    const details = screen.getByLabelText('Order details');
    expect(details).toHaveTextContent('Grace Hopper · grace@example.com');
    expect(details).toHaveTextContent('Storgatan 1');
    expect(details).toHaveTextContent('111 22 Stockholm');
    expect(within(details).getByText('Partially picked')).toBeInTheDocument();

    const items = screen.getByRole('table', { name: 'Order items' });
    const teaRow = within(items).getByText('TEA-01').closest('tr')!;
    expect(
      within(teaRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(2, 6),
    ).toEqual(['5', '3', '2', '0']);
    const picks = within(teaRow).getByLabelText('Picks of TEA-01');
    expect(await within(picks).findByText('A1: 2')).toBeInTheDocument();
    expect(within(picks).getByText('B4: 1')).toBeInTheDocument();
    expect(requestsTo(backend, 'GET', '/catalog/products/inventories/transactions/')[0]?.query).toEqual({
      inventory_transaction_ids: `${pickA1.id},${pickB4.id}`,
    });
    // A storefront SKU the catalog lacks is said so, and offers a link to a catalog product instead of a backorder.
    const ghostRow = within(items).getByText('GHOST-9').closest('tr')!;
    expect(within(ghostRow).getByText('Not in catalog')).toBeInTheDocument();
    expect(within(ghostRow).queryByRole('button', { name: 'Backorder GHOST-9' })).not.toBeInTheDocument();
    expect(within(ghostRow).getByRole('button', { name: 'Link a product to Unknown' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Pick & pack' })).toHaveAttribute('href', `/customers/pick-and-pack?order=${order.id}`);
    expect(requestsTo(backend, 'GET', '/customers/backorders/')[0]?.query).toMatchObject({ order_number: '1001' });
  });

  it('links a line the catalog lacks to a product, which it can then be backordered as', async () => {
    const { backend, events } = setup();
    await events.click(await screen.findByRole('button', { name: 'Link a product to Unknown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a catalog product' });
    expect(dialog).toHaveTextContent('1 × Unknown (SKU GHOST-9, not in the catalog)');
    expect(within(dialog).getByRole('button', { name: 'Link product' })).toBeDisabled();
    await events.type(within(dialog).getByLabelText(/Product/), 'lantern');
    await events.click(await screen.findByRole('option', { name: 'GHOST-10 — Ghost lantern' }));
    await events.click(within(dialog).getByRole('button', { name: 'Link product' }));

    expect(await screen.findByText(ORDER_ITEM_MESSAGES.linked('GHOST-10', 'Ghost lantern'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link a catalog product' })).not.toBeInTheDocument());
    expect(requestsTo(backend, 'PUT', `/customers/order_items/${ghost.id}/`).map((r) => r.body)).toEqual([{ product: ghostProduct.id }]);
    const ghostRow = within(screen.getByRole('table', { name: 'Order items' }))
      .getByText('GHOST-9')
      .closest('tr')!;
    expect(within(ghostRow).queryByText('Not in catalog')).not.toBeInTheDocument();
    expect(within(ghostRow).getByRole('button', { name: 'Backorder GHOST-9' })).toBeEnabled();
  });

  it('links once when Enter is pressed twice quickly in the link product dialog', async () => {
    const { backend, events } = setup();
    await events.click(await screen.findByRole('button', { name: 'Link a product to Unknown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a catalog product' });
    await events.type(within(dialog).getByLabelText(/Product/), 'lantern');
    await events.click(await screen.findByRole('option', { name: 'GHOST-10 — Ghost lantern' }));
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(ORDER_ITEM_MESSAGES.linked('GHOST-10', 'Ghost lantern'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(backend, 'PUT', `/customers/order_items/${ghost.id}/`)).toHaveLength(1);
  });

  it('shows a refused link at the product field and keeps the dialog open', async () => {
    const { backend, events } = setup();
    // Gone from the catalog meanwhile: the server refuses the id.
    backend.state.products.splice(0);
    await events.click(await screen.findByRole('button', { name: 'Link a product to Unknown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a catalog product' });
    backend.state.products.push(createProductLite({ id: 424242, sku: 'GONE-1', name: 'Gone soon' }));
    await events.type(within(dialog).getByLabelText(/Product/), 'gone');
    await events.click(await screen.findByRole('option', { name: 'GONE-1 — Gone soon' }));
    backend.state.products.splice(0);
    await events.click(within(dialog).getByRole('button', { name: 'Link product' }));
    expect(await within(dialog).findByText('Invalid pk "424242" - object does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Link a catalog product' })).toBeInTheDocument();
  });

  it('saves notes with PUT without resending an unchanged status', async () => {
    const { backend, events } = setup();
    const notes = await screen.findByLabelText('Notes');
    expect(notes).toHaveValue('Gift wrap');
    await events.clear(notes);
    await events.type(notes, 'Leave at the door');
    await events.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(requestsTo(backend, 'PUT', `/customers/orders/${order.id}/`).map((r) => r.body)).toEqual([{ notes: 'Leave at the door' }]);
  });

  it('keeps typed notes when the order changes under the form (a pick elsewhere), and takes the new status', async () => {
    const { backend, events, queryClient } = setup();
    const notes = await screen.findByLabelText('Notes');
    await events.clear(notes);
    await events.type(notes, 'Call before delivery');
    // Another operator picks the rest: the order's status and updated_at change, and the screen reads it again.
    Object.assign(backend.state.orders[0]!, { internal_status: 'picked', updated_at: '2026-11-29T12:00:00Z' });
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.getByLabelText('Internal status')).toHaveValue('picked'));
    expect(screen.getByLabelText('Notes')).toHaveValue('Call before delivery');

    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    // The status the form now shows is the order's own: only the notes are sent.
    expect(requestsTo(backend, 'PUT', `/customers/orders/${order.id}/`).map((r) => r.body)).toEqual([{ notes: 'Call before delivery' }]);
  });

  it('sets the operator status and shows a refused change at the field', async () => {
    const { backend, events, queryClient } = setup();
    const status = await screen.findByLabelText('Internal status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Partially picked', 'Open', 'Delivered', 'Cancelled']);

    await events.selectOptions(status, 'Cancelled');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An order with picked items cannot be cancelled.')).toBeInTheDocument();

    await events.selectOptions(screen.getByLabelText('Internal status'), 'Delivered');
    queryClient.setQueryData(['customer-backorders', 'list', { order_number: '1002' }], { count: 0, results: [] });
    queryClient.setQueryData(['notifications', 'unread-count', testUser.id], 0);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    // A status change can resolve or reopen the order's backorders and hand their goods on (ADR 0011).
    await waitFor(() => expect(queryClient.getQueryState(['customer-backorders', 'list', { order_number: '1002' }])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['notifications', 'unread-count', testUser.id])?.isInvalidated).toBe(true);
    expect(requestsTo(backend, 'PUT', `/customers/orders/${order.id}/`).at(-1)?.body).toEqual({ internal_status: 'delivered', notes: 'Gift wrap' });
    await waitFor(() => expect(screen.getByLabelText('Order details')).toHaveTextContent('Delivered'));
    expect(screen.getByLabelText('Internal status')).toHaveValue('delivered');
  });

  it('backorders an item and removes the backorder, reloading the backorder list each time', async () => {
    const { backend, events, queryClient } = setup();
    const backorders = await screen.findByRole('table', { name: 'Backorders' });
    expect(await within(backorders).findByText('Nothing backordered for this order.')).toBeInTheDocument();
    const listLoads = () => requestsTo(backend, 'GET', '/customers/backorders/').length;
    const loadsBefore = listLoads();

    await events.click(screen.getByRole('button', { name: 'Backorder TEA-01' }));
    expect(await screen.findByText('Backordered 2x[TEA-01]Green tea for order 1001.')).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/customers/backorders/').map((r) => r.body)).toEqual([{ order_item: tea.id }]);
    const row = (await within(backorders).findByText('TEA-01')).closest('tr')!;
    expect(row).toHaveTextContent('Green tea');
    expect(row).toHaveTextContent('Open');
    expect(listLoads()).toBe(loadsBefore + 1);
    // The order is reloaded too: its item shows what is backordered.
    const teaRow = within(screen.getByRole('table', { name: 'Order items' }))
      .getByText('TEA-01')
      .closest('tr')!;
    await waitFor(() => expect(within(teaRow).getAllByRole('cell')[5]).toHaveTextContent('2'));

    // Cached by the bell and by procurement (named as keys: those features own them).
    queryClient.setQueryData(['notifications', 'unread-count', testUser.id], 0);
    queryClient.setQueryData(['procurement-orders', 'items'], { count: 0, results: [] });
    await events.click(screen.getByRole('button', { name: 'Remove backorder of TEA-01' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    // Goods it held on a purchase order line go to the next reserved backorder, made ready with a notification.
    await waitFor(() => expect(queryClient.getQueryState(['notifications', 'unread-count', testUser.id])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['procurement-orders', 'items'])?.isInvalidated).toBe(true);
    expect(await within(backorders).findByText('Nothing backordered for this order.')).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([expect.stringMatching(/^\/customers\/backorders\/\d+\/$/)]);
    expect(listLoads()).toBe(loadsBefore + 2);
    expect(screen.getByRole('button', { name: 'Backorder TEA-01' })).toBeEnabled();
  });

  it("shows a refused backorder's message", async () => {
    const { backend, events } = setup();
    backend.state.backorders.push({
      id: 777,
      product: pot.product!,
      product_sku: 'POT-02',
      product_name: 'Tea pot',
      quantity: 1,
      order_number: '1001',
      order_item: null,
      status: 'reserved',
      reserved_order_item: 5,
      reserved_order_number: 'PO-000003',
      ready_at: null,
      comments: '',
      created_at: '2026-03-01T10:00:00.000Z',
    });
    const backorders = await screen.findByRole('table', { name: 'Backorders' });
    expect(await within(backorders).findByText('Reserved on PO-000003')).toBeInTheDocument();
    backend.state.backorders[0]!.order_item = pot.id;
    await events.click(screen.getByRole('button', { name: 'Backorder POT-02' }));
    expect(await screen.findByText('This order item is already backordered.')).toBeInTheDocument();
  });

  describe('reserving a backorder against a purchase order line', () => {
    const openTeaBackorder = (): BackorderResponse => ({
      id: 901,
      product: tea.product!,
      product_sku: 'TEA-01',
      product_name: 'Green tea',
      quantity: 2,
      order_number: '1001',
      order_item: tea.id,
      status: 'open',
      reserved_order_item: null,
      reserved_order_number: null,
      ready_at: null,
      comments: '',
      created_at: '2026-03-01T10:00:00.000Z',
    });
    const lineOpen = createIncomingLine({
      product: tea.product!,
      order_number: 'PO-000011',
      supplier_name: 'Tea Traders',
      quantity: 10,
      quantity_received: 0,
      reserved: 3,
    });
    const linePartial = createIncomingLine({
      product: tea.product!,
      order_number: 'PO-000012',
      order_status: 'partially_received',
      supplier_name: 'Leaf & Co',
      quantity: 6,
      quantity_received: 4,
      reserved: 1,
    });

    it('lists the incoming lines with what is free, reserves against the chosen one and reloads the backorders and the order', async () => {
      const { backend, events } = setup([lineOpen, linePartial]);
      backend.state.backorders.push(openTeaBackorder());
      const backorders = await screen.findByRole('table', { name: 'Backorders' });
      const row = (await within(backorders).findByText('TEA-01')).closest('tr')!;
      expect(row).toHaveTextContent('Open');
      const backorderLoads = () => requestsTo(backend, 'GET', '/customers/backorders/').length;
      const orderLoads = () => requestsTo(backend, 'GET', `/customers/orders/${order.id}/`).length;
      const [backordersBefore, ordersBefore] = [backorderLoads(), orderLoads()];

      await events.click(within(row).getByRole('button', { name: 'Reserve backorder of TEA-01' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reserve backorder of TEA-01' });
      const lines = await within(dialog).findByRole('table', { name: 'Incoming purchase order lines' });
      expect(requestsTo(backend, 'GET', '/procurement/order_items/')[0]?.query).toMatchObject({
        product: String(tea.product),
        order__status__in: 'open,partially_received',
      });
      const cells = (text: string) =>
        within(within(lines).getByText(text).closest('tr')!)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent);
      expect(cells('PO-000011')).toEqual(['PO-000011', 'Tea Traders', '10', '0', '3', '7']);
      expect(cells('PO-000012')).toEqual(['PO-000012', 'Leaf & Co', '6', '4', '1', '1']);

      await events.click(within(dialog).getByRole('button', { name: 'Reserve on PO-000011' }));
      expect(await screen.findByText(MESSAGES.reserved)).toBeInTheDocument();
      expect(requestsTo(backend, 'POST', '/customers/backorders/901/reserve/').map((r) => r.body)).toEqual([{ procurement_order_item: lineOpen.id }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await within(backorders).findByText('Reserved on PO-000011')).toBeInTheDocument();
      expect(within(backorders).queryByRole('button', { name: 'Reserve backorder of TEA-01' })).not.toBeInTheDocument();
      expect(backorderLoads()).toBe(backordersBefore + 1);
      expect(orderLoads()).toBe(ordersBefore + 1);
    });

    it('reserves once when Enter is pressed twice quickly on a Reserve button', async () => {
      const { backend, events } = setup([lineOpen]);
      backend.state.backorders.push(openTeaBackorder());
      const backorders = await screen.findByRole('table', { name: 'Backorders' });
      await events.click(await within(backorders).findByRole('button', { name: 'Reserve backorder of TEA-01' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reserve backorder of TEA-01' });
      (await within(dialog).findByRole('button', { name: 'Reserve on PO-000011' })).focus();
      await events.keyboard('{Enter}{Enter}');
      expect(await screen.findByText(MESSAGES.reserved)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(requestsTo(backend, 'POST', '/customers/backorders/901/reserve/')).toHaveLength(1);
    });

    it("shows a refused reservation's message in the dialog", async () => {
      const { backend, events } = setup([linePartial]);
      backend.state.backorders.push(openTeaBackorder());
      const backorders = await screen.findByRole('table', { name: 'Backorders' });
      await events.click(await within(backorders).findByRole('button', { name: 'Reserve backorder of TEA-01' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reserve backorder of TEA-01' });
      await events.click(await within(dialog).findByRole('button', { name: 'Reserve on PO-000012' }));
      expect(await within(dialog).findByText('Not enough incoming: 1 of this line is neither received nor reserved.')).toBeInTheDocument();
      expect(backend.state.backorders[0]?.status).toBe('open');
      expect(screen.queryByText(MESSAGES.reserved)).not.toBeInTheDocument();
    });

    it('says when nothing is on order for the product, with a link to the purchase orders', async () => {
      const { backend, events } = setup([createIncomingLine({ product: pot.product! })]);
      backend.state.backorders.push(openTeaBackorder());
      const backorders = await screen.findByRole('table', { name: 'Backorders' });
      await events.click(await within(backorders).findByRole('button', { name: 'Reserve backorder of TEA-01' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reserve backorder of TEA-01' });
      expect(await within(dialog).findByText(NOTHING_ON_ORDER, { exact: false })).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Open purchase orders' })).toHaveAttribute('href', '/procurement/orders');
      await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  it('shows the order’s history with its items’ changes in the History tab', async () => {
    const { events } = setup();
    server.use(
      http.get(apiUrl('/audit/events/'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('entity') !== 'customer_order' || query.get('entity_id') !== String(order.id)) return HttpResponse.json(page([]));
        return HttpResponse.json(
          page([
            {
              id: 9,
              entity: 'customer_order',
              entity_id: order.id,
              action: 'update',
              user: 7,
              user_name: 'Ada Lindqvist',
              before: { internal_status: 'open' },
              after: { internal_status: 'partially_picked' },
              created_at: '2026-03-02T09:30:00.000Z',
            },
            {
              id: 8,
              entity: 'customer_order_item',
              entity_id: tea.id,
              action: 'create',
              user: null,
              user_name: 'System',
              before: null,
              after: { prod_sku: 'TEA-01', quantity: 5 },
              created_at: '2026-03-01T08:00:00.000Z',
            },
          ]),
        );
      }),
    );
    await screen.findByRole('heading', { name: 'Order 1001' });
    await events.click(screen.getByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Order history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ada Lindqvist');
    expect(rows[1]).toHaveTextContent('open → partially_picked');
    expect(rows[2]).toHaveTextContent('System');
    expect(rows[2]).toHaveTextContent('Item TEA-01');
    expect(screen.getByRole('heading', { name: 'Order 1001', hidden: true })).not.toBeVisible();
  });

  it('says when the order does not exist', async () => {
    server.use(...createCustomerOrdersBackend().handlers);
    renderWithApp(<CustomerOrderEditScreen />, { user: testUser, route: '/customers/orders/edit?id=424242' });
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
  });
});
