import { MESSAGES } from '@kontor/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAVE_TITLE } from '@/components/unsaved-changes';
import { sessionKeys } from '@/lib/current-user';
import { createCompany } from '@/test/fixtures';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { CompanyScreen } from './company-screen';

describe('CompanyScreen', () => {
  // The storefront connection section loads beside the company; not connected unless a test says so.
  beforeEach(() => server.use(http.get(apiUrl('/customers/storefront/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 }))));

  it('saves the company with PUT and says so', async () => {
    let company = createCompany();
    const puts: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json(company)),
      http.put(apiUrl('/users/companies/:id/'), async ({ request }) => {
        const body = (await request.json()) as typeof company;
        puts.push(body);
        company = { ...company, ...body };
        return HttpResponse.json(company);
      }),
      http.get(apiUrl('/user/'), () => HttpResponse.json({ ...testUser, company_name: company.name })),
    );
    const { events, queryClient } = renderWithApp(<CompanyScreen />, { user: testUser, route: '/companies' });

    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue(testUser.company_name);
    await events.clear(name);
    await events.type(name, 'Engines Nordic AB');
    await events.clear(screen.getByLabelText('Platform'));
    await events.type(screen.getByLabelText('Platform'), 'Shopify');
    await events.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(puts).toEqual([{ name: 'Engines Nordic AB', country: 'Sweden', url: 'https://engines.example.com', platform: 'Shopify' }]);
    // The user carries the company name: it is reloaded.
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.user())).toMatchObject({ company_name: 'Engines Nordic AB' }));
  });

  it('asks before leaving with unsaved company details, and not once they are saved', async () => {
    let company = createCompany();
    server.use(
      http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json(company)),
      http.put(apiUrl('/users/companies/:id/'), async ({ request }) => {
        company = { ...company, ...((await request.json()) as typeof company) };
        return HttpResponse.json(company);
      }),
      http.get(apiUrl('/user/'), () => HttpResponse.json(testUser)),
    );
    const { events, router } = renderWithApp(<CompanyScreen />, { user: testUser, route: '/companies' });
    await events.type(await screen.findByLabelText('Country'), ' and Norway');
    // Out of the field, as a click on a link would leave it (the dialog gives the focus back on close).
    await events.click(document.body);
    await act(() => router.navigate('/catalog/products'));
    expect(await screen.findByRole('dialog', { name: LEAVE_TITLE })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE_TITLE })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/companies');

    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    await act(() => router.navigate('/catalog/products'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/products'));
    expect(screen.queryByRole('dialog', { name: LEAVE_TITLE })).not.toBeInTheDocument();
  });

  it('shows server field errors at their field', async () => {
    server.use(
      http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json(createCompany())),
      http.put(apiUrl('/users/companies/:id/'), () => HttpResponse.json({ url: ['Enter a valid URL.'] }, { status: 400 })),
    );
    const { events } = renderWithApp(<CompanyScreen />, { user: testUser, route: '/companies' });
    await screen.findByLabelText('Company name');
    await events.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a valid URL.')).toBeInTheDocument();
    expect(screen.getByLabelText('Shop URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the form before saving', async () => {
    server.use(http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json(createCompany())));
    const { events } = renderWithApp(<CompanyScreen />, { user: testUser, route: '/companies' });
    await events.clear(await screen.findByLabelText('Company name'));
    await events.clear(screen.getByLabelText('Shop URL'));
    await events.type(screen.getByLabelText('Shop URL'), 'not a url');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid URL.')).toBeInTheDocument();
  });

  it('shows Staff a disabled form with a note, and no Save', async () => {
    server.use(http.get(apiUrl('/users/companies/:id/'), () => HttpResponse.json(createCompany())));
    renderWithApp(<CompanyScreen />, { user: { ...testUser, company_role: 'Staff' }, route: '/company-Preferences' });

    expect(await screen.findByLabelText('Company name')).toBeDisabled();
    expect(screen.getByLabelText('Country')).toBeDisabled();
    expect(screen.getByText(/Only an Admin of your company can change these details/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Store URL')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save connection' })).not.toBeInTheDocument();
  });
});
