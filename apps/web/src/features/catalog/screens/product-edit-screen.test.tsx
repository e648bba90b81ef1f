import { MESSAGES, type AuditEventResponse, type FileUrlResponse } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEAVE_TITLE } from '@/components/unsaved-changes';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { page } from '@/test/fixtures';
import { createDescription, createLocation, createMappedProcurementProduct, createProduct, createProductEditBackend } from '../testing/product-edit-backend';
import { ProductEditScreen } from './product-edit-screen';

const main = createLocation({ name: 'Main warehouse', abbreviation_slug: 'MW' });
const shop = createLocation({ name: 'Shop floor', abbreviation_slug: 'SF' });

const mug = () =>
  createProduct({
    sku: 'MUG-1',
    name: 'Enamel mug',
    procurement_cost: 40,
    cost_shipping: 10,
    cost_packaging_labour: 5,
    cost_packaging_material: 2,
    price_on_sale: 99,
    packaging_width: 90,
    packaging_weight: 0.25,
    default_location_id: main.id,
    qty_restock_level: 4,
    qty_restock_amount: 12,
    url: 'https://shop.example/mug',
    image_urls: ['https://img.example/mug-1.jpg', 'https://img.example/mug-2.jpg'],
  });

function setup(product = mug(), options: Partial<Parameters<typeof createProductEditBackend>[0]> = {}) {
  const backend = createProductEditBackend({
    products: [product, createProduct({ sku: 'TAKEN-1' })],
    locations: [main, shop],
    inventories: [
      {
        product_id: product.id,
        total: 9,
        inventories: [
          { location_id: main.id, abbreviation_slug: 'MW', accumulated_quantity: 7 },
          { location_id: shop.id, abbreviation_slug: 'SF', accumulated_quantity: 2 },
        ],
      },
    ],
    procurement: [
      createMappedProcurementProduct({
        catalog_product: product.id,
        supplier_name: 'Nordic Tools',
        sku: 'NT-77',
        name: 'Mug, enamel',
        cost_sek: 40,
        stock_details: '120',
      }),
    ],
    ...options,
  });
  server.use(...backend.handlers);
  const rendered = renderWithApp(<ProductEditScreen />, { user: testUser, route: `/catalog/products/edit?id=${product.id}` });
  return { ...rendered, backend, product };
}

const field = (label: RegExp) => within(screen.getByRole('form', { name: 'Product' })).getByLabelText(label);

