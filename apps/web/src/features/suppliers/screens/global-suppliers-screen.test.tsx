import { MESSAGES, SUPPLIER_NAME_TAKEN } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page } from '@/test/fixtures';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { createGlobalProduct, createGlobalSupplier, createSupplier, createSuppliersBackend } from '../testing/suppliers-backend';
import { GlobalSuppliersScreen } from './global-suppliers-screen';

const bosch = createGlobalSupplier({ name: 'Bosch Nordic', name_abbrev: 'BOS', country: 'Germany', brands: ['Bosch', 'Dremel'], products_count: 2 });
const makita = createGlobalSupplier({ name: 'Makita Sverige', name_abbrev: 'MAK', country: 'Sweden', brands: ['Makita'], products_count: 1 });
const drill = createGlobalProduct(bosch, {
  sku: 'GSR-12',
  name: 'Cordless drill',
  brand: 'Bosch',
  price: 1299.5,
  currency_code: 'EUR',
  url: 'https://bosch.example/gsr-12',
  image_url: 'https://bosch.example/gsr-12.jpg',
});
const rotary = createGlobalProduct(bosch, { sku: 'DR-3000', name: 'Rotary tool', brand: 'Dremel', price: 899 });
const saw = createGlobalProduct(makita, { sku: 'HS7601', name: 'Circular saw', brand: 'Makita' });

const render = (route = '/global-suppliers-and-brands/products') => renderWithApp(<GlobalSuppliersScreen />, { user: testUser, route });

describe('GlobalSuppliersScreen', () => {
  it('lists the directory, shows the chosen supplier’s products and searches them', async () => {
    const backend = createSuppliersBackend({ globalSuppliers: [bosch, makita], globalProducts: [drill, rotary, saw] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const directory = await screen.findByRole('table', { name: 'Supplier directory' });
    const boschRow = (await within(directory).findByText('Bosch Nordic')).closest('tr')!;
    expect(within(boschRow).getByText('Germany')).toBeInTheDocument();
    expect(within(boschRow).getByText('Dremel')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Directory products' })).not.toBeInTheDocument();

    await events.click(within(boschRow).getByRole('button', { name: 'Show products of Bosch Nordic' }));
    expect(router.state.location.search).toBe(`?supplier=${bosch.id}`);
    expect(await screen.findByRole('heading', { name: 'Products of Bosch Nordic' })).toBeInTheDocument();
    const products = await screen.findByRole('table', { name: 'Directory products' });
    const drillRow = (await within(products).findByText('GSR-12')).closest('tr')!;
    expect(within(drillRow).getByText(/1,299\.50 EUR|1 299,50 EUR|1299\.50 EUR/)).toBeInTheDocument();
    expect(within(drillRow).getByRole('link', { name: 'Open GSR-12 at the supplier' })).toHaveAttribute('href', 'https://bosch.example/gsr-12');
    expect(within(drillRow).getByRole('img', { name: 'Cordless drill' })).toHaveAttribute('src', 'https://bosch.example/gsr-12.jpg');
    expect(within(products).queryByText('HS7601')).not.toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.path === '/suppliers_global/products/')?.query).toMatchObject({ supplier: String(bosch.id), limit: '25' });

    await events.type(screen.getByLabelText('Search products'), 'rotary{Enter}');
    await waitFor(() => expect(within(products).queryByText('GSR-12')).not.toBeInTheDocument());
    expect(within(products).getByText('DR-3000')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toMatchObject({ supplier: String(bosch.id), search: 'rotary' });

    await events.type(screen.getByLabelText('Search suppliers and brands'), 'makita{Enter}');
    await waitFor(() => expect(within(directory).queryByText('Bosch Nordic')).not.toBeInTheDocument());
    // The chosen supplier is no longer on the list's page: its name comes from GET {id}/.
    expect(await screen.findByRole('heading', { name: 'Products of Bosch Nordic' })).toBeInTheDocument();
    expect(backend.state.requests.some((r) => r.path === `/suppliers_global/${bosch.id}/`)).toBe(true);
    expect(within(products).getByText('DR-3000')).toBeInTheDocument();
  });

  it('adds a directory supplier to my suppliers, and shows the 400 when it exists already', async () => {
    const backend = createSuppliersBackend({ globalSuppliers: [bosch, makita], suppliers: [createSupplier({ name: 'Makita Sverige', name_abbrev: 'MK' })] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Add Bosch Nordic to my suppliers' }));
    expect(await screen.findByText(MESSAGES.supplierAdded)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST')?.path).toBe(`/suppliers_global/${bosch.id}/adopt/`);
    expect(backend.state.suppliers.map((s) => s.name)).toContain('Bosch Nordic');

    await events.click(screen.getByRole('button', { name: 'Add Makita Sverige to my suppliers' }));
    expect(await screen.findByText(`name: ${SUPPLIER_NAME_TAKEN}`)).toBeInTheDocument();
  });

  it('does not show the previous supplier’s products under the next one while they load', async () => {
    const backend = createSuppliersBackend({ globalSuppliers: [bosch, makita], globalProducts: [drill, rotary, saw] });
    let releaseMakita = () => undefined as void;
    const makitaAnswered = new Promise<void>((resolve) => {
      releaseMakita = resolve;
    });
    server.use(
      http.get(apiUrl('/suppliers_global/products/'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('supplier') !== String(makita.id)) return undefined;
        await makitaAnswered;
        return HttpResponse.json(page([saw], 1));
      }),
      ...backend.handlers,
    );
    const { events } = render(`/global-suppliers-and-brands/products?supplier=${bosch.id}`);
    const products = await screen.findByRole('table', { name: 'Directory products' });
    expect(await within(products).findByText('GSR-12')).toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Show products of Makita Sverige' }));
    expect(await screen.findByRole('heading', { name: 'Products of Makita Sverige' })).toBeInTheDocument();
    expect(within(products).queryByText('GSR-12')).not.toBeInTheDocument();
    releaseMakita();
    expect(await within(products).findByText('HS7601')).toBeInTheDocument();
  });

  it("says Couldn't get suppliers data when the directory fails to load", async () => {
    const backend = createSuppliersBackend();
    server.use(
      http.get(apiUrl('/suppliers_global/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })),
      ...backend.handlers,
    );
    render();
    expect(await screen.findByText(`${MESSAGES.couldNotGetSuppliers}: Down for maintenance.`)).toBeInTheDocument();
  });
});
