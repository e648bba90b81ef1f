import { MESSAGES, SUPPLIER_NAME_TAKEN } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { controlsOf } from '../testing/dialog-controls';
import { createCurrency, createSupplier, createSuppliersBackend } from '../testing/suppliers-backend';
import { SuppliersScreen } from './suppliers-screen';

const eur = createCurrency({ code: 'EUR', name: 'Euro', rate_to_sek: 11.5 });
const usd = createCurrency({ code: 'USD', name: 'US dollar', rate_to_sek: 10.4 });

const render = (route = '/procurement/supplier') => renderWithApp(<SuppliersScreen />, { user: testUser, route });

describe('SuppliersScreen', () => {
  it('lists suppliers with their currency and counts, searches and pages through the URL', async () => {
    const nordic = createSupplier({
      name: 'Nordic Tools',
      name_abbrev: 'NT',
      currency: eur.id,
      website: 'https://nordic.example',
      feeds_count: 2,
      products_count: 140,
    });
    const many = Array.from({ length: 26 }, (_, i) => createSupplier({ name: `Acme ${String(i).padStart(2, '0')}`, name_abbrev: `A${i}` }));
    const backend = createSuppliersBackend({ suppliers: [nordic, ...many], currencies: [eur, usd] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const table = await screen.findByRole('table', { name: 'Suppliers' });
    expect(await within(table).findByText('Acme 00')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/procurement/suppliers/')?.query).toMatchObject({ limit: '25', offset: '0' });
    expect(within(table).getByText('Acme 00').closest('tr')).toHaveTextContent('SEK');

    await events.click(screen.getByRole('button', { name: 'Go to next page' }));
    const row = (await within(table).findByText('Nordic Tools')).closest('tr')!;
    expect(router.state.location.search).toBe('?page=1');
    expect(within(row).getByText('EUR')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'nordic.example' })).toHaveAttribute('href', 'https://nordic.example');
    expect(within(row).getByRole('link', { name: 'Feeds of Nordic Tools' })).toHaveTextContent('2');
    expect(within(row).getByText('140')).toBeInTheDocument();

    await events.type(screen.getByLabelText('Search suppliers'), 'nordic{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=nordic'));
    await waitFor(() => expect(within(table).queryByText('Acme 00')).not.toBeInTheDocument());
    expect(backend.state.requests.at(-1)?.query).toMatchObject({ search: 'nordic', offset: '0' });
  });

  it('adds a supplier; a 400 shows the body as text and the messages on the fields', async () => {
    const taken = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT' });
    const backend = createSuppliersBackend({ suppliers: [taken], currencies: [eur, usd] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });
    const form = controlsOf(dialog);
    // Required fields are checked before anything is sent.
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(backend.state.requests.some((r) => r.method === 'POST')).toBe(false);

    await events.type(form.get('Name'), 'nordic tools');
    await events.type(form.get('Abbreviation'), 'NTX');
    await within(form.get('Currency')).findByRole('option', { name: 'EUR – Euro' });
    await events.selectOptions(form.get('Currency'), 'EUR – Euro');
    await events.type(form.get('Email'), 'orders@nordic.example{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`name: ${SUPPLIER_NAME_TAKEN}`);
    expect(form.get('Name')).toHaveAccessibleDescription(SUPPLIER_NAME_TAKEN);

    await events.clear(form.get('Name'));
    await events.type(form.get('Name'), 'Baltic Parts');
    await events.type(form.get('Website'), 'https://baltic.example');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.supplierAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New supplier' })).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      name: 'Baltic Parts',
      name_abbrev: 'NTX',
      website: 'https://baltic.example',
      email: 'orders@nordic.example',
      phone: '',
      currency: eur.id,
      comments: '',
    });
    const row = (await screen.findByText('Baltic Parts')).closest('tr')!;
    expect(within(row).getByText('EUR')).toBeInTheDocument();
  });

  it('shows Something went wrong for a 400 without a body', async () => {
    const backend = createSuppliersBackend();
    server.use(
      http.post(apiUrl('/procurement/suppliers/'), () => new HttpResponse(null, { status: 400 })),
      ...backend.handlers,
    );
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });
    const form = controlsOf(dialog);
    await events.type(form.get('Name'), 'Baltic Parts');
    await events.type(form.get('Abbreviation'), 'BP{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
  });

  it('edits a supplier with a PUT of the whole form', async () => {
    const nordic = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT', currency: eur.id, phone: '+46 8 123', comments: 'Net 30' });
    const backend = createSuppliersBackend({ suppliers: [nordic], currencies: [eur, usd] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Edit Nordic Tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const form = controlsOf(dialog);
    expect(form.get('Comments')).toHaveValue('Net 30');
    await within(form.get('Currency')).findByRole('option', { name: 'USD – US dollar' });
    expect(form.get('Currency')).toHaveValue(String(eur.id));
    await events.selectOptions(form.get('Currency'), 'Not set (SEK)');
    await events.clear(form.get('Name'));
    await events.type(form.get('Name'), 'Nordic Tools AB{Enter}');

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/procurement/suppliers/${nordic.id}/`);
    expect(put?.body).toMatchObject({ name: 'Nordic Tools AB', name_abbrev: 'NT', phone: '+46 8 123', comments: 'Net 30', currency: null });
    expect(await screen.findByText('Nordic Tools AB')).toBeInTheDocument();
  });

  it('saves once when Enter is pressed twice quickly in the supplier dialog', async () => {
    const nordic = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT' });
    const backend = createSuppliersBackend({ suppliers: [nordic], currencies: [eur] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Edit Nordic Tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    await events.type(controlsOf(dialog).get('Name'), ' AB');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('deletes after confirming, and shows the 409 detail for a supplier that still has feeds', async () => {
    const nordic = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT', feeds_count: 1 });
    const baltic = createSupplier({ name: 'Baltic Parts', name_abbrev: 'BP' });
    const backend = createSuppliersBackend({ suppliers: [nordic, baltic] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Delete Baltic Parts' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete supplier?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Baltic Parts')).not.toBeInTheDocument());

    await events.click(await screen.findByRole('button', { name: 'Delete Nordic Tools' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete supplier?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This supplier cannot be deleted while it has 1 feed.')).toBeInTheDocument();
    expect(screen.getByText('Nordic Tools')).toBeInTheDocument();
  });

  it('deleting the only supplier of the last page does not claim there are no suppliers', async () => {
    const many = Array.from({ length: 25 }, (_, i) => createSupplier({ name: `Acme ${String(i).padStart(2, '0')}`, name_abbrev: `A${i}` }));
    const last = createSupplier({ name: 'Zebra Supply', name_abbrev: 'ZS' });
    const backend = createSuppliersBackend({ suppliers: [...many, last] });
    server.use(...backend.handlers);
    const { events, router } = render('/procurement/supplier?page=1');

    await events.click(await screen.findByRole('button', { name: 'Delete Zebra Supply' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete supplier?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No suppliers yet.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Acme 00')).toBeInTheDocument();
  });

  it("says Couldn't get suppliers data when the list or the currencies fail to load", async () => {
    const nordic = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT', currency: eur.id });
    const backend = createSuppliersBackend({ suppliers: [nordic], currencies: [eur] });
    server.use(
      http.get(apiUrl('/currencies/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })),
      ...backend.handlers,
    );
    const { events } = render();

    expect(await screen.findByText(`${MESSAGES.couldNotGetSuppliers}: Down for maintenance.`)).toBeInTheDocument();
    await events.click(await screen.findByRole('button', { name: 'Edit Nordic Tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    expect(within(dialog).getByText(`${MESSAGES.couldNotGetSuppliers}: Down for maintenance.`)).toBeInTheDocument();
  });

  it("says Couldn't get suppliers data when the supplier list fails", async () => {
    const backend = createSuppliersBackend();
    server.use(
      http.get(apiUrl('/procurement/suppliers/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })),
      ...backend.handlers,
    );
    render();
    expect(await screen.findByText(`${MESSAGES.couldNotGetSuppliers}: Down for maintenance.`)).toBeInTheDocument();
  });

  it('a renamed supplier makes the other screens’ supplier selects and supplier names stale', async () => {
    const nordic = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT' });
    const backend = createSuppliersBackend({ suppliers: [nordic] });
    server.use(...backend.handlers);
    // What the purchase orders, the catalog and the supplier products screens hold from an earlier visit.
    const queryClient = createTestQueryClient();
    const elsewhere = [
      ['suppliers', 'purchase-order-options'],
      ['catalog', 'supplier-options'],
      ['procurement-products', 'list', {}],
      ['procurement-categories', 'list', {}],
      ['procurement-orders', 'list', {}],
      ['products', 'list', {}],
    ];
    for (const queryKey of elsewhere) queryClient.setQueryData(queryKey, { results: [{ id: nordic.id, name: 'Nordic Tools' }] });
    const { events } = renderWithApp(<SuppliersScreen />, { user: testUser, route: '/procurement/supplier', queryClient });

    await events.click(await screen.findByRole('button', { name: 'Edit Nordic Tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const form = controlsOf(dialog);
    await events.clear(form.get('Name'));
    await events.type(form.get('Name'), 'Nordic Tools AB{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    for (const queryKey of elsewhere) expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(true);
  });
});
