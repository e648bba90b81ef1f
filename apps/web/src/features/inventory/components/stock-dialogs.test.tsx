import { MESSAGES, STOCK_FIXED_MESSAGES, type TransactionResponse } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { inventoryKeys } from '../api/query-keys';
import { createInventoryBackend, createLocation, createProduct } from '../testing/inventory-backend';
import { AddTransactionDialog, LOCATION_REQUIRED } from './add-transaction-dialog';
import { EditTransactionDialog } from './edit-transaction-dialog';
import { clampQuantity, MoveStockDialog } from './move-stock-dialog';

const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
const c3 = createLocation({ name: 'Cellar', abbreviation_slug: 'C3' });
const product = createProduct({ sku: 'TEA-01', name: 'Green tea' });

function setup(levels: { product: number; location: number; quantity: number }[] = []) {
  const backend = createInventoryBackend({ locations: [a1, b2, c3], products: [product], levels });
  server.use(...backend.handlers);
  return backend;
}

const postsTo = (backend: ReturnType<typeof setup>, path: string) => backend.state.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('AddTransactionDialog', () => {
  it('needs a location, then posts the transaction, says so and refreshes stock', async () => {
    const backend = setup();
    const onClose = vi.fn();
    const { events, queryClient } = renderWithApp(<AddTransactionDialog open product={product} onClose={onClose} />, { user: testUser });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    expect(within(dialog).getByText('TEA-01')).toBeInTheDocument();
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });

    await events.type(within(dialog).getByLabelText(/Quantity/), '12.5');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LOCATION_REQUIRED)).toBeInTheDocument();
    expect(postsTo(backend, '/catalog/inventory_transactions/')).toHaveLength(0);

    await events.selectOptions(within(dialog).getByLabelText(/Location/), 'A1 — Aisle 1');
    await events.type(within(dialog).getByLabelText('Comments'), 'Delivery 42');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(postsTo(backend, '/catalog/inventory_transactions/')[0]?.body).toEqual({
      product: product.id,
      location: a1.id,
      inventory_action: 'STOCK_IN',
      quantity: '12.50',
      comments: 'Delivery 42',
    });
    // Spec §4: the inventories and the transactions are refreshed (and what sums them).
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([inventoryKeys.inventories, inventoryKeys.transactions, inventoryKeys.products, inventoryKeys.stocktaking]);
  });

  it('takes a quantity typed with a decimal comma as the same decimal, sent exactly', async () => {
    const backend = setup();
    const { events } = renderWithApp(<AddTransactionDialog open product={product} defaultLocationId={a1.id} onClose={() => undefined} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    await events.type(within(dialog).getByLabelText(/Quantity/), '1,5');
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveDisplayValue('1,5');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.transactionAdded)).toBeInTheDocument();
    expect(postsTo(backend, '/catalog/inventory_transactions/')[0]?.body).toMatchObject({ quantity: '1.50' });
  });

  it('does not choose an obsolete default location, which the choices leave out', async () => {
    const old = createLocation({ name: 'Old shed', abbreviation_slug: 'OLD', obsolete: true });
    const backend = createInventoryBackend({ locations: [a1, old], products: [product], levels: [] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<AddTransactionDialog open product={product} defaultLocationId={old.id} onClose={() => undefined} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    expect(within(dialog).queryByRole('option', { name: /OLD/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Location/)).toHaveValue(''));
    await events.type(within(dialog).getByLabelText(/Quantity/), '2');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LOCATION_REQUIRED)).toBeInTheDocument();
    expect(postsTo(backend, '/catalog/inventory_transactions/')).toHaveLength(0);
  });

  it('shows a 400 from the server at its field', async () => {
    setup([{ product: product.id, location: a1.id, quantity: 3 }]);
    const { events } = renderWithApp(
      <AddTransactionDialog open product={product} defaultLocationId={a1.id} defaultAction="STOCK_OUT" onClose={() => undefined} />,
      {
        user: testUser,
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    expect(within(dialog).getByLabelText(/Location/)).toHaveValue(String(a1.id));
    await events.type(within(dialog).getByLabelText(/Quantity/), '5');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not enough stock: 3.00 available at A1.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('stays open while its save is on its way (Escape does nothing), so a refusal has somewhere to show', async () => {
    setup([{ product: product.id, location: a1.id, quantity: 3 }]);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(apiUrl('/catalog/inventory_transactions/'), async () => {
        await answered;
        return HttpResponse.json({ quantity: ['Not enough stock: 3.00 available at A1.'] }, { status: 400 });
      }),
    );
    const onClose = vi.fn();
    const { events } = renderWithApp(<AddTransactionDialog open product={product} defaultLocationId={a1.id} defaultAction="STOCK_OUT" onClose={onClose} />, {
      user: testUser,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    await within(dialog).findByRole('option', { name: 'A1 — Aisle 1' });
    await events.type(within(dialog).getByLabelText(/Quantity/), '5');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The Save button is busy (disabled), so the keyboard is put in the comments field.
    within(dialog).getByLabelText('Comments').focus();
    await events.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    answer();
    expect(await within(dialog).findByText('Not enough stock: 3.00 available at A1.')).toBeInTheDocument();
    within(dialog).getByLabelText('Comments').focus();
    await events.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('MoveStockDialog', () => {
  it('clamps a quantity to the maximum', () => {
    expect(clampQuantity('7', 5)).toBe('5');
    expect(clampQuantity('4.5', 5)).toBe('4.5');
    expect(clampQuantity('', 5)).toBe('');
    expect(clampQuantity('3', undefined)).toBe('3');
    expect(clampQuantity('7,5', 5)).toBe('5');
    expect(clampQuantity('4,5', 5)).toBe('4,5');
  });

  it('preselects the only source holding stock, clamps the quantity, and moves', async () => {
    const backend = setup([{ product: product.id, location: a1.id, quantity: 5 }]);
    const onClose = vi.fn();
    const { events } = renderWithApp(<MoveStockDialog open product={product} onClose={onClose} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Move stock' });
    const source = await within(dialog).findByLabelText(/From location/);
    expect(source).toHaveValue(String(a1.id));
    expect(within(dialog).getByRole('option', { name: 'A1 (5 in stock)' })).toBeInTheDocument();

    // The target never offers the source.
    const target = within(dialog).getByLabelText(/To location/);
    expect(within(target).queryByRole('option', { name: /^A1/ })).not.toBeInTheDocument();
    expect(within(target).getByRole('option', { name: 'B2 — Back room' })).toBeInTheDocument();

    const quantity = within(dialog).getByLabelText(/Quantity/);
    await events.type(quantity, '9');
    expect(quantity).toHaveValue('5');

    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await events.selectOptions(target, 'B2 — Back room');
    expect(save).toBeEnabled();
    await events.click(save);

    expect(await screen.findByText(MESSAGES.transactionMoved)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(postsTo(backend, '/catalog/inventory_transactions/move/')[0]?.body).toEqual({
      product: product.id,
      from_location: a1.id,
      to_location: b2.id,
      quantity: '5.00',
      comments: '',
    });
  });

  it('moves a quantity typed with a decimal comma, and clamps one over the source', async () => {
    const backend = setup([{ product: product.id, location: a1.id, quantity: 5 }]);
    const { events } = renderWithApp(<MoveStockDialog open product={product} onClose={() => undefined} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Move stock' });
    await within(dialog).findByLabelText(/From location/);
    const quantity = within(dialog).getByLabelText(/Quantity/);
    await events.type(quantity, '7,5');
    expect(quantity).toHaveDisplayValue('5');
    await events.clear(quantity);
    await events.type(quantity, '2,25');
    expect(quantity).toHaveDisplayValue('2,25');
    await events.selectOptions(within(dialog).getByLabelText(/To location/), 'B2 — Back room');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.transactionMoved)).toBeInTheDocument();
    expect(postsTo(backend, '/catalog/inventory_transactions/move/')[0]?.body).toMatchObject({ quantity: '2.25' });
  });

  it('keeps Save disabled until source, quantity and target are chosen when several locations hold stock', async () => {
    setup([
      { product: product.id, location: a1.id, quantity: 5 },
      { product: product.id, location: b2.id, quantity: 2 },
    ]);
    const { events } = renderWithApp(<MoveStockDialog open product={product} onClose={() => undefined} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Move stock' });
    const source = await within(dialog).findByLabelText(/From location/);
    expect(source).toHaveValue('');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await events.selectOptions(source, 'B2 (2 in stock)');
    expect(save).toBeDisabled();
    await events.type(within(dialog).getByLabelText(/Quantity/), '3');
    // Clamped to what B2 holds.
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveValue('2');
    expect(save).toBeDisabled();
    await events.selectOptions(within(dialog).getByLabelText(/To location/), 'C3 — Cellar');
    expect(save).toBeEnabled();

    // A zero quantity cannot be moved.
    await events.clear(within(dialog).getByLabelText(/Quantity/));
    await events.type(within(dialog).getByLabelText(/Quantity/), '0');
    expect(save).toBeDisabled();
  });

  it('says when there is nothing to move', async () => {
    setup();
    renderWithApp(<MoveStockDialog open product={product} onClose={() => undefined} />, { user: testUser });
    expect(await screen.findByText(/no stock at any location/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

/** A ledger row to edit: booked through the fake API, so it is stored there. */
const bookStockIn = (quantity: string) =>
  fetch('/api/catalog/inventory_transactions/', {
    method: 'POST',
    body: JSON.stringify({ product: product.id, location: a1.id, inventory_action: 'STOCK_IN', quantity, comments: '' }),
  }).then((r) => r.json() as Promise<TransactionResponse>);

describe('EditTransactionDialog', () => {
  it('puts the edited quantity, location and comments, and says so', async () => {
    const backend = setup();
    const created = await bookStockIn('4.00');
    const onClose = vi.fn();
    const { events } = renderWithApp(<EditTransactionDialog transaction={created} onClose={onClose} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Edit transaction' });
    await within(dialog).findByRole('option', { name: 'B2 — Back room' });
    expect(within(dialog).getByLabelText(/Location/)).toHaveValue(String(a1.id));
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveValue('4');

    await events.clear(within(dialog).getByLabelText(/Quantity/));
    await events.type(within(dialog).getByLabelText(/Quantity/), '6');
    await events.selectOptions(within(dialog).getByLabelText(/Location/), 'B2 — Back room');
    await events.type(within(dialog).getByLabelText('Comments'), 'Miscounted');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.transactionUpdated)).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ path: `/catalog/inventory_transactions/${created.id}/`, body: { quantity: '6.00', location: b2.id, comments: 'Miscounted' } });
  });

  it('offers only the comments of a pick or a move half, and puts only them', async () => {
    const backend = setup();
    const created = await bookStockIn('1.00');
    // Shaped as the server answers a pick (the fake API books only plain rows).
    const pick: TransactionResponse = { ...created, inventory_action: 'STOCK_OUT', delta: -1, order_item: 77, comments: 'Picked for order #1001' };
    const { events } = renderWithApp(<EditTransactionDialog transaction={pick} onClose={vi.fn()} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Edit transaction' });
    expect(within(dialog).getByText(STOCK_FIXED_MESSAGES.pick)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Location/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Quantity/)).toBeDisabled();
    await events.type(within(dialog).getByLabelText('Comments'), ' (shelf 3)');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.transactionUpdated)).toBeInTheDocument();
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ path: `/catalog/inventory_transactions/${created.id}/`, body: { comments: 'Picked for order #1001 (shelf 3)' } });
    expect(put!.body).not.toHaveProperty('quantity');
  });

  it('says why a purchase order receipt keeps its stock', async () => {
    setup();
    const receipt: TransactionResponse = { ...(await bookStockIn('4.00')), procurement_order_item: 31, comments: 'Received on PO-000004' };
    renderWithApp(<EditTransactionDialog transaction={receipt} onClose={vi.fn()} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Edit transaction' });
    expect(within(dialog).getByText(STOCK_FIXED_MESSAGES.receipt)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Location/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Quantity/)).toBeDisabled();
  });

  it('says why a move half keeps its stock', async () => {
    setup();
    const half: TransactionResponse = { ...(await bookStockIn('2.00')), move_id: 'move-1' };
    renderWithApp(<EditTransactionDialog transaction={half} onClose={vi.fn()} />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Edit transaction' });
    expect(within(dialog).getByText(STOCK_FIXED_MESSAGES.moveHalf)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Quantity/)).toBeDisabled();
  });
});
