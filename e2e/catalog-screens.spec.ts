import { mkdirSync } from 'node:fs';
import { MARKUP_NAME_TAKEN, MESSAGES } from '@kontor/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, logIn, registerViaApi, screenshot, test } from './fixtures.js';

/**
 * Three screens of the catalog, each through its main flow in real Chromium on the demo
 * company's data: the markup rules (/catalog/markup), one product's edit screen
 * (/catalog/products/edit?id=) and the Overview's catalog cards (/).
 */

const SHOTS = '/tmp/shots';
/** The demo company (registerViaApi) has 300 active products, 90 of them mapped to supplier products. */
const DEMO_PRODUCTS = 300;
const DEMO_MAPPED = 90;
/** The server's message for a SKU another product of the company has (apps/api catalog.service SKU_TAKEN). */
const SKU_TAKEN = 'A product with this SKU already exists.';

// The money assertions read en-US formats ("SEK 1,234.50").
test.use({ locale: 'en-US' });

const parseNumber = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
/** A money text in whole öre, so the arithmetic below is exact. */
const parseCents = (text: string | null) => Math.round(parseNumber(text) * 100);

const grid = (page: Page) => page.getByRole('grid', { name: 'Products' });
const productCount = (page: Page) => page.getByText(/^\d[\d,]* products?$/);

