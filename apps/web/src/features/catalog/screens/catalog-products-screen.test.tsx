import { MESSAGES } from '@kontor/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { http } from 'msw';
import { createCatalogBackend, createCatalogProduct, createDescription, createLocationOption, createSupplierProduct } from '../testing/catalog-backend';
import { createPublishBackend, createValidation } from '../testing/publish-backend';
import { CatalogProductsScreen } from './catalog-products-screen';

const ROUTE = '/catalog/products';

// jsdom lays nothing out: give the grid's scroll box a height, so the virtualizer renders rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

/** The leaf header row's texts (a grouped view has a row of group headers above it). */
const leafHeaders = () => screen.getAllByRole('columnheader').filter((header) => header.hasAttribute('data-col'));
const headers = () => leafHeaders().map((header) => header.textContent);
const rowOf = (sku: string) => screen.getByRole('row', { name: new RegExp(`^${sku} `) });
/** The cell of a row under the (leaf) column header with this text. */
const cellIn = (sku: string, header: string) => {
  const col = leafHeaders()
    .find((cell) => cell.textContent === header)
    ?.getAttribute('aria-colindex');
  return rowOf(sku).querySelector<HTMLElement>(`[role="gridcell"][aria-colindex="${col}"]`)!;
};
/** A dialog by its title (by text: role queries over the whole grid are slow in jsdom). */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;
const writes = (backend: ReturnType<typeof createCatalogBackend>, method: string) => backend.state.requests.filter((r) => r.method === method);

function setup(route = ROUTE, options: Parameters<typeof createCatalogBackend>[0] = {}) {
  const backend = createCatalogBackend(options);
  server.use(...backend.handlers);
  const rendered = renderWithApp(<CatalogProductsScreen />, { user: testUser, route });
  return { backend, ...rendered };
}

