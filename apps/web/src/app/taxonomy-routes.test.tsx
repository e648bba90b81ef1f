import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomiesBackend, createTaxonomyItem } from '@/features/taxonomies/testing/taxonomies-backend';
import { createBackend } from '@/test/fixtures';
import { createTestQueryClient, preloadRoutes } from '@/test/render';
import { server } from '@/test/server';
import { AppRouterProvider } from './app-router-provider';
import { AppProviders } from './providers';
import { routes } from './router';

const GOOGLE = '/miscellaneous/google-product-taxonomies';
const FACEBOOK = '/miscellaneous/facebook-product-taxonomies';
const SELECTION = '/preferences/facebook-product-taxonomies-selection';

// The first import of the layout and the screens is not under test: done before, untimed by the finds.
beforeAll(() => preloadRoutes(routes, GOOGLE, FACEBOOK, SELECTION), 60_000);

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { router, events: userEvent.setup() };
}

describe('taxonomy routes (spec §2)', () => {
  it('opens the Google list, and the sidebar leads to the Facebook list and the Facebook selection', async () => {
    const app = createBackend();
    const item = createTaxonomyItem({ slug_en: 'Home & Garden' });
    const taxonomies = createTaxonomiesBackend({ google: [item], facebook: [item], links: [{ channel: 'facebook', taxonomy: item.id }] });
    server.use(...app.handlers, ...taxonomies.handlers);
    const { router, events } = renderApp(GOOGLE);

    expect(await screen.findByRole('table', { name: 'Google taxonomy' })).toBeInTheDocument();
    // The menu comes in a transition after the screen (AppLayout).
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Google taxonomy' })).toHaveAttribute('aria-current', 'page');

    await events.click(within(nav).getByRole('link', { name: 'Facebook taxonomy' }));
    expect(await screen.findByRole('table', { name: 'Facebook taxonomy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(FACEBOOK);

    await events.click(within(nav).getByRole('link', { name: 'Facebook selection' }));
    expect(await screen.findByRole('checkbox', { name: 'Home & Garden' })).toBeChecked();
    expect(router.state.location.pathname).toBe(SELECTION);
    expect(within(nav).getByRole('link', { name: 'Facebook selection' })).toHaveAttribute('aria-current', 'page');
  });
});
