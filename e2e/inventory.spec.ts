import { MESSAGES, NOT_PERFORMED } from '@kontor/contract';
import { expect, logIn, registerViaApi, screenshot, test, type Account } from './fixtures.js';

/** A product through the API, as the operator's import would create it (the product grid is another screen). */
async function createProductViaApi(baseURL: string, account: Account, product: { sku: string; name: string }) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const res = await fetch(`${baseURL}/api/catalog/products/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify(product),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; sku: string; name: string };
}

test('locations and types, a stock-in, a move between locations, and a stocktaking count', async ({ page, baseURL }) => {
  // Four screens in one flow; on two busy cores (the other worker importing a feed) it can pass a minute.
  test.setTimeout(120_000);
  const account = await registerViaApi(baseURL!);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // ---- Locations, from the sidebar
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL(/\/catalog\/inventory-locations$/);
  await expect(page.getByRole('table', { name: 'Inventory locations' })).toBeVisible();
  for (const [name, abbreviation] of [
    ['Aisle 1', 'A1'],
    ['Back room', 'B2'],
  ] as const) {
    await page.getByRole('button', { name: 'New location' }).click();
    const dialog = page.getByRole('dialog', { name: 'New location' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Abbreviation').fill(abbreviation);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(`Name of ${name}`)).toHaveValue(name);
  }
  // An inline edit, saved with Enter.
  await page.getByLabel('Comment of Back room').fill('Overflow stock');
  await expect(page.getByText('1 edited row')).toBeVisible();
  await page.getByLabel('Comment of Back room').press('Enter');
  await expect(page.getByText(MESSAGES.updateSuccessfully)).toBeVisible();
  await expect(page.getByText('1 edited row')).toBeHidden();
  await screenshot(page, 'inventory-locations');

  // ---- Location types: create, rename, delete
  await page.getByRole('tab', { name: 'Location types' }).click();
  await expect(page).toHaveURL(/tab=types/);
  await page.getByRole('button', { name: 'Add type' }).click();
  await page.getByRole('dialog', { name: 'New location type' }).getByLabel('Type name').fill('Shelf');
  await page.getByRole('dialog', { name: 'New location type' }).getByRole('button', { name: 'Save' }).click();
  const types = page.getByRole('table', { name: 'Location types' });
  await expect(types.getByRole('cell', { name: 'Shelf', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rename Shelf' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename location type' });
  await rename.getByLabel('Type name').fill('Shelving');
  await rename.getByLabel('Type name').press('Enter');
  await expect(types.getByRole('cell', { name: 'Shelving', exact: true })).toBeVisible();
  await screenshot(page, 'inventory-location-types');
  await page.getByRole('button', { name: 'Delete Shelving' }).click();
  await page.getByRole('dialog', { name: 'Delete location type?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.removed)).toBeVisible();
  await expect(types.getByRole('cell', { name: 'Shelving', exact: true })).toHaveCount(0);

  // ---- Stock in through the ledger
  const product = await createProductViaApi(baseURL!, account, { sku: 'TEA-001', name: 'Sencha green tea 100 g' });
  await page.goto(`/catalog/inventorytransactions?product=${product.id}`);
  await page.getByRole('button', { name: 'Add transaction' }).click();
  const add = page.getByRole('dialog', { name: 'Add transaction' });
  await add.getByLabel('Location').selectOption({ label: 'A1 — Aisle 1' });
  await add.getByLabel('Quantity').fill('10');
  await add.getByLabel('Comments').fill('First delivery');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.transactionAdded)).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Inventory transactions' });
  await expect(ledger.getByRole('row').filter({ hasText: 'First delivery' })).toContainText('+10');

  // ---- Inventory: the quantity, then a move between the two locations
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.getByLabel('Search products').fill(product.sku);
  await expect(page).toHaveURL(/search=TEA-001/);
  const stock = page.getByLabel(`Stock of ${product.sku}`);
  await expect(stock.getByText('A1: 10')).toBeVisible();
  await page.getByRole('button', { name: `Move stock of ${product.sku}` }).click();
  const move = page.getByRole('dialog', { name: 'Move stock' });
  // The only location holding stock is preselected.
  await expect(move.getByLabel('From location')).toHaveValue(/\d+/);
  await expect(move.getByRole('button', { name: 'Save' })).toBeDisabled();
  // More than the source holds is clamped to it.
  await move.getByLabel('Quantity').fill('25');
  await expect(move.getByLabel('Quantity')).toHaveValue('10');
  await move.getByLabel('Quantity').fill('4');
  await move.getByLabel('To location').selectOption({ label: 'B2 — Back room' });
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.transactionMoved)).toBeVisible();
  await expect(stock.getByText('A1: 6')).toBeVisible();
  await expect(stock.getByText('B2: 4')).toBeVisible();
  await screenshot(page, 'inventory');

  await page.getByRole('link', { name: `View transactions of ${product.sku}` }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/inventorytransactions\\?product=${product.id}`));
  await expect(ledger.getByRole('row')).toHaveCount(4); // header + stock in + the move's out and in
  await screenshot(page, 'inventory-transactions');

  // ---- Stocktaking: a count makes 'Not Performed' disappear for that row
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stocktaking' }).click();
  const rows = page.getByRole('table', { name: 'Stocktaking' }).getByRole('row').filter({ hasText: product.sku });
  const counted = rows.filter({ hasText: 'A1' });
  await expect(counted).toContainText(NOT_PERFORMED);
  await page.getByLabel(`Counted quantity of ${product.sku} at A1`).fill('5');
  await page.getByLabel(`Counted quantity of ${product.sku} at A1`).press('Enter');
  // The count's write and the list's refetch: on two busy cores it passed the 10 s default once
  // (the screenshot showed the count saved and its message up, a moment late).
  await expect(page.getByText(MESSAGES.transactionAdded)).toBeVisible({ timeout: 30_000 });
  await expect(counted).not.toContainText(NOT_PERFORMED);
  await expect(counted.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'B2' })).toContainText(NOT_PERFORMED);
  await screenshot(page, 'stocktaking');
});
