import { mkdirSync } from 'node:fs';
import { MESSAGES, type FileUrlPage } from '@kontor/contract';
import { expect, logIn, registerViaApi, screenshot, test, type Account } from './fixtures.js';

/**
 * /catalog/file-urls in real Chromium on the demo company: the demo links are listed, a bad URL
 * is refused with the server's 400 body shown flattened (spec §8), a link is added to a product
 * with the spec's success message, its priority edited, then it is deleted; each step is
 * checked through the API as well.
 */

const SHOTS = '/tmp/shots';
const SKU = 'KNT-10020';
const FILE = 'https://files.e2e.example/manuals/knt-10020-manual.pdf';
const TITLE = 'E2E assembly manual';

async function accessToken(baseURL: string, account: Account): Promise<string> {
  const res = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  return ((await res.json()) as { access: string }).access;
}

async function fileUrls(baseURL: string, token: string, query: string): Promise<FileUrlPage> {
  const res = await fetch(`${baseURL}/api/catalog/file_urls/${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as FileUrlPage;
}

test('file URLs: a bad URL shows the flattened 400, a link is added to a product, its priority edited, then deleted', async ({ page, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  const account = await registerViaApi(baseURL!);
  const token = await accessToken(baseURL!, account);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'File URLs', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/file-urls$/);
  const table = page.getByRole('table', { name: 'File URLs' });
  // The demo company's manuals and data sheets.
  await expect(table.getByRole('row').filter({ hasText: 'User manual' }).first()).toBeVisible();
  const demoCount = (await fileUrls(baseURL!, token, '')).count;
  expect(demoCount).toBeGreaterThan(0);

  // ---- A bad URL: the server's 400 body, flattened, and nothing created.
  await page.getByRole('button', { name: 'Add file URL' }).click();
  const dialog = page.getByRole('dialog', { name: 'New file URL' });
  await dialog.getByRole('textbox', { name: 'URL', exact: true }).fill('files.e2e.example/manual.pdf');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('url: Enter a valid URL.');
  expect((await fileUrls(baseURL!, token, '')).count).toBe(demoCount);

  // ---- Added to a product, with the spec's message.
  await dialog.getByRole('textbox', { name: 'URL', exact: true }).fill(FILE);
  await dialog.getByRole('combobox', { name: 'Product' }).fill(SKU);
  await page.getByRole('option', { name: new RegExp(`^${SKU} — `) }).click();
  await dialog.getByRole('spinbutton', { name: 'Priority' }).fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.resourceCreated, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const [created] = (await fileUrls(baseURL!, token, `?search=${encodeURIComponent(TITLE)}`)).results;
  expect(created).toMatchObject({ url: FILE, title: TITLE, priority: 4, product_sku: SKU, removed_from_source: false });

  // ---- Only this product's links, through the URL's product filter.
  await page.getByRole('search', { name: 'Filters' }).getByRole('combobox', { name: 'Product' }).fill(SKU);
  await page.getByRole('option', { name: new RegExp(`^${SKU} — `) }).click();
  await expect(page).toHaveURL(new RegExp(`product=${created!.product}`));
  const row = table.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText(SKU);
  await expect(row.getByRole('link', { name: FILE })).toHaveAttribute('target', '_blank');
  await expect(table.getByRole('row')).toHaveCount(1 + (await fileUrls(baseURL!, token, `?product=${created!.product}`)).count);

  // ---- Its priority edited.
  await row.getByRole('button', { name: `Edit ${TITLE}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit file URL' });
  await expect(editDialog.getByRole('combobox', { name: 'Product' })).toHaveValue(new RegExp(`^${SKU} — `));
  await editDialog.getByRole('spinbutton', { name: 'Priority' }).fill('9');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.updateSuccessfully, { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText('9');
  const edited = (await fileUrls(baseURL!, token, `?search=${encodeURIComponent(TITLE)}`)).results[0];
  expect(edited).toMatchObject({ id: created!.id, priority: 9, url: FILE, product: created!.product });
  await page.screenshot({ path: `${SHOTS}/file-urls.png`, fullPage: true });
  await screenshot(page, 'file-urls');

  // ---- Deleted after confirmation.
  await row.getByRole('button', { name: `Delete ${TITLE}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete file URL?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.removed, { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await fileUrls(baseURL!, token, `?search=${encodeURIComponent(TITLE)}`)).count).toBe(0);
  expect((await fileUrls(baseURL!, token, '')).count).toBe(demoCount);
});
