import { MESSAGES } from '@kontor/contract';
import { expect, logIn, registerViaApi, screenshot, startKontor, test, uniqueEmail } from './fixtures.js';

test('a new operator registers in three steps, logs in, sees the Overview and logs out', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/onboarding');
  await screenshot(page, 'onboarding-start');
  await page.getByRole('link', { name: /create a demo account/i }).click();
  await expect(page).toHaveURL(/\/onboarding\/register/);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Step 0: account details.
  await page.getByLabel('First name').fill('Astrid');
  await page.getByLabel('Last name').fill('Berg');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+46 70 123 45 67');
  await page.getByLabel('Password', { exact: true }).fill('my-shop-password-1');
  await page.getByLabel('Confirm password').fill('my-shop-password-1');
  await screenshot(page, 'onboarding-register-step-0');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 1: company.
  await page.getByLabel('Company name').fill('Berg Outdoor AB');
  await page.getByLabel('Country').fill('Sweden');
  await page.getByLabel('Shop URL').fill('https://berg-outdoor.example');
  await page.getByLabel('Platform').fill('WooCommerce');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: terms are required; Next does not exist past the last step.
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding\/register/);
  await expect(page.getByText(/agree to the terms/i).first()).toBeVisible();
  await page.getByLabel('I agree to the terms').check();
  await screenshot(page, 'onboarding-register-step-2');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Registration builds the whole demo shop (catalog, stock history, suppliers, orders) in one
  // transaction: about a second on a quiet machine, far more while the other worker's server
  // and browser share the two CI cores.
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('my-shop-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Berg Outdoor AB').first()).toBeVisible();
  await screenshot(page, 'overview');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The session is gone: a protected path sends us back out.
  await page.goto('/notification');
  await expect(page).toHaveURL(/\/(onboarding|login)/);
});

test('a wrong password shows Bad credentials', async ({ page, baseURL }) => {
  const account = await registerViaApi(baseURL!);
  await logIn(page, account.email, 'definitely-not-it');
  await expect(page.getByText(MESSAGES.badCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'login-bad-credentials');
});

test('a forgotten password is reset through the mailed link, then the new one logs in', async ({ page, baseURL, mailbox }) => {
  const account = await registerViaApi(baseURL!);
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/login\/reset-password/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await screenshot(page, 'login-reset-password');

  const mail = await mailbox.waitFor(account.email);
  const link = /(http:\/\/\S+\/login\/new-password#token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, 'reset link in the mail').toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password').fill('the-new-password-42');
  await page.getByLabel('Confirm password').fill('the-new-password-42');
  await screenshot(page, 'login-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, account.email, account.password);
  await expect(page.getByText(MESSAGES.badCredentials)).toBeVisible();
  await logIn(page, account.email, 'the-new-password-42');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('an unknown path shows the 404 page and Go to Home leads home', async ({ page, baseURL }) => {
  const account = await registerViaApi(baseURL!);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText(MESSAGES.pageNotFound)).toBeVisible();
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: MESSAGES.goToHome }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a protected path without a session lands on /onboarding', async ({ page }) => {
  await page.goto('/notification');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a session survives a reload (start-up refresh through the HttpOnly cookie)', async ({ page, baseURL }) => {
  const account = await registerViaApi(baseURL!);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
  expect(stored).not.toMatch(/eyJ/); // no JWT readable by scripts
});

test.describe('with short-lived access tokens', () => {
  let server: Awaited<ReturnType<typeof startKontor>>;
  test.beforeAll(async () => {
    server = await startKontor({ ACCESS_TOKEN_TTL_SECONDS: '2' });
  });
  test.afterAll(async () => server?.stop());

  test('an expired access token is refreshed transparently', async ({ page }) => {
    const account = await registerViaApi(server.url);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

    const statuses: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/')) statuses.push({ url: new URL(r.url()).pathname, status: r.status() });
    });
    await page.waitForTimeout(3_000); // the access token is now expired
    await page.getByRole('link', { name: 'Notifications' }).first().click();
    await expect(page).toHaveURL(/\/notification/);
    await expect(page.getByText('Welcome to Kontor').first()).toBeVisible();
    expect(
      statuses.some((s) => s.status === 401),
      'the old token was refused',
    ).toBe(true);
    expect(
      statuses.some((s) => s.url === '/api/token/refresh/' && s.status === 200),
      'then refreshed',
    ).toBe(true);
    await expect(page).not.toHaveURL(/\/login/);
  });
});
