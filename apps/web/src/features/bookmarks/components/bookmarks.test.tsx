import { BOOKMARK_NAME_TAKEN } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createBackend, createBookmark } from '@/test/fixtures';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { BookmarkViewButton } from './bookmark-view-button';
import { PinnedBookmarks } from './pinned-bookmarks';

function renderBookmarks(backend: ReturnType<typeof createBackend>, route = '/notification?unread=true') {
  server.use(...backend.handlers);
  return renderWithApp(
    <>
      <BookmarkViewButton defaultName="Notifications" />
      <PinnedBookmarks />
    </>,
    { user: testUser, route },
  );
}

const pinnedList = () => screen.getByRole('list', { name: 'Pinned' });

describe('bookmarks', () => {
  it('bookmarks the current view with its query and pins it to the sidebar', async () => {
    const backend = createBackend();
    const { events } = renderBookmarks(backend);
    expect(await screen.findByText(/Nothing pinned yet/)).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Bookmark this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmark this view' });
    const name = await within(dialog).findByLabelText('Name');
    await events.clear(name);
    await events.type(name, 'Unread');
    expect(within(dialog).getByLabelText('Pin to sidebar')).toBeChecked();
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(pinnedList()).findByRole('link', { name: 'Unread' })).toHaveAttribute('href', '/notification?unread=true');
    expect(backend.state.bookmarks).toMatchObject([{ name: 'Unread', view: '/notification', query: 'unread=true', pinned: true }]);
  });

  it('shows a duplicate name at the name field', async () => {
    const backend = createBackend({ bookmarks: [createBookmark({ name: 'Unread', view: '/notification', query: 'unread=true', pinned: true })] });
    const { events } = renderBookmarks(backend);
    await events.click(screen.getByRole('button', { name: 'Bookmark this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmark this view' });
    await events.clear(await within(dialog).findByLabelText('Name'));
    await events.type(within(dialog).getByLabelText('Name'), 'Unread');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BOOKMARK_NAME_TAKEN)).toBeInTheDocument();
  });

  it('unpins one bookmark from the sidebar', async () => {
    const backend = createBackend({
      bookmarks: [createBookmark({ name: 'Unread', query: 'unread=true', pinned: true }), createBookmark({ name: 'Page 2', query: 'page=2', pinned: true })],
    });
    const { events } = renderBookmarks(backend);
    await within(await screen.findByRole('list', { name: 'Pinned' })).findByRole('link', { name: 'Unread' });

    await events.click(screen.getByRole('button', { name: 'Unpin Unread' }));

    await waitFor(() => expect(within(pinnedList()).queryByRole('link', { name: 'Unread' })).not.toBeInTheDocument());
    expect(within(pinnedList()).getByRole('link', { name: 'Page 2' })).toBeInTheDocument();
    expect(backend.state.bookmarks.find((b) => b.name === 'Unread')?.pinned).toBe(false);
  });

  it('sets the pins in bulk from the manage dialog', async () => {
    const backend = createBackend({
      bookmarks: [createBookmark({ name: 'Unread', pinned: true }), createBookmark({ name: 'Company', view: '/companies', pinned: false })],
    });
    const { events } = renderBookmarks(backend);
    await within(await screen.findByRole('list', { name: 'Pinned' })).findByRole('link', { name: 'Unread' });

    await events.click(screen.getByRole('button', { name: 'Manage pins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage pins' });
    await events.click(await within(dialog).findByRole('checkbox', { name: 'Unread' }));
    await events.click(within(dialog).getByRole('checkbox', { name: 'Company' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(pinnedList()).findByRole('link', { name: 'Company' })).toHaveAttribute('href', '/companies');
    expect(within(pinnedList()).queryByRole('link', { name: 'Unread' })).not.toBeInTheDocument();
    expect(backend.state.bookmarks.map((b) => [b.name, b.pinned])).toEqual([
      ['Unread', false],
      ['Company', true],
    ]);
  });

  it('renames a bookmark from the manage dialog, refusing a name the view already has', async () => {
    const backend = createBackend({
      bookmarks: [createBookmark({ name: 'Unread', query: 'unread=true', pinned: true }), createBookmark({ name: 'Page 2', query: 'page=2', pinned: true })],
    });
    const { events } = renderBookmarks(backend);
    await within(await screen.findByRole('list', { name: 'Pinned' })).findByRole('link', { name: 'Unread' });

    await events.click(screen.getByRole('button', { name: 'Manage pins' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage pins' });
    await events.click(await within(manage).findByRole('button', { name: 'Rename Unread' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename bookmark' });
    const name = within(rename).getByLabelText('Name');
    await events.clear(name);
    await events.type(name, 'Page 2');
    await events.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await within(rename).findByText(BOOKMARK_NAME_TAKEN)).toBeInTheDocument();

    await events.clear(name);
    await events.type(name, 'To read');
    await events.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename bookmark' })).not.toBeInTheDocument());
    expect(await within(manage).findByText('To read')).toBeInTheDocument();
    await events.click(within(manage).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(pinnedList()).findByRole('link', { name: 'To read' })).toHaveAttribute('href', '/notification?unread=true');
    expect(backend.state.bookmarks.map((b) => b.name).sort()).toEqual(['Page 2', 'To read']);
  });

  it('keeps each bookmark’s pin in the manage dialog across a rename', async () => {
    const backend = createBackend({
      bookmarks: [createBookmark({ name: 'Unread', query: 'unread=true', pinned: true }), createBookmark({ name: 'Page 2', query: 'page=2', pinned: true })],
    });
    const { events } = renderBookmarks(backend);
    await within(await screen.findByRole('list', { name: 'Pinned' })).findByRole('link', { name: 'Unread' });

    await events.click(screen.getByRole('button', { name: 'Manage pins' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage pins' });
    const rename = async (from: string, to: string) => {
      await events.click(within(manage).getByRole('button', { name: `Rename ${from}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Rename bookmark' });
      await events.clear(within(dialog).getByLabelText('Name'));
      await events.type(within(dialog).getByLabelText('Name'), to);
      await events.click(within(dialog).getByRole('button', { name: 'Rename' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename bookmark' })).not.toBeInTheDocument());
      await within(manage).findByText(to);
    };

    // A pinned bookmark stays ticked under its new name.
    await rename('Unread', 'To read');
    expect(within(manage).getByRole('checkbox', { name: 'To read' })).toBeChecked();

    // An unticked pin is not lost by a rename before saving.
    await events.click(within(manage).getByRole('checkbox', { name: 'Page 2' }));
    await rename('Page 2', 'Second page');
    expect(within(manage).getByRole('checkbox', { name: 'Second page' })).not.toBeChecked();
    await events.click(within(manage).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.bookmarks.map((b) => [b.name, b.pinned])).toEqual([
      ['To read', true],
      ['Second page', false],
    ]);
  });

  it('keeps the manage dialog open while the pins are being saved, so a refusal is seen and the ticks are not lost', async () => {
    const backend = createBackend({
      bookmarks: [createBookmark({ name: 'Unread', pinned: true }), createBookmark({ name: 'Company', view: '/companies', pinned: false })],
    });
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { events } = renderBookmarks(backend);
    server.use(
      http.put(apiUrl('/user/bookmarks/pinned/'), async () => {
        await answered;
        return HttpResponse.json({ detail: 'Pins could not be saved.' }, { status: 400 });
      }),
    );
    await within(await screen.findByRole('list', { name: 'Pinned' })).findByRole('link', { name: 'Unread' });

    await events.click(screen.getByRole('button', { name: 'Manage pins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage pins' });
    await events.click(await within(dialog).findByRole('checkbox', { name: 'Company' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());

    within(dialog).getByRole('checkbox', { name: 'Unread' }).focus();
    await events.keyboard('{Escape}');
    answer();
    expect(await within(dialog).findByText('Pins could not be saved.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Manage pins' })).toBe(dialog);
    expect(within(dialog).getByRole('checkbox', { name: 'Company' })).toBeChecked();
  });
});
