import { EXACT_COUNT_LIMIT, LLM_NOT_CONFIGURED, MESSAGES } from '@kontor/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createBulkDescriptionsBackend, testProducts, type TestProduct } from '../testing/bulk-descriptions-backend';
import { BulkDescriptionsScreen } from './bulk-descriptions-screen';

const render = (route = '/catalog/product-bulk3-description') => renderWithApp(<BulkDescriptionsScreen />, { user: testUser, route });

const lamp: TestProduct = {
  id: 1,
  sku: 'LAMP-1',
  name: 'Desk lamp',
  descriptions: {
    SV: { name: 'Bordslampa', meta_title: 'Bordslampa | Butik', content: '<p>Lampa i <b>mässing</b></p>' },
    EN: { name: 'Desk lamp', meta_title: 'Desk lamp | Shop' },
  },
};
const chair: TestProduct = { id: 2, sku: 'CHAIR-1', name: 'Oak chair', descriptions: { SV: { name: 'Ekstol' } } };
const stool: TestProduct = { id: 3, sku: 'STOOL-1', name: 'Stool', descriptions: {} };

const grid = () => screen.getByRole('grid', { name: 'Descriptions' });
const cell = (label: string, sku: string) => within(grid()).getByRole('gridcell', { name: `${label}, ${sku}` });

