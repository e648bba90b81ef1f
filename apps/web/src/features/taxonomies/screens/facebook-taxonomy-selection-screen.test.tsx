import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createTaxonomiesBackend, createTaxonomyItem } from '../testing/taxonomies-backend';
import { FacebookTaxonomySelectionScreen } from './facebook-taxonomy-selection-screen';

const render = (route = '/preferences/facebook-product-taxonomies-selection') => renderWithApp(<FacebookTaxonomySelectionScreen />, { user: testUser, route });

const clothing = createTaxonomyItem({ taxonomy_id: 166, slug_en: 'Apparel & Accessories > Clothing', slug_sv: 'Kläder och accessoarer > Kläder' });
const shoes = createTaxonomyItem({ taxonomy_id: 187, slug_en: 'Apparel & Accessories > Shoes', slug_sv: 'Kläder och accessoarer > Skor' });
const garden = createTaxonomyItem({ taxonomy_id: 689, slug_en: 'Home & Garden > Lawn & Garden', slug_sv: 'Hem och trädgård > Gräsmatta' });

describe('FacebookTaxonomySelectionScreen', () => {
  it('shows the selected categories first, ticks one found by search to link it and unticks one to unlink it', async () => {
    const backend = createTaxonomiesBackend({ facebook: [clothing, shoes, garden], links: [{ channel: 'facebook', taxonomy: garden.id }] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const selected = await screen.findByRole('region', { name: 'Selected Facebook categories' });
    const others = screen.getByRole('region', { name: 'Other Facebook categories' });
    expect(await within(selected).findByRole('checkbox', { name: 'Home & Garden > Lawn & Garden' })).toBeChecked();
    expect(await within(others).findByRole('checkbox', { name: 'Apparel & Accessories > Shoes' })).not.toBeChecked();
    expect(within(others).queryByRole('checkbox', { name: 'Home & Garden > Lawn & Garden' })).not.toBeInTheDocument();
    expect(within(selected).getByRole('checkbox', { name: 'Home & Garden > Lawn & Garden' })).toHaveAccessibleDescription(
      'Hem och trädgård > Gräsmatta · ID 689',
    );
    const lists = backend.state.requests.filter((r) => r.path === '/taxonomies/facebook/').map((r) => r.query);
    expect(lists).toEqual(
      expect.arrayContaining([
        { linked: 'True', limit: '50', offset: '0' },
        { linked: 'False', limit: '50', offset: '0' },
      ]),
    );

    await events.type(screen.getByLabelText('Search Facebook categories'), 'shoes{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=shoes'));
    await waitFor(() => expect(within(others).queryByRole('checkbox', { name: 'Apparel & Accessories > Clothing' })).not.toBeInTheDocument());

    // Keyboard only: focus the box and press Space.
    within(others).getByRole('checkbox', { name: 'Apparel & Accessories > Shoes' }).focus();
    await events.keyboard(' ');
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST')?.body).toEqual({ account: testUser.id, company: testUser.company, taxonomy: shoes.id });
    expect(await within(selected).findByRole('checkbox', { name: 'Apparel & Accessories > Shoes' })).toBeChecked();
    await waitFor(() => expect(within(others).queryByRole('checkbox', { name: 'Apparel & Accessories > Shoes' })).not.toBeInTheDocument());
    expect(within(selected).getByRole('heading', { name: 'Selected (2)' })).toBeInTheDocument();

    const gardenLink = backend.linkOf('facebook', garden.id)!;
    await events.click(within(selected).getByRole('checkbox', { name: 'Home & Garden > Lawn & Garden' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(within(selected).queryByRole('checkbox', { name: 'Home & Garden > Lawn & Garden' })).not.toBeInTheDocument());
    expect(backend.state.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/taxonomies/facebook/links/${gardenLink.id}/`]);
    expect(backend.state.links.map((l) => l.taxonomy)).toEqual([shoes.id]);
  });

  it('unticking the only category of the last page of the selection does not claim nothing is selected', async () => {
    const items = Array.from({ length: 51 }, (_, i) => createTaxonomyItem({ slug_en: `Item ${String(i).padStart(2, '0')}` }));
    const backend = createTaxonomiesBackend({ facebook: items, links: items.map((item) => ({ channel: 'facebook' as const, taxonomy: item.id })) });
    server.use(...backend.handlers);
    const { events, router } = render('/preferences/facebook-product-taxonomies-selection?selected_page=1');

    const selected = await screen.findByRole('region', { name: 'Selected Facebook categories' });
    await events.click(await within(selected).findByRole('checkbox', { name: 'Item 50' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(await within(selected).findByText(/Nothing on this page any more/)).toBeInTheDocument();
    expect(within(selected).queryByText(/No Facebook categories selected yet/)).not.toBeInTheDocument();

    await events.click(within(selected).getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(selected).findByRole('checkbox', { name: 'Item 00' })).toBeChecked();
  });

  it('says what to do when nothing is selected yet', async () => {
    server.use(...createTaxonomiesBackend({ facebook: [clothing] }).handlers);
    render();
    expect(await screen.findByText(/No Facebook categories selected yet/)).toBeInTheDocument();
  });

  it("shows the spec's message when the lists cannot be loaded", async () => {
    server.use(...createTaxonomiesBackend({ failList: true }).handlers);
    render();
    await waitFor(() => expect(screen.getAllByText(MESSAGES.couldNotGetTaxonomies)).toHaveLength(2));
  });
});
