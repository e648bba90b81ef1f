import { FILE_URL_DUPLICATE, MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createFileUrl, createFileUrlsBackend, createProduct } from '../testing/file-urls-backend';
import { FileUrlsScreen } from './file-urls-screen';

const render = (route = '/catalog/file-urls') => renderWithApp(<FileUrlsScreen />, { user: testUser, route });

const drill = createProduct('DRL-18', 'Cordless drill');
const saw = createProduct('SAW-7', 'Circular saw');

describe('FileUrlsScreen', () => {
  it('lists the links 25 a page with offset = page x limit: title, URL opening in a new tab, source, priority, product and state', async () => {
    const manual = createFileUrl(drill, {
      title: 'User manual',
      url: 'https://files.example.com/drl-18/manual.pdf',
      source_url: 'https://supplier.example.com/p/drl-18',
      priority: 1,
    });
    const sheet = createFileUrl(drill, { title: 'Data sheet', priority: 2, removed_from_source: true });
    const loose = createFileUrl(null, { title: 'Catalogue', priority: 3 });
    const filler = Array.from({ length: 23 }, (_, i) => createFileUrl(saw, { title: `Sheet ${String(i).padStart(2, '0')}`, priority: 5 }));
    const backend = createFileUrlsBackend({ fileUrls: [manual, sheet, loose, ...filler], products: [drill, saw] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const table = await screen.findByRole('table', { name: 'File URLs' });
    const manualRow = (await within(table).findByText('User manual')).closest('tr')!;
    const link = within(manualRow).getByRole('link', { name: 'https://files.example.com/drl-18/manual.pdf' });
    expect(link).toHaveAttribute('href', 'https://files.example.com/drl-18/manual.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(manualRow).getByRole('link', { name: 'https://supplier.example.com/p/drl-18' })).toBeInTheDocument();
    expect(manualRow).toHaveTextContent('DRL-18');
    expect(manualRow).toHaveTextContent('Cordless drill');
    expect(manualRow).toHaveTextContent('Available');
    expect(within(table).getByText('Data sheet').closest('tr')).toHaveTextContent('Removed from source');
    expect(within(table).getByText('Catalogue').closest('tr')).toHaveTextContent('No product');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    expect(backend.state.requests[0]?.query).toEqual({ limit: '25', offset: '0' });

    await events.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Sheet 22')).toBeInTheDocument();
    expect(within(table).queryByText('User manual')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(backend.state.requests.at(-1)?.query).toEqual({ limit: '25', offset: '25' });
  });

  it('filters by product, source state and search through the URL; each change goes back to page 0', async () => {
    const manual = createFileUrl(drill, { title: 'Drill manual', priority: 1 });
    const gone = createFileUrl(drill, { title: 'Old drill sheet', priority: 2, removed_from_source: true });
    const sawManual = createFileUrl(saw, { title: 'Saw manual', priority: 3 });
    const backend = createFileUrlsBackend({ fileUrls: [manual, gone, sawManual], products: [drill, saw] });
    server.use(...backend.handlers);
    const { events, router } = render('/catalog/file-urls?page=1');
    const table = await screen.findByRole('table', { name: 'File URLs' });
    const filters = screen.getByRole('search', { name: 'Filters' });

    await events.type(within(filters).getByRole('combobox', { name: 'Product' }), 'drl');
    await events.click(await screen.findByRole('option', { name: 'DRL-18 — Cordless drill' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?product=${drill.id}`));
    await waitFor(() => expect(within(table).queryByText('Saw manual')).not.toBeInTheDocument());
    expect(within(table).getByText('Drill manual')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toEqual({ limit: '25', offset: '0', product: String(drill.id) });

    await events.selectOptions(within(filters).getByLabelText('Source'), 'Removed from source');
    await waitFor(() => expect(router.state.location.search).toBe(`?product=${drill.id}&removed_from_source=true`));
    await waitFor(() => expect(within(table).queryByText('Drill manual')).not.toBeInTheDocument());
    expect(within(table).getByText('Old drill sheet')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await events.type(within(filters).getByLabelText('Search file URLs'), 'manual{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=manual'));
    await waitFor(() => expect(within(table).queryByText('Old drill sheet')).not.toBeInTheDocument());
    expect(within(table).getByText('Saw manual')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toEqual({ limit: '25', offset: '0', search: 'manual' });
  });

  it('shows the product filter from a bookmarked URL by its SKU and name', async () => {
    server.use(...createFileUrlsBackend({ fileUrls: [createFileUrl(saw, { title: 'Saw manual' })], products: [drill, saw] }).handlers);
    render(`/catalog/file-urls?product=${saw.id}`);
    const filters = await screen.findByRole('search', { name: 'Filters' });
    await waitFor(() => expect(within(filters).getByRole('combobox', { name: 'Product' })).toHaveValue('SAW-7 — Circular saw'));
    expect(await screen.findByText('Saw manual')).toBeInTheDocument();
  });

  it("adds a link of a product and says 'A new resource was created successfully.'", async () => {
    const backend = createFileUrlsBackend({ products: [drill, saw] });
    server.use(...backend.handlers);
    const { events } = render();

    expect(await screen.findByText('No file URLs yet.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Add file URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'New file URL' });
    await events.type(within(dialog).getByLabelText(/^URL/), ' https://files.example.com/saw-7/manual.pdf ');
    await events.type(within(dialog).getByLabelText(/^Title/), 'User manual');
    await events.clear(within(dialog).getByLabelText(/^Priority/));
    await events.type(within(dialog).getByLabelText(/^Priority/), '3');
    await events.type(within(dialog).getByRole('combobox', { name: 'Product' }), 'saw');
    await events.click(await screen.findByRole('option', { name: 'SAW-7 — Circular saw' }));
    await events.type(within(dialog).getByLabelText(/^Source URL/), 'https://supplier.example.com/p/saw-7');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.resourceCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New file URL' })).not.toBeInTheDocument());
    expect(backend.state.requests.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://files.example.com/saw-7/manual.pdf',
      title: 'User manual',
      source_url: 'https://supplier.example.com/p/saw-7',
      priority: 3,
      removed_from_source: false,
      product: saw.id,
    });
    const row = (await screen.findByText('User manual')).closest('tr')!;
    expect(row).toHaveTextContent('SAW-7');
    expect(row).toHaveTextContent('Circular saw');
  });

  it("shows a 400's body flattened as text and on the fields, creates nothing, and says 'Something went wrong' for a bare 400", async () => {
    const existing = createFileUrl(drill, { title: 'Manual', url: 'https://files.example.com/drl.pdf' });
    const backend = createFileUrlsBackend({ fileUrls: [existing], products: [drill] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add file URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'New file URL' });
    const url = within(dialog).getByLabelText(/^URL/);
    await events.type(url, 'files.example.com/no-scheme.pdf');
    await events.type(within(dialog).getByLabelText(/^Source URL/), 'nope');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('url: Enter a valid URL. source_url: Enter a valid URL.');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription('Enter a valid URL.');

    // A rule only the server knows: the same URL twice on one product.
    await events.clear(url);
    await events.type(url, 'https://files.example.com/drl.pdf');
    await events.clear(within(dialog).getByLabelText(/^Source URL/));
    await events.type(within(dialog).getByRole('combobox', { name: 'Product' }), 'drl');
    await events.click(await screen.findByRole('option', { name: 'DRL-18 — Cordless drill' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(`url: ${FILE_URL_DUPLICATE}`)).toBeInTheDocument();

    backend.state.bareBadRequest = true;
    await events.clear(url);
    await events.type(url, 'https://files.example.com/other.pdf');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.resourceCreated)).not.toBeInTheDocument();
    expect(backend.state.fileUrls).toEqual([existing]);
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('edits a link from its values with a PUT of every field', async () => {
    const manual = createFileUrl(drill, {
      title: 'User manual',
      url: 'https://files.example.com/drl.pdf',
      source_url: 'https://supplier.example.com/p/drl',
      priority: 1,
    });
    const backend = createFileUrlsBackend({ fileUrls: [manual], products: [drill, saw] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Edit User manual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file URL' });
    expect(within(dialog).getByLabelText(/^URL/)).toHaveValue('https://files.example.com/drl.pdf');
    expect(within(dialog).getByLabelText(/^Priority/)).toHaveValue(1);
    expect(within(dialog).getByRole('combobox', { name: 'Product' })).toHaveValue('DRL-18 — Cordless drill');
    await events.clear(within(dialog).getByLabelText(/^Priority/));
    await events.type(within(dialog).getByLabelText(/^Priority/), '8');
    await events.click(within(dialog).getByLabelText('Removed from source'));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit file URL' })).not.toBeInTheDocument());
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/catalog/file_urls/${manual.id}/`);
    expect(put?.body).toEqual({
      url: 'https://files.example.com/drl.pdf',
      title: 'User manual',
      source_url: 'https://supplier.example.com/p/drl',
      priority: 8,
      removed_from_source: true,
      product: drill.id,
    });
    const row = screen.getByText('User manual').closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Removed from source'));
    expect(row.cells[0]).toHaveTextContent(/^8$/);
  });

  it('saves once when Enter is pressed twice quickly in the file URL dialog', async () => {
    const backend = createFileUrlsBackend({ products: [drill, saw] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add file URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'New file URL' });
    await events.type(within(dialog).getByLabelText(/^URL/), 'https://files.example.com/manual.pdf');
    await events.keyboard('{Enter}{Enter}');
    expect(await screen.findByText(MESSAGES.resourceCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('deletes a link after confirmation', async () => {
    const manual = createFileUrl(drill, { title: 'User manual' });
    const kept = createFileUrl(saw, { title: 'Saw sheet' });
    const backend = createFileUrlsBackend({ fileUrls: [manual, kept], products: [drill, saw] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Delete User manual' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file URL?' });
    expect(confirm).toHaveTextContent(`'User manual' (${manual.url}) is removed from DRL-18.`);
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('User manual')).not.toBeInTheDocument());
    expect(backend.state.requests.find((r) => r.method === 'DELETE')?.path).toBe(`/catalog/file_urls/${manual.id}/`);
    expect(screen.getByText('Saw sheet')).toBeInTheDocument();
  });

  it('deleting the only link of the last page does not claim there are no file URLs', async () => {
    const filler = Array.from({ length: 25 }, (_, i) => createFileUrl(saw, { title: `Sheet ${String(i).padStart(2, '0')}`, priority: 1 }));
    const last = createFileUrl(drill, { title: 'Last manual', priority: 9 });
    const backend = createFileUrlsBackend({ fileUrls: [...filler, last], products: [drill, saw] });
    server.use(...backend.handlers);
    const { events, router } = render('/catalog/file-urls?page=1');

    await events.click(await screen.findByRole('button', { name: 'Delete Last manual' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete file URL?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No file URLs yet.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Sheet 00')).toBeInTheDocument();
  });

  it('shows why the list could not be loaded', async () => {
    server.use(...createFileUrlsBackend({ failList: true }).handlers);
    render();
    expect(await screen.findByText(`${MESSAGES.fetchFailed}: Database unavailable`)).toBeInTheDocument();
  });
});