describe('ProductEditScreen', () => {
  it('loads the product into the form, with its pricing, stock per location, supplier mapping and images', async () => {
    const { backend, product } = setup();

    expect(await screen.findByRole('heading', { name: 'Enamel mug' })).toBeInTheDocument();
    expect(field(/^SKU/)).toHaveValue('MUG-1');
    expect(field(/^Shipping cost/)).toHaveValue('10');
    expect(field(/^Price override/)).toHaveValue('');
    expect(field(/^Sale price/)).toHaveValue('99');
    expect(field(/^Width/)).toHaveValue('90');
    expect(field(/^Weight/)).toHaveValue('0.25');
    expect(field(/^Image URLs/)).toHaveValue('https://img.example/mug-1.jpg\nhttps://img.example/mug-2.jpg');
    await waitFor(() => expect(field(/^Default location/)).toHaveValue(String(main.id)));
    expect(within(field(/^Product type/)).getByRole('option', { name: 'Variable parent' })).toBeInTheDocument();

    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(within(pricing).getByRole('row', { name: /Total cost/ })).toHaveTextContent('57.00');
    // 57 x 1.4 x 1.25 = 99.75 -> 100 kr
    expect(within(pricing).getByRole('row', { name: /Effective price/ })).toHaveTextContent('100');
    const details = within(pricing).getByRole('table', { name: 'Price details' });
    expect(within(details).getByRole('row', { name: /^Sale/ })).toHaveTextContent('99');
    expect(within(details).getByRole('row', { name: /^Auto/ })).toHaveTextContent('23.00');

    const stock = await screen.findByRole('table', { name: 'Stock per location' });
    expect(within(stock).getByRole('row', { name: /MW/ })).toHaveTextContent('7');
    expect(within(stock).getByRole('row', { name: /SF/ })).toHaveTextContent('2');
    expect(within(stock).getByRole('row', { name: /Total in stock/ })).toHaveTextContent('9');

    const suppliers = await screen.findByRole('table', { name: 'Supplier products' });
    expect(within(suppliers).getByRole('row', { name: /NT-77/ })).toHaveTextContent(/Nordic Tools.*NT-77.*Mug, enamel.*40\.00.*120/);

    const images = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(product.image_urls);
    expect(images[0]).toHaveAccessibleName('Image 1 of Enamel mug');

    expect(backend.state.requests.find((r) => r.path === '/catalog/products/inventories/')?.query).toEqual({ product_ids: String(product.id) });
    expect(backend.state.requests.find((r) => r.path.startsWith('/procurement/'))?.query).toEqual({ product_ids: String(product.id) });
  });

  it('saves only the changed fields, then shows the refreshed pricing', async () => {
    const { events, backend, product } = setup();
    await screen.findByRole('heading', { name: 'Enamel mug' });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await events.clear(field(/^Shipping cost/));
    await events.type(field(/^Shipping cost/), '20.5');
    await events.clear(field(/^Height/));
    await events.type(field(/^Height/), '120');
    // Same value in another spelling: not a change.
    await events.clear(field(/^Sale price/));
    await events.type(field(/^Sale price/), '99.00');
    await events.click(field(/^Archived/));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await events.click(save);

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/catalog/products/');
    expect(put?.body).toEqual({ products: [{ id: product.id, cost_shipping: '20.50', packaging_height: 120, archived: true }] });
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    await waitFor(() => expect(within(pricing).getByRole('row', { name: /Total cost/ })).toHaveTextContent('67.50'));
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(field(/^Shipping cost/)).toHaveValue('20.5');
    expect(save).toBeDisabled();
  });

  it('takes a decimal comma in the number fields and sends the decimal exactly', async () => {
    const { events, backend, product } = setup();
    await screen.findByRole('heading', { name: 'Enamel mug' });
    await events.clear(field(/^Shipping cost/));
    await events.type(field(/^Shipping cost/), '20,5');
    await events.type(field(/^Price override/), '149,90');
    await events.clear(field(/^Weight/));
    await events.type(field(/^Weight/), '0,375');
    await events.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      products: [{ id: product.id, cost_shipping: '20.50', price_manual_override: '149.90', packaging_weight: '0.375' }],
    });
  });

  it("puts the server's 400 on its field and refuses a bad image URL before sending", async () => {
    const { events, backend } = setup();
    await screen.findByRole('heading', { name: 'Enamel mug' });

    await events.type(field(/^Image URLs/), '\nnot a url');
    await events.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(field(/^Image URLs/)).toHaveAccessibleDescription('Line 3: Enter a valid URL.'));
    expect(backend.state.requests.some((r) => r.method === 'PUT')).toBe(false);

    await events.clear(field(/^Image URLs/));
    await events.clear(field(/^SKU/));
    await events.type(field(/^SKU/), 'TAKEN-1');
    await events.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(field(/^SKU/)).toHaveAccessibleDescription('A product with this SKU already exists.'));
    expect(field(/^SKU/)).toHaveAttribute('aria-invalid', 'true');
    expect(backend.state.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ products: [{ sku: 'TAKEN-1', image_urls: [] }] });
    expect(screen.queryByText(MESSAGES.productUpdated)).not.toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('updates an existing description with PUT and creates a missing language with POST', async () => {
    const product = mug();
    const sv = createDescription({ product: product.id, language: 'SV', name: 'Emaljmugg', content: '<p>Tålig mugg.</p>', meta_title: 'Mugg' });
    const { events, backend } = setup(product, { descriptions: [sv] });

    const descriptions = await screen.findByRole('region', { name: 'Descriptions' });
    let form = await within(descriptions).findByRole('form', { name: 'Swedish description' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Emaljmugg');
    await events.clear(within(form).getByLabelText('Meta title'));
    await events.type(within(form).getByLabelText('Meta title'), 'Emaljmugg 3 dl');
    await events.click(within(form).getByLabelText('Machine translation'));
    await events.click(within(form).getByRole('button', { name: 'Save SV' }));
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    const put = backend.state.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/catalog/product_descriptions/${sv.id}/`);
    expect(put?.body).toMatchObject({ name: 'Emaljmugg', meta_title: 'Emaljmugg 3 dl', machine_translation: true });

    await events.click(within(descriptions).getByRole('tab', { name: 'EN (none)' }));
    form = await within(descriptions).findByRole('form', { name: 'English description' });
    expect(within(form).getByText(/No English description yet/)).toBeInTheDocument();
    await events.type(within(form).getByLabelText('Name'), 'Enamel mug');
    await events.type(within(form).getByLabelText('Excerpt'), 'A sturdy mug.');
    await events.click(within(form).getByRole('button', { name: 'Create EN' }));
    await waitFor(() => expect(backend.state.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(backend.state.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      product: product.id,
      language: 'EN',
      name: 'Enamel mug',
      excerpt: 'A sturdy mug.',
      machine_translation: false,
    });
    expect(await within(descriptions).findByRole('tab', { name: 'EN' })).toBeInTheDocument();
    expect(await within(descriptions).findByRole('button', { name: 'Save EN' })).toBeDisabled();
  });

  it('keeps unsaved edits of each language across tab switches and marks those tabs, until saved', async () => {
    const product = mug();
    const sv = createDescription({ product: product.id, language: 'SV', name: 'Emaljmugg', meta_title: 'Mugg' });
    const { events, backend } = setup(product, { descriptions: [sv] });

    const descriptions = await screen.findByRole('region', { name: 'Descriptions' });
    const svForm = await within(descriptions).findByRole('form', { name: 'Swedish description' });
    await events.clear(within(svForm).getByLabelText('Meta title'));
    await events.type(within(svForm).getByLabelText('Meta title'), 'Mugg 3 dl');
    expect(within(descriptions).getByRole('tab', { name: 'SV · unsaved' })).toBeInTheDocument();

    await events.click(within(descriptions).getByRole('tab', { name: 'EN (none)' }));
    const enForm = await within(descriptions).findByRole('form', { name: 'English description' });
    expect(within(descriptions).queryByRole('form', { name: 'Swedish description' })).not.toBeInTheDocument();
    await events.type(within(enForm).getByLabelText('Name'), 'Enamel mug');
    expect(within(descriptions).getByRole('tab', { name: 'EN (none) · unsaved' })).toBeInTheDocument();

    // Back to Swedish: what was typed there is still there, and saving it keeps the English draft.
    await events.click(within(descriptions).getByRole('tab', { name: 'SV · unsaved' }));
    const svAgain = await within(descriptions).findByRole('form', { name: 'Swedish description' });
    expect(within(svAgain).getByLabelText('Meta title')).toHaveValue('Mugg 3 dl');
    await events.click(within(svAgain).getByRole('button', { name: 'Save SV' }));
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ meta_title: 'Mugg 3 dl' });
    expect(await within(descriptions).findByRole('tab', { name: 'SV' })).toBeInTheDocument();
    await events.click(within(descriptions).getByRole('tab', { name: 'EN (none) · unsaved' }));
    expect(within(await within(descriptions).findByRole('form', { name: 'English description' })).getByLabelText('Name')).toHaveValue('Enamel mug');

    // The English draft is not saved: leaving the product asks first, and staying keeps it.
    await events.click(screen.getByRole('link', { name: 'Products' }));
    expect(await screen.findByRole('dialog', { name: LEAVE_TITLE })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE_TITLE })).not.toBeInTheDocument());
    expect(within(within(descriptions).getByRole('form', { name: 'English description' })).getByLabelText('Name')).toHaveValue('Enamel mug');
  });

  it("lists the product's file URLs, lowest priority first, each opening in a new tab, with a link to manage them", async () => {
    const product = mug();
    const link = (id: number, fields: Partial<FileUrlResponse>): FileUrlResponse => ({
      id,
      url: `https://files.example/${id}.pdf`,
      source_url: '',
      priority: 0,
      title: '',
      removed_from_source: false,
      account: testUser.id,
      company: testUser.company,
      product: product.id,
      product_sku: product.sku,
      product_name: product.name,
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
      ...fields,
    });
    const { backend, router, events } = setup(product, {
      fileUrls: [
        link(2, { title: 'Data sheet', priority: 2, removed_from_source: true }),
        link(1, { title: 'User manual', priority: 1, url: 'https://files.example/mug-manual.pdf' }),
        link(3, { title: 'Another product', product: product.id + 1 }),
      ],
    });

    const panel = await screen.findByRole('region', { name: 'File URLs' });
    const table = await within(panel).findByRole('table', { name: 'Product file URLs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1User manualAvailable', '2Data sheetRemoved from source']);
    const manual = within(table).getByRole('link', { name: 'User manual' });
    expect(manual).toHaveAttribute('href', 'https://files.example/mug-manual.pdf');
    expect(manual).toHaveAttribute('target', '_blank');
    expect(backend.state.requests.find((r) => r.path === '/catalog/file_urls/')?.query).toEqual({ product: String(product.id), limit: '50' });

    await events.click(within(panel).getByRole('link', { name: 'Manage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/file-urls'));
    expect(router.state.location.search).toBe(`?product=${product.id}`);
  });

  it('says so when the product has no file URLs', async () => {
    setup();
    expect(await within(await screen.findByRole('region', { name: 'File URLs' })).findByText('No file URLs yet.')).toBeInTheDocument();
  });

  it('shows who changed what in the History tab, and keeps unsaved edits while it is open', async () => {
    const { events, product } = setup();
    const history: AuditEventResponse[] = [
      {
        id: 2,
        entity: 'catalog_product',
        entity_id: product.id,
        action: 'update',
        user: 7,
        user_name: 'Ada Lindqvist',
        before: { name: 'Mug', price_on_sale: 89 },
        after: { name: 'Enamel mug', price_on_sale: 99 },
        created_at: '2026-03-02T09:30:00.000Z',
      },
      {
        id: 1,
        entity: 'catalog_product',
        entity_id: product.id,
        action: 'create',
        user: null,
        user_name: 'System',
        before: null,
        after: { id: product.id, company_id: 1, sku: 'MUG-1', name: 'Mug' },
        created_at: '2026-03-01T08:00:00.000Z',
      },
    ];
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/audit/events/'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(page(history));
      }),
    );
    await screen.findByRole('heading', { name: 'Enamel mug' });
    await events.clear(field(/^Shipping cost/));
    await events.type(field(/^Shipping cost/), '15');

    await events.click(screen.getByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Product history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Ada Lindqvist');
    expect(rows[1]).toHaveTextContent('Changed');
    expect(rows[1]).toHaveTextContent('Name');
    expect(rows[1]).toHaveTextContent('Mug → Enamel mug');
    expect(rows[1]).toHaveTextContent('Price on sale');
    expect(rows[2]).toHaveTextContent('System');
    expect(rows[2]).toHaveTextContent('Created');
    expect(rows[2]).toHaveTextContent('MUG-1');
    // The bookkeeping keys of every row are left out.
    expect(rows[2]).not.toHaveTextContent('Company id');
    expect(asked[0]).toContain(`entity=catalog_product&entity_id=${product.id}`);
    expect(screen.getByRole('form', { name: 'Product', hidden: true })).not.toBeVisible();

    await events.click(screen.getByRole('tab', { name: 'Details' }));
    expect(field(/^Shipping cost/)).toHaveValue('15');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('explains a missing id and a product that does not exist', async () => {
    const backend = createProductEditBackend();
    server.use(...backend.handlers);
    const { router } = renderWithApp(<ProductEditScreen />, { user: testUser, route: '/catalog/products/edit' });
    expect(await screen.findByText(/No product chosen/)).toBeInTheDocument();

    await router.navigate('/catalog/products/edit?id=999999');
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/catalog/products');
  });
});
