import { type JobResponse, type PublishBody } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { createPublishBackend, createPublishJob, createValidation, exportUrlOf, publishResult } from '../testing/publish-backend';
import { PublishDialog } from './publish-dialog';

const garden = createValidation({
  total: 7,
  publishable: 2,
  rejected: 5,
  problem_counts: { missing_image: 4, missing_price: 2 },
  problems: [
    { id: 11, sku: 'RAKE-1', name: 'Rake', problems: ['missing_image'] },
    { id: 12, sku: 'HOE-1', name: 'Hoe', problems: ['missing_image', 'missing_price'] },
  ],
});

/** The report per channel: Meta takes every product, Google rejects some. */
const byChannel = (body: PublishBody) =>
  body.action === 'meta_catalog' ? createValidation({ action: 'meta_catalog', total: 7, publishable: 7 }) : { ...garden, action: body.action };

function setup({ jobs = [] as JobResponse[], selectedIds = [11, 12, 13] as number[] } = {}) {
  const backend = createPublishBackend({ validate: byChannel, jobs });
  server.use(...backend.handlers);
  const queryClient = createTestQueryClient();
  const rendered = renderWithApp(<PublishDialog open selectedIds={selectedIds} onClose={() => undefined} />, { user: testUser, queryClient });
  const validations = () => backend.state.requests.filter((r) => r.path === '/catalog/products/publish/validate/').map((r) => r.body);
  const publishes = () => backend.state.requests.filter((r) => r.path === '/catalog/products/publish/').map((r) => r.body);
  return { ...rendered, backend, validations, publishes };
}

const dialog = () => screen.getByRole('dialog', { name: 'Publish products' });
const publishButton = () => within(dialog()).getByRole('button', { name: 'Publish' });