async function loggedInDemo(page: Page, baseURL: string) {
  mkdirSync(SHOTS, { recursive: true });
  const account = await registerViaApi(baseURL);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/** From the grid: searches the SKU and follows the product's name link; answers the edit screen's URL. */
async function openProductFromGrid(page: Page, sku: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/products$/);
  await page.getByLabel('Search products').fill(sku);
  await page.getByLabel('Search products').press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${sku}`));
  await expect(productCount(page)).toHaveText('1 product');
  const row = grid(page).getByRole('row', { name: new RegExp(`^${sku} `) });
  const link = row.getByRole('link').first();
  const name = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(/\/catalog\/products\/edit\?id=\d+$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText(sku, { exact: true })).toBeVisible();
  return page.url();
}

/** The value cell of a line of the edit screen's Pricing panel. */
const pricingLine = (page: Page, label: string): Locator =>
  page
    .getByRole('region', { name: 'Pricing' })
    .getByRole('table', { name: 'Cost and price' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

/** DESIGN §5: auto price = total cost x (1 + markup) x (1 + VAT), whole kronor, half away from zero. */
const autoPrice = (totalCents: number, markupPercent: number, vatPercent = 25) => {
  const numerator = totalCents * (100 + markupPercent) * (100 + vatPercent);
  const denominator = 100 * 100 * 100;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
};

test('markups: a rule reprices its cost band, a taken name is refused, deleting it restores the price', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await loggedInDemo(page, baseURL!);

  // ---- The product the new rule is made for: its total cost and current automatic price.
  const editUrl = await openProductFromGrid(page, 'KNT-10005');
  const autoLine = pricingLine(page, 'Auto price (incl. VAT)');
  await expect(pricingLine(page, 'Total cost')).toHaveText(/\d/);
  const totalCents = parseCents(await pricingLine(page, 'Total cost').textContent());
  expect(totalCents).toBeGreaterThan(0);
  await expect(autoLine).toHaveText(/\d/);
  const autoBefore = (await autoLine.textContent())!;
  const expected = autoPrice(totalCents, 80);
  expect(expected, 'the 80 % rule must give another price than the demo rules').not.toBe(parseNumber(autoBefore));

  // ---- The list of the demo rules.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Markups', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/markup$/);
  const table = page.getByRole('table', { name: 'Markups' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'Standard' })).toContainText('60 %');
  await expect(rows.filter({ hasText: 'Standard' })).toContainText('Default');

  // ---- A rule with a one-krona cost band around the product's total cost, tried first (priority 0).
  const from = Math.floor(totalCents / 100);
  const ruleName = 'E2E one-krona band';
  await page.getByRole('button', { name: 'Add markup' }).click();
  const dialog = page.getByRole('dialog', { name: 'New markup' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ruleName);
  await dialog.getByRole('spinbutton', { name: 'Markup', exact: true }).fill('80');
  await dialog.getByLabel('Cost from').fill(String(from));
  await dialog.getByLabel('Cost to').fill(String(from + 1));
  await dialog.getByLabel('Priority').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MESSAGES.addSuccessfully, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(6);
  const ruleRow = rows.filter({ hasText: ruleName });
  await expect(ruleRow).toContainText('80 %');
  const kronor = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(ruleRow).toContainText(`${kronor(from)} – ${kronor(from + 1)} kr`);
  await expect(ruleRow.locator('td').first()).toHaveText('0');
  await page.mouse.move(0, 0); // no hover highlight in the screenshot
  await page.screenshot({ path: `${SHOTS}/markups.png`, fullPage: true });

  // ---- Search narrows the list to it.
  await page.getByLabel('Search markups').fill('one-krona');
  await page.getByLabel('Search markups').press('Enter');
  await expect(page).toHaveURL(/search=one-krona/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ruleName);

  // ---- The same name again: the server's 400 lands under the Name field.
  await page.getByRole('button', { name: 'Add markup' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ruleName);
  await dialog.getByRole('spinbutton', { name: 'Markup', exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(MARKUP_NAME_TAKEN);
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);

  // ---- The product's automatic price follows the new rule.
  await page.goto(editUrl);
  await expect.poll(async () => parseNumber(await autoLine.textContent())).toBe(expected);
  await expect(pricingLine(page, 'Total cost')).toHaveText(/\d/);
  expect(parseCents(await pricingLine(page, 'Total cost').textContent())).toBe(totalCents);

  // ---- Deleted after confirming: the price goes back to what the demo rules give.
  await page.goto('/catalog/markup?search=one-krona');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${ruleName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete markup?' });
  await expect(confirm).toContainText(ruleName);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(MESSAGES.removed, { exact: true })).toBeVisible();
  await expect(table).toContainText('No markup matches this search.');
  await page.goto(editUrl);
  await expect(autoLine).toHaveText(autoBefore);
});

test('product edit: shipping cost saved and repriced, a taken SKU refused, a new description language', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await loggedInDemo(page, baseURL!);
  await openProductFromGrid(page, 'KNT-10001');
  const form = page.getByRole('form', { name: 'Product' });
  await expect(form.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  // ---- Shipping cost: saved, the Pricing panel's total follows, and a reload still has it.
  const shipping = form.getByLabel('Shipping cost', { exact: true });
  const total = pricingLine(page, 'Total cost');
  await expect(total).toHaveText(/\d/);
  const totalBefore = parseCents(await total.textContent());
  const shippingBefore = parseCents(await shipping.inputValue());
  const shippingAfter = shippingBefore + 1234; // + 12.34 kr
  await shipping.fill((shippingAfter / 100).toFixed(2));
  await expect(form.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(MESSAGES.productUpdated, { exact: true })).toBeVisible();
  await expect(form.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect.poll(async () => parseCents(await total.textContent())).toBe(totalBefore + 1234);
  await expect.poll(async () => parseCents(await pricingLine(page, 'Shipping').textContent())).toBe(shippingAfter);

  await page.reload();
  await expect.poll(async () => parseCents(await shipping.inputValue())).toBe(shippingAfter);
  await expect.poll(async () => parseCents(await total.textContent())).toBe(totalBefore + 1234);

  // ---- Another demo product's SKU: the server's error shows at the SKU field, nothing is saved.
  const sku = form.getByRole('textbox', { name: 'SKU', exact: true });
  await sku.fill('KNT-10002');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(sku).toHaveAccessibleDescription(SKU_TAKEN);
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Discard' }).click();
  await expect(sku).toHaveValue('KNT-10001');

  // ---- A Norwegian description, which the demo never has: created, and there after a reload.
  const languages = page.getByRole('tablist', { name: 'Description language' });
  await expect(languages.getByRole('tab')).toHaveCount(4);
  await languages.getByRole('tab', { name: 'NO (none)' }).click();
  const norwegian = page.getByRole('form', { name: 'Norwegian description' });
  await expect(norwegian).toContainText('No Norwegian description yet; saving creates it.');
  await norwegian.getByLabel('Name').fill('Hagespade grå');
  await norwegian.getByLabel('Meta title').fill('Hagespade | Kjøp på nett');
  await norwegian.getByRole('button', { name: 'Create NO' }).click();
  await expect(page.getByText(MESSAGES.productUpdated, { exact: true })).toBeVisible();
  await expect(languages.getByRole('tab', { name: 'NO', exact: true })).toBeVisible();
  await expect(norwegian.getByRole('button', { name: 'Save NO' })).toBeVisible();

  await page.reload();
  await expect(languages.getByRole('tab', { name: 'NO', exact: true })).toBeVisible();
  await expect(languages.getByRole('tab', { name: 'NO (none)' })).toHaveCount(0);
  await languages.getByRole('tab', { name: 'NO', exact: true }).click();
  await expect(norwegian.getByLabel('Name')).toHaveValue('Hagespade grå');
  await expect(norwegian.getByLabel('Meta title')).toHaveValue('Hagespade | Kjøp på nett');
  // The refused SKU was never saved.
  await expect(sku).toHaveValue('KNT-10001');
  // The side panels have loaded (KNT-10001 is one of the demo's products mapped to a supplier product).
  await expect(page.getByRole('region', { name: 'Procurement mapping' }).getByRole('table', { name: 'Supplier products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inventory' }).getByRole('table', { name: 'Stock per location' })).toBeVisible();
  // A full-page capture keeps the scroll position, which would paint the fixed app bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/product-edit.png`, fullPage: true });
  await screenshot(page, 'product-edit');

  // ---- The History tab: the shipping cost change (with the prices it moved, one save) and the new
  // description, by the logged-in user; the refused SKU left no trace. Back on Details, the form is
  // as it was.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'Product history' });
  const shippingChange = history.getByRole('row').filter({ hasText: 'Changed' }).filter({ hasText: 'Cost shipping' });
  await expect(shippingChange).toHaveCount(1);
  await expect(shippingChange).toContainText('Greta');
  await expect(shippingChange).toContainText(`→ ${shippingAfter / 100}`);
  await expect(shippingChange).toContainText('Price calculated automatically');
  await expect(history.getByRole('row').filter({ hasText: 'Description NO' })).toContainText('Hagespade grå');
  await expect(history.getByRole('row').filter({ hasText: 'KNT-10002' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/product-history.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(sku).toHaveValue('KNT-10001');

  // ---- Leaving with an unsaved edit asks first: Stay keeps it, Leave goes to the grid.
  await shipping.fill('99.99');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(shipping).toHaveValue('99.99');
  await expect(page).toHaveURL(/\/catalog\/products\/edit\?id=/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/catalog\/products$/);
  // Nothing was saved on the way out.
  await openProductFromGrid(page, 'KNT-10001');
  await expect.poll(async () => parseCents(await shipping.inputValue())).toBe(shippingAfter);
});

test('overview: the catalog counts lead to the grid, stock value per location, a low-stock product opens', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await loggedInDemo(page, baseURL!);

  // ---- The five counts, read from their accessible labels ("Low in stock: 12").
  const counts = page.getByRole('region', { name: 'Catalog counts' });
  const tile = (label: string) => counts.getByLabel(new RegExp(`^${label}: \\d+$`));
  const count = async (label: string) => {
    await expect(tile(label)).toBeVisible();
    return Number((await tile(label).getAttribute('aria-label'))!.split(': ')[1]);
  };
  const edited = await count('Edited products');
  const unedited = await count('Unedited products');
  expect(edited + unedited).toBe(DEMO_PRODUCTS);
  expect(edited).toBeGreaterThan(0);
  expect(await count('Mapped to procurement')).toBe(DEMO_MAPPED);
  // The demo products were made 150-200 days ago.
  expect(await count('New in \\d+ days')).toBe(0);
  const low = await count('Low in stock');
  expect(low).toBeGreaterThan(0);

  // ---- Stock value per location: every demo location (6) with a bar and its value.
  const stockValue = page.getByRole('table', { name: 'Stock value per location' });
  const locationRows = stockValue.locator('tbody tr');
  await expect(locationRows).toHaveCount(6);
  for (const row of await locationRows.all()) {
    await expect(row.getByRole('rowheader')).not.toBeEmpty();
    await expect(row.getByTestId('stock-value-bar')).toBeAttached();
    await expect(row.getByRole('cell').first()).toHaveText(/SEK\s?[\d,]+/);
  }
  // Comparable bars: every track is as long as the others, each bar its value's share of the largest.
  const bars = await locationRows.evaluateAll((trs) =>
    trs.map((tr) => {
      const bar = tr.querySelector<HTMLElement>('[data-testid="stock-value-bar"]')!;
      return {
        value: Number((tr.querySelector('td')?.textContent ?? '').replace(/[^\d]/g, '')),
        width: bar.getBoundingClientRect().width,
        track: bar.parentElement!.getBoundingClientRect().width,
      };
    }),
  );
  const largest = Math.max(...bars.map((bar) => bar.value));
  expect(largest).toBeGreaterThan(0);
  const track = bars[0]!.track;
  expect(track).toBeGreaterThan(40);
  for (const bar of bars) {
    expect(Math.abs(bar.track - track)).toBeLessThanOrEqual(1);
    // Whole kronor on screen and a 2 px minimum for a small non-zero value: a little slack.
    expect(Math.abs(bar.width / track - bar.value / largest)).toBeLessThan(0.03);
  }
  await expect(page.getByText(/at cost, excl\. VAT$/)).toBeVisible();
  const lowStock = page.getByRole('table', { name: 'Low stock products' });
  await expect(lowStock.locator('tbody tr')).toHaveCount(Math.min(low, 10));
  // Each listed product is at or below its restock level, emptiest first.
  const levels = await lowStock.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'))
        .slice(2, 4)
        .map((td) => Number((td.textContent ?? '').replace(/,/g, ''))),
    ),
  );
  for (const [inStock, restockLevel] of levels) expect(inStock!).toBeLessThanOrEqual(restockLevel!);
  const inStockOrder = levels.map(([inStock]) => inStock!);
  expect(inStockOrder).toEqual([...inStockOrder].sort((a, b) => a - b));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/overview.png`, fullPage: true });
  await screenshot(page, 'overview');

  // ---- The Low in stock tile opens the grid with the same filter, listing as many products.
  await counts.getByRole('link', { name: /^Low in stock/ }).click();
  await expect(page).toHaveURL(/\/catalog\/products\?low_stock=Yes$/);
  await expect(grid(page).locator('[role="row"][data-index]').first()).toBeVisible();
  await expect(productCount(page)).toHaveText(low === 1 ? '1 product' : `${low.toLocaleString('en-US')} products`);

  // ---- Back on the Overview: the low-stock list's first product opens its edit screen.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText(`${low} at or below the restock level`)).toBeVisible();
  const firstLow = lowStock.locator('tbody tr').first();
  const lowSku = (await firstLow.getByRole('cell').first().textContent())!;
  const lowName = (await firstLow.getByRole('link').textContent())!;
  await firstLow.getByRole('link').click();
  await expect(page).toHaveURL(/\/catalog\/products\/edit\?id=\d+$/);
  await expect(page.getByRole('heading', { name: lowName, exact: true })).toBeVisible();
  await expect(page.getByText(lowSku, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SKU', exact: true })).toHaveValue(lowSku);
});
