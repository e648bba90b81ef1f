import { PASSWORD_MESSAGES, USER_MESSAGES, type UserListItem } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { CompanyUsersCard } from './company-users-card';

const page = (results: UserListItem[]) => ({ count: results.length, next: null, previous: null, results });
const self: UserListItem = {
  id: testUser.id,
  email: testUser.email,
  first_name: testUser.first_name,
  last_name: testUser.last_name,
  company_role: 'Admin',
  is_active: true,
};
const sven: UserListItem = { id: 21, email: 'sven@example.com', first_name: 'Sven', last_name: 'Berg', company_role: 'Staff', is_active: true };

/** A team back end that keeps the PATCHes and POSTs it got. */
function teamBackend(initial: UserListItem[] = [self, sven]) {
  let team = [...initial];
  const posts: unknown[] = [];
  const patches: { id: number; body: unknown }[] = [];
  server.use(
    http.get(apiUrl('/users/'), () => HttpResponse.json(page(team))),
    http.post(apiUrl('/users/'), async ({ request }) => {
      const body = (await request.json()) as UserListItem & { password: string };
      posts.push(body);
      const created: UserListItem = {
        id: 99,
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        company_role: body.company_role,
        is_active: true,
      };
      team = [...team, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(apiUrl('/users/:id/'), async ({ request, params }) => {
      const body = (await request.json()) as Partial<UserListItem>;
      const id = Number(params.id);
      patches.push({ id, body });
      team = team.map((u) => (u.id === id ? { ...u, ...body } : u));
      return HttpResponse.json(team.find((u) => u.id === id));
    }),
  );
  return { posts, patches };
}

describe('CompanyUsersCard', () => {
  it('lets an Admin add a person with the contract’s password rule, and shows them in the list', async () => {
    const backend = teamBackend();
    const { events } = renderWithApp(<CompanyUsersCard />, { user: testUser });
    await events.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });

    await events.type(within(dialog).getByLabelText('First name'), 'Nora');
    await events.type(within(dialog).getByLabelText('Last name'), 'Nyberg');
    await events.type(within(dialog).getByLabelText('Email'), 'nora.nyberg@example.com');
    const password = within(dialog).getByLabelText('First password');
    await events.type(password, 'qwerty123456');
    await events.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText(PASSWORD_MESSAGES.tooCommon)).toBeInTheDocument();
    await events.clear(password);
    await events.type(password, 'nora.nyberg');
    await events.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText(PASSWORD_MESSAGES.similarToEmail)).toBeInTheDocument();
    expect(backend.posts).toEqual([]);

    await events.clear(password);
    await events.type(password, 'a-first-passphrase-42');
    await events.click(within(dialog).getByRole('button', { name: 'Add person' }));

    expect(await screen.findByText('Nora Nyberg can now log in as nora.nyberg@example.com.')).toBeInTheDocument();
    expect(backend.posts).toEqual([
      { email: 'nora.nyberg@example.com', first_name: 'Nora', last_name: 'Nyberg', phonenumber: '', company_role: 'Staff', password: 'a-first-passphrase-42' },
    ]);
    expect(await screen.findByText('nora.nyberg@example.com')).toBeInTheDocument();
  });

  it('shows the server’s refusal at its field', async () => {
    teamBackend();
    server.use(http.post(apiUrl('/users/'), () => HttpResponse.json({ email: [USER_MESSAGES.emailTaken] }, { status: 400 })));
    const { events } = renderWithApp(<CompanyUsersCard />, { user: testUser });
    await events.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await events.type(within(dialog).getByLabelText('First name'), 'Sven');
    await events.type(within(dialog).getByLabelText('Last name'), 'Again');
    await events.type(within(dialog).getByLabelText('Email'), 'sven@example.com');
    await events.type(within(dialog).getByLabelText('First password'), 'a-first-passphrase-42');
    await events.click(within(dialog).getByRole('button', { name: 'Add person' }));

    expect(await within(dialog).findByText(USER_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets an Admin change another person’s role and deactivate them after a confirmation, not their own', async () => {
    const backend = teamBackend();
    const { events } = renderWithApp(<CompanyUsersCard />, { user: testUser });
    expect(await screen.findByText('sven@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Actions for ${testUser.first_name} ${testUser.last_name}` })).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Actions for Sven Berg' }));
    await events.click(screen.getByRole('menuitem', { name: 'Make Admin' }));
    expect(await screen.findByText('Sven Berg is now Admin.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Actions for Sven Berg' }));
    await events.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Sven Berg?' });
    await events.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Sven Berg is deactivated.')).toBeInTheDocument();
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(screen.getByRole('button', { name: 'Actions for Sven Berg' }));
    await events.click(screen.getByRole('menuitem', { name: 'Reactivate' }));
    await waitFor(() => expect(backend.patches).toHaveLength(3));
    expect(backend.patches).toEqual([
      { id: 21, body: { company_role: 'Admin' } },
      { id: 21, body: { is_active: false } },
      { id: 21, body: { is_active: true } },
    ]);
  });

  it('says why the server refused a change', async () => {
    teamBackend();
    server.use(http.patch(apiUrl('/users/:id/'), () => HttpResponse.json({ company_role: [USER_MESSAGES.lastAdmin] }, { status: 400 })));
    const { events } = renderWithApp(<CompanyUsersCard />, { user: testUser });
    await events.click(await screen.findByRole('button', { name: 'Actions for Sven Berg' }));
    await events.click(screen.getByRole('menuitem', { name: 'Make Admin' }));
    expect(await screen.findByText(USER_MESSAGES.lastAdmin)).toBeInTheDocument();
    // A refusal, not a confirmation: the snackbar says it in the error colour.
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
  });

  it('shows Staff the team without any way to add or change people', async () => {
    teamBackend();
    renderWithApp(<CompanyUsersCard />, { user: { ...testUser, company_role: 'Staff' } });
    expect(await screen.findByText('sven@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('keeps the dialog open while a person is being added, so a refusal is seen and nothing typed is lost', async () => {
    teamBackend();
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(apiUrl('/users/'), async () => {
        await answered;
        return HttpResponse.json({ email: [USER_MESSAGES.emailTaken] }, { status: 400 });
      }),
    );
    const { events } = renderWithApp(<CompanyUsersCard />, { user: testUser });
    await events.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await events.type(within(dialog).getByLabelText('First name'), 'Sven');
    await events.type(within(dialog).getByLabelText('Last name'), 'Again');
    await events.type(within(dialog).getByLabelText('Email'), 'sven@example.com');
    await events.type(within(dialog).getByLabelText('First password'), 'a-first-passphrase-42');
    await events.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());

    await events.click(within(dialog).getByLabelText('First name'));
    await events.keyboard('{Escape}');
    answer();
    expect(await within(dialog).findByText(USER_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a person' })).toBe(dialog);
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Sven');
  });
});
