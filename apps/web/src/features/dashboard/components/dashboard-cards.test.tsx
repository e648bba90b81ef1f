import { NEW_PRODUCT_DAYS } from '@kontor/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createDashboardBackend, createProduct, createStockValue } from '../testing/dashboard-backend';
import { LowStockCard } from './low-stock-card';
import { newProductsSince, ProductCountTiles } from './product-count-tiles';
import { StockValueCard } from './stock-value-card';

describe('ProductCountTiles', () => {
  it('shows the five counts, each a link to the grid filtered the same way', async () => {
    const backend = createDashboardBackend({ counts: { edited: 12, unedited: 30, mapped: 25, new: 4, 'low-in-stock': 3 } });
    server.use(...backend.handlers);
    const renderedFrom = Date.now();
    const { events, router } = renderWithApp(<ProductCountTiles />, {
      user: testUser,
      routes: [{ path: '/catalog/products', element: <p>Product grid</p> }],
    });

    expect(await screen.findByLabelText('Edited products: 12')).toBeInTheDocument();
    expect(await screen.findByLabelText('Unedited products: 30')).toBeInTheDocument();
    expect(await screen.findByLabelText('Mapped to procurement: 25')).toBeInTheDocument();
    expect(await screen.findByLabelText(`New in ${NEW_PRODUCT_DAYS} days: 4`)).toBeInTheDocument();
    expect(await screen.findByLabelText('Low in stock: 3')).toBeInTheDocument();
    expect(backend.state.requests.map((r) => r.query.f).sort()).toEqual(['edited', 'low-in-stock', 'mapped', 'new', 'unedited']);

    const href = (label: RegExp) => screen.getByRole('link', { name: label }).getAttribute('href');
    expect(href(/^Edited products/)).toBe('/catalog/products?edited=Yes');
    expect(href(/^Unedited products/)).toBe('/catalog/products?edited=No');
    expect(href(/^Mapped to procurement/)).toBe('/catalog/products?mapped_to_procurement=Yes');
    expect(href(/^Low in stock/)).toBe('/catalog/products?low_stock=Yes');
    const since = href(/^New in/)!.replace('/catalog/products?created_at__gte=', '');
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The tile took its "now" between renderedFrom and here; a UTC midnight may fall in between.
    const days = (from: number) => (from - Date.parse(since)) / 86_400_000;
    expect(days(Date.now())).toBeGreaterThanOrEqual(NEW_PRODUCT_DAYS);
    expect(days(renderedFrom)).toBeLessThan(NEW_PRODUCT_DAYS + 1);

    await events.click(screen.getByRole('link', { name: /^Edited products/ }));
    expect(await screen.findByText('Product grid')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?edited=Yes');
  });

  it('says so on the tile when a count cannot be loaded', async () => {
    server.use(...createDashboardBackend({ counts: { edited: 1, unedited: 2, mapped: 3, new: 0 } }).handlers);
    renderWithApp(<ProductCountTiles />, { user: testUser });
    expect(await screen.findByLabelText(`New in ${NEW_PRODUCT_DAYS} days: 0`)).toBeInTheDocument();
    expect(await screen.findByText(/^Not loaded: Internal Server Error/)).toBeInTheDocument();
    expect(screen.getByLabelText('Low in stock: loading')).toBeInTheDocument();
  });

  it('computes the new-products day NEW_PRODUCT_DAYS before today', () => {
    expect(newProductsSince(new Date(2026, 2, 10, 8))).toBe(`2026-03-0${10 - NEW_PRODUCT_DAYS}`);
  });

  describe('in a time zone behind UTC, in the evening', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      vi.useRealTimers();
      process.env.TZ = zone;
    });

    it("links the new products from the user's date, not UTC's, and counts them with product-count?f=new", async () => {
      process.env.TZ = 'America/New_York';
      // 22:00 on 9 March in New York (EDT), already 10 March in UTC.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-10T02:00:00Z'));
      const backend = createDashboardBackend({ counts: { edited: 0, unedited: 0, mapped: 0, 'low-in-stock': 0, new: 2 } });
      server.use(...backend.handlers);
      renderWithApp(<ProductCountTiles />, { user: testUser });

      // 7 days before 9 March, the user's today (UTC's date would say 3 March).
      expect(screen.getByRole('link', { name: /^New in/ })).toHaveAttribute('href', '/catalog/products?created_at__gte=2026-03-02');
      expect(await screen.findByLabelText(`New in ${NEW_PRODUCT_DAYS} days: 2`)).toBeInTheDocument();
      expect(backend.state.requests.filter((r) => r.query.f === 'new')).toHaveLength(1);
    });
  });
});

