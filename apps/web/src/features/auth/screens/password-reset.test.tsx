import { PASSWORD_MESSAGES } from '@kontor/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { NewPasswordScreen, tokenFromHash } from './new-password-screen';
import { ResetPasswordScreen } from './reset-password-screen';

const loginStub = { path: '/login', element: <p>Login screen</p> };

describe('ResetPasswordScreen', () => {
  it('asks for the email and says a link was sent if the account exists', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/password_reset/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    const { events } = renderWithApp(<ResetPasswordScreen />, { route: '/login/reset-password' });
    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await events.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(/If an account exists for ada@example.com/)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
  });
});

describe('NewPasswordScreen', () => {
  it('reads the token from the URL fragment', () => {
    expect(tokenFromHash('#token=abc-123')).toBe('abc-123');
    expect(tokenFromHash('')).toBe('');
  });

  it('sets the new password with the token from the link, then goes to /login with a snackbar', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/password_reset/confirm/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    const { events, router } = renderWithApp(<NewPasswordScreen />, {
      route: '/login/new-password#token=tok-42',
      path: '/login/new-password',
      routes: [loginStub],
    });

    expect(screen.getByLabelText('Token')).toHaveValue('tok-42');
    await events.type(screen.getByLabelText('New password'), 'a-new-long-password');
    await events.type(screen.getByLabelText('Confirm password'), 'a-new-long-password');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Your password has been changed');
    expect(bodies).toEqual([{ token: 'tok-42', password: 'a-new-long-password' }]);
  });

  it('shows the errors the server returns as data, at their fields', async () => {
    server.use(
      http.post(apiUrl('/user/password_reset/confirm/'), () => HttpResponse.json({ token: ['The reset link is invalid or has expired.'] }, { status: 400 })),
    );
    const { events } = renderWithApp(<NewPasswordScreen />, { route: '/login/new-password', path: '/login/new-password' });

    await events.type(screen.getByLabelText('Token'), 'typed-token');
    await events.type(screen.getByLabelText('New password'), 'a-new-long-password');
    await events.type(screen.getByLabelText('Confirm password'), 'a-new-long-password');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('The reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText('Token')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the password rule of the contract before calling the server', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/password_reset/confirm/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    const { events } = renderWithApp(<NewPasswordScreen />, { route: '/login/new-password#token=t', path: '/login/new-password' });
    await events.type(screen.getByLabelText('New password'), 'qwertyuiop');
    await events.type(screen.getByLabelText('Confirm password'), 'qwertyuiop');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.tooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('shows the server’s password rule message (the email is only known there) at the password', async () => {
    server.use(http.post(apiUrl('/user/password_reset/confirm/'), () => HttpResponse.json({ password: [PASSWORD_MESSAGES.similarToEmail] }, { status: 400 })));
    const { events } = renderWithApp(<NewPasswordScreen />, { route: '/login/new-password#token=t', path: '/login/new-password' });
    await events.type(screen.getByLabelText('New password'), 'ada@example.com');
    await events.type(screen.getByLabelText('Confirm password'), 'ada@example.com');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.similarToEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks that the two passwords match before calling the server', async () => {
    const { events } = renderWithApp(<NewPasswordScreen />, { route: '/login/new-password#token=t', path: '/login/new-password' });
    await events.type(screen.getByLabelText('New password'), 'a-new-long-password');
    await events.type(screen.getByLabelText('Confirm password'), 'something-else-entirely');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText("The two password fields didn't match.")).toBeInTheDocument();
  });
});