describe('BulkDescriptionsScreen', () => {
  it('shows the products with their SV copy, the fetch status, and switches language and search through the URL', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp, chair, stool] });
    server.use(...backend.handlers);
    const { events, router } = render();

    expect(await screen.findByRole('status', { name: 'Fetch status: succeeded' })).toBeInTheDocument();
    expect(cell('Name', 'LAMP-1')).toHaveTextContent('Bordslampa');
    // Long copy reads without its tags.
    expect(cell('Content', 'LAMP-1')).toHaveTextContent('Lampa i mässing');
    expect(cell('Meta title', 'STOOL-1')).toHaveTextContent('—');
    expect(backend.state.requests[0]?.query).toEqual({ language: 'SV', limit: '25', offset: '0' });

    await events.click(screen.getByRole('button', { name: 'EN' }));
    await waitFor(() => expect(router.state.location.search).toBe('?language=EN'));
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Desk lamp | Shop'));
    expect(cell('Name', 'CHAIR-1')).toHaveTextContent('—');
    expect(backend.state.requests.at(-1)?.query).toEqual({ language: 'EN', limit: '25', offset: '0' });

    await events.type(screen.getByLabelText('Search products'), 'chair{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?language=EN&search=chair'));
    await waitFor(() => expect(within(grid()).queryByRole('row', { name: 'LAMP-1' })).not.toBeInTheDocument());
    expect(backend.state.requests.at(-1)?.query).toEqual({ language: 'EN', search: 'chair', limit: '25', offset: '0' });
  });

  it('shows the failed status and the reason when the products cannot be fetched', async () => {
    server.use(...createBulkDescriptionsBackend({ failList: true }).handlers);
    render();
    expect(await screen.findByRole('status', { name: 'Fetch status: failed' })).toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES.fetchFailed}: Database unavailable`)).toBeInTheDocument();
  });

  it('a page past the end says so and offers the last page, instead of claiming no product matches', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp, chair, stool] });
    server.use(...backend.handlers);
    const { events, router } = render('/catalog/product-bulk3-description?page=2');
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No products match.')).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cell('Name', 'LAMP-1')).toHaveTextContent('Bordslampa'));
    expect(screen.queryByText('Nothing on this page any more.')).not.toBeInTheDocument();
  });

  it('says "about" of a long list whose count the server estimated', async () => {
    server.use(...createBulkDescriptionsBackend({ products: testProducts(EXACT_COUNT_LIMIT + 1) }).handlers);
    render();
    expect(await screen.findByText(`1–25 of about ${(EXACT_COUNT_LIMIT + 1).toLocaleString()}`)).toBeInTheDocument();
  });

  it('selects with click and arrow keys, shows the cell and row values, edits with Enter and saves the cell with PATCH', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp, chair] });
    server.use(...backend.handlers);
    const { events } = render('/catalog/product-bulk3-description?language=EN');
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Desk lamp | Shop'));

    await events.click(cell('Name', 'LAMP-1'));
    expect(cell('Name', 'LAMP-1')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Selected cell value' })).toHaveTextContent('Name · LAMP-1Desk lamp');
    expect(screen.getByRole('region', { name: 'Selected row values' })).toHaveTextContent('Meta titleDesk lamp | Shop');

    await events.keyboard('{ArrowRight}');
    expect(cell('Meta title', 'LAMP-1')).toHaveAttribute('aria-selected', 'true');
    expect(grid()).toHaveAttribute('aria-activedescendant', cell('Meta title', 'LAMP-1').id);
    await events.keyboard('{ArrowDown}');
    expect(screen.getByRole('region', { name: 'Selected cell value' })).toHaveTextContent('Meta title · CHAIR-1(empty)');
    await events.keyboard('{ArrowUp}{Enter}');

    const input = screen.getByRole('textbox', { name: 'Meta title of LAMP-1' });
    expect(input).toHaveValue('Desk lamp | Shop');
    await events.clear(input);
    await events.type(input, 'Brass desk lamp | Shop{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/catalog/product_descriptions_bulk/1/', query: {}, body: { language: 'EN', meta_title: 'Brass desk lamp | Shop' } },
    ]);
    expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Brass desk lamp | Shop');
    // The grid has the keyboard again: Tab moves right.
    await events.keyboard('{Tab}');
    expect(cell('Meta description', 'LAMP-1')).toHaveAttribute('aria-selected', 'true');
  });

  it('a saved cell refreshes the catalog’s copy of the descriptions (its grid and product screen), not only the products', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp] });
    server.use(...backend.handlers);
    const { events, queryClient } = render('/catalog/product-bulk3-description?language=EN');
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Desk lamp | Shop'));
    // What the catalog grid's bulk edit view and the product screen had loaded before.
    const catalogDescriptions = ['product-descriptions', 'list', '1', 'EN'];
    queryClient.setQueryData(catalogDescriptions, { count: 0, next: null, previous: null, results: [] });

    await events.dblClick(cell('Meta title', 'LAMP-1'));
    await events.type(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }), '!{Enter}');
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(queryClient.getQueryState(catalogDescriptions)?.isInvalidated).toBe(true);
  });

  it('typing starts an edit, Escape cancels it, an unchanged value is not sent, and a refused save marks the cell', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp], refuseSave: 'Ensure this field has no more than 300 characters.' });
    server.use(...backend.handlers);
    const { events } = render();
    await waitFor(() => expect(cell('Name', 'LAMP-1')).toHaveTextContent('Bordslampa'));

    await events.click(cell('Name', 'LAMP-1'));
    await events.keyboard('X');
    expect(screen.getByRole('textbox', { name: 'Name of LAMP-1' })).toHaveValue('X');
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name of LAMP-1' })).not.toBeInTheDocument();
    expect(cell('Name', 'LAMP-1')).toHaveTextContent('Bordslampa');

    await events.keyboard('{F2}{Enter}');
    expect(backend.state.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    await events.dblClick(cell('Meta title', 'LAMP-1'));
    await events.type(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }), '!{Enter}');
    expect(await screen.findByText('Ensure this field has no more than 300 characters.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(cell('Meta title', 'LAMP-1')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Bordslampa | Butik');
    expect(backend.state.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);

    // What was typed is not lost: editing the refused cell again starts from it, and Enter sends it again.
    await events.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' })).toHaveValue('Bordslampa | Butik!');
    backend.state.refuseSave = null;
    await events.keyboard('{Enter}');
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Bordslampa | Butik!'));
    expect(cell('Meta title', 'LAMP-1')).not.toHaveAttribute('aria-invalid');
    expect(backend.state.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { language: 'SV', meta_title: 'Bordslampa | Butik!' },
      { language: 'SV', meta_title: 'Bordslampa | Butik!' },
    ]);
  });

  it('a late answer to an earlier save of the same product does not undo a later save of another field', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    backend.state.holdAnswer = (call) => (call === 1 ? gate : undefined);
    server.use(...backend.handlers);
    const { events, queryClient } = render('/catalog/product-bulk3-description?language=EN');
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Desk lamp | Shop'));

    // Name, then Tab to the meta title and save it too, while the name's answer is still on its way.
    await events.dblClick(cell('Name', 'LAMP-1'));
    await events.clear(screen.getByRole('textbox', { name: 'Name of LAMP-1' }));
    await events.type(screen.getByRole('textbox', { name: 'Name of LAMP-1' }), 'Brass lamp{Tab}');
    await events.keyboard('{Enter}');
    await events.clear(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }));
    await events.type(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }), 'Brass lamp | Shop{Enter}');
    await waitFor(() => expect(backend.state.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));

    // The name's answer was written before the meta title was saved: it carries the old meta title.
    await act(async () => release());
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await act(async () => undefined);
    expect(cell('Name', 'LAMP-1')).toHaveTextContent('Brass lamp');
    expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Brass lamp | Shop');
  });

  it('a late answer to an earlier save of a cell does not undo a later save of the same cell', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    backend.state.holdAnswer = (call) => (call === 1 ? gate : undefined);
    server.use(...backend.handlers);
    const { events, queryClient } = render('/catalog/product-bulk3-description?language=EN');
    await waitFor(() => expect(cell('Name', 'LAMP-1')).toHaveTextContent('Desk lamp'));

    await events.dblClick(cell('Name', 'LAMP-1'));
    await events.type(screen.getByRole('textbox', { name: 'Name of LAMP-1' }), ' A{Enter}');
    await events.dblClick(cell('Name', 'LAMP-1'));
    await events.clear(screen.getByRole('textbox', { name: 'Name of LAMP-1' }));
    await events.type(screen.getByRole('textbox', { name: 'Name of LAMP-1' }), 'Desk lamp B{Enter}');
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));
    expect(cell('Name', 'LAMP-1')).toHaveTextContent('Desk lamp B');

    await act(async () => release());
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await act(async () => undefined);
    expect(cell('Name', 'LAMP-1')).toHaveTextContent('Desk lamp B');
    expect(backend.state.products[0]?.descriptions.EN?.name).toBe('Desk lamp B');
  });

  it('editing a cell back to its stored value while its save runs sends that value (the running save would otherwise stand)', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    backend.state.holdAnswer = (call) => (call === 1 ? gate : undefined);
    server.use(...backend.handlers);
    const { events, queryClient } = render('/catalog/product-bulk3-description?language=EN');
    await waitFor(() => expect(cell('Name', 'LAMP-1')).toHaveTextContent('Desk lamp'));

    await events.dblClick(cell('Name', 'LAMP-1'));
    await events.type(screen.getByRole('textbox', { name: 'Name of LAMP-1' }), ' A{Enter}');
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));
    // Changed my mind: back to what is stored, before the first save answered.
    await events.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Name of LAMP-1' })).toHaveValue('Desk lamp A');
    await events.clear(screen.getByRole('textbox', { name: 'Name of LAMP-1' }));
    await events.type(screen.getByRole('textbox', { name: 'Name of LAMP-1' }), 'Desk lamp{Enter}');

    await act(async () => release());
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await act(async () => undefined);
    expect(backend.state.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { language: 'EN', name: 'Desk lamp A' },
      { language: 'EN', name: 'Desk lamp' },
    ]);
    expect(backend.state.products[0]?.descriptions.EN?.name).toBe('Desk lamp');
    expect(cell('Name', 'LAMP-1')).toHaveTextContent(/^Desk lamp$/);
  });

  it('a refused cell edited back to its stored value is no longer marked unsaved, and nothing is sent', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp], refuseSave: 'Ensure this field has no more than 300 characters.' });
    server.use(...backend.handlers);
    const { events } = render();
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveTextContent('Bordslampa | Butik'));

    await events.dblClick(cell('Meta title', 'LAMP-1'));
    await events.type(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }), '!{Enter}');
    await waitFor(() => expect(cell('Meta title', 'LAMP-1')).toHaveAttribute('aria-invalid', 'true'));

    await events.keyboard('{Enter}');
    await events.clear(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }));
    await events.type(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' }), 'Bordslampa | Butik{Enter}');
    expect(cell('Meta title', 'LAMP-1')).not.toHaveAttribute('aria-invalid');
    expect(backend.state.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    // The next edit starts from the stored value again.
    await events.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Meta title of LAMP-1' })).toHaveValue('Bordslampa | Butik');
  });

  it('machine translate selected is off on SV, with the reason, and follows the checked rows through a language switch', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp, chair] });
    server.use(...backend.handlers);
    const { events } = render();
    await screen.findByRole('status', { name: 'Fetch status: succeeded' });
    expect(screen.getByRole('button', { name: 'Generate selected' })).toBeDisabled();
    await events.click(screen.getByRole('checkbox', { name: 'Select LAMP-1' }));
    expect(screen.getByRole('button', { name: 'Machine translate selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate selected' })).toBeEnabled();
    expect(screen.getByText('Translation goes from SV into the language shown: switch to EN, NO or DA.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'NO' }));
    await waitFor(() => expect(backend.state.requests.at(-1)?.query).toMatchObject({ language: 'NO' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Machine translate selected' })).toBeEnabled();
    expect(screen.queryByText(/Translation goes from SV/)).not.toBeInTheDocument();
  });

  it('machine translate selected: batches in the grid’s order, review, and saves only the accepted rows', async () => {
    const products = [lamp, chair, stool, ...testProducts(3, (i) => ({ descriptions: { SV: { name: `Produkt ${i + 1}` } } }))];
    const backend = createBulkDescriptionsBackend({ products, saveDelayMs: 20 });
    server.use(...backend.handlers);
    const { events } = render('/catalog/product-bulk3-description?language=DA');
    await screen.findByRole('status', { name: 'Fetch status: succeeded' });
    await events.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('6 selected')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Machine translate selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review machine translations (SV → DA)' });
    const translateCalls = backend.state.requests.filter((r) => r.path.endsWith('/translate/'));
    // 6 products in batches of 5, in the grid's order.
    expect(translateCalls.map((r) => r.body)).toEqual([
      { products: [1, 2, 3, 100, 101], source_language: 'SV', target_language: 'DA' },
      { products: [102], source_language: 'SV', target_language: 'DA' },
    ]);
    expect(within(dialog).getByText(/5 proposals, 1 product without one/)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('STOOL-1 · Stool: This product has no SV description to translate.');

    const lampProposal = within(dialog).getByRole('group', { name: 'Proposal for LAMP-1' });
    expect(within(lampProposal).getByRole('textbox', { name: 'Meta title proposal for LAMP-1' })).toHaveValue('[DA] Bordslampa | Butik');
    await events.clear(within(lampProposal).getByRole('textbox', { name: 'Name proposal for LAMP-1' }));
    await events.type(within(lampProposal).getByRole('textbox', { name: 'Name proposal for LAMP-1' }), 'Bordlampe');
    await events.click(within(dialog).getByRole('button', { name: 'Reject all' }));
    await events.click(within(lampProposal).getByRole('checkbox'));
    await events.click(within(within(dialog).getByRole('group', { name: 'Proposal for CHAIR-1' })).getByRole('checkbox'));
    await events.click(within(dialog).getByRole('button', { name: 'Save accepted (2)' }));

    expect(await screen.findByText('2 descriptions saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const saves = backend.state.requests.filter((r) => r.method === 'PATCH');
    expect(saves.map((r) => [r.path, r.body])).toEqual([
      [
        '/catalog/product_descriptions_bulk/1/',
        {
          language: 'DA',
          name: 'Bordlampe',
          content: '[DA] <p>Lampa i <b>mässing</b></p>',
          excerpt: '',
          meta_title: '[DA] Bordslampa | Butik',
          meta_keywords: '',
          meta_description: '',
          source: 'test-model',
          machine_translation: true,
        },
      ],
      ['/catalog/product_descriptions_bulk/2/', expect.objectContaining({ language: 'DA', name: '[DA] Ekstol', machine_translation: true })],
    ]);
    await waitFor(() => expect(cell('Name', 'LAMP-1')).toHaveTextContent('Bordlampe'));
  });

  it('generate selected works in any language; a 503 shows the server’s message and a 502 batch becomes per-product errors', async () => {
    const backend = createBulkDescriptionsBackend({ products: [lamp, chair], machine: 'not-configured' });
    server.use(...backend.handlers);
    const { events } = render();
    await screen.findByRole('status', { name: 'Fetch status: succeeded' });
    await events.click(screen.getByRole('checkbox', { name: 'Select CHAIR-1' }));

    await events.click(screen.getByRole('button', { name: 'Generate selected' }));
    expect(await screen.findByText(LLM_NOT_CONFIGURED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    backend.state.machine = 'upstream-fails';
    await events.click(screen.getByRole('button', { name: 'Generate selected' }));
    const failed = await screen.findByRole('dialog', { name: 'Review generated descriptions (SV)' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('CHAIR-1 · Oak chair: The translation service answered HTTP 500.');
    expect(within(failed).getByRole('button', { name: 'Save accepted (0)' })).toBeDisabled();
    await events.click(within(failed).getByRole('button', { name: 'Close' }));

    backend.state.machine = 'ok';
    await events.click(screen.getByRole('button', { name: 'Generate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review generated descriptions (SV)' });
    expect(within(dialog).getByRole('textbox', { name: 'Name proposal for CHAIR-1' })).toHaveValue('Oak chair (SV)');
    expect(backend.state.requests.filter((r) => r.path.endsWith('/generate/')).at(-1)?.body).toEqual({ products: [2], language: 'SV' });
    await events.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(backend.state.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('shows the progress of a run as n of m', async () => {
    const backend = createBulkDescriptionsBackend({ products: testProducts(12, (i) => ({ descriptions: { SV: { name: `P${i}` } } })) });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { http, HttpResponse } = await import('msw');
    const { apiUrl } = await import('@/test/server');
    let calls = 0;
    server.use(
      http.post(apiUrl('/catalog/product_descriptions_bulk/translate/'), async ({ request }) => {
        calls += 1;
        // The second batch waits, so the bar can be seen between batches.
        if (calls === 2) await gate;
        const body = (await request.json()) as { products: number[] };
        return HttpResponse.json({
          language: 'EN',
          source: 'test-model',
          results: body.products.map((product) => ({ product, source: null, proposal: null, error: 'This product has no SV description to translate.' })),
        });
      }),
      ...backend.handlers,
    );
    const { events } = render('/catalog/product-bulk3-description?language=EN');
    await screen.findByRole('status', { name: 'Fetch status: succeeded' });
    await events.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await events.click(screen.getByRole('button', { name: 'Machine translate selected' }));
    expect(await screen.findByText('Translating 5 of 12…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Translation progress' })).toHaveAttribute('aria-valuenow', String(Math.round((5 / 12) * 100)));
    expect(screen.getByRole('button', { name: 'Machine translate selected' })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole('dialog', { name: 'Review machine translations (SV → EN)' })).toBeInTheDocument();
  });
});