describe('PublishDialog', () => {
  it('validates the selection on open and shows what would be rejected', async () => {
    const { validations } = setup();

    expect(await screen.findByText('2 products ready, 5 would be rejected')).toBeInTheDocument();
    expect(validations()).toEqual([{ action: 'google_merchant', ids: [11, 12, 13], language: 'SV' }]);
    expect(within(dialog()).getByRole('radio', { name: 'Selected products (3)' })).toBeChecked();
    expect(within(dialog()).getByRole('radio', { name: 'Google Merchant Center feed' })).toBeChecked();

    const problems = within(dialog()).getByRole('list', { name: 'Problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No price: 2 products', 'No image: 4 products']);
    const table = within(dialog()).getByRole('table', { name: 'Products that would be rejected' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SKUNameProblems', 'RAKE-1RakeNo image', 'HOE-1HoeNo image, No price']);
    expect(within(dialog()).getByText('…and 3 products more.')).toBeInTheDocument();
    await waitFor(() => expect(publishButton()).toBeEnabled());
  });

  it('validates again when the channel, the scope or the language changes', async () => {
    const { events, validations } = setup();
    await screen.findByText('2 products ready, 5 would be rejected');

    await events.click(within(dialog()).getByRole('radio', { name: 'Meta catalog feed' }));
    expect(await screen.findByText('7 products ready, 0 would be rejected')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('table')).not.toBeInTheDocument();

    // What each scope writes is said before publishing.
    expect(within(dialog()).getByText(/The selection gets a file of its own, kept for 7 days/)).toBeInTheDocument();
    await events.click(within(dialog()).getByRole('radio', { name: 'All products' }));
    expect(within(dialog()).getByText(/Every product goes to the channel’s feed/)).toBeInTheDocument();
    await events.selectOptions(within(dialog()).getByLabelText('Language'), 'EN');
    await waitFor(() => expect(validations()).toHaveLength(4));
    expect(validations()).toEqual([
      { action: 'google_merchant', ids: [11, 12, 13], language: 'SV' },
      { action: 'meta_catalog', ids: [11, 12, 13], language: 'SV' },
      { action: 'meta_catalog', language: 'SV' },
      { action: 'meta_catalog', language: 'EN' },
    ]);
    await waitFor(() => expect(publishButton()).toBeEnabled());
  });

  it('offers only all products when nothing is selected, and keeps Publish off when none would pass', async () => {
    const backend = createPublishBackend({ validate: () => createValidation({ total: 1, rejected: 1 }) });
    server.use(...backend.handlers);
    renderWithApp(<PublishDialog open selectedIds={[]} onClose={() => undefined} />, { user: testUser });

    expect(await screen.findByText('0 products ready, 1 would be rejected')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('radio', { name: 'All products' })).not.toBeInTheDocument();
    expect(backend.state.requests[0]?.body).toEqual({ action: 'google_merchant', language: 'SV' });
    expect(publishButton()).toBeDisabled();
  });

  it('publishes, shows the job running, then its figures and the file links', async () => {
    const id = 9101;
    const done = createPublishJob({
      id,
      status: 'succeeded',
      progress: { done: 7, total: 7 },
      result: publishResult({ ...garden, action: 'google_merchant' }, 0),
    });
    const { events, publishes, validations, queryClient } = setup({
      jobs: [createPublishJob({ id }), createPublishJob({ id, status: 'running', progress: { done: 3, total: 7 } }), done],
    });
    // The bell's count: a finished publish writes a notification.
    queryClient.setQueryData(['notifications', 'unread-count', testUser.id], 0);
    await screen.findByText('2 products ready, 5 would be rejected');
    await waitFor(() => expect(publishButton()).toBeEnabled());

    await events.click(publishButton());
    expect(await within(dialog()).findByRole('progressbar', { name: 'Publishing' })).toBeInTheDocument();
    expect(publishes()).toEqual([{ action: 'google_merchant', ids: [11, 12, 13], language: 'SV' }]);
    expect(await within(dialog()).findByText('3 / 7 products')).toBeInTheDocument();

    const url = exportUrlOf('google_merchant');
    const link = await within(dialog()).findByRole('link', { name: url });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(dialog()).getByText('Published 2 products; 5 products left out.')).toBeInTheDocument();
    // A selection's file is its own: the channel's scheduled feed is not replaced by three products.
    expect(within(dialog()).getByText(/This file holds the selection alone and is kept for 7 days.*no product was marked as synced/)).toBeInTheDocument();
    expect(within(dialog()).queryByRole('progressbar', { name: 'Publishing' })).not.toBeInTheDocument();

    // What the job changed is asked for again: the report (products are synced now) and the notifications.
    await waitFor(() => expect(validations()).toHaveLength(2));
    expect(queryClient.getQueryState(['notifications', 'unread-count', testUser.id])?.isInvalidated).toBe(true);

    await events.click(within(dialog()).getByRole('button', { name: `Copy ${url}` }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });

  it("shows a failed job's error", async () => {
    const id = 9102;
    const { events } = setup({ jobs: [createPublishJob({ id }), createPublishJob({ id, status: 'failed', error: 'The export file could not be written.' })] });
    await screen.findByText('2 products ready, 5 would be rejected');
    await waitFor(() => expect(publishButton()).toBeEnabled());

    await events.click(publishButton());
    expect(await within(dialog()).findByText('Publishing failed: The export file could not be written.')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('link')).not.toBeInTheDocument();
    expect(publishButton()).toBeEnabled();
  });

  it("shows the server's refusal of a publish", async () => {
    const { events, backend } = setup();
    await screen.findByText('2 products ready, 5 would be rejected');
    await waitFor(() => expect(publishButton()).toBeEnabled());
    backend.state.failNext = { status: 400, body: { ids: ['Some of these products do not exist.'] } };

    await events.click(publishButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('ids: Some of these products do not exist.');
    expect(backend.state.requests.some((r) => r.path.startsWith('/jobs/'))).toBe(false);
  });
});
