import { MARKUP_BAND_ORDER, MARKUP_NAME_TAKEN, MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createMarkup, createMarkupsBackend } from '../testing/markups-backend';
import { MarkupsScreen } from './markups-screen';

const render = (route = '/catalog/markup') => renderWithApp(<MarkupsScreen />, { user: testUser, route });

describe('MarkupsScreen', () => {
  it('lists the rules 25 a page with offset = page x limit, and searches by name through the URL', async () => {
    const standard = createMarkup({ name: 'Standard', percent: 40, is_default: true, priority: 100 });
    const cheap = createMarkup({ name: 'Cheap items', percent: 80.5, cost_from: null, cost_to: 50, priority: 1 });
    const bundles = createMarkup({ name: 'Bundles', percent: 25, cost_from: 100, cost_to: 1000, product_type: 'bundle', priority: 2 });
    const filler = Array.from({ length: 24 }, (_, i) => createMarkup({ name: `Band ${String(i).padStart(2, '0')}`, priority: 50 }));
    const backend = createMarkupsBackend({ markups: [standard, cheap, bundles, ...filler] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const table = await screen.findByRole('table', { name: 'Markups' });
    const cheapRow = (await within(table).findByText('Cheap items')).closest('tr')!;
    expect(cheapRow).toHaveTextContent('80.5 %');
    expect(cheapRow).toHaveTextContent('Below 50.00 kr');
    expect(cheapRow).toHaveTextContent('Any');
    expect(within(table).getByText('Bundles').closest('tr')).toHaveTextContent('100.00 – 1,000.00 kr');
    expect(within(table).getByText('Bundles').closest('tr')).toHaveTextContent('Bundle');
    expect(backend.state.requests[0]?.query).toEqual({ limit: '25', offset: '0' });
    expect(screen.getByLabelText('How markups apply')).toHaveTextContent('by priority, lowest first');

    await events.click(screen.getByRole('button', { name: 'Go to next page' }));
    const standardRow = (await within(table).findByText('Standard')).closest('tr')!;
    expect(within(standardRow).getByText('Default')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(backend.state.requests.at(-1)?.query).toMatchObject({ limit: '25', offset: '25' });

    await events.type(screen.getByLabelText('Search markups'), 'bund{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=bund'));
    expect(await within(table).findByText('Bundles')).toBeInTheDocument();
    expect(within(table).queryByText('Standard')).not.toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toEqual({ search: 'bund', limit: '25', offset: '0' });
  });

  it("shows the spec's message when the list cannot be loaded", async () => {
    server.use(...createMarkupsBackend({ failList: true }).handlers);
    render();
    expect(await screen.findByText(MESSAGES.couldNotGetMarkups)).toBeInTheDocument();
  });

  it('creates a rule: checks the band before sending, puts a 400 on its field, then saves', async () => {
    const backend = createMarkupsBackend({ markups: [createMarkup({ name: 'Standard', is_default: true })] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add markup' }));
    const dialog = await screen.findByRole('dialog', { name: 'New markup' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    await events.type(field(/^Name/), 'standard');
    await events.type(field(/^Markup/), '35');
    await events.type(field(/^Cost from/), '200');
    await events.type(field(/^Cost to/), '100');
    await within(field(/^Product type/)).findByRole('option', { name: 'Variable parent' });
    await events.selectOptions(field(/^Product type/), 'Variable parent');
    await events.type(field(/^Priority/), '5');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MARKUP_BAND_ORDER)).toBeInTheDocument();
    expect(backend.state.requests.some((r) => r.method === 'POST')).toBe(false);

    await events.clear(field(/^Cost to/));
    await events.type(field(/^Cost to/), '500');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Name/)).toHaveAccessibleDescription(MARKUP_NAME_TAKEN));
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    await events.clear(field(/^Name/));
    await events.type(field(/^Name/), 'Variable parents');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New markup' })).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      name: 'Variable parents',
      percent: '35.00',
      cost_from: '200.00',
      cost_to: '500.00',
      product_type: 'variable',
      priority: 5,
      is_default: false,
    });
    const row = (await screen.findByText('Variable parents')).closest('tr')!;
    expect(row).toHaveTextContent('200.00 – 500.00 kr');
    expect(row).toHaveTextContent('Variable parent');
  });

  it('edits a rule from its values and makes it the default', async () => {
    const standard = createMarkup({ name: 'Standard', percent: 40, is_default: true, priority: 100 });
    const books = createMarkup({ name: 'Books', percent: 20, cost_from: 10, cost_to: null, priority: 3 });
    const backend = createMarkupsBackend({ markups: [standard, books] });
    server.use(...backend.handlers);
    const { events } = render();

    const table = await screen.findByRole('table', { name: 'Markups' });
    await events.click(await screen.findByRole('button', { name: 'Edit Books' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit markup' });
    expect(within(dialog).getByLabelText(/^Markup/)).toHaveValue(20);
    expect(within(dialog).getByLabelText(/^Cost from/)).toHaveValue(10);
    expect(within(dialog).getByLabelText(/^Cost to/)).toHaveValue(null);
    expect(within(dialog).getByLabelText(/^Product type/)).toHaveValue('');
    await events.clear(within(dialog).getByLabelText(/^Markup/));
    await events.type(within(dialog).getByLabelText(/^Markup/), '22.5');
    await events.click(within(dialog).getByLabelText(/Default rule/));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit markup' })).not.toBeInTheDocument());
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/catalog/markups/${books.id}/`);
    expect(put?.body).toEqual({ name: 'Books', percent: '22.50', cost_from: '10.00', cost_to: null, product_type: null, priority: 3, is_default: true });
    await waitFor(() => expect(within(table).getByText('Books').closest('tr')).toHaveTextContent('22.5 %'));
    // One default: the server moved it, the list shows it after the refetch.
    expect(within(within(table).getByText('Standard').closest('tr')!).queryByText('Default')).not.toBeInTheDocument();
    expect(within(within(table).getByText('Books').closest('tr')!).getByText('Default')).toBeInTheDocument();
  });

  it('saves once when Enter is pressed twice quickly in the markup dialog', async () => {
    const backend = createMarkupsBackend({ markups: [createMarkup({ name: 'Standard', is_default: true })] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add markup' }));
    const dialog = await screen.findByRole('dialog', { name: 'New markup' });
    await events.type(within(dialog).getByLabelText(/^Name/), 'Books');
    await events.type(within(dialog).getByLabelText(/^Markup/), '20');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('deletes a rule after confirmation', async () => {
    const books = createMarkup({ name: 'Books' });
    const backend = createMarkupsBackend({ markups: [books, createMarkup({ name: 'Standard', is_default: true })] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Delete Books' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete markup?' });
    expect(confirm).toHaveTextContent("'Books' is removed");
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Books')).not.toBeInTheDocument());
    expect(backend.state.requests.find((r) => r.method === 'DELETE')?.path).toBe(`/catalog/markups/${books.id}/`);
    expect(screen.getByText('Standard')).toBeInTheDocument();
  });

  it('deleting the only rule of the last page does not claim there are no markups', async () => {
    const rules = Array.from({ length: 25 }, (_, i) => createMarkup({ name: `Band ${String(i).padStart(2, '0')}`, priority: 1 }));
    const last = createMarkup({ name: 'Zebra', priority: 99 });
    const backend = createMarkupsBackend({ markups: [...rules, last] });
    server.use(...backend.handlers);
    const { events, router } = render('/catalog/markup?page=1');

    await events.click(await screen.findByRole('button', { name: 'Delete Zebra' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete markup?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No markups yet.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Band 00')).toBeInTheDocument();
  });
});
