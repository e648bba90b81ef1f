import { MESSAGES } from '@kontor/contract';
import { LEAVE_TITLE } from '@/components/unsaved-changes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { http, HttpResponse } from 'msw';
import { createInventoryBackend, createLocation, createLocationType, createProduct } from '../testing/inventory-backend';
import { InventoryLocationsScreen } from './inventory-locations-screen';

const shelf = createLocationType({ name: 'Shelf' });
const pallet = createLocationType({ name: 'Pallet' });

describe('InventoryLocationsScreen', () => {
  it('saves the edited rows together with one bulk PUT, and Discard resets', async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
    const backend = createInventoryBackend({ locations: [a1, b2], types: [shelf] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    const name = await screen.findByLabelText('Name of Aisle 1');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await events.clear(name);
    await events.type(name, 'Aisle One');
    const type = screen.getByLabelText('Type of Back room');
    await within(type).findByRole('option', { name: 'Shelf' });
    await events.selectOptions(type, 'Shelf');
    await events.click(screen.getByLabelText('Back room is obsolete'));
    expect(screen.getByText('2 edited rows')).toBeInTheDocument();
    expect(name.closest('tr')).toHaveAttribute('data-edited', 'true');

    // Enter in a cell saves every edited row.
    await events.type(screen.getByLabelText('Comment of Aisle 1'), 'Front{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      locations: [
        { id: a1.id, name: 'Aisle One', comment: 'Front' },
        { id: b2.id, type: shelf.id, obsolete: true },
      ],
    });
    await waitFor(() => expect(save).toBeDisabled());

    await events.type(screen.getByLabelText('Abbreviation of Aisle One'), 'X');
    expect(screen.getByText('1 edited row')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Abbreviation of Aisle One')).toHaveValue('A1');
    expect(save).toBeDisabled();
  });

  it("shows a refused bulk save's field 400 as the server's words, and keeps the edits", async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
    const backend = createInventoryBackend({ locations: [a1, b2], types: [shelf] });
    // Like the API: a row's refused field is keyed by its place in the body.
    server.use(...backend.handlers);
    server.use(
      http.put(apiUrl('/catalog/inventory_locations/'), () =>
        HttpResponse.json({ 'locations.0.name': ['An inventory location with this name already exists.'] }, { status: 400 }),
      ),
    );
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    const name = await screen.findByLabelText('Name of Aisle 1');
    await events.clear(name);
    await events.type(name, 'Back room{Enter}');

    expect(await screen.findByText('An inventory location with this name already exists.')).toBeInTheDocument();
    expect(screen.queryByText(/locations\.0\.name/)).not.toBeInTheDocument();
    expect(name).toHaveValue('Back room');
  });

  it('creates a location, and shows the 409 detail when a location with stock is deleted', async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const tea = createProduct();
    const backend = createInventoryBackend({ locations: [a1], products: [tea], levels: [{ product: tea.id, location: a1.id, quantity: 2 }] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.click(await screen.findByRole('button', { name: 'New location' }));
    const dialog = await screen.findByRole('dialog', { name: 'New location' });
    await events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText(/Name/), 'Cellar');
    await events.type(within(dialog).getByLabelText(/Abbreviation/), 'C3');
    await events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    expect(await screen.findByLabelText('Name of Cellar')).toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Delete Aisle 1' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete location?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This location holds stock or has transactions; mark it obsolete instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name of Aisle 1')).toBeInTheDocument();
  });

  it('adds, renames and deletes location types, and deletes the selected ones by ids', async () => {
    const backend = createInventoryBackend({ types: [shelf, pallet] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.click(await screen.findByRole('tab', { name: 'Location types' }));
    expect(router.state.location.search).toBe('?tab=types');
    const table = await screen.findByRole('table', { name: 'Location types' });
    await within(table).findByText('Shelf');
    expect(backend.state.requests.find((r) => r.path === '/catalog/inventory_location_types/' && r.query.offset === '0')?.query).toMatchObject({ limit: '25' });

    await events.click(screen.getByRole('button', { name: 'Add type' }));
    let dialog = await screen.findByRole('dialog', { name: 'New location type' });
    await events.type(within(dialog).getByLabelText(/Type name/), 'Bin{Enter}');
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    expect(await within(table).findByText('Bin')).toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Rename Bin' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename location type' });
    await events.clear(within(dialog).getByLabelText(/Type name/));
    await events.type(within(dialog).getByLabelText(/Type name/), 'Small bin{Enter}');
    expect(await within(table).findByText('Small bin')).toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Delete Small bin' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete location type?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('Small bin')).not.toBeInTheDocument());
    expect(backend.state.requests.some((r) => r.method === 'DELETE' && /\/inventory_location_types\/\d+\/$/.test(r.path))).toBe(true);

    await events.click(await screen.findByLabelText('Select Shelf'));
    await events.click(screen.getByLabelText('Select Pallet'));
    await events.click(await screen.findByRole('button', { name: 'Delete selected (2)' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete 2 location types?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No location types yet.')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'DELETE' && r.path === '/catalog/inventory_location_types/')?.body).toEqual({
      ids: [shelf.id, pallet.id],
    });
  });

  it('sends one bulk PUT when Enter is pressed again while it saves, and keeps an edit typed meanwhile', async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
    const backend = createInventoryBackend({ locations: [a1, b2] });
    server.use(...backend.handlers);
    const puts: unknown[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.put(apiUrl('/catalog/inventory_locations/'), async ({ request }) => {
        const body = (await request.json()) as { locations: { id: number; comment?: string }[] };
        puts.push(body);
        await answered;
        for (const change of body.locations)
          Object.assign(
            backend.state.locations.find((l) => l.id === change.id)!,
            change,
          );
        return HttpResponse.json({ locations: backend.state.locations.filter((l) => body.locations.some((c) => c.id === l.id)) });
      }),
    );
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.type(await screen.findByLabelText('Comment of Aisle 1'), 'Front{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    // Still saving: Enter again, and an edit of another row.
    await events.type(screen.getByLabelText('Comment of Back room'), 'Cold{Enter}');
    answer();

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(puts).toEqual([{ locations: [{ id: a1.id, comment: 'Front' }] }]);
    expect(screen.getByLabelText('Comment of Back room')).toHaveValue('Cold');
    expect(screen.getByText('1 edited row')).toBeInTheDocument();
    expect(screen.getByLabelText('Comment of Back room').closest('tr')).toHaveAttribute('data-edited', 'true');
  });

  it("shows a bulk save refused on one row at that row's cell, naming the row", async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
    const backend = createInventoryBackend({ locations: [a1, b2] });
    server.use(...backend.handlers);
    server.use(
      http.put(apiUrl('/catalog/inventory_locations/'), () =>
        HttpResponse.json({ 'locations.1.name': ['An inventory location with this name already exists.'] }, { status: 400 }),
      ),
    );
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.type(await screen.findByLabelText('Comment of Aisle 1'), 'Front');
    const name = screen.getByLabelText('Name of Back room');
    await events.clear(name);
    await events.type(name, 'Aisle 1{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Back room: An inventory location with this name already exists.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Comment of Aisle 1')).not.toHaveAttribute('aria-invalid', 'true');
    // Changing the refused cell clears its mark.
    await events.type(name, ' B');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before the Location types tab drops unsaved edits of the grid', async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const backend = createInventoryBackend({ locations: [a1] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.type(await screen.findByLabelText('Comment of Aisle 1'), 'Front');
    await events.click(screen.getByRole('tab', { name: 'Location types' }));
    const ask = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    await events.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Comment of Aisle 1')).toHaveValue('Front');
  });

  it('says a page of locations or of types past the end is empty now and offers the last page', async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const backend = createInventoryBackend({ locations: [a1], types: [shelf] });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations?page=2' });
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No locations yet.')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByLabelText('Name of Aisle 1')).toBeInTheDocument();

    await act(() => router.navigate('/catalog/inventory-locations?tab=types&page=4'));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No location types yet.')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=types'));
    expect(await screen.findByText('Shelf')).toBeInTheDocument();
  });

  it("opens a row's delete question with Enter on its Delete button (Enter saves only from the cells)", async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
    const backend = createInventoryBackend({ locations: [a1, b2] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.type(await screen.findByLabelText('Comment of Aisle 1'), 'Front');
    screen.getByRole('button', { name: 'Delete Back room' }).focus();
    await events.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Delete location?' })).toBeInTheDocument();
    expect(backend.state.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
  it("puts the focus on the row that took a deleted location's place, else the one before, else the grid", async () => {
    const a1 = createLocation({ name: 'Aisle 1', abbreviation_slug: 'A1' });
    const b2 = createLocation({ name: 'Back room', abbreviation_slug: 'B2' });
    const c3 = createLocation({ name: 'Cellar', abbreviation_slug: 'C3' });
    const backend = createInventoryBackend({ locations: [a1, b2, c3] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    const deleteWithKeyboard = async (name: string) => {
      screen.getByRole('button', { name: `Delete ${name}` }).focus();
      await events.keyboard('{Enter}');
      await events.click(within(await screen.findByRole('dialog', { name: 'Delete location?' })).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByLabelText(`Name of ${name}`)).not.toBeInTheDocument());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await screen.findByLabelText('Name of Aisle 1');
    await deleteWithKeyboard('Back room');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Cellar' })).toHaveFocus());
    await deleteWithKeyboard('Cellar');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Aisle 1' })).toHaveFocus());
    await deleteWithKeyboard('Aisle 1');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Inventory locations' })).toHaveFocus());
  });

  it('puts the focus on the next type after a type is deleted, and on the grid after the selected ones are', async () => {
    const bin = createLocationType({ name: 'Bin' });
    const backend = createInventoryBackend({ types: [shelf, pallet, bin] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations?tab=types' });
    const table = await screen.findByRole('table', { name: 'Location types' });
    await within(table).findByText('Shelf');
    const order = within(table)
      .getAllByRole('button', { name: /^Delete / })
      .map((button) => button.getAttribute('aria-label'));

    screen.getByRole('button', { name: order[0]! }).focus();
    await events.keyboard('{Enter}');
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete location type?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: order[1]! })).toHaveFocus());

    await events.click(screen.getByLabelText('Select all types on this page'));
    await events.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete 2 location types?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No location types yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(table).toHaveFocus());
  });
  it('creates one location when Enter is pressed twice quickly in the New location dialog', async () => {
    const backend = createInventoryBackend({ locations: [] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations' });

    await events.click(await screen.findByRole('button', { name: 'New location' }));
    const dialog = await screen.findByRole('dialog', { name: 'New location' });
    await events.type(within(dialog).getByLabelText(/Name/), 'Cellar');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByLabelText('Name of Cellar')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(backend.state.locations.map((location) => location.name)).toEqual(['Cellar']);
  });
  it('adds one location type when Enter is pressed twice quickly in its dialog', async () => {
    const backend = createInventoryBackend({ types: [] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<InventoryLocationsScreen />, { user: testUser, route: '/catalog/inventory-locations?tab=types' });

    await events.click(await screen.findByRole('button', { name: 'Add type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New location type' });
    await events.type(within(dialog).getByLabelText(/Type name/), 'Bin');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
