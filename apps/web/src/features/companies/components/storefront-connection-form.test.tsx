import { MESSAGES, type StorefrontConnectionResponse } from '@kontor/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { SECRET_SAVED_HINT, StorefrontConnectionForm } from './storefront-connection-form';

/** GET/PUT /customers/storefront/ as the API answers: 404 until connected, the secret never sent back. */
function storefrontBackend(initial: StorefrontConnectionResponse | null) {
  const state = { connection: initial, puts: [] as unknown[] };
  server.use(
    http.get(apiUrl('/customers/storefront/'), () =>
      state.connection ? HttpResponse.json(state.connection) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    ),
    http.put(apiUrl('/customers/storefront/'), async ({ request }) => {
      const body = (await request.json()) as { store_url: string; consumer_key: string; consumer_secret?: string };
      state.puts.push(body);
      if (!body.consumer_secret && !state.connection?.has_consumer_secret) {
        return HttpResponse.json({ consumer_secret: ['This field is required.'] }, { status: 400 });
      }
      state.connection = {
        platform: 'woocommerce',
        store_url: body.store_url,
        consumer_key: body.consumer_key,
        has_consumer_secret: true,
        last_synced_at: state.connection?.last_synced_at ?? null,
      };
      return HttpResponse.json(state.connection);
    }),
  );
  return state;
}

describe('StorefrontConnectionForm', () => {
  it('connects a store: URL, key and secret are sent, then the secret shows as saved', async () => {
    const state = storefrontBackend(null);
    const { events } = renderWithApp(<StorefrontConnectionForm readOnly={false} />, { user: testUser });
    expect(await screen.findByText(/Not connected yet/)).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(state.puts).toEqual([]);

    await events.type(screen.getByLabelText('Store URL'), 'https://shop.example.com');
    await events.type(screen.getByLabelText('Consumer key'), 'ck_123');
    const secret = screen.getByLabelText('Consumer secret');
    expect(secret).toHaveAttribute('type', 'password');
    await events.type(secret, 'cs_456');
    await events.click(screen.getByRole('button', { name: 'Save connection' }));

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(state.puts).toEqual([{ platform: 'woocommerce', store_url: 'https://shop.example.com', consumer_key: 'ck_123', consumer_secret: 'cs_456' }]);
    expect(await screen.findByText(SECRET_SAVED_HINT)).toBeInTheDocument();
    expect(screen.getByLabelText('Consumer secret')).toHaveValue('');
    expect(screen.getByText('Not synced yet')).toBeInTheDocument();
  });

  it('keeps the stored secret when the field is left blank', async () => {
    const state = storefrontBackend({
      platform: 'woocommerce',
      store_url: 'https://shop.example.com',
      consumer_key: 'ck_123',
      has_consumer_secret: true,
      last_synced_at: '2026-03-01T10:00:00.000Z',
    });
    const { events } = renderWithApp(<StorefrontConnectionForm readOnly={false} />, { user: testUser });
    const key = await screen.findByLabelText('Consumer key');
    expect(key).toHaveValue('ck_123');
    expect(screen.getByText(SECRET_SAVED_HINT)).toBeInTheDocument();
    expect(screen.getByText(/Last synced/)).toBeInTheDocument();

    await events.clear(key);
    await events.type(key, 'ck_new');
    await events.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(state.puts).toEqual([{ platform: 'woocommerce', store_url: 'https://shop.example.com', consumer_key: 'ck_new' }]);
  });

  it("shows the server's field errors at their field", async () => {
    server.use(
      http.get(apiUrl('/customers/storefront/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
      http.put(apiUrl('/customers/storefront/'), () => HttpResponse.json({ store_url: ['The store did not answer.'] }, { status: 400 })),
    );
    const { events } = renderWithApp(<StorefrontConnectionForm readOnly={false} />, { user: testUser });
    await events.type(await screen.findByLabelText('Store URL'), 'https://down.example.com');
    await events.type(screen.getByLabelText('Consumer key'), 'ck');
    await events.type(screen.getByLabelText('Consumer secret'), 'cs');
    await events.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('The store did not answer.')).toBeInTheDocument();
    expect(screen.getByLabelText('Store URL')).toHaveAttribute('aria-invalid', 'true');
  });
});