describe('CatalogProductsScreen', () => {
  it('shows each view with its columns, the view kept in the URL', async () => {
    const shelf = createLocationOption({ name: 'Main shelf', abbreviation_slug: 'MS' });
    const drill = createCatalogProduct({
      sku: 'DRILL-1',
      name: 'Drill',
      price: 1249.6,
      price_calculated_automatically: 1249.6,
      url: 'https://shop.example.com/drill',
    });
    const { router, events } = setup(ROUTE, {
      products: [drill],
      locations: [shelf],
      inventories: [{ product_id: drill.id, total: 7, inventories: [{ location_id: shelf.id, abbreviation_slug: 'MS', accumulated_quantity: 7 }] }],
      supplierProducts: [createSupplierProduct({ catalog_product: drill.id, supplier_name: 'Nordic Tools', sku: 'NT-DRILL', cost_sek: 600 })],
      descriptions: [createDescription({ product: drill.id, meta_title: 'Best drill', content: '<p>A <b>strong</b> drill.</p>', excerpt: 'Strong.' })],
    });

    expect(await screen.findByText('DRILL-1')).toBeInTheDocument();
    expect(headers()).toEqual(['', 'Image', 'SKU', 'Product name', 'Stock', 'Shipping cost', 'Price incl VAT', 'Sale price incl VAT', 'Link']);
    // Spec §5: prices are shown rounded to whole numbers.
    expect(within(rowOf('DRILL-1')).getByText(/1,250/)).toBeInTheDocument();
    expect(within(rowOf('DRILL-1')).getByRole('link', { name: 'Open DRILL-1 in the shop' })).toHaveAttribute('target', '_blank');

    await events.click(screen.getByRole('button', { name: 'Stocks' }));
    expect(router.state.location.search).toBe('?view=stocks');
    expect(await screen.findByText('Packaging')).toBeInTheDocument();
    expect(headers()).toEqual([
      '',
      'SKU and name',
      'Inventory',
      'Length (cm)',
      'Width (cm)',
      'Height (cm)',
      'Weight (kg)',
      'Default location',
      'Restock level',
      'Restock quantity',
    ]);
    const stock = await screen.findByLabelText('Stock per location of DRILL-1');
    expect(stock).toHaveTextContent('MS7');
    expect(stock).toHaveTextContent('Total7');

    await events.click(screen.getByRole('button', { name: 'Prices' }));
    expect(router.state.location.search).toBe('?view=prices');
    expect(await screen.findByRole('columnheader', { name: 'Procurement details' })).toBeInTheDocument();
    expect(headers()).toEqual([
      '',
      'SKU and name',
      'Procurement details',
      'Price details',
      'Shipping cost',
      'Packaging labour',
      'Packaging material',
      'Price override',
      'Sale price',
      'Margin',
      'Percent',
    ]);
    const procurement = await screen.findByRole('table', { name: 'Procurement details of DRILL-1' });
    expect(within(procurement).getByText('Nordic Tools')).toBeInTheDocument();
    expect(within(procurement).getByText('NT-DRILL')).toBeInTheDocument();
    const prices = screen.getByRole('table', { name: 'Price details of DRILL-1' });
    expect(
      within(prices)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sale', 'Manual', 'Auto']);

    await events.click(screen.getByRole('button', { name: 'Bulk edit' }));
    expect(router.state.location.search).toBe('?view=bulk');
    expect(await screen.findByText('Best drill')).toBeInTheDocument();
    expect(headers()).toEqual(['', 'Name', 'Meta title', 'Meta keywords', 'Meta description', 'Full description', 'Short description']);
    expect(screen.getByLabelText('Full description of DRILL-1')).toHaveTextContent('A strong drill.');
    expect(screen.getByLabelText('Language')).toHaveValue('SV');
  });

  it("bulk view: another language's descriptions are never shown or saved into while it loads", async () => {
    const drill = createCatalogProduct({ sku: 'DRILL-2', name: 'Drill' });
    const swedish = createDescription({ product: drill.id, language: 'SV', meta_title: 'Bästa borren' });
    let release = () => {};
    const english = new Promise<void>((resolve) => (release = resolve));
    const { backend, events } = setup(`${ROUTE}?view=bulk`, { products: [drill], descriptions: [swedish] });
    // The EN list answers only when let go; the handler then falls through to the backend's.
    server.use(
      http.get(apiUrl('/catalog/product_descriptions/'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('language') === 'EN') await english;
      }),
    );

    expect(await screen.findByText('Bästa borren')).toBeInTheDocument();
    await events.selectOptions(screen.getByLabelText('Language'), 'EN');
    expect(screen.getByLabelText('Language')).toHaveValue('EN');
    // While EN loads, the SV title is not shown as the EN one (nor editable as it).
    await waitFor(() => expect(cellIn('DRILL-2', 'Meta title')).toHaveTextContent('Loading…'));
    expect(within(rowOf('DRILL-2')).queryByText('Bästa borren')).not.toBeInTheDocument();

    release();
    await waitFor(() => expect(cellIn('DRILL-2', 'Meta title')).toHaveTextContent('Empty'));
    await events.click(within(cellIn('DRILL-2', 'Meta title')).getByText('Empty'));
    await events.type(screen.getByLabelText('Meta title of DRILL-2'), 'Best drill{Enter}');
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(writes(backend, 'PUT')).toEqual([]);
    expect(writes(backend, 'POST').map((r) => r.body)).toEqual([{ product: drill.id, language: 'EN', meta_title: 'Best drill' }]);
  });

  it('edits a packaging dimension in mm, shows it in cm and PUTs only that field', async () => {
    const box = createCatalogProduct({ sku: 'BOX-1', packaging_length: 125 });
    const { backend, events } = setup(`${ROUTE}?view=stocks`, { products: [box] });

    const cell = await screen.findByText('12.5 cm');
    await events.click(cell);
    const input = screen.getByLabelText('Length (mm) of BOX-1');
    expect(input).toHaveValue('125');
    await events.clear(input);
    await events.type(input, '300{Enter}');

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(within(rowOf('BOX-1')).getByText('30 cm')).toBeInTheDocument();
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([{ products: [{ id: box.id, packaging_length: 300 }] }]);
  });

  it('cancels an edit with Escape and refuses a value below 0 before sending', async () => {
    const box = createCatalogProduct({ sku: 'BOX-2', packaging_width: 80 });
    const { backend, events } = setup(`${ROUTE}?view=stocks`, { products: [box] });

    await events.click(await screen.findByText('8 cm'));
    const input = screen.getByLabelText('Width (mm) of BOX-2');
    await events.clear(input);
    await events.type(input, '450{Escape}');
    expect(screen.queryByLabelText('Width (mm) of BOX-2')).not.toBeInTheDocument();
    expect(within(rowOf('BOX-2')).getByText('8 cm')).toBeInTheDocument();
    // Escape puts the focus back on the cell.
    expect(document.activeElement).toHaveAttribute('role', 'gridcell');

    await events.keyboard('{Enter}');
    const again = screen.getByLabelText('Width (mm) of BOX-2');
    await events.clear(again);
    await events.type(again, '-5{Enter}');
    expect(screen.getByText('Ensure this value is greater than or equal to 0.')).toBeInTheDocument();
    await events.clear(again);
    await events.type(again, '12.5{Enter}');
    expect(screen.getByText('Enter a whole number of millimetres.')).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(writes(backend, 'PUT')).toHaveLength(0);
  });

  it('saves when the input loses the focus, and a default location with its own message', async () => {
    const hall = createLocationOption({ name: 'Hall A' });
    const shed = createLocationOption({ name: 'Garden shed' });
    const rake = createCatalogProduct({ sku: 'RAKE-1', qty_restock_level: 2, default_location_id: hall.id });
    const { backend, events } = setup(`${ROUTE}?view=stocks`, { products: [rake], locations: [hall, shed] });

    await events.click(await screen.findByText('Hall A'));
    await events.selectOptions(screen.getByLabelText('Default location of RAKE-1'), 'Garden shed');
    expect(await screen.findByText(MESSAGES.defaultLocationUpdated)).toBeInTheDocument();
    expect(cellIn('RAKE-1', 'Default location')).toHaveTextContent('Garden shed');

    await events.click(cellIn('RAKE-1', 'Restock level'));
    const input = screen.getByLabelText('Restock level of RAKE-1');
    await events.clear(input);
    await events.type(input, '5');
    await events.click(screen.getByText('Products', { selector: '.MuiCardHeader-title' }));
    await waitFor(() => expect(writes(backend, 'PUT')).toHaveLength(2));
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([
      { products: [{ id: rake.id, default_location_id: shed.id }] },
      { products: [{ id: rake.id, qty_restock_level: '5.00' }] },
    ]);
    expect(await screen.findByText('5')).toBeInTheDocument();
  });

  it('a location chosen with the arrow keys is saved on Enter, not on the first arrow press', async () => {
    const hall = createLocationOption({ name: 'Hall A' });
    const shed = createLocationOption({ name: 'Garden shed' });
    const loft = createLocationOption({ name: 'Loft' });
    const rake = createCatalogProduct({ sku: 'RAKE-2', default_location_id: hall.id });
    const { backend, events } = setup(`${ROUTE}?view=stocks`, { products: [rake], locations: [hall, shed, loft] });

    await events.click(await screen.findByText('Hall A'));
    const select = screen.getByLabelText('Default location of RAKE-2');
    // A closed native select changes its value on each arrow key and fires a change event for it (Chrome, Firefox).
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: String(shed.id) } });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: String(loft.id) } });
    expect(screen.getByLabelText('Default location of RAKE-2')).toHaveValue(String(loft.id));
    expect(writes(backend, 'PUT')).toHaveLength(0);
    await events.keyboard('{Enter}');

    expect(await screen.findByText(MESSAGES.defaultLocationUpdated)).toBeInTheDocument();
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([{ products: [{ id: rake.id, default_location_id: loft.id }] }]);
  });

  it('moves the focus between cells with the arrow keys and edits with Enter', async () => {
    const first = createCatalogProduct({ sku: 'A-1', cost_shipping: 10 });
    const second = createCatalogProduct({ sku: 'A-2', cost_shipping: 20 });
    const { events } = setup(ROUTE, { products: [first, second] });

    await events.click(await screen.findByText('A-1'));
    const skuCell = document.activeElement as HTMLElement;
    expect(skuCell).toHaveAttribute('role', 'gridcell');
    expect(skuCell).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('grid', { name: 'Products' }).querySelectorAll('[tabindex="0"]')).toHaveLength(1);

    await events.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('A-2');
    expect(skuCell).toHaveAttribute('tabindex', '-1');
    await events.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveTextContent(/20\.00/);
    await events.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveTextContent(/10\.00/);
    await events.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAttribute('role', 'columnheader');
    expect(document.activeElement).toHaveTextContent('Shipping cost');
    await events.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Shipping cost of A-1')).toHaveFocus();
    await events.keyboard('{Escape}{Home}');
    expect(document.activeElement).toHaveAttribute('aria-colindex', '1');
    // Space on the selection cell toggles the row's checkbox.
    await events.keyboard(' ');
    expect(screen.getByLabelText('Select A-1')).toBeChecked();
  });

  it('a cell being edited stays while the grid scrolls it out of view: what was typed is not lost', async () => {
    const products = Array.from({ length: 100 }, (_, i) => createCatalogProduct({ sku: `V-${String(i).padStart(3, '0')}`, cost_shipping: 10 }));
    const { backend, events } = setup(`${ROUTE}?limit=100`, { products });

    expect(await screen.findByText('V-000')).toBeInTheDocument();
    await events.click(cellIn('V-000', 'Shipping cost'));
    const input = screen.getByLabelText('Shipping cost of V-000');
    await events.clear(input);
    await events.type(input, '77');
    // The mouse wheel scrolls the grid far down while the input keeps the focus.
    const scroller = screen.getByRole('grid', { name: 'Products' }).parentElement!;
    scroller.scrollTop = 4000;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.queryByText('V-001')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Shipping cost of V-000')).toHaveValue('77');
    await events.keyboard('{Enter}');
    await waitFor(() => expect(writes(backend, 'PUT')).toHaveLength(1));
    expect(writes(backend, 'PUT')[0]?.body).toEqual({ products: [{ id: products[0]!.id, cost_shipping: '77.00' }] });
  });

  it('Tab saves the cell and moves to the next one (Shift+Tab the one before), staying in the grid', async () => {
    const lamp = createCatalogProduct({ sku: 'LAMP-3', cost_shipping: 10, cost_packaging_labour: 5 });
    const { backend, events } = setup(`${ROUTE}?view=prices`, { products: [lamp] });

    expect(await screen.findByRole('row', { name: /^LAMP-3 / })).toBeInTheDocument();
    await events.click(cellIn('LAMP-3', 'Shipping cost'));
    const shipping = screen.getByLabelText('Shipping cost of LAMP-3');
    await events.clear(shipping);
    await events.type(shipping, '15{Tab}');
    expect(document.activeElement).toBe(cellIn('LAMP-3', 'Packaging labour'));
    await events.keyboard('{Enter}');
    const labour = screen.getByLabelText('Packaging labour of LAMP-3');
    await events.clear(labour);
    await events.type(labour, '7');
    await events.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(cellIn('LAMP-3', 'Shipping cost'));
    await waitFor(() => expect(writes(backend, 'PUT')).toHaveLength(2));
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([
      { products: [{ id: lamp.id, cost_shipping: '15.00' }] },
      { products: [{ id: lamp.id, cost_packaging_labour: '7.00' }] },
    ]);
  });

  it('saves a price override and shows the margin the server computed', async () => {
    const lamp = createCatalogProduct({ sku: 'LAMP-1', procurement_cost: 60, price_calculated_automatically: 125, vat: 25 });
    const { backend, events } = setup(`${ROUTE}?view=prices`, { products: [lamp] });

    expect(await screen.findByRole('row', { name: /^LAMP-1 / })).toBeInTheDocument();
    expect(cellIn('LAMP-1', 'Margin')).toHaveTextContent(/40\.00/);
    expect(cellIn('LAMP-1', 'Percent')).toHaveTextContent('40.0 %');

    await events.click(cellIn('LAMP-1', 'Price override'));
    const input = screen.getByLabelText('Price override of LAMP-1');
    await events.type(input, '250{Enter}');

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([{ products: [{ id: lamp.id, price_manual_override: '250.00' }] }]);
    // 250 incl. 25 % VAT = 200 excl; minus the cost of 60.
    expect(cellIn('LAMP-1', 'Margin')).toHaveTextContent(/140\.00/);
    expect(cellIn('LAMP-1', 'Percent')).toHaveTextContent('70.0 %');
    expect(cellIn('LAMP-1', 'Price override')).toHaveTextContent(/250/);
  });

  it('takes a decimal comma as well as a dot, and sends the exact amount (a comma never clears or changes the value)', async () => {
    const lamp = createCatalogProduct({ sku: 'LAMP-2', price_manual_override: 300, cost_shipping: 49 });
    const { backend, events } = setup(`${ROUTE}?view=prices`, { products: [lamp] });

    expect(await screen.findByRole('row', { name: /^LAMP-2 / })).toBeInTheDocument();
    await events.click(cellIn('LAMP-2', 'Price override'));
    const override = screen.getByLabelText('Price override of LAMP-2');
    await events.clear(override);
    await events.type(override, '199,50{Enter}');
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();

    await events.click(cellIn('LAMP-2', 'Shipping cost'));
    const shipping = screen.getByLabelText('Shipping cost of LAMP-2');
    await events.clear(shipping);
    await events.type(shipping, '12.75{Enter}');
    await waitFor(() => expect(writes(backend, 'PUT')).toHaveLength(2));
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([
      { products: [{ id: lamp.id, price_manual_override: '199.50' }] },
      { products: [{ id: lamp.id, cost_shipping: '12.75' }] },
    ]);
  });

  it('sets a field on the selection with a decimal comma, sent exactly', async () => {
    const pot = createCatalogProduct({ sku: 'POT-1' });
    const { backend, events } = setup(ROUTE, { products: [pot] });

    await events.click(await screen.findByLabelText('Select POT-1'));
    await events.click(screen.getByRole('button', { name: 'Set field' }));
    const dialog = await dialogTitled('Set a field');
    await events.selectOptions(within(dialog).getByLabelText('Field'), 'Shipping cost');
    await events.type(within(dialog).getByLabelText('Value'), '39,9');
    await events.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([{ products: [{ id: pot.id, cost_shipping: '39.90' }] }]);
  });

  it('keeps the old value and shows the server message when a save is refused', async () => {
    const crate = createCatalogProduct({ sku: 'CRATE-1', cost_shipping: 49 });
    const { backend, events } = setup(ROUTE, { products: [crate] });
    backend.state.failNext = { status: 400, body: { 'products.0.cost_shipping': ['Shipping cost is above what the carrier allows.'] } };

    await events.click(await screen.findByText(/49\.00/));
    const input = screen.getByLabelText('Shipping cost of CRATE-1');
    await events.clear(input);
    await events.type(input, '99999{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Shipping cost is above what the carrier allows.');
    expect(await within(rowOf('CRATE-1')).findByLabelText('Shipping cost is above what the carrier allows.')).toBeInTheDocument();
    expect(cellIn('CRATE-1', 'Shipping cost')).toHaveTextContent(/49\.00/);
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([{ products: [{ id: crate.id, cost_shipping: '99999.00' }] }]);
  });

  it('a refused value is not lost: editing the cell again starts from what was typed, with the reason', async () => {
    const crate = createCatalogProduct({ sku: 'CRATE-2', cost_shipping: 49, qty_restock_level: 2 });
    const { backend, events } = setup(`${ROUTE}?view=stocks`, { products: [crate] });
    backend.state.failNext = { status: 400, body: { 'products.0.qty_restock_level': ['Too many for this shelf.'] } };

    expect(await screen.findByRole('row', { name: /^CRATE-2 / })).toBeInTheDocument();
    await events.click(cellIn('CRATE-2', 'Restock level'));
    const input = screen.getByLabelText('Restock level of CRATE-2');
    await events.clear(input);
    await events.type(input, '12,75{Enter}');
    expect(await within(rowOf('CRATE-2')).findByLabelText('Too many for this shelf.')).toBeInTheDocument();
    expect(cellIn('CRATE-2', 'Restock level')).toHaveTextContent('2');

    // The focus is back on the cell: Enter edits it again, from the refused text, saying why.
    await events.keyboard('{Enter}');
    const again = screen.getByLabelText('Restock level of CRATE-2');
    expect(again).toHaveValue('12,75');
    expect(again).toHaveAccessibleDescription('Too many for this shelf.');
    await events.clear(again);
    await events.type(again, '8{Enter}');
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(writes(backend, 'PUT').map((r) => r.body)).toEqual([
      { products: [{ id: crate.id, qty_restock_level: '12.75' }] },
      { products: [{ id: crate.id, qty_restock_level: '8.00' }] },
    ]);
    expect(within(rowOf('CRATE-2')).queryByLabelText('Too many for this shelf.')).not.toBeInTheDocument();

    // A value refused before sending, left with a click elsewhere, is kept the same way.
    await events.click(cellIn('CRATE-2', 'Restock level'));
    const third = screen.getByLabelText('Restock level of CRATE-2');
    await events.clear(third);
    await events.type(third, '-3');
    await events.click(screen.getByText('Products', { selector: '.MuiCardHeader-title' }));
    expect(await within(rowOf('CRATE-2')).findByLabelText('Ensure this value is greater than or equal to 0.')).toBeInTheDocument();
    await events.click(cellIn('CRATE-2', 'Restock level'));
    expect(screen.getByLabelText('Restock level of CRATE-2')).toHaveValue('-3');
    // Escape drops it: the stored value again, no reason left on the cell.
    await events.keyboard('{Escape}');
    expect(within(rowOf('CRATE-2')).queryByLabelText('Ensure this value is greater than or equal to 0.')).not.toBeInTheDocument();
    await events.keyboard('{Enter}');
    expect(screen.getByLabelText('Restock level of CRATE-2')).toHaveValue('8');
    expect(writes(backend, 'PUT')).toHaveLength(2);
  });

  it('writes the margin band to the URL and starts again at page 0', async () => {
    const products = Array.from({ length: 30 }, (_, i) => createCatalogProduct({ sku: `M-${String(i).padStart(2, '0')}` }));
    const thin = createCatalogProduct({ sku: 'THIN-1', price_calculated_automatically: 80 });
    const { backend, events, router } = setup(`${ROUTE}?page=1`, { products: [...products, thin] });

    expect(await screen.findByText('M-25')).toBeInTheDocument();
    expect(screen.getByText('31 products')).toBeInTheDocument();
    await events.selectOptions(screen.getByLabelText('Margin'), '0-9%');

    await waitFor(() => expect(router.state.location.search).toBe('?margin_band=0-9'));
    expect(await screen.findByText('THIN-1')).toBeInTheDocument();
    expect(screen.getByText('1 product')).toBeInTheDocument();
    const list = backend.state.requests.filter((r) => r.path === '/catalog/products/').at(-1);
    expect(list?.query).toEqual({ margin_band: '0-9', ordering: 'sku', limit: '25', offset: '0' });

    await events.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a page past the end (an old bookmark, its products deleted) says so and offers the last page, not "no products yet"', async () => {
    const products = Array.from({ length: 30 }, (_, i) => createCatalogProduct({ sku: `P-${String(i).padStart(2, '0')}` }));
    const { events, router } = setup(`${ROUTE}?page=3&search=P-`, { products });

    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No product matches these filters.')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('1'));
    expect(await screen.findByText('P-29')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('P-');
  });

  it("while another filter's rows load, the last filter's rows still shown cannot be selected for it", async () => {
    const old = createCatalogProduct({ sku: 'OLD-1', price_calculated_automatically: 500 });
    const thin = createCatalogProduct({ sku: 'THIN-2', price_calculated_automatically: 80 });
    const { events } = setup(ROUTE, { products: [old, thin] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('/catalog/products/'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('margin_band')) await gate;
      }),
    );

    expect(await screen.findByText('OLD-1')).toBeInTheDocument();
    await events.selectOptions(screen.getByLabelText('Margin'), '0-9%');
    // OLD-1 stays on screen until the filtered list arrives; ticking it would select it under the new filter.
    expect(screen.getByLabelText('Select OLD-1')).toBeDisabled();
    expect(screen.getByLabelText('Select all products on this page')).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByText('OLD-1')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Select THIN-2')).toBeEnabled();
  });

  it('sorts by a column header (click, or Enter on the header cell), highest first on the second press', async () => {
    const cheap = createCatalogProduct({ sku: 'A-CHEAP', price: 50, price_calculated_automatically: 50 });
    const dear = createCatalogProduct({ sku: 'B-DEAR', price: 900, price_calculated_automatically: 900 });
    const unpriced = createCatalogProduct({ sku: 'C-NONE', price: null, price_calculated_automatically: null, procurement_cost: null });
    const { backend, events, router } = setup(ROUTE, { products: [dear, unpriced, cheap] });
    const skus = () =>
      screen.getAllByRole('row').flatMap((row) =>
        within(row)
          .queryAllByText(/^[ABC]-[A-Z]+$/)
          .map((cell) => cell.textContent),
      );
    const priceHeader = () => leafHeaders().find((header) => header.textContent === 'Price incl VAT')!;

    expect(await screen.findByText('A-CHEAP')).toBeInTheDocument();
    expect(priceHeader()).toHaveAttribute('aria-sort', 'none');
    await events.click(within(priceHeader()).getByRole('button', { name: 'Price incl VAT' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=price'));
    await waitFor(() => expect(skus()).toEqual(['A-CHEAP', 'B-DEAR', 'C-NONE']));
    expect(priceHeader()).toHaveAttribute('aria-sort', 'ascending');

    priceHeader().focus();
    await events.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=-price'));
    // Highest first, and a product without a price still last.
    await waitFor(() => expect(skus()).toEqual(['B-DEAR', 'A-CHEAP', 'C-NONE']));
    expect(priceHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(backend.state.requests.filter((r) => r.path === '/catalog/products/').at(-1)?.query).toMatchObject({ ordering: '-price', offset: '0' });
  });

  it('deletes the selected products after a confirmation, and shows a 409 as it came', async () => {
    const keep = createCatalogProduct({ sku: 'KEEP-1', qty_in_stock: 4 });
    const gone = createCatalogProduct({ sku: 'GONE-1' });
    const alsoGone = createCatalogProduct({ sku: 'GONE-2' });
    const { backend, events } = setup(ROUTE, { products: [keep, gone, alsoGone] });

    await events.click(await screen.findByLabelText('Select GONE-1'));
    await events.click(screen.getByLabelText('Select GONE-2'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await dialogTitled('Delete 2 products?');
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('GONE-1')).not.toBeInTheDocument());
    expect(writes(backend, 'DELETE').map((r) => r.body)).toEqual([{ products: [gone.id, alsoGone.id] }]);
    // While the closing dialog is still in the DOM it hides the page from role queries, and its own
    // Delete button would be the one found below.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(screen.getByLabelText('Select all products on this page'));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    await events.click(within(await dialogTitled('Delete this product?')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product KEEP-1 has stock or stock history and cannot be deleted; archive it instead.')).toBeInTheDocument();
    expect(screen.getByText('KEEP-1')).toBeInTheDocument();
  });

  it('selects all products matching the filter and sets a field on all of them', async () => {
    const products = Array.from({ length: 30 }, (_, i) => createCatalogProduct({ sku: `R-${String(i).padStart(2, '0')}` }));
    const { backend, events } = setup(ROUTE, { products });

    expect(await screen.findByText('R-00')).toBeInTheDocument();
    await events.click(screen.getByLabelText('Select all products on this page'));
    expect(screen.getByText('25 selected')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Select all 30 products matching the filter' }));
    expect(screen.getByText('All 30 products matching the filter are selected')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Set field' }));
    const dialog = await dialogTitled('Set a field');
    await events.selectOptions(within(dialog).getByLabelText('Field'), 'Restock level');
    await events.type(within(dialog).getByLabelText('Value'), '3');
    await events.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    const [put] = writes(backend, 'PUT');
    expect((put?.body as { products: unknown[] }).products).toHaveLength(30);
    expect((put?.body as { products: unknown[] }).products[0]).toEqual({ id: products[0]!.id, qty_restock_level: '3.00' });
    expect(backend.state.requests.some((r) => r.path === '/catalog/products/' && r.query.limit === '1000')).toBe(true);
  });

  it('unticking one product after selecting all matching leaves out just that one, not the other pages', async () => {
    const products = Array.from({ length: 30 }, (_, i) => createCatalogProduct({ sku: `S-${String(i).padStart(2, '0')}` }));
    const { backend, events } = setup(ROUTE, { products });

    expect(await screen.findByText('S-00')).toBeInTheDocument();
    await events.click(screen.getByLabelText('Select all products on this page'));
    await events.click(screen.getByRole('button', { name: 'Select all 30 products matching the filter' }));
    await events.click(screen.getByLabelText('Select S-03'));
    expect(screen.getByLabelText('Select S-03')).not.toBeChecked();
    expect(screen.getByLabelText('Select S-04')).toBeChecked();
    expect(screen.getByText('All 30 products matching the filter except 1 are selected')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Set field' }));
    const dialog = await dialogTitled('Set a field');
    expect(within(dialog).getByText('The value goes to all 29 selected products.')).toBeInTheDocument();
    await events.selectOptions(within(dialog).getByLabelText('Field'), 'Restock level');
    await events.type(within(dialog).getByLabelText('Value'), '3');
    await events.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    const ids = writes(backend, 'PUT').flatMap((r) => (r.body as { products: { id: number }[] }).products.map((p) => p.id));
    expect(ids).toHaveLength(29);
    expect(ids).not.toContain(products[3]!.id);
    expect(ids).toContain(products[29]!.id);
  });

  it('edits a meta title in the bulk view: POST when the language has no description, PUT after', async () => {
    const chair = createCatalogProduct({ sku: 'CHAIR-1' });
    const table = createCatalogProduct({ sku: 'TABLE-1' });
    const existing = createDescription({ product: table.id, language: 'EN', meta_title: 'Oak table', machine_translation: true });
    const { backend, events } = setup(`${ROUTE}?view=bulk&language=EN`, { products: [chair, table], descriptions: [existing] });

    expect(await screen.findByText('Oak table')).toBeInTheDocument();
    await events.click(within(rowOf('CHAIR-1')).getAllByText('Empty')[0]!);
    await events.type(screen.getByLabelText('Meta title of CHAIR-1'), 'Comfy chair{Enter}');
    await waitFor(() => expect(writes(backend, 'POST')).toHaveLength(1));
    expect(writes(backend, 'POST')[0]?.body).toEqual({ product: chair.id, language: 'EN', meta_title: 'Comfy chair' });

    await events.click(screen.getByText('Oak table'));
    const input = screen.getByLabelText('Meta title of TABLE-1');
    await events.clear(input);
    await events.type(input, 'Solid oak table{Enter}');
    await waitFor(() => expect(writes(backend, 'PUT')).toHaveLength(1));
    expect(writes(backend, 'PUT')[0]).toMatchObject({ path: `/catalog/product_descriptions/${existing.id}/`, body: { meta_title: 'Solid oak table' } });
    expect(await screen.findByText('Solid oak table')).toBeInTheDocument();

    // "Original content" narrows to descriptions that are not machine translations.
    await events.click(screen.getByLabelText('Original content'));
    expect(await screen.findAllByText('Machine translation hidden')).not.toHaveLength(0);
  });

  it("refreshes the other screens' copies of what it writes: descriptions, names, deleted products", async () => {
    const chair = createCatalogProduct({ sku: 'CHAIR-2' });
    const stool = createCatalogProduct({ sku: 'STOOL-2' });
    const existing = createDescription({ product: chair.id, language: 'SV', meta_title: 'Stol' });
    const { events, queryClient } = setup(`${ROUTE}?view=bulk`, { products: [chair, stool], descriptions: [existing] });
    // What the bulk description editor, stocktaking, the transactions and the supplier products screens have cached.
    const others = [
      ['bulk-descriptions', 'list', {}],
      ['stocktaking', {}],
      ['inventory-transactions', 'list', {}],
      ['procurement-products', 'list', {}],
    ];
    const seed = () => others.forEach((key) => queryClient.setQueryData(key, { count: 0, results: [] }));
    const stale = () => others.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0]);

    seed();
    await events.click(await screen.findByText('Stol'));
    const title = screen.getByLabelText('Meta title of CHAIR-2');
    await events.clear(title);
    await events.type(title, 'Bra stol{Enter}');
    await waitFor(() => expect(stale()).toContain('bulk-descriptions'));

    seed();
    await events.click(within(rowOf('CHAIR-2')).getByText(chair.name));
    const name = screen.getByLabelText('Name of CHAIR-2');
    await events.clear(name);
    await events.type(name, 'Kitchen chair{Enter}');
    await waitFor(() => expect(stale()).toEqual(['bulk-descriptions', 'stocktaking', 'inventory-transactions']));

    seed();
    await events.click(screen.getByLabelText('Select STOOL-2'));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    await events.click(within(await dialogTitled('Delete this product?')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(stale()).toEqual(['bulk-descriptions', 'stocktaking', 'procurement-products']));
  });

  it('a second field saved while the description is still being created goes into it (PUT), not into a second POST', async () => {
    const chair = createCatalogProduct({ sku: 'CHAIR-3' });
    const { backend, events } = setup(`${ROUTE}?view=bulk`, { products: [chair] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The create answers late (a slow network); MSW moves on to the backend's handler after the gate.
    server.use(http.post(apiUrl('/catalog/product_descriptions/'), async () => void (await gate)));

    expect(await screen.findByRole('row', { name: /^CHAIR-3 / })).toBeInTheDocument();
    await events.click((await within(rowOf('CHAIR-3')).findAllByText('Empty'))[0]!);
    await events.type(screen.getByLabelText('Meta title of CHAIR-3'), 'Chair{Tab}');
    await events.keyboard('{Enter}');
    await events.type(screen.getByLabelText('Meta keywords of CHAIR-3'), 'chair, oak{Enter}');
    release();

    await waitFor(() => expect(writes(backend, 'PUT')).toHaveLength(1));
    expect(writes(backend, 'POST').map((r) => r.body)).toEqual([{ product: chair.id, language: 'SV', meta_title: 'Chair' }]);
    expect(writes(backend, 'PUT')[0]).toMatchObject({
      path: `/catalog/product_descriptions/${backend.state.descriptions[0]!.id}/`,
      body: { meta_keywords: 'chair, oak' },
    });
    expect(backend.state.descriptions).toHaveLength(1);
  });

  it('publishes the selected products, or all of them when nothing is selected', async () => {
    const rake = createCatalogProduct({ sku: 'RAKE-1', name: 'Rake' });
    const hoe = createCatalogProduct({ sku: 'HOE-1', name: 'Hoe' });
    const { events } = setup(ROUTE, { products: [rake, hoe] });
    const publish = createPublishBackend({
      validate: (body) => createValidation({ action: body.action, total: body.ids?.length ?? 2, publishable: body.ids?.length ?? 2 }),
    });
    server.use(...publish.handlers);
    const validations = () => publish.state.requests.map((r) => r.body);

    await events.click(await screen.findByLabelText('Select RAKE-1'));
    await events.click(within(screen.getByRole('toolbar', { name: 'Selected products' })).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish products' });
    expect(within(dialog).getByRole('radio', { name: 'Selected products (1)' })).toBeChecked();
    expect(await within(dialog).findByText('1 product ready, 0 would be rejected')).toBeInTheDocument();
    expect(validations()).toEqual([{ action: 'google_merchant', ids: [rake.id], language: 'SV' }]);

    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await events.click(screen.getByRole('button', { name: 'Clear selection' }));
    await events.click(within(screen.getByRole('toolbar', { name: 'Selected products' })).getByRole('button', { name: 'Publish' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Publish products' })).findByText('2 products ready, 0 would be rejected'),
    ).toBeInTheDocument();
    expect(validations().at(-1)).toEqual({ action: 'google_merchant', language: 'SV' });
  });

  it('says "about" when the server estimated the count, and the exact count on the last page', async () => {
    const products = Array.from({ length: 30 }, (_, i) => createCatalogProduct({ sku: `E-${String(i).padStart(2, '0')}` }));
    const { events } = setup(ROUTE, { products, estimatedCount: 31_000 });

    expect(await screen.findByText('1–25 of about 31,000')).toBeInTheDocument();
    expect(screen.getByText('about 31,000 products')).toBeInTheDocument();
    await events.click(screen.getByLabelText('Select all products on this page'));
    expect(screen.getByRole('button', { name: 'Select all about 31,000 products matching the filter' })).toBeInTheDocument();
    // The questions before a bulk action over all of them say "about" too: the number is not exact.
    await events.click(screen.getByRole('button', { name: 'Select all about 31,000 products matching the filter' }));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    const question = await dialogTitled('Delete about 31,000 products?');
    await events.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await events.click(screen.getByRole('button', { name: 'Set field' }));
    expect(await screen.findByText('The value goes to about 31,000 selected products.')).toBeInTheDocument();
    await events.click(within(await dialogTitled('Set a field')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await events.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
  });
});