describe('LowStockCard', () => {
  it('lists the low-stock products emptiest first, each linking to its edit screen', async () => {
    const empty = createProduct({ sku: 'MUG-1', name: 'Mug', qty_in_stock: 0, qty_restock_level: 5, qty_restock_amount: 20 });
    const few = createProduct({ sku: 'LAMP-2', name: 'Lamp', qty_in_stock: 1.5, qty_restock_level: 2, qty_restock_amount: 6 });
    const backend = createDashboardBackend({ lowStock: [empty, few], lowStockCount: 14 });
    server.use(...backend.handlers);
    renderWithApp(<LowStockCard />, { user: testUser });

    const table = await screen.findByRole('table', { name: 'Low stock products' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['MUG-1Mug0520', 'LAMP-2Lamp1.526']);
    expect(within(rows[0]!).getByRole('link', { name: 'Mug' })).toHaveAttribute('href', `/catalog/products/edit?id=${empty.id}`);
    expect(screen.getByText('14 at or below the restock level')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/catalog/products?low_stock=Yes');
    expect(backend.state.requests.find((r) => r.path === '/catalog/products/')?.query).toEqual({ low_stock: 'Yes', limit: '10', ordering: 'qty_in_stock' });
  });

  it('says when nothing needs restocking', async () => {
    server.use(...createDashboardBackend().handlers);
    renderWithApp(<LowStockCard />, { user: testUser });
    expect(await screen.findByText(/Nothing to restock/)).toBeInTheDocument();
  });
});

describe('StockValueCard', () => {
  it('asks again each time the overview opens: a location renamed or a product cost changed elsewhere is not under its key', async () => {
    const backend = createDashboardBackend({
      stockValues: [createStockValue({ location_id: 1, abbreviation_slug: 'A1', name: 'Main store', quantity: 2, value: 100 })],
    });
    server.use(...backend.handlers);
    const queryClient = createTestQueryClient();
    // What the overview showed a moment ago, before the location was renamed on the locations screen.
    queryClient.setQueryData(['inventories', 'stock-value-by-location'], {
      results: [createStockValue({ location_id: 1, abbreviation_slug: 'A1', name: 'Old store', quantity: 2, value: 100 })],
    });
    renderWithApp(<StockValueCard />, { user: testUser, queryClient });
    expect(await screen.findByText('Main store')).toBeInTheDocument();
    expect(backend.state.requests.map((r) => r.path)).toEqual(['/catalog/stock-value-by-location/']);
  });

  it('draws a bar per location scaled to the largest value, with the figures as table cells', async () => {
    const main = createStockValue({ abbreviation_slug: 'MW', name: 'Main warehouse', quantity: 19.5, value: 900 });
    const shop = createStockValue({ abbreviation_slug: 'SF', name: 'Shop floor', quantity: 3, value: 225 });
    const annex = createStockValue({ abbreviation_slug: 'AX', name: 'Annex', quantity: 0, value: 0 });
    server.use(...createDashboardBackend({ stockValues: [main, shop, annex] }).handlers);
    renderWithApp(<StockValueCard />, { user: testUser });

    const table = await screen.findByRole('table', { name: 'Stock value per location' });
    const row = (name: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(name) })
        .closest('tr')!;
    expect(within(row('Main warehouse')).getByTestId('stock-value-bar')).toHaveStyle({ width: '100%' });
    expect(within(row('Shop floor')).getByTestId('stock-value-bar')).toHaveStyle({ width: '25%' });
    expect(within(row('Annex')).getByTestId('stock-value-bar')).toHaveStyle({ width: '0%' });
    expect(row('Main warehouse')).toHaveTextContent(/900/);
    expect(row('Main warehouse')).toHaveTextContent(/19\.5$/);
    expect(row('Shop floor')).toHaveTextContent(/225/);
    // The bars are decoration: the table's cells carry the numbers.
    expect(within(row('Shop floor')).getByTestId('stock-value-bar').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(/1,125 at cost, excl\. VAT/)).toBeInTheDocument();
  });

  it('explains an empty company', async () => {
    server.use(...createDashboardBackend().handlers);
    renderWithApp(<StockValueCard />, { user: testUser });
    expect(await screen.findByText(/No locations yet/)).toBeInTheDocument();
  });
});
