import { mkdirSync } from 'node:fs';
import { MESSAGES, type BulkDescriptionPage, type ProductDescriptionPage } from '@kontor/contract';
import type { Page } from '@playwright/test';
import { startChatServer, type ChatServer } from '../apps/api/test/chat-server.js';
import { expect, logIn, registerViaApi, screenshot, startKontor, test, type Account, type KontorServer } from './fixtures.js';

/**
 * /catalog/product-bulk3-description in real Chromium on the demo company: a meta title is edited
 * in the grid in EN and checked through the API; then, against an app configured with a local
 * chat-completions server, rows are machine translated from SV, reviewed and saved.
 */

const SHOTS = '/tmp/shots';

async function accessToken(baseURL: string, account: Account): Promise<string> {
  const res = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  return ((await res.json()) as { access: string }).access;
}

async function apiGet<T>(baseURL: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Descriptions' });
const cell = (page: Page, label: string, sku: string) => grid(page).getByRole('gridcell', { name: `${label}, ${sku}`, exact: true });

async function openDescriptions(page: Page, account: Account) {
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Descriptions', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/product-bulk3-description$/);
  await expect(page.getByRole('status', { name: 'Fetch status: succeeded' })).toBeVisible();
}

test('bulk descriptions: edit a meta title in the grid in EN, checked through the API', async ({ page, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  const account = await registerViaApi(baseURL!);
  const token = await accessToken(baseURL!, account);
  await openDescriptions(page, account);

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page).toHaveURL(/language=EN/);
  await expect(page.getByRole('status', { name: 'Fetch status: succeeded' })).toBeVisible();
  // The first row of the grid is the newest product, as in the catalog.
  const first = (await apiGet<BulkDescriptionPage>(baseURL!, token, '/catalog/product_descriptions_bulk/?language=EN&limit=1')).results[0]!;
  await expect(grid(page).getByRole('row', { name: first.sku, exact: true })).toBeVisible();

  await cell(page, 'Meta title', first.sku).click();
  await expect(page.getByRole('region', { name: 'Selected cell value' })).toContainText(`Meta title · ${first.sku}`);
  await page.keyboard.press('Enter');
  const input = page.getByRole('textbox', { name: `Meta title of ${first.sku}` });
  await input.fill('E2E brass lamp | Shop');
  await input.press('Enter');
  await expect(page.getByText(MESSAGES.updateSuccessfully)).toBeVisible();
  await expect(cell(page, 'Meta title', first.sku)).toHaveText('E2E brass lamp | Shop');
  await screenshot(page, 'bulk-descriptions-en');
  await page.screenshot({ path: `${SHOTS}/bulk-descriptions-en.png` });

  const stored = await apiGet<ProductDescriptionPage>(baseURL!, token, `/catalog/product_descriptions/?product=${first.id}&language=EN`);
  expect(stored.results).toHaveLength(1);
  expect(stored.results[0]).toMatchObject({ product: first.id, language: 'EN', meta_title: 'E2E brass lamp | Shop' });
  // The other fields of an existing EN description are untouched.
  if (first.description) expect(stored.results[0]!.name).toBe(first.description.name);

  // Moving on with the keyboard: the selection follows the arrow keys.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('region', { name: 'Selected cell value' })).not.toContainText(first.sku);
});

/** A second app, configured with a local chat-completions server, for this file's translation test only. */
const withChatApi = test.extend<object, { chat: ChatServer; llmKontor: KontorServer }>({
  chat: [
    async ({}, use) => {
      const chat = await startChatServer();
      await use(chat);
      await chat.close();
    },
    { scope: 'worker' },
  ],
  llmKontor: [
    async ({ chat }, use) => {
      // No first-start demo company: the test registers its own (with the demo shop), and start-up stays quick.
      const server = await startKontor({ LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: chat.apiKey, LLM_MODEL: chat.model, DEMO_SEED: 'false' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ llmKontor }, use) => use(llmKontor.url),
});

withChatApi.describe('with a chat-completions server', () => {
  withChatApi('machine translate selected rows from SV to NO, review, save, checked through the API', async ({ page, chat, llmKontor: kontor }) => {
    const account = await registerViaApi(kontor.url);
    const token = await accessToken(kontor.url, account);
    // Two products that have SV copy and none in NO yet.
    const sv = await apiGet<BulkDescriptionPage>(kontor.url, token, '/catalog/product_descriptions_bulk/?language=NO&limit=100');
    const picks = sv.results.filter((row) => row.languages.includes('SV') && !row.description).slice(0, 2);
    expect(picks).toHaveLength(2);
    await openDescriptions(page, account);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NO', exact: true }).click();
    await page.getByLabel('Search products').fill(picks[0]!.sku);
    await page.getByLabel('Search products').press('Enter');
    await expect(grid(page).getByRole('row', { name: picks[0]!.sku, exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${picks[0]!.sku}` }).check();
    await page.getByRole('button', { name: 'Machine translate selected' }).click();

    const dialog = page.getByRole('dialog', { name: 'Review machine translations (SV → NO)' });
    await expect(dialog).toBeVisible();
    const proposal = dialog.getByRole('textbox', { name: `Name proposal for ${picks[0]!.sku}` });
    await expect(proposal).toHaveValue(/^\[NO\] /);
    await page.screenshot({ path: `${SHOTS}/bulk-descriptions-review.png` });
    await dialog.getByRole('button', { name: 'Save accepted (1)' }).click();
    await expect(page.getByText('1 description saved.')).toBeVisible();
    await expect(cell(page, 'Name', picks[0]!.sku)).toContainText('[NO] ');

    const stored = await apiGet<ProductDescriptionPage>(kontor.url, token, `/catalog/product_descriptions/?product=${picks[0]!.id}&language=NO`);
    expect(stored.results[0]).toMatchObject({ language: 'NO', source: chat.model, machine_translation: true });
    expect(stored.results[0]!.name).toMatch(/^\[NO\] /);
    expect(chat.requests.at(-1)?.authorization).toBe(`Bearer ${chat.apiKey}`);
  });
});
