import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MESSAGES,
  type CatalogCategoryPage,
  type CatalogCategoryResponse,
  type FacebookTaxonomyLinkPage,
  type GoogleTaxonomyLinkPage,
  type NotificationPage,
  type ProductTaxonomiesResponse,
} from '@kontor/contract';
import type { Page } from '@playwright/test';
import { expect, registerViaApi, screenshot, startKontor, test, type Account, type KontorServer } from './fixtures.js';

/**
 * The taxonomy screens in real Chromium. Taxonomy items are platform reference data that only
 * the import command writes, so this spec imports small Google and Meta files with
 * `npm run import:taxonomy`'s script into a data directory first and starts its own server on it.
 */

const GOOGLE = [
  '# Google_Product_Taxonomy_Version: 2021-09-21',
  '536 - Home & Garden',
  '689 - Home & Garden > Lawn & Garden',
  '2962 - Home & Garden > Lawn & Garden > Gardening',
];
const META = ['category_id,category', '1,home & garden > gardening', '2,home & garden > kitchen & dining'];

async function accessToken(baseURL: string, account: Account): Promise<string> {
  const res = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  return ((await res.json()) as { access: string }).access;
}

/** Logs in through the login screen of this spec's own server (not the worker's baseURL that logIn() opens). */
async function logInTo(page: Page, base: string, account: Account) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

async function api<T>(baseURL: string, token: string, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${apiPath}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
}

let server: KontorServer;

test.beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-e2e-taxonomies-'));
  const google = path.join(dataDir, 'taxonomy-with-ids.en-US.txt');
  const meta = path.join(dataDir, 'fb_product_categories_en_US.txt');
  writeFileSync(google, GOOGLE.join('\n'));
  writeFileSync(meta, META.join('\n'));
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/import-taxonomy.ts', '--google', google, '--facebook', meta], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(imported.status, `${imported.stdout}\n${imported.stderr}`).toBe(0);
  expect(imported.stdout).toContain('inserted 3');
  server = await startKontor({ DATA_DIR: dataDir, DEMO_SEED: 'false' });
});

test.afterAll(async () => server?.stop());

