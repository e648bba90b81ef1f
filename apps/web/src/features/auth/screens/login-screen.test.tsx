import { MESSAGES } from '@kontor/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/auth-token-store';
import { sessionKeys } from '@/lib/current-user';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { LoginScreen } from './login-screen';

const home = { path: '/', element: <p>Home screen</p> };

describe('LoginScreen', () => {
  it('logs in with email and password, keeps the access token in memory, loads the user and goes home', async () => {
    const logins: unknown[] = [];
    server.use(
      http.post(apiUrl('/login/'), async ({ request }) => {
        logins.push(await request.json());
        return HttpResponse.json({ access: 'access-1', refresh: 'refresh-1' });
      }),
      http.get(apiUrl('/user/'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-1' ? HttpResponse.json(testUser) : HttpResponse.json({ detail: 'no' }, { status: 401 }),
      ),
    );
    const { events, router, queryClient } = renderWithApp(<LoginScreen />, { route: '/login', path: '/login', routes: [home] });

    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(logins).toEqual([{ username: 'ada@example.com', password: 'correct horse battery' }]);
    expect(getAccessToken()).toBe('access-1');
    expect(window.localStorage.length).toBe(0);
    expect(queryClient.getQueryData(sessionKeys.user())).toEqual(testUser);
  });

  it("shows 'Bad credentials' for any non-200 answer and stays on /login", async () => {
    server.use(http.post(apiUrl('/login/'), () => HttpResponse.json({ detail: 'No active account found with the given credentials' }, { status: 401 })));
    const { events, router } = renderWithApp(<LoginScreen />, { route: '/login', path: '/login', routes: [home] });

    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await events.type(screen.getByLabelText('Password'), 'wrong');
    await events.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.badCredentials);
    expect(router.state.location.pathname).toBe('/login');
    expect(getAccessToken()).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const { events } = renderWithApp(<LoginScreen />, { route: '/login', path: '/login' });
    await events.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
  });

  it('prefills the email handed over by registration', async () => {
    const { router } = renderWithApp(<LoginScreen />, {
      route: '/onboarding/register',
      path: '/login',
      routes: [{ path: '/onboarding/register', element: null }],
    });
    await router.navigate('/login', { state: { email: 'new@example.com' } });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('new@example.com'));
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
