import { PASSWORD_CHANGE_MESSAGES, PASSWORD_MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/auth-token-store';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { PASSWORD_CHANGED } from './change-password-dialog';
import { UserMenu } from './user-menu';

async function openDialog() {
  const rendered = renderWithApp(<UserMenu />, { user: testUser });
  await rendered.events.click(screen.getByRole('button', { name: 'Account' }));
  await rendered.events.click(screen.getByRole('menuitem', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change password' });
  return { ...rendered, dialog };
}

describe('Change password (user menu)', () => {
  it('changes the password, keeps this session with the new access token, and says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/password_change/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'access-after-change', refresh: 'refresh-after-change' });
      }),
    );
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText('Current password'), 'the-old-passphrase');
    await events.type(within(dialog).getByLabelText('New password'), 'a-new-and-better-passphrase');
    await events.type(within(dialog).getByLabelText('Confirm new password'), 'a-new-and-better-passphrase');
    await events.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument());
    expect(bodies).toEqual([{ old_password: 'the-old-passphrase', new_password: 'a-new-and-better-passphrase' }]);
    expect(getAccessToken()).toBe('access-after-change');
  });

  it('checks the contract’s password rule, the user’s email and the confirmation before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/user/password_change/'), () => {
        calls += 1;
        return HttpResponse.json({ access: 'a', refresh: 'r' });
      }),
    );
    const { events, dialog } = await openDialog();
    const current = within(dialog).getByLabelText('Current password');
    const next = within(dialog).getByLabelText('New password');
    const confirm = within(dialog).getByLabelText('Confirm new password');
    const submit = within(dialog).getByRole('button', { name: 'Change password' });
    await events.type(current, 'the-old-passphrase');

    await events.type(next, 'password1234');
    await events.type(confirm, 'password1234');
    await events.click(submit);
    expect(await within(dialog).findByText(PASSWORD_MESSAGES.tooCommon)).toBeInTheDocument();

    await events.clear(next);
    await events.type(next, testUser.email.toUpperCase());
    await events.click(submit);
    expect(await within(dialog).findByText(PASSWORD_MESSAGES.similarToEmail)).toBeInTheDocument();

    await events.clear(next);
    await events.type(next, 'a-new-and-better-passphrase');
    await events.click(submit);
    expect(await within(dialog).findByText("The two password fields didn't match.")).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('shows a wrong current password at its field', async () => {
    server.use(
      http.post(apiUrl('/user/password_change/'), () => HttpResponse.json({ old_password: [PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect] }, { status: 400 })),
    );
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText('Current password'), 'not-my-password');
    await events.type(within(dialog).getByLabelText('New password'), 'a-new-and-better-passphrase');
    await events.type(within(dialog).getByLabelText('Confirm new password'), 'a-new-and-better-passphrase');
    await events.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await within(dialog).findByText(PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('stays open while the change is under way, so a wrong current password is seen', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(apiUrl('/user/password_change/'), async () => {
        await answered;
        return HttpResponse.json({ old_password: [PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect] }, { status: 400 });
      }),
    );
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText('Current password'), 'not-my-password');
    await events.type(within(dialog).getByLabelText('New password'), 'a-new-and-better-passphrase');
    await events.type(within(dialog).getByLabelText('Confirm new password'), 'a-new-and-better-passphrase');
    await events.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());

    await events.click(within(dialog).getByLabelText('Current password'));
    await events.keyboard('{Escape}');
    answer();
    expect(await within(dialog).findByText(PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBe(dialog);
  });
});
