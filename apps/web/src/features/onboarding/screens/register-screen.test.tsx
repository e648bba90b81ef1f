import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { PASSWORD_MESSAGES } from '@kontor/contract';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { RegisterScreen } from './register-screen';

function LoginStub() {
  const location = useLocation();
  return <p>Login with {(location.state as { email?: string } | null)?.email}</p>;
}

const renderRegister = () =>
  renderWithApp(<RegisterScreen />, { route: '/onboarding/register', path: '/onboarding/register', routes: [{ path: '/login', element: <LoginStub /> }] });

const button = (name: string) => screen.getByRole('button', { name });

/** Click and paste: one input event per field keeps these long forms fast to test. */
// Next validates the step before it moves on, asynchronously: the next step's fields are awaited.
async function fill(events: UserEvent, label: string, value: string) {
  await events.click(await screen.findByLabelText(label));
  await events.paste(value);
}

async function fillAccount(events: UserEvent) {
  await fill(events, 'First name', 'Ada');
  await fill(events, 'Last name', 'Lovelace');
  await fill(events, 'Email', 'ada@example.com');
  await fill(events, 'Phone number', '+46 70 123 45 67');
  await fill(events, 'Password', 'a-long-password');
  await fill(events, 'Confirm password', 'a-long-password');
}

async function fillCompany(events: UserEvent) {
  await fill(events, 'Company name', 'Analytical Engines AB');
  await fill(events, 'Country', 'Sweden');
  await fill(events, 'Shop URL', 'https://engines.example.com');
  await fill(events, 'Platform', 'WooCommerce');
}

describe('RegisterScreen', () => {
  it('goes next only below step 2 and back only above step 0, validating each step', async () => {
    const { events } = renderRegister();

    expect(button('Previous')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();

    await events.click(button('Next'));
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(screen.getByLabelText('First name')).toBeInTheDocument();

    await fillAccount(events);
    await events.click(button('Next'));
    expect(await screen.findByLabelText('Company name')).toBeInTheDocument();
    expect(button('Previous')).toBeEnabled();

    await events.click(button('Previous'));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    await events.click(button('Next'));

    await fillCompany(events);
    await events.click(button('Next'));
    expect(await screen.findByLabelText('I agree to the terms')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(button('Create account')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('business')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('requires agreeing to the terms, then registers and goes to /login with the email', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/user/demo_register/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...testUser, email: 'ada@example.com' }, { status: 201 });
      }),
    );
    const { events, router } = renderRegister();
    await fillAccount(events);
    await events.click(button('Next'));
    await fillCompany(events);
    await events.click(button('Next'));

    await events.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must agree to the terms.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await events.click(screen.getByLabelText('I agree to the terms'));
    await events.click(button('Create account'));

    expect(await screen.findByText('Login with ada@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Your demo account is ready');
    expect(bodies).toEqual([
      {
        account: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          phonenumber: '+46 70 123 45 67',
          role: 'business',
          password: 'a-long-password',
          password2: 'a-long-password',
          company_name: 'Analytical Engines AB',
          category: '',
        },
        company: {
          name: 'Analytical Engines AB',
          country: 'Sweden',
          url: 'https://engines.example.com',
          role: 'Admin',
          platform: 'WooCommerce',
          agreed_to_terms: true,
        },
      },
    ]);
  });

  it('checks the password rule of the contract before leaving step 0: a common password, the email, too short', async () => {
    const { events } = renderRegister();
    await fill(events, 'First name', 'Ada');
    await fill(events, 'Last name', 'Lovelace');
    await fill(events, 'Email', 'ada.lovelace@example.com');
    const password = screen.getByLabelText('Password');
    const tryPassword = async (value: string) => {
      await events.clear(password);
      await events.click(password);
      await events.paste(value);
      await events.clear(screen.getByLabelText('Confirm password'));
      await events.click(screen.getByLabelText('Confirm password'));
      await events.paste(value);
      await events.click(button('Next'));
    };

    await tryPassword('Password123');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooCommon)).toBeInTheDocument();
    await tryPassword('ADA.LOVELACE');
    expect(await screen.findByText(PASSWORD_MESSAGES.similarToEmail)).toBeInTheDocument();
    await tryPassword('short');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();

    await tryPassword('a-long-password');
    expect(await screen.findByLabelText('Company name')).toBeInTheDocument();
  });

  it('shows server field errors at their field, on their step', async () => {
    server.use(
      http.post(apiUrl('/user/demo_register/'), () => HttpResponse.json({ 'account.email': ['A user with that email already exists.'] }, { status: 400 })),
    );
    const { events } = renderRegister();
    await fillAccount(events);
    await events.click(button('Next'));
    await fillCompany(events);
    await events.click(button('Next'));
    await events.click(await screen.findByLabelText('I agree to the terms'));
    await events.click(button('Create account'));

    expect(await screen.findByText('A user with that email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(button('Previous')).toBeDisabled();
  });

  it('puts the focus on the first field the server refused, on the step it goes back to', async () => {
    server.use(
      http.post(apiUrl('/user/demo_register/'), () =>
        HttpResponse.json(
          {
            'company.url': ['Enter a valid URL.'],
            'account.password2': ['The two passwords differ.'],
            'account.email': ['A user with that email already exists.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { events } = renderRegister();
    await fillAccount(events);
    await events.click(button('Next'));
    await fillCompany(events);
    await events.click(button('Next'));
    await events.click(await screen.findByLabelText('I agree to the terms'));
    await events.click(button('Create account'));

    expect(await screen.findByText('A user with that email already exists.')).toBeInTheDocument();
    // The account step, and on it the first refused field in the form's order (not First name).
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Reset restores the defaults and goes back to step 0', async () => {
    const { events } = renderRegister();
    await fillAccount(events);
    await events.click(button('Next'));
    await fillCompany(events);
    await events.click(button('Next'));
    await events.click(await screen.findByLabelText('I agree to the terms'));

    await events.click(button('Reset'));

    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(button('Previous')).toBeDisabled();
    await fillAccount(events);
    await events.click(button('Next'));
    expect(await screen.findByLabelText('Company name')).toHaveValue('');
    await fillCompany(events);
    await events.click(button('Next'));
    expect(await screen.findByLabelText('I agree to the terms')).not.toBeChecked();
    expect(screen.getByText('business')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('goes through the steps by keyboard: Enter moves on, and each step puts the focus on its first field', async () => {
    const { events } = renderRegister();
    await fillAccount(events);
    await events.keyboard('{Enter}');
    expect(await screen.findByLabelText('Company name')).toHaveFocus();
    await fillCompany(events);
    await events.keyboard('{Enter}');
    const terms = await screen.findByLabelText('I agree to the terms');
    expect(terms).toHaveFocus();
    await events.keyboard(' ');
    expect(terms).toBeChecked();
  });
});
