import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createProduct, createProductEditBackend, createTaxonomyRow, type ProductTaxonomies } from '../testing/product-edit-backend';
import { ProductEditScreen } from './product-edit-screen';

const lawn = createTaxonomyRow({ slug_en: 'Home & Garden > Lawn & Garden' });
const tools = createTaxonomyRow({ slug_en: 'Hardware > Tools > Garden Tools' });
const metaTools = createTaxonomyRow({ slug_en: 'Home & Garden > Gardening > Gardening Tools' });
const gardenCategory = { id: 55, title: 'Garden' };

function setup(taxonomies: ProductTaxonomies) {
  const product = createProduct({ sku: 'SPADE-1', name: 'Spade' });
  const backend = createProductEditBackend({
    products: [product],
    taxonomyItems: { google: [lawn, tools], facebook: [metaTools] },
    productTaxonomies: { [product.id]: taxonomies },
  });
  server.use(...backend.handlers);
  const rendered = renderWithApp(<ProductEditScreen />, { user: testUser, route: `/catalog/products/edit?id=${product.id}` });
  const puts = () => backend.state.requests.filter((r) => r.method === 'PUT' && r.path === `/catalog/products/${product.id}/taxonomies/`);
  return { ...rendered, backend, product, puts };
}

const section = () => screen.findByRole('region', { name: 'Channel categories' });
const google = async () => within(await section()).findByLabelText('Google product category');
const meta = async () => within(await section()).findByLabelText('Meta product category');

describe('Product edit: channel categories', () => {
  it('shows what the product inherits from its category, or that nothing is mapped', async () => {
    setup({ google_taxonomy: null, facebook_taxonomy: null, inherited: { google: { category: gardenCategory, item: lawn.id } } });

    expect(await google()).toHaveAccessibleDescription('Inherited from category Garden: Home & Garden > Lawn & Garden');
    expect(await google()).toHaveValue('');
    expect(await meta()).toHaveAccessibleDescription('Not mapped');
    expect(within(await section()).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("picks the product's own item and saves both channels with one PUT", async () => {
    const { events, puts } = setup({ google_taxonomy: null, facebook_taxonomy: null, inherited: { google: { category: gardenCategory, item: lawn.id } } });

    await events.type(await google(), 'garden tools');
    await events.click(await screen.findByRole('option', { name: 'Hardware > Tools > Garden Tools' }));
    expect(await google()).toHaveValue('Hardware > Tools > Garden Tools');
    expect(await google()).toHaveAccessibleDescription("The product's own choice. Clear it to use the category's.");

    await events.click(within(await section()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ google_taxonomy: tools.id, facebook_taxonomy: null }]);
    await waitFor(async () => expect(within(await section()).getByRole('button', { name: 'Save' })).toBeDisabled());
    // The product form is not touched by this save.
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('clears the own item back to inheriting (null)', async () => {
    const { events, puts } = setup({
      google_taxonomy: tools.id,
      facebook_taxonomy: metaTools.id,
      inherited: { google: { category: gardenCategory, item: lawn.id } },
    });
    const field = await google();
    await waitFor(() => expect(field).toHaveValue('Hardware > Tools > Garden Tools'));
    await waitFor(async () => expect(await meta()).toHaveValue('Home & Garden > Gardening > Gardening Tools'));

    await events.click(field);
    await events.click(within(field.closest<HTMLElement>('.MuiAutocomplete-root')!).getByRole('button', { name: 'Clear' }));
    expect(field).toHaveAccessibleDescription("Save to use the category's mapping instead.");
    await events.click(within(await section()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ google_taxonomy: null, facebook_taxonomy: metaTools.id }]);
    await waitFor(() => expect(field).toHaveAccessibleDescription('Inherited from category Garden: Home & Garden > Lawn & Garden'));
  });

  it("shows the server's refusal on the field", async () => {
    const { events, backend, product } = setup({ google_taxonomy: null, facebook_taxonomy: null });
    await events.type(await meta(), 'gardening');
    await events.click(await screen.findByRole('option', { name: 'Home & Garden > Gardening > Gardening Tools' }));
    backend.state.failNext = {
      method: 'PUT',
      path: `/catalog/products/${product.id}/taxonomies/`,
      status: 400,
      body: { facebook_taxonomy: ['Invalid pk "1" - object does not exist.'] },
    };

    await events.click(within(await section()).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await meta()).toHaveAccessibleDescription('Invalid pk "1" - object does not exist.'));
  });
});
