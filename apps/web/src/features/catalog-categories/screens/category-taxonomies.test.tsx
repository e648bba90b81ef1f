import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { CatalogCategoriesScreen } from './catalog-categories-screen';
import { createCategoriesBackend, createCategory, createTaxonomyRow } from '../testing/categories-backend';

const lawn = createTaxonomyRow({ taxonomy_id: 689, slug_en: 'Home & Garden > Lawn & Garden' });
const tools = createTaxonomyRow({ taxonomy_id: 3173, slug_en: 'Hardware > Tools > Garden Tools' });
const metaGarden = createTaxonomyRow({ taxonomy_id: 1604, slug_en: 'Home & Garden > Gardening' });
const metaTools = createTaxonomyRow({ taxonomy_id: 1167, slug_en: 'Home & Garden > Gardening > Gardening Tools' });

function shop(overrides: Parameters<typeof createCategory>[0] = {}) {
  const garden = createCategory({ title: 'Garden', ...overrides });
  const backend = createCategoriesBackend({ categories: [garden], taxonomies: { google: [lawn, tools], facebook: [metaGarden, metaTools] } });
  server.use(...backend.handlers);
  const view = renderWithApp(<CatalogCategoriesScreen />, { user: testUser, route: `/catalog/category?selected=${garden.id}` });
  return { ...view, backend, garden };
}

describe('Category editor: Google and Meta categories', () => {
  it('shows the mapped items by their path, looked up by id', async () => {
    const { backend } = shop({ google_taxonomy: lawn.id, facebook_taxonomy: metaGarden.id });
    const form = await screen.findByRole('form', { name: 'Edit Garden' });
    await waitFor(() => expect(within(form).getByLabelText('Google category')).toHaveValue('Home & Garden > Lawn & Garden'));
    await waitFor(() => expect(within(form).getByLabelText('Meta category')).toHaveValue('Home & Garden > Gardening'));
    expect(backend.state.requests.filter((r) => r.path.startsWith('/taxonomies/')).map((r) => `${r.path}?id=${r.query.id}`)).toEqual(
      expect.arrayContaining([`/taxonomies/google/?id=${lawn.id}`, `/taxonomies/facebook/?id=${metaGarden.id}`]),
    );
  });

  it('searches each taxonomy as you type and saves the chosen item ids with the PATCH', async () => {
    const { backend, events, garden } = shop();
    const form = await screen.findByRole('form', { name: 'Edit Garden' });

    await events.type(within(form).getByLabelText('Google category'), 'garden tools');
    await events.click(await screen.findByRole('option', { name: 'Hardware > Tools > Garden Tools' }));
    expect(screen.queryByRole('option', { name: 'Home & Garden > Lawn & Garden' })).not.toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.path === '/taxonomies/google/').map((r) => r.query)).toContainEqual({ search: 'garden tools', limit: '25' });
    expect(within(form).getByLabelText('Google category')).toHaveValue('Hardware > Tools > Garden Tools');

    await events.type(within(form).getByLabelText('Meta category'), 'gardening tools');
    await events.click(await screen.findByRole('option', { name: 'Home & Garden > Gardening > Gardening Tools' }));

    await events.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.categoryUpdated)).toBeInTheDocument();
    const patch = backend.state.requests.filter((r) => r.method === 'PATCH').at(-1);
    expect(patch?.path).toBe(`/catalog/categories/${garden.id}/`);
    expect(patch?.body).toMatchObject({ google_taxonomy: tools.id, facebook_taxonomy: metaTools.id });
    expect(backend.byId(garden.id)).toMatchObject({ google_taxonomy: tools.id, facebook_taxonomy: metaTools.id });
  });

  it('clears a mapping with null', async () => {
    const { backend, events, garden } = shop({ google_taxonomy: lawn.id });
    const form = await screen.findByRole('form', { name: 'Edit Garden' });
    const google = within(form).getByLabelText('Google category');
    await waitFor(() => expect(google).toHaveValue('Home & Garden > Lawn & Garden'));
    await events.click(google);
    await events.click(within(form).getByRole('button', { name: 'Clear' }));
    await events.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.categoryUpdated)).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({ google_taxonomy: null, facebook_taxonomy: null });
    expect(backend.byId(garden.id)?.google_taxonomy).toBeNull();
  });

  it("shows the server's refusal on the field", async () => {
    const { backend, events } = shop();
    const form = await screen.findByRole('form', { name: 'Edit Garden' });
    await events.type(within(form).getByLabelText('Meta category'), 'gardening');
    await events.click(await screen.findByRole('option', { name: 'Home & Garden > Gardening' }));
    backend.state.failNext = { method: 'PATCH', status: 400, body: { facebook_taxonomy: ['Invalid pk "1" - object does not exist.'] } };
    await events.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText('Meta category')).toHaveAccessibleDescription('Invalid pk "1" - object does not exist.'));
  });
});
