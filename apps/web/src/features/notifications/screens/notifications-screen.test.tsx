import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createBackend, createNotification, createTask } from '@/test/fixtures';
import { renderWithApp, testUser } from '@/test/render';
import { server } from '@/test/server';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsScreen } from './notifications-screen';

function renderScreen(backend: ReturnType<typeof createBackend>, route = '/notification') {
  server.use(...backend.handlers);
  return renderWithApp(
    <>
      <NotificationBell />
      <NotificationsScreen />
    </>,
    { user: testUser, route },
  );
}

const bell = () => screen.getByRole('button', { name: 'Notifications' });

describe('NotificationsScreen', () => {
  it('marks one notification read and the bell follows', async () => {
    const backend = createBackend({
      notifications: [
        createNotification({ title: 'Feed import finished' }),
        createNotification({ title: 'Order sync finished' }),
        createNotification({ title: 'Welcome to Kontor', read_at: '2026-01-01T00:00:00.000Z' }),
      ],
    });
    const { events } = renderScreen(backend);

    await waitFor(() => expect(bell()).toHaveTextContent('2'));
    const table = screen.getByRole('table', { name: 'Notifications' });
    const row = within(table).getByText('Feed import finished').closest('tr');
    expect(row).not.toBeNull();

    await events.click(within(row as HTMLElement).getByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(bell()).toHaveTextContent('1'));
    expect(within(row as HTMLElement).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);
    expect(backend.state.notifications.filter((n) => !n.read_at)).toHaveLength(1);
  });

  it('marks all read: the badge empties and the button disables', async () => {
    const backend = createBackend({ notifications: [createNotification(), createNotification(), createNotification()] });
    const { events } = renderScreen(backend);

    await waitFor(() => expect(bell()).toHaveTextContent('3'));
    await events.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0));
    await waitFor(() => expect(bell()).not.toHaveTextContent(/\d/));
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(await screen.findByText('3 notifications marked as read')).toBeInTheDocument();
  });

  it('keeps the unread-only filter in the URL and resets the page to 0 when it changes', async () => {
    const many = Array.from({ length: 30 }, (_, i) => createNotification({ title: `Stock low ${i}`, read_at: i % 2 ? '2026-01-01T00:00:00.000Z' : null }));
    const backend = createBackend({ notifications: many });
    const { events, router } = renderScreen(backend, '/notification?page=1');

    expect(await screen.findByText('Stock low 25')).toBeInTheDocument();
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();

    await events.click(screen.getByRole('switch', { name: 'Unread only' }));

    await waitFor(() => expect(router.state.location.search).toBe('?unread=true'));
    expect(await screen.findByText('1–15 of 15')).toBeInTheDocument();
    expect(screen.getByText('Stock low 0')).toBeInTheDocument();
    expect(screen.queryByText('Stock low 1')).not.toBeInTheDocument();
  });

  it('marks a company task completed', async () => {
    const backend = createBackend({ tasks: [createTask({ title: 'Connect your storefront' })] });
    const { events } = renderScreen(backend);

    const tasks = await screen.findByRole('list', { name: 'Company tasks' });
    await events.click(within(tasks).getByRole('button', { name: 'Mark completed' }));

    await waitFor(() => expect(within(tasks).queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument());
    expect(within(tasks).getByText('Completed')).toBeInTheDocument();
    expect(backend.state.tasks[0]?.['completed-by']).toBe(testUser.id);
  });
  it('says a page past the end is empty now and offers the last page, as the other lists do', async () => {
    const many = Array.from({ length: 30 }, (_, i) => createNotification({ title: `Stock low ${i}` }));
    const { events, router } = renderScreen(createBackend({ notifications: many }), '/notification?page=4');

    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
  });

  it('says there are no notifications on a later page of an empty list, not that the page is past the end', async () => {
    renderScreen(createBackend({ notifications: [] }), '/notification?page=2');

    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing on this page any more.')).not.toBeInTheDocument();
  });
});
