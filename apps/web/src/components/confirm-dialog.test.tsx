import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { ConfirmDialog } from './confirm-dialog';

/** A delete confirmed as the screens confirm theirs: a mutation, its isPending as `pending`. */
function DeleteNote() {
  const [open, setOpen] = useState(true);
  const remove = useMutation({ mutationFn: () => api.delete('/notes/1/') });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete note
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this note?"
        message="It cannot be undone."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setOpen(false) })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** DELETE /notes/1/: counts the calls; the first answers 404 once released, as a repeat would. */
function notesBackend() {
  const deletes: number[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.delete(apiUrl('/notes/1/'), async () => {
      deletes.push(deletes.length);
      await released;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { deletes, release };
}

describe('ConfirmDialog', () => {
  it('confirms once when Enter is pressed twice quickly on its button, and again once the first has settled', async () => {
    const backend = notesBackend();
    const { events } = renderWithApp(<DeleteNote />, { user: testUser });
    screen.getByRole('button', { name: 'Delete' }).focus();
    await events.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(backend.deletes).toHaveLength(1));
    backend.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.deletes).toHaveLength(1);

    // Opened again, it confirms again.
    await events.click(screen.getByRole('button', { name: 'Delete note' }));
    await events.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(backend.deletes).toHaveLength(2));
  });
});
