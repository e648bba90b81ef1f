import { MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createTaxonomiesBackend, createTaxonomyItem } from '../testing/taxonomies-backend';
import { FacebookTaxonomiesScreen, GoogleTaxonomiesScreen } from './taxonomy-list-screen';

const animals = createTaxonomyItem({ taxonomy_id: 1, slug_en: 'Animals & Pet Supplies', slug_sv: 'Djur och husdjurstillbehör' });
const pets = createTaxonomyItem({ taxonomy_id: 2, slug_en: 'Animals & Pet Supplies > Pet Supplies', slug_sv: 'Djur > Husdjurstillbehör', level: 1 });
const garden = createTaxonomyItem({ taxonomy_id: 689, slug_en: 'Home & Garden > Lawn & Garden', slug_sv: 'Hem och trädgård > Gräsmatta', level: 1 });

describe('GoogleTaxonomiesScreen', () => {
  const render = (route = '/miscellaneous/google-product-taxonomies') => renderWithApp(<GoogleTaxonomiesScreen />, { user: testUser, route });

  it('lists every item 25 a page, searches and filters through the URL, and resets the page on a filter change', async () => {
    const filler = Array.from({ length: 25 }, (_, i) => createTaxonomyItem({ slug_en: `Z filler ${String(i).padStart(2, '0')}` }));
    const backend = createTaxonomiesBackend({ google: [animals, pets, garden, ...filler], links: [{ channel: 'google', taxonomy: garden.id }] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const table = await screen.findByRole('table', { name: 'Google taxonomy' });
    const gardenRow = (await within(table).findByText('Home & Garden > Lawn & Garden')).closest('tr')!;
    expect(gardenRow).toHaveTextContent('689');
    expect(gardenRow).toHaveTextContent('Hem och trädgård > Gräsmatta');
    expect(within(gardenRow).getByText('Linked')).toBeInTheDocument();
    expect(within(within(table).getByText('Animals & Pet Supplies').closest('tr')!).queryByText('Linked')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Linked')).toHaveValue('all');
    expect(backend.state.requests[0]?.query).toEqual({ limit: '25', offset: '0' });

    await events.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    await waitFor(() => expect(backend.state.requests.at(-1)?.query).toEqual({ limit: '25', offset: '25' }));

    await events.selectOptions(screen.getByLabelText('Linked'), 'Linked');
    await waitFor(() => expect(router.state.location.search).toBe('?linked=True'));
    await waitFor(() => expect(within(table).queryByText('Animals & Pet Supplies')).not.toBeInTheDocument());
    expect(within(table).getByText('Home & Garden > Lawn & Garden')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toEqual({ linked: 'True', limit: '25', offset: '0' });

    await events.selectOptions(screen.getByLabelText('Linked'), 'All');
    await events.type(screen.getByLabelText('Search taxonomy'), 'pet supplies{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=pet+supplies'));
    await waitFor(() => expect(within(table).queryByText('Home & Garden > Lawn & Garden')).not.toBeInTheDocument());
    expect(within(table).getByText('Animals & Pet Supplies > Pet Supplies')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toEqual({ search: 'pet supplies', limit: '25', offset: '0' });

    await events.type(screen.getByLabelText('Search taxonomy'), ' nothing{Enter}');
    expect(await screen.findByText('No taxonomy item matches this search.')).toBeInTheDocument();
  });

  it('links an item to the user account and unlinks it by GETting its links and DELETEing each', async () => {
    const backend = createTaxonomiesBackend({ google: [animals, garden] });
    server.use(...backend.handlers);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Link Animals & Pet Supplies' }));
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/taxonomies/google/links/',
      body: { account: testUser.id, taxonomy: animals.id },
    });
    const row = screen.getByText('Animals & Pet Supplies').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Linked')).toBeInTheDocument());
    const link = backend.linkOf('google', animals.id)!;

    await events.click(within(row).getByRole('button', { name: 'Unlink Animals & Pet Supplies' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(within(row).queryByText('Linked')).not.toBeInTheDocument());
    const calls = backend.state.requests.filter((r) => r.path.startsWith('/taxonomies/google/links/')).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(['POST /taxonomies/google/links/', 'GET /taxonomies/google/links/', `DELETE /taxonomies/google/links/${link.id}/`]);
    expect(backend.state.requests.find((r) => r.method === 'GET' && r.path === '/taxonomies/google/links/')?.query).toMatchObject({
      taxonomy: String(animals.id),
    });
    expect(backend.state.links).toEqual([]);
  });

  it("shows the server's refusal of a link and the list as it now is", async () => {
    const backend = createTaxonomiesBackend({ google: [animals] });
    server.use(...backend.handlers);
    const { events } = render();
    const button = await screen.findByRole('button', { name: 'Link Animals & Pet Supplies' });
    // Linked in another tab meanwhile: the server refuses, the refetch shows it linked.
    backend.state.links.push({ id: 1, channel: 'google', taxonomy: animals.id, account: testUser.id, company: null });
    await events.click(button);
    expect(await screen.findByText('This taxonomy item is already linked.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unlink Animals & Pet Supplies' })).toBeInTheDocument();
  });

  it("shows the spec's message when the list cannot be loaded", async () => {
    server.use(...createTaxonomiesBackend({ failList: true }).handlers);
    render();
    expect(await screen.findByText(MESSAGES.couldNotGetTaxonomies)).toBeInTheDocument();
  });
});

describe('FacebookTaxonomiesScreen', () => {
  const render = (route = '/miscellaneous/facebook-product-taxonomies') => renderWithApp(<FacebookTaxonomiesScreen />, { user: testUser, route });

  it("shows the company's linked items 50 a page by default, and all or the unlinked ones on request", async () => {
    const backend = createTaxonomiesBackend({ facebook: [animals, pets, garden], links: [{ channel: 'facebook', taxonomy: pets.id }] });
    server.use(...backend.handlers);
    const { events, router } = render();

    const table = await screen.findByRole('table', { name: 'Facebook taxonomy' });
    expect(await within(table).findByText('Animals & Pet Supplies > Pet Supplies')).toBeInTheDocument();
    expect(within(table).queryByText('Animals & Pet Supplies')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Linked')).toHaveValue('True');
    expect(backend.state.requests[0]?.query).toEqual({ linked: 'True', limit: '50', offset: '0' });

    await events.selectOptions(screen.getByLabelText('Linked'), 'All');
    await waitFor(() => expect(router.state.location.search).toBe('?linked=all'));
    expect(await within(table).findByText('Animals & Pet Supplies')).toBeInTheDocument();
    expect(backend.state.requests.at(-1)?.query).toEqual({ limit: '50', offset: '0' });

    await events.selectOptions(screen.getByLabelText('Linked'), 'Not linked');
    await waitFor(() => expect(within(table).queryByText('Animals & Pet Supplies > Pet Supplies')).not.toBeInTheDocument());
    expect(backend.state.requests.at(-1)?.query).toEqual({ linked: 'False', limit: '50', offset: '0' });

    await events.selectOptions(screen.getByLabelText('Linked'), 'Linked');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('unlinking the only item of the last page of linked items does not claim nothing is linked', async () => {
    const items = Array.from({ length: 51 }, (_, i) => createTaxonomyItem({ slug_en: `Item ${String(i).padStart(2, '0')}` }));
    const backend = createTaxonomiesBackend({ facebook: items, links: items.map((item) => ({ channel: 'facebook' as const, taxonomy: item.id })) });
    server.use(...backend.handlers);
    const { events, router } = render('/miscellaneous/facebook-product-taxonomies?page=1');

    await events.click(await screen.findByRole('button', { name: 'Unlink Item 50' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing linked yet.')).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Unlink Item 00' })).toBeInTheDocument();
  });

  it('links with account and company, and unlinks through the links list', async () => {
    const backend = createTaxonomiesBackend({ facebook: [animals, garden] });
    server.use(...backend.handlers);
    const { events } = render('/miscellaneous/facebook-product-taxonomies?linked=all');

    await events.click(await screen.findByRole('button', { name: 'Link Home & Garden > Lawn & Garden' }));
    expect(await screen.findByText(MESSAGES.addSuccessfully)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/taxonomies/facebook/links/',
      body: { account: testUser.id, company: testUser.company, taxonomy: garden.id },
    });
    const link = backend.linkOf('facebook', garden.id)!;

    await events.click(await screen.findByRole('button', { name: 'Unlink Home & Garden > Lawn & Garden' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(backend.state.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/taxonomies/facebook/links/${link.id}/`]);
    expect(backend.state.links).toEqual([]);
  });

  it("shows the spec's message when the list cannot be loaded", async () => {
    server.use(...createTaxonomiesBackend({ failList: true }).handlers);
    render();
    expect(await screen.findByText(MESSAGES.couldNotGetTaxonomies)).toBeInTheDocument();
  });
});
