import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { http, HttpResponse } from 'msw';
import { createProcurementBackend, createProcurementProduct, createSupplierOption } from '../testing/procurement-backend';
import { ProcurementProductsScreen } from './procurement-products-screen';

const ROUTE = '/procurements-and-suppliers/products';
const nordic = createSupplierOption({ id: 1, name: 'Nordic Tools' });
const baltic = createSupplierOption({ id: 2, name: 'Baltic Wood' });

/** The row of a SKU (by text: role queries over a full page are slow in jsdom). */
const rowOf = (sku: string) => screen.getByText(sku).closest('tr')!;
const productCalls = (requests: { path: string; query: Record<string, string> }[]) => requests.filter((r) => r.path === '/procurement/products/');

describe('ProcurementProductsScreen', () => {
  it('loads the page and filters the URL names, and shows every column of the grid', async () => {
    const drills = Array.from({ length: 30 }, (_, i) =>
      createProcurementProduct({ sku: `DR-${String(i).padStart(2, '0')}`, name: `Drill ${i}`, supplier: 1, created_at: '2026-02-10T12:00:00.000Z' }),
    );
    const special = createProcurementProduct({
      sku: 'DR-SPECIAL',
      name: 'Drill special',
      supplier: 1,
      created_at: '2026-02-10T12:00:00.000Z',
      stock_details: '5 pcs, ships in 2 days',
      cost: 12.5,
      cost_currency: 'EUR',
      cost_sek: 143.75,
      product_type: 'variable',
      image: 'https://cdn.example.com/drill.jpg',
      urls: ['https://nordic.example.com/drill-special'],
    });
    const backend = createProcurementBackend({ suppliers: [nordic, baltic], products: [...drills, special] });
    server.use(...backend.handlers);
    renderWithApp(<ProcurementProductsScreen />, {
      user: testUser,
      route: `${ROUTE}?search=drill&supplier=1&wishlist=Not+skipped&mapped=No&from=2026-02-01&to=2026-02-28&page=1`,
    });

    // Page 1 (the second) holds the last 6 of the 31 matches.
    expect(await screen.findByText('DR-SPECIAL')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Select DR-/)).toHaveLength(6);
    expect(productCalls(backend.state.requests).at(-1)?.query).toEqual({
      search: 'drill',
      supplier: '1',
      wishlist: 'Not skipped',
      mapped: 'No',
      created_at__gte: new Date('2026-02-01T00:00:00').toISOString(),
      created_at__lte: new Date('2026-02-28T23:59:59.999').toISOString(),
      limit: '25',
      offset: '25',
    });
    expect(screen.getByLabelText('Search products')).toHaveValue('drill');
    await waitFor(() => expect(screen.getByLabelText('Supplier')).toHaveValue('1'));
    expect(screen.getByLabelText('Wishlist')).toHaveValue('Not skipped');
    expect(screen.getByLabelText('Mapped to catalog')).toHaveValue('No');
    expect(screen.getByLabelText('Created from')).toHaveValue('2026-02-01');
    expect(screen.getByLabelText('Created to')).toHaveValue('2026-02-28');

    const row = rowOf('DR-SPECIAL');
    expect(within(row).getByText('Drill special')).toBeInTheDocument();
    expect(within(row).getByText('5 pcs, ships in 2 days')).toBeInTheDocument();
    expect(within(row).getByText(/143\.75/)).toHaveTextContent(/SEK|kr/);
    expect(within(row).getByText('12.50 EUR')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'Open DR-SPECIAL at the supplier' });
    expect(link).toHaveAttribute('href', 'https://nordic.example.com/drill-special');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(row).getByText('Variable parent')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/drill.jpg');
    expect(within(rowOf('DR-29')).getByLabelText('No image')).toBeInTheDocument();
  });

  it('shows removed products greyed with a Removed chip, and In catalog / Skipped chips', async () => {
    const gone = createProcurementProduct({ sku: 'OLD-1', status: 'removed', stock_details: '' });
    const mapped = createProcurementProduct({ sku: 'MAP-1', catalog_product: 77 });
    const skipped = createProcurementProduct({ sku: 'SKIP-1', skipped: true, urls: [] });
    const backend = createProcurementBackend({ products: [gone, mapped, skipped] });
    server.use(...backend.handlers);
    renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: ROUTE });

    const goneRow = (await screen.findByText('OLD-1')).closest('tr')!;
    expect(goneRow).toHaveAttribute('data-removed', 'true');
    expect(within(goneRow).getAllByText('Removed')).toHaveLength(2);
    expect(within(rowOf('MAP-1')).getByText('In catalog')).toBeInTheDocument();
    const skippedRow = rowOf('SKIP-1');
    expect(within(skippedRow).getByText('Skipped')).toBeInTheDocument();
    expect(within(skippedRow).queryByRole('link')).not.toBeInTheDocument();
  });

  it('resets the page to 0 when a filter changes, and keeps the filters in the URL', async () => {
    const many = Array.from({ length: 28 }, (_, i) => createProcurementProduct({ sku: `BULK-${i}`, supplier: i % 2 ? 1 : 2 }));
    const backend = createProcurementBackend({ suppliers: [nordic, baltic], products: many });
    server.use(...backend.handlers);
    const { events, router } = renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: `${ROUTE}?mapped=No&page=1` });

    expect(await screen.findByText('BULK-27')).toBeInTheDocument();
    expect(productCalls(backend.state.requests).at(-1)?.query).toMatchObject({ mapped: 'No', offset: '25' });

    await within(screen.getByLabelText('Supplier')).findByRole('option', { name: 'Baltic Wood' });
    await events.selectOptions(screen.getByLabelText('Supplier'), 'Baltic Wood');
    await waitFor(() => expect(router.state.location.search).toBe('?mapped=No&supplier=2'));
    expect(await screen.findByText('BULK-0')).toBeInTheDocument();
    expect(productCalls(backend.state.requests).at(-1)?.query).toMatchObject({ mapped: 'No', supplier: '2', offset: '0' });

    await events.type(screen.getByLabelText('Search products'), 'BULK-2{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?mapped=No&supplier=2&search=BULK-2'));
    await waitFor(() => expect(productCalls(backend.state.requests).at(-1)?.query).toMatchObject({ search: 'BULK-2', offset: '0' }));
  });

  it('adds two selected products to the catalog: Product(s) added, and the grid refreshes', async () => {
    const saw = createProcurementProduct({ sku: 'SAW-1', name: 'Hand saw' });
    const axe = createProcurementProduct({ sku: 'AXE-1', name: 'Axe' });
    const vise = createProcurementProduct({ sku: 'VISE-1', name: 'Vise' });
    const backend = createProcurementBackend({ products: [saw, axe, vise] });
    server.use(...backend.handlers);
    const { events, queryClient } = renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: ROUTE });
    // The catalog categories screen counts products: the added ones land in the categories theirs are mapped to.
    queryClient.setQueryData(['catalog-categories', 'tree'], []);

    const add = await screen.findByRole('button', { name: 'Add to catalog' });
    expect(add).toBeDisabled();
    await events.click(await screen.findByRole('checkbox', { name: 'Select SAW-1' }));
    // Keyboard: a focused row toggles with Space.
    const axeRow = rowOf('AXE-1');
    axeRow.focus();
    await events.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Select AXE-1' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await events.click(add);
    expect(await screen.findByText(MESSAGES.productsAdded)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/procurement/products/add-to-catalog/')?.body).toEqual({ ids: [saw.id, axe.id] });
    expect(await within(rowOf('SAW-1')).findByText('In catalog')).toBeInTheDocument();
    expect(within(rowOf('AXE-1')).getByText('In catalog')).toBeInTheDocument();
    expect(within(rowOf('VISE-1')).queryByText('In catalog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select SAW-1' })).not.toBeChecked();
    expect(add).toBeDisabled();
    expect(queryClient.getQueryState(['catalog-categories', 'tree'])?.isInvalidated).toBe(true);
  });

  it('shows the conflict message on a 409 and adds nothing', async () => {
    const saw = createProcurementProduct({ sku: 'SAW-1' });
    const axe = createProcurementProduct({ sku: 'AXE-1', catalog_product: 12 });
    const backend = createProcurementBackend({ products: [saw, axe] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: ROUTE });

    await screen.findByText('SAW-1');
    await events.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select SAW-1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select AXE-1' })).toBeChecked();
    await events.click(screen.getByRole('button', { name: 'Add to catalog' }));

    expect(await screen.findByText(MESSAGES.couldNotAddProducts)).toBeInTheDocument();
    expect(backend.state.products.find((row) => row.id === saw.id)?.catalog_product).toBeNull();
    expect(within(rowOf('SAW-1')).queryByText('In catalog')).not.toBeInTheDocument();
    // The selection stays, so the operator can drop the product that is already in the catalog.
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it("shows a refused add's 400 as the server's words, not its JSON, and keeps the selection", async () => {
    const long = createProcurementProduct({ sku: 'LONG-1' });
    const backend = createProcurementBackend({ products: [long] });
    const refusal = `The SKU of supplier product ${long.id} ('LONG-1…') is longer than 100 characters, the most a catalog SKU can have. Nothing was added.`;
    server.use(...backend.handlers);
    server.use(http.post(apiUrl('/procurement/products/add-to-catalog/'), () => HttpResponse.json({ ids: [refusal] }, { status: 400 })));
    const { events } = renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: ROUTE });

    await events.click(await screen.findByRole('checkbox', { name: 'Select LONG-1' }));
    await events.click(screen.getByRole('button', { name: 'Add to catalog' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(/"ids"/)).not.toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('skips and unskips the selection', async () => {
    const saw = createProcurementProduct({ sku: 'SAW-1' });
    const axe = createProcurementProduct({ sku: 'AXE-1' });
    const backend = createProcurementBackend({ products: [saw, axe] });
    server.use(...backend.handlers);
    const { events } = renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: `${ROUTE}?wishlist=Not+skipped` });

    await events.click(await screen.findByRole('checkbox', { name: 'Select SAW-1' }));
    await events.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('1 product skipped')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/procurement/products/skip/')?.body).toEqual({ ids: [saw.id] });
    await waitFor(() => expect(screen.queryByText('SAW-1')).not.toBeInTheDocument());

    await events.selectOptions(screen.getByLabelText('Wishlist'), 'Skipped');
    await events.click(await screen.findByRole('checkbox', { name: 'Select SAW-1' }));
    await events.click(screen.getByRole('button', { name: 'Unskip' }));
    expect(await screen.findByText('1 product back on the wishlist')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/procurement/products/unskip/')?.body).toEqual({ ids: [saw.id] });
    expect(await screen.findByText('No product matches these filters.')).toBeInTheDocument();
  });

  it('skipping the whole last page of the wishlist does not claim nothing matches', async () => {
    const many = Array.from({ length: 26 }, (_, i) => createProcurementProduct({ sku: `P-${String(i).padStart(2, '0')}` }));
    const backend = createProcurementBackend({ products: many });
    server.use(...backend.handlers);
    const lastSku = backend.state.products[25]!.sku;
    const { events, router } = renderWithApp(<ProcurementProductsScreen />, { user: testUser, route: `${ROUTE}?wishlist=Not+skipped&page=1` });

    await events.click(await screen.findByRole('checkbox', { name: `Select ${lastSku}` }));
    await events.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No product matches these filters.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?wishlist=Not+skipped'));
    expect(await screen.findByText(backend.state.products[0]!.sku)).toBeInTheDocument();
  });
});
