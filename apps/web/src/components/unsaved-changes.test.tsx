import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { LEAVE_MESSAGE, LEAVE_TITLE, useUnsavedChanges } from './unsaved-changes';

/** A record's form: dirty once something is typed, its record named by ?id=. */
function NoteForm() {
  const [searchParams] = useSearchParams();
  const [note, setNote] = useState('');
  useUnsavedChanges(note !== '', ['id']);
  return (
    <>
      <p>Record {searchParams.get('id')}</p>
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/records?id=2">Record 2</Link>
      <Link to="/records?id=1&tab=history">History tab</Link>
      <button type="button" onClick={() => setNote('')}>
        Save
      </button>
    </>
  );
}

const render = () => renderWithApp(<NoteForm />, { route: '/records?id=1', path: '/records', routes: [{ path: '/elsewhere', element: <p>Another page</p> }] });

describe('UnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const { events, router } = render();
    await events.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving the page with unsaved edits: Stay keeps them, Leave goes', async () => {
    const { events, router } = render();
    await events.type(screen.getByLabelText('Note'), 'half typed');
    await events.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    expect(dialog).toHaveTextContent(LEAVE_MESSAGE);

    await events.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/records');
    expect(screen.getByLabelText('Note')).toHaveValue('half typed');

    await events.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await events.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('asks before another record, not before another tab of the same one', async () => {
    const { events, router } = render();
    await events.type(screen.getByLabelText('Note'), 'x');
    await events.click(screen.getByRole('link', { name: 'History tab' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=1&tab=history'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await events.click(screen.getByRole('link', { name: 'Record 2' }));
    expect(await screen.findByRole('dialog', { name: LEAVE_TITLE })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=1&tab=history');
    await events.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
  });

  it('asks the browser to confirm closing or reloading the tab only while edits are unsaved', async () => {
    const { events } = render();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await events.type(screen.getByLabelText('Note'), 'x');
    expect(unload()).toBe(true);
    // Saved: nothing left to lose.
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
    await events.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });
});
