import { zodResolver } from '@hookform/resolvers/zod';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { FormDialog, useHoldDialogOpen } from './form-dialog';
import { FormTextField } from './form-text-field';

const NoteSchema = z.object({ name: z.string().trim().min(1, 'This field may not be blank.') });
type Note = z.infer<typeof NoteSchema>;

/** A dialog's form as the features write them: react-hook-form, a mutation, the save held open. */
function NoteForm({ onClose }: { onClose: () => void }) {
  const save = useMutation({ mutationFn: (body: Note) => api.post('/notes/', body) });
  useHoldDialogOpen(save.isPending);
  const { control, handleSubmit, setError, setValue } = useForm<Note>({ resolver: zodResolver(NoteSchema), defaultValues: { name: '' } });
  const handleSave = handleSubmit((body) => save.mutate(body, { onSuccess: onClose, onError: (error) => applyServerErrors(error, ['name'], setError) }));
  return (
    <form noValidate onSubmit={handleSave} aria-label="Note">
      <FormTextField control={control} name="name" label="Name" autoFocus />
      {/* A value picked by click, as from a list: no typing in the form. */}
      <button type="button" onClick={() => setValue('name', 'Groceries')}>
        Use the last name
      </button>
      <button type="submit" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}

function NoteDialog() {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog open={open} onClose={() => setOpen(false)} aria-labelledby="note-title">
      <DialogTitle id="note-title">New note</DialogTitle>
      <NoteForm onClose={() => setOpen(false)} />
    </FormDialog>
  );
}

/** POST /notes/: refuses the names in `taken`, answers the rest after `answered`. */
function notesBackend(taken: string[] = []) {
  const posts: Note[] = [];
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.post(apiUrl('/notes/'), async ({ request }) => {
      const body = (await request.json()) as Note;
      posts.push(body);
      if (taken.includes(body.name)) return HttpResponse.json({ name: ['A note with this name already exists.'] }, { status: 400 });
      await answered;
      return HttpResponse.json(body, { status: 201 });
    }),
  );
  return { posts, answer };
}

describe('FormDialog', () => {
  it('sends one save when Enter is pressed twice quickly, before the save has disabled the submit button', async () => {
    const backend = notesBackend();
    const { events } = renderWithApp(<NoteDialog />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'New note' });

    await events.type(within(dialog).getByLabelText('Name'), 'Groceries');
    await events.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(backend.posts).toHaveLength(1));
    await events.keyboard('{Enter}');
    backend.answer();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.posts).toEqual([{ name: 'Groceries' }]);
  });

  it('sends the form again after a refused check once a value is picked by click', async () => {
    const backend = notesBackend();
    const { events } = renderWithApp(<NoteDialog />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'New note' });

    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Use the last name' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.posts).toEqual([{ name: 'Groceries' }]));
    backend.answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets the form be sent again once a refused save or a refused check has come back', async () => {
    const backend = notesBackend(['Taken']);
    const { events } = renderWithApp(<NoteDialog />, { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    const name = within(dialog).getByLabelText('Name');

    // Refused by the form's own check: nothing sent, and the corrected form goes.
    await events.type(name, '{Enter}');
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();
    await events.type(name, 'Taken{Enter}');
    expect(await within(dialog).findByText('A note with this name already exists.')).toBeInTheDocument();
    // Refused by the server: the same dialog sends the next try.
    await events.clear(name);
    await events.type(name, 'Groceries{Enter}');
    await waitFor(() => expect(backend.posts).toHaveLength(2));
    backend.answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.posts).toEqual([{ name: 'Taken' }, { name: 'Groceries' }]);
  });
});
