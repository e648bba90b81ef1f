import { FEED_NAME_TAKEN, MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { controlsOf } from '../testing/dialog-controls';
import { createCurrency, createFeed, createImportResult, createJob, createSupplier, createSuppliersBackend } from '../testing/suppliers-backend';
import { SupplierFeedsScreen } from './supplier-feeds-screen';

const eur = createCurrency({ code: 'EUR', name: 'Euro', rate_to_sek: 11.5 });
const nordic = createSupplier({ name: 'Nordic Tools', name_abbrev: 'NT' });
const baltic = createSupplier({ name: 'Baltic Parts', name_abbrev: 'BP' });

const render = (route = '/procurement/supplier-feed') => renderWithApp(<SupplierFeedsScreen />, { user: testUser, route });

describe('SupplierFeedsScreen', () => {
  it('lists feeds 50 to a page with their last result, and filters by supplier and search in the URL', async () => {
    const tools = createFeed(nordic, {
      name: 'Nordic daily',
      schedule: 'daily',
      last_run_at: '2026-03-01T06:00:00.000Z',
      last_job: createJob({
        status: 'succeeded',
        progress: { done: 120, total: 120 },
        result: createImportResult({
          rows_total: 120,
          created: 100,
          updated: 15,
          removed: 3,
          skipped: 2,
          errors: [{ row: 7, sku: 'NT-7', message: 'Cost is not a number.' }],
          error_count: 2,
        }),
      }),
    });
    const parts = createFeed(baltic, {
      name: 'Baltic XML',
      format: 'XML',
      last_job: createJob({ status: 'failed', error: 'The server answered 404 Not Found.' }),
    });
    const fresh = createFeed(baltic, { name: 'Baltic JSON', format: 'JSON' });
    const backend = createSuppliersBackend({ suppliers: [nordic, baltic], feeds: [tools, parts, fresh] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const result = await screen.findByRole('status', { name: 'Last result of Nordic daily' });
    expect(result).toHaveTextContent('100 created, 15 updated, 0 unchanged, 3 removed, 2 skipped');
    expect(result).toHaveTextContent('Row 7 (SKU NT-7): Cost is not a number.');
    await events.click(within(result).getByRole('button', { name: 'Show all row errors of Nordic daily' }));
    const errors = await screen.findByRole('dialog', { name: 'Row errors of Nordic daily' });
    expect(within(errors).getByText('Row 7 (SKU NT-7): Cost is not a number.')).toBeInTheDocument();
    expect(within(errors).getByText('…and 1 more.')).toBeInTheDocument();
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Row errors of Nordic daily' })).not.toBeInTheDocument());
    const failed = screen.getByRole('status', { name: 'Last result of Baltic XML' });
    expect(within(failed).getByText('Failed: The server answered 404 Not Found.')).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('status', { name: 'Last result of Baltic JSON' })).toHaveTextContent('Never run');
    expect(backend.state.requests.find((r) => r.path === '/procurement/feeds/')?.query).toMatchObject({ limit: '50', offset: '0' });

    const supplierFilter = screen.getByRole('combobox', { name: 'Supplier' });
    await within(supplierFilter).findByRole('option', { name: 'Baltic Parts' });
    await events.selectOptions(supplierFilter, 'Baltic Parts');
    expect(router.state.location.search).toBe(`?supplier=${baltic.id}`);
    await waitFor(() => expect(screen.queryByText('Nordic daily')).not.toBeInTheDocument());
    expect(backend.state.requests.at(-1)?.query).toMatchObject({ supplier: String(baltic.id) });

    await events.type(screen.getByLabelText('Search feeds'), 'json{Enter}');
    await waitFor(() => expect(screen.queryByText('Baltic XML')).not.toBeInTheDocument());
    expect(screen.getByText('Baltic JSON')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toMatchObject({ supplier: String(baltic.id), search: 'json' });
  });

  it('checks the required fields, the URL and the mapping before sending anything', async () => {
    const backend = createSuppliersBackend({ suppliers: [nordic, baltic] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'New feed' });
    let form = controlsOf(dialog);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a supplier.')).toBeInTheDocument();
    expect(form.get('Column for SKU')).toHaveAccessibleDescription('This field may not be blank.');
    expect(form.get('Column for Name')).toHaveAccessibleDescription('This field may not be blank.');

    await events.type(form.get('Feed URL'), 'ftp://x.example/f');
    expect(await within(dialog).findByText('Enter a valid URL (http or https).')).toBeInTheDocument();

    // Optional fields come and go; a field just added takes the focus.
    await events.click(within(dialog).getByRole('button', { name: 'Remove Category path from the mapping' }));
    await events.selectOptions(form.get('Add field'), 'Brand');
    form = controlsOf(dialog);
    expect(form.has('Column for Category path')).toBe(false);
    expect(form.get('Column for Brand')).toHaveFocus();
    expect(within(form.get('Add field')).queryByRole('option', { name: 'Brand' })).not.toBeInTheDocument();
    expect(backend.state.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('adds a feed with its format option and column mapping; a 400 shows on its field', async () => {
    const taken = createFeed(nordic, { name: 'Daily' });
    const backend = createSuppliersBackend({ suppliers: [nordic, baltic], currencies: [eur], feeds: [taken] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'New feed' });
    let form = controlsOf(dialog);
    await within(form.get('Supplier')).findByRole('option', { name: 'Nordic Tools' });
    await within(form.get('Currency')).findByRole('option', { name: 'EUR – Euro' });
    await events.selectOptions(form.get('Supplier'), 'Nordic Tools');
    await events.type(form.get('Feed name'), 'Daily');
    await events.type(form.get('Feed URL'), 'https://n.example/f.xml');
    await events.selectOptions(form.get('Format'), 'XML');
    await events.selectOptions(form.get('Schedule'), 'Daily');
    await events.selectOptions(form.get('Currency'), 'EUR – Euro');
    await events.type(form.get('Column for SKU'), 'code');
    await events.type(form.get('Column for Name'), 'title');
    await events.type(form.get('Column for Cost'), 'price.net');
    await events.selectOptions(form.get('Add field'), 'Brand');
    await events.keyboard('make');
    form = controlsOf(dialog);
    await events.type(form.get('Item element'), 'item{Enter}');
    expect(await within(dialog).findByText(FEED_NAME_TAKEN)).toBeInTheDocument();
    expect(form.get('Feed name')).toHaveAccessibleDescription(FEED_NAME_TAKEN);

    await events.type(form.get('Feed name'), ' XML{Enter}');
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      supplier: nordic.id,
      name: 'Daily XML',
      url: 'https://n.example/f.xml',
      format: 'XML',
      currency: eur.id,
      schedule: 'daily',
      options: { item: 'item' },
      column_mapping: { sku: 'code', name: 'title', cost: 'price.net', brand: 'make' },
    });
    expect(await screen.findByRole('status', { name: 'Last result of Daily XML' })).toHaveTextContent('Never run');
  });

  it('edits a feed with a PUT of the whole form, and deletes one after confirming', async () => {
    const csv = createFeed(nordic, {
      name: 'Nordic CSV',
      options: { delimiter: ';' },
      column_mapping: { sku: 'art', name: 'benamning', stock_details: 'lager' },
    });
    const backend = createSuppliersBackend({ suppliers: [nordic, baltic], feeds: [csv, createFeed(baltic, { name: 'Old feed' })] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Edit Nordic CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit feed' });
    const form = controlsOf(dialog);
    expect(form.get('Delimiter')).toHaveValue(';');
    expect(form.get('Column for Stock details')).toHaveValue('lager');
    expect(form.has('Column for Cost')).toBe(false);
    await events.selectOptions(form.get('Delimiter'), 'Tab');
    await events.clear(form.get('Column for Name'));
    await events.type(form.get('Column for Name'), 'namn{Enter}');

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/procurement/feeds/${csv.id}/`);
    expect(put?.body).toMatchObject({
      options: { delimiter: '\t' },
      column_mapping: { sku: 'art', name: 'namn', stock_details: 'lager' },
      supplier: nordic.id,
    });

    await events.click(await screen.findByRole('button', { name: 'Delete Old feed' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete feed?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Old feed')).not.toBeInTheDocument());
  });

  it('saves once when Enter is pressed twice quickly in the feed dialog', async () => {
    const csv = createFeed(nordic, { name: 'Nordic CSV' });
    const backend = createSuppliersBackend({ suppliers: [nordic], feeds: [csv] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Edit Nordic CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit feed' });
    await events.type(controlsOf(dialog).get('Feed name'), ' 2');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('runs a feed now and shows its live progress, then the result, and refreshes the list', async () => {
    const feed = createFeed(nordic, { name: 'Nordic daily' });
    const backend = createSuppliersBackend({ suppliers: [nordic], feeds: [feed] });
    server.use(...backend.handlers);
    const { events, queryClient } = render();
    // The catalog grid (under the catalog products' root): an import sets its products' procurement cost.
    const catalogGrid = ['products', 'catalog-list', {}];
    queryClient.setQueryData(catalogGrid, { seeded: true });

    await events.click(await screen.findByRole('button', { name: 'Run Nordic daily now' }));
    const status = screen.getByRole('status', { name: 'Last result of Nordic daily' });
    const bar = await within(status).findByRole('progressbar', { name: 'Import progress of Nordic daily' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(status).toHaveTextContent('Queued');
    expect(screen.getByRole('button', { name: 'Run Nordic daily now' })).toBeDisabled();
    const job = backend.state.jobs[0]!;
    expect(backend.state.requests.find((r) => r.method === 'POST')?.path).toBe(`/procurement/feeds/${feed.id}/run/`);

    backend.updateJob(job.id, { status: 'running', progress: { done: 400, total: null } });
    expect(await within(status).findByText('400 rows read')).toBeInTheDocument();

    backend.updateJob(job.id, { status: 'running', progress: { done: 250, total: 1000 } });
    expect(await within(status).findByText('250 / 1,000 rows')).toBeInTheDocument();
    expect(within(status).getByRole('progressbar', { name: 'Import progress of Nordic daily' })).toHaveAttribute('aria-valuenow', '25');

    const listCalls = () => backend.state.requests.filter((r) => r.path === '/procurement/feeds/').length;
    const callsBefore = listCalls();
    backend.updateJob(job.id, {
      status: 'succeeded',
      progress: { done: 1000, total: 1000 },
      result: createImportResult({
        rows_total: 1000,
        created: 980,
        updated: 4,
        unchanged: 10,
        removed: 1,
        skipped: 6,
        errors: [
          { row: 12, sku: 'NT-12', message: "Cost 'abc' is not a number." },
          { row: 40, message: 'SKU is empty.' },
        ],
        error_count: 2,
      }),
    });
    expect(await within(status).findByText('980 created, 4 updated, 10 unchanged, 1 removed, 6 skipped')).toBeInTheDocument();
    expect(within(status).getByText("Row 12 (SKU NT-12): Cost 'abc' is not a number.")).toBeInTheDocument();
    expect(within(status).getByText('Row 40: SKU is empty.')).toBeInTheDocument();
    expect(within(status).queryByRole('progressbar')).not.toBeInTheDocument();
    // The finished import refreshes the list: its last run time shows.
    await waitFor(() => expect(listCalls()).toBeGreaterThan(callsBefore));
    expect(queryClient.getQueryState(catalogGrid)?.isInvalidated).toBe(true);
    expect(await screen.findByRole('button', { name: 'Run Nordic daily now' })).toBeEnabled();
    expect(screen.queryByText('Never')).not.toBeInTheDocument();

    // No more polling once it is done.
    const polls = backend.state.requests.filter((r) => r.path === `/jobs/${job.id}/`).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(backend.state.requests.filter((r) => r.path === `/jobs/${job.id}/`).length).toBe(polls);
  });

  it('shows a failed run in red', async () => {
    const feed = createFeed(nordic, { name: 'Nordic daily' });
    const backend = createSuppliersBackend({ suppliers: [nordic], feeds: [feed] });
    server.use(...backend.handlers);
    const { events, queryClient } = render();
    // The catalog grid (under the catalog products' root): an import sets its products' procurement cost.
    const catalogGrid = ['products', 'catalog-list', {}];
    queryClient.setQueryData(catalogGrid, { seeded: true });

    await events.click(await screen.findByRole('button', { name: 'Run Nordic daily now' }));
    const status = screen.getByRole('status', { name: 'Last result of Nordic daily' });
    await within(status).findByRole('progressbar');
    backend.updateJob(backend.state.jobs[0]!.id, { status: 'failed', error: 'The connection was closed before the file was complete.' });
    const error = await within(status).findByText('Failed: The connection was closed before the file was complete.');
    expect(error).toHaveStyle({ color: theme.palette.error.main });
  });

  it("shows each feed's own run outcome when Run now is pressed on two feeds in quick succession", async () => {
    const daily = createFeed(nordic, { name: 'Nordic daily' });
    const weekly = createFeed(baltic, { name: 'Baltic weekly' });
    const backend = createSuppliersBackend({ suppliers: [nordic, baltic], feeds: [daily, weekly] });
    server.use(...backend.handlers);
    // The first feed's run is answered last, and fails.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(apiUrl(`/procurement/feeds/${daily.id}/run/`), async () => {
        await answered;
        return HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 });
      }),
    );
    const { events } = render();
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

    await events.click(await screen.findByRole('button', { name: 'Run Nordic daily now' }));
    await events.click(screen.getByRole('button', { name: 'Run Baltic weekly now' }));
    expect(await within(rowOf('Baltic weekly')).findByRole('progressbar', { name: 'Import progress of Baltic weekly' })).toBeInTheDocument();
    // Still waiting for its answer: it cannot be pressed again.
    expect(screen.getByRole('button', { name: 'Run Nordic daily now' })).toBeDisabled();

    answer();
    expect(await within(rowOf('Nordic daily')).findByText('Not started: Down for maintenance.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Nordic daily now' })).toBeEnabled();
    expect(within(rowOf('Baltic weekly')).queryByText(/Not started/)).not.toBeInTheDocument();
    expect(within(rowOf('Baltic weekly')).getByRole('status', { name: 'Last result of Baltic weekly' })).toHaveTextContent('Queued');
  });

  it('deleting the only feed of the last page does not claim there are no feeds', async () => {
    const many = Array.from({ length: 50 }, (_, i) => createFeed(nordic, { name: `Feed ${String(i).padStart(2, '0')}` }));
    const last = createFeed(nordic, { name: 'Zebra feed' });
    const backend = createSuppliersBackend({ suppliers: [nordic], feeds: [...many, last] });
    server.use(...backend.handlers);
    const { events, router } = render('/procurement/supplier-feed?page=1');

    await events.click(await screen.findByRole('button', { name: 'Delete Zebra feed' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete feed?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No supplier feeds yet.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Feed 00')).toBeInTheDocument();
  });

  it("says Couldn't get suppliers data in the feed dialog when its suppliers or currencies fail to load", async () => {
    const backend = createSuppliersBackend({ suppliers: [nordic] });
    server.use(
      http.get(apiUrl('/currencies/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })),
      ...backend.handlers,
    );
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'New feed' });
    expect(await within(dialog).findByText(`${MESSAGES.couldNotGetSuppliers}: Down for maintenance.`)).toBeInTheDocument();
  });
});