test('taxonomies: link a Google and a Meta item, select Meta categories, map a category to both', async ({ page }) => {
  test.setTimeout(120_000);
  const base = server.url;
  const account = await registerViaApi(base);
  const token = await accessToken(base, account);
  await logInTo(page, base, account);

  // Google: every item is listed; Link copies one to this user's account.
  await page.goto(`${base}/miscellaneous/google-product-taxonomies`);
  await page.getByRole('button', { name: 'Link Home & Garden > Lawn & Garden', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlink Home & Garden > Lawn & Garden', exact: true })).toBeVisible();
  const googleLinks = await api<GoogleTaxonomyLinkPage>(base, token, 'GET', '/taxonomies/google/links/');
  expect(googleLinks.results.map((link) => link.taxonomy_item.taxonomy_id)).toEqual([689]);
  await screenshot(page, 'google-taxonomies');

  // Meta: the list starts on the company's linked items (spec §9 default filter 'True').
  await page.goto(`${base}/miscellaneous/facebook-product-taxonomies`);
  await expect(page.getByLabel('Linked')).toHaveValue('True');
  await expect(page.getByText('Nothing linked yet.')).toBeVisible();
  await page.getByLabel('Linked').selectOption({ label: 'All' });
  await page.getByRole('button', { name: 'Link home & garden > gardening', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlink home & garden > gardening', exact: true })).toBeVisible();
  const metaLinks = await api<FacebookTaxonomyLinkPage>(base, token, 'GET', '/taxonomies/facebook/links/');
  expect(metaLinks.results.map((link) => link.taxonomy_item.taxonomy_id)).toEqual([1]);

  // The selection screen under preferences shows it selected; ticking another selects it too.
  await page.goto(`${base}/preferences/facebook-product-taxonomies-selection`);
  const selected = page.getByRole('region', { name: 'Selected Facebook categories' });
  await expect(selected.getByRole('checkbox', { name: 'home & garden > gardening' })).toBeChecked();
  // click(), not check(): the ticked row moves from one list to the other.
  await page.getByRole('region', { name: 'Other Facebook categories' }).getByRole('checkbox', { name: 'home & garden > kitchen & dining' }).click();
  await expect(selected.getByRole('checkbox', { name: 'home & garden > kitchen & dining' })).toBeChecked();
  const afterSelection = await api<FacebookTaxonomyLinkPage>(base, token, 'GET', '/taxonomies/facebook/links/');
  expect(afterSelection.results.map((link) => link.taxonomy_item.taxonomy_id).sort()).toEqual([1, 2]);

  // A catalog category maps to one Google and one Meta item in the category editor.
  const garden = await api<CatalogCategoryResponse>(base, token, 'POST', '/catalog/categories/', { title: 'E2E Garden' });
  await page.goto(`${base}/catalog/category?selected=${garden.id}`);
  const form = page.getByRole('form', { name: 'Edit E2E Garden' });
  await form.getByRole('combobox', { name: 'Google category' }).fill('Gardening');
  await page.getByRole('option', { name: 'Home & Garden > Lawn & Garden > Gardening', exact: true }).click();
  await form.getByRole('combobox', { name: 'Meta category' }).fill('kitchen');
  await page.getByRole('option', { name: 'home & garden > kitchen & dining' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoryUpdated)).toBeVisible();
  const mapped = await api<CatalogCategoryResponse>(base, token, 'GET', `/catalog/categories/${garden.id}/`);
  const gardening = await api<{ results: { id: number }[] }>(base, token, 'GET', '/taxonomies/google/?taxonomy_id=2962');
  const kitchen = await api<{ results: { id: number }[] }>(base, token, 'GET', '/taxonomies/facebook/?taxonomy_id=2');
  expect(mapped.google_taxonomy).toBe(gardening.results[0]!.id);
  expect(mapped.facebook_taxonomy).toBe(kitchen.results[0]!.id);
  await screenshot(page, 'category-taxonomies');
});

test('publish: link a Google item, map a category, publish the Google feed, open it, and be told it is ready', async ({ page }) => {
  test.setTimeout(120_000);
  const base = server.url;
  const account = await registerViaApi(base);
  const token = await accessToken(base, account);
  await logInTo(page, base, account);

  await page.goto(`${base}/miscellaneous/google-product-taxonomies`);
  await page.getByRole('button', { name: 'Link Home & Garden > Lawn & Garden > Gardening', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlink Home & Garden > Lawn & Garden > Gardening', exact: true })).toBeVisible();

  // The demo maps Trädgårdsredskap to Gardening Tools; map it to the linked Gardening instead.
  const categories = await api<CatalogCategoryPage>(base, token, 'GET', '/catalog/categories/?limit=100');
  const tools = categories.results.find((c) => c.slug === 'tradgardsredskap')!;
  await page.goto(`${base}/catalog/category?selected=${tools.id}`);
  const form = page.getByRole('form', { name: `Edit ${tools.title}` });
  const googleField = form.getByRole('combobox', { name: 'Google category' });
  await googleField.clear();
  await googleField.fill('Gardening');
  await page.getByRole('option', { name: 'Home & Garden > Lawn & Garden > Gardening', exact: true }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoryUpdated)).toBeVisible();

  // Publish the whole catalog to Google from the grid: the report first, then the job, then the link.
  await page.goto(`${base}/catalog/products`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish products' });
  await dialog.getByRole('radio', { name: 'Google Merchant Center feed' }).check();
  await expect(dialog.getByRole('status', { name: 'Validation' })).toContainText('would be rejected');
  await expect(dialog.getByRole('table', { name: 'Products that would be rejected' })).toContainText('No image');
  await screenshot(page, 'publish-validation');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const link = dialog.getByRole('list', { name: 'Export files' }).getByRole('link');
  await expect(link).toHaveText(/\/api\/exports\/[A-Za-z0-9_-]{32}\/google-merchant\.xml$/, { timeout: 30_000 });
  await expect(dialog.getByRole('status', { name: 'Publish status' })).toContainText('marked as synced to e-commerce');
  await screenshot(page, 'publish-done');

  // Open the link as the operator would: a new tab with the feed Merchant Center will fetch.
  const href = (await link.getAttribute('href'))!;
  const [feed] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await feed.waitForLoadState();
  expect(feed.url()).toBe(href);
  // Chromium shows the XML as a tree of its elements.
  await expect(feed.locator('body')).toContainText('g:google_product_category');
  await screenshot(feed, 'publish-feed');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  const items = xml.split('<item>').slice(1);
  expect(items.length).toBeGreaterThan(0);
  const inTools = items.filter((item) => item.includes(`<g:product_type>Trädgård &gt; ${tools.title}</g:product_type>`));
  expect(inTools.length).toBeGreaterThan(0);
  for (const item of inTools) expect(item).toContain('<g:google_product_category>2962</g:google_product_category>');
  await feed.close();

  // The job told the user.
  await page.goto(`${base}/notification`);
  await expect(page.getByText(/^Export ready: Google Merchant Center feed, \d+ products/)).toBeVisible();
  const notes = await api<NotificationPage>(
    base,
    token,
    'GET',
    `/notifications/?receiver_user_id=${(await api<{ id: number }>(base, token, 'GET', '/user/')).id}`,
  );
  expect(notes.results.some((n) => n.title.startsWith('Export ready: Google Merchant Center feed'))).toBe(true);
  await screenshot(page, 'publish-notification');
});

test("product edit: a product inherits its category's channel categories and can choose its own", async ({ page }) => {
  test.setTimeout(120_000);
  const base = server.url;
  const account = await registerViaApi(base);
  const token = await accessToken(base, account);
  await logInTo(page, base, account);

  // KNT-10002 sits in the demo category Trädgårdsredskap, mapped to Gardening Tools (3173) and to Meta's garden hand tools.
  const products = await api<{ results: { id: number }[] }>(base, token, 'GET', '/catalog/products/?search=KNT-10002');
  const productId = products.results[0]!.id;
  await page.goto(`${base}/catalog/products/edit?id=${productId}`);
  const section = page.getByRole('region', { name: 'Channel categories' });
  await expect(section).toContainText('Inherited from category Trädgårdsredskap: Home & Garden > Lawn & Garden > Gardening > Gardening Tools');
  await expect(section).toContainText('Inherited from category Trädgårdsredskap: patio & garden > garden hand tools & equipment');

  await section.getByRole('combobox', { name: 'Google product category' }).fill('Lawn');
  await page.getByRole('option', { name: 'Home & Garden > Lawn & Garden', exact: true }).click();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.productUpdated)).toBeVisible();
  await screenshot(page, 'product-channel-categories');

  const saved = await api<ProductTaxonomiesResponse>(base, token, 'GET', `/catalog/products/${productId}/taxonomies/`);
  expect(saved.effective_google_taxonomy?.taxonomy_id).toBe(689);
  expect(saved.google_inherited_from).toBeNull();
  expect(saved.google_taxonomy).toBe(saved.effective_google_taxonomy?.id);
  expect(saved.facebook_taxonomy).toBeNull();
  expect(saved.facebook_inherited_from?.title).toBe('Trädgårdsredskap');
});
