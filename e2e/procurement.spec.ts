import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@kontor/contract';
import { expect, logIn, registerViaApi, screenshot, test, type Account } from './fixtures.js';

const ROWS = 120;
const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
const sku = (i: number) => `${tag}-${String(i).padStart(3, '0')}`;

/**
 * A supplier's CSV feed on a real HTTP server on 127.0.0.1, sent slowly (about 3 s) so the
 * import's progress can be watched in the browser, as a large feed would be.
 */
async function startSlowFeedServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const lines = ['sku,name,price,stock,category,link'];
  for (let i = 1; i <= ROWS; i += 1) {
    const name = i % 2 === 0 ? `Lantern Birch ${i}` : `Wool Blanket ${i}`;
    lines.push(
      `${sku(i)},${name},${(10 + i / 4).toFixed(2)},In stock: ${i % 7},Home > ${i % 2 === 0 ? 'Lighting' : 'Textiles'},https://supplier.example/p/${i}`,
    );
  }
  const chunks = Array.from({ length: 30 }, (_, c) => lines.filter((_, i) => i % 30 === c));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    // Header first, then the rows in order, a slice every 100 ms.
    const ordered = lines.join('\n') + '\n';
    const size = Math.ceil(ordered.length / chunks.length);
    let offset = 0;
    const timer = setInterval(() => {
      res.write(ordered.slice(offset, offset + size));
      offset += size;
      if (offset >= ordered.length) {
        clearInterval(timer);
        res.end();
      }
    }, 100);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/catalog.csv`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function apiGet<T>(baseURL: string, account: Account, path: string): Promise<T> {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  const { access } = (await login.json()) as { access: string };
  const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${access}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

test('a supplier and its feed, an import watched to the end, two products added to the catalog, a purchase order received into stock', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const feedServer = await startSlowFeedServer();
  const account = await registerViaApi(baseURL!);
  const supplierName = `Lykta & Filt ${tag}`;
  const feedName = `Lykta ${tag} CSV`;
  try {
    await logIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });

    // ---- A supplier
    await nav.getByRole('link', { name: 'Suppliers', exact: true }).click();
    await expect(page).toHaveURL(/\/procurement\/supplier$/);
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const supplierDialog = page.getByRole('dialog', { name: 'New supplier' });
    await supplierDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(supplierName);
    await supplierDialog.getByRole('textbox', { name: 'Abbreviation' }).fill(tag.slice(0, 8));
    await supplierDialog.getByLabel('Currency').selectOption({ label: 'EUR – Euro' });
    await supplierDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MESSAGES.supplierAdded)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Suppliers' }).getByText(supplierName)).toBeVisible();
    await screenshot(page, 'procurement-suppliers');

    // ---- Its feed, run now, progress watched
    await nav.getByRole('link', { name: 'Supplier feeds' }).click();
    await expect(page).toHaveURL(/\/procurement\/supplier-feed$/);
    await page.getByRole('button', { name: 'Add feed' }).click();
    const feedDialog = page.getByRole('dialog', { name: 'New feed' });
    await feedDialog.getByLabel('Supplier').selectOption({ label: supplierName });
    await feedDialog.getByLabel('Feed name').fill(feedName);
    await feedDialog.getByLabel('Feed URL').fill(feedServer.url);
    await feedDialog.getByLabel('Format').selectOption('CSV');
    await feedDialog.getByLabel('Column for SKU').fill('sku');
    await feedDialog.getByLabel('Column for Name').fill('name');
    await feedDialog.getByLabel('Column for Cost').fill('price');
    await feedDialog.getByLabel('Column for Stock details').fill('stock');
    await feedDialog.getByLabel('Column for Category path').fill('category');
    await feedDialog.getByLabel('Column for Product URL').fill('link');
    await feedDialog.getByRole('button', { name: 'Save' }).click();
    await expect(feedDialog).toBeHidden();
    await page.getByRole('button', { name: `Run ${feedName} now` }).click();
    await expect(page.getByRole('progressbar', { name: `Import progress of ${feedName}` })).toBeVisible();
    await screenshot(page, 'procurement-feed-running');
    const result = page.getByRole('status', { name: `Last result of ${feedName}` });
    await expect(result).toContainText(`${ROWS} created`, { timeout: 30_000 });
    await expect(page.getByRole('progressbar', { name: `Import progress of ${feedName}` })).toBeHidden();
    await screenshot(page, 'procurement-feeds');

    // ---- The grid, filtered to this supplier and a search; two products to the catalog
    await nav.getByRole('link', { name: 'Supplier products' }).click();
    await expect(page).toHaveURL(/\/procurements-and-suppliers\/products/);
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Supplier').selectOption({ label: supplierName });
    await expect(page).toHaveURL(/supplier=\d+/);
    await filters.getByLabel('Search products').fill('Lantern');
    await filters.getByLabel('Search products').press('Enter');
    await expect(page).toHaveURL(/search=Lantern/);
    const grid = page.getByRole('table', { name: 'Supplier products' });
    await expect(grid.getByText(`Wool Blanket`)).toHaveCount(0);
    await expect(grid.getByRole('checkbox', { name: `Select ${sku(120)}` })).toBeVisible();
    await grid.getByRole('checkbox', { name: `Select ${sku(120)}` }).check();
    await grid.getByRole('checkbox', { name: `Select ${sku(118)}` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Add to catalog' }).click();
    await expect(page.getByText(MESSAGES.productsAdded)).toBeVisible();
    await expect(grid.getByRole('row', { name: new RegExp(sku(120)) }).getByText('In catalog')).toBeVisible();
    await screenshot(page, 'procurement-products');
    // The same two again are refused, with the spec's message.
    await grid.getByRole('checkbox', { name: `Select ${sku(120)}` }).check();
    await page.getByRole('button', { name: 'Add to catalog' }).click();
    await expect(page.getByText(MESSAGES.couldNotAddProducts)).toBeVisible();

    // ---- A purchase order for one of them, received into the warehouse
    await nav.getByRole('link', { name: 'Purchase orders' }).click();
    await expect(page).toHaveURL(/\/procurement\/orders/);
    await page.getByRole('button', { name: 'New purchase order' }).click();
    const orderDialog = page.getByRole('dialog', { name: 'New purchase order' });
    await orderDialog.getByLabel('Supplier').selectOption({ label: supplierName });
    await orderDialog.getByRole('button', { name: 'Create' }).click();
    const panel = page.getByRole('dialog', { name: /^Purchase order PO-\d{6}$/ });
    await expect(panel).toBeVisible();
    await panel.getByRole('combobox', { name: 'Product' }).fill(sku(120));
    await page.getByRole('option', { name: new RegExp(sku(120)) }).click();
    await panel.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
    await panel.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText(MESSAGES.ordered)).toBeVisible();
    await panel.getByRole('button', { name: `Receive ${sku(120)}` }).click();
    const receive = page.getByRole('dialog', { name: 'Receive goods' });
    await receive.getByLabel('Location').selectOption({ label: 'LAG-A — Huvudlager Hall A' });
    await expect(receive.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('5');
    await receive.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await receive.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page.getByText(`Received 3 × ${sku(120)} into LAG-A`)).toBeVisible();
    await screenshot(page, 'procurement-order-received');
    // The rest of it arrives later: a second, partial receipt completes the line.
    await panel.getByRole('button', { name: `Receive ${sku(120)}` }).click();
    await expect(receive.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await receive.getByLabel('Location').selectOption({ label: 'LAG-A — Huvudlager Hall A' });
    await receive.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page.getByText(`Received 2 × ${sku(120)} into LAG-A`)).toBeVisible();

    // The stock is there, and so is the ledger row.
    const products = await apiGet<{ results: { id: number; sku: string; qty_in_stock: number }[] }>(
      baseURL!,
      account,
      `/api/catalog/products/?search=${encodeURIComponent(sku(120))}`,
    );
    expect(products.results).toEqual([expect.objectContaining({ sku: sku(120), qty_in_stock: 5 })]);
    const ledger = await apiGet<{ results: { inventory_action: string; quantity: number; comments: string }[] }>(
      baseURL!,
      account,
      `/api/catalog/inventory_transactions/?product=${products.results[0]!.id}`,
    );
    expect(ledger.results.map((r) => [r.inventory_action, r.quantity])).toEqual(
      expect.arrayContaining([
        ['STOCK_IN', 3],
        ['STOCK_IN', 2],
      ]),
    );
  } finally {
    await feedServer.close();
  }
});

/** A real 1x1 PNG, so the server's magic-byte check and the media route see an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('supplier categories mapped to catalog categories, images added to a supplier product, a directory supplier adopted', async ({ page, baseURL }) => {
  const account = await registerViaApi(baseURL!);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  // ---- Categories: the demo suppliers' trees; add one, map it, delete it
  await nav.getByRole('link', { name: 'Supplier categories' }).click();
  await expect(page).toHaveURL(/\/procurements-and-suppliers\/categories/);
  const categories = page.getByRole('table', { name: 'Supplier categories' });
  await expect(categories.getByText('Bevattning')).toBeVisible();
  await page.getByRole('link', { name: 'Add category' }).click();
  await expect(page).toHaveURL(/\/procurements-and-suppliers\/categories\/add/);
  const addForm = page.getByRole('form', { name: 'Add supplier category' });
  await addForm.getByLabel('Supplier').selectOption({ label: 'Nordisk Trädgård AB' });
  await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Växthus');
  await addForm.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(MESSAGES.categoryAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/procurements-and-suppliers\/categories(\?|$)/);
  await page.getByRole('link', { name: 'Edit Växthus' }).click();
  await expect(page).toHaveURL(/\/procurements-and-suppliers\/categories\/edit\?id=\d+/);
  const editForm = page.getByRole('form', { name: 'Edit supplier category' });
  await editForm.getByRole('combobox', { name: 'Catalog categories' }).fill('Träd');
  await page.getByRole('option', { name: 'Trädgård', exact: true }).click();
  // The list stays open for more picks; Escape closes it.
  await editForm.getByRole('combobox', { name: 'Catalog categories' }).press('Escape');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoryUpdated)).toBeVisible();
  await expect(page.getByLabel('Catalog categories of Växthus').getByText('Trädgård')).toBeVisible();
  await screenshot(page, 'procurement-categories');
  await page.getByRole('button', { name: 'Delete Växthus' }).click();
  await page.getByRole('dialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.categoryDeleted)).toBeVisible();
  await expect(categories.getByText('Växthus')).toHaveCount(0);

  // ---- Images: one by URL, one uploaded; both listed, the upload served back as an image
  await nav.getByRole('link', { name: 'Supplier images' }).click();
  await expect(page).toHaveURL(/\/procurement\/images/);
  await page.getByRole('button', { name: 'Add images' }).click();
  const addImages = page.getByRole('dialog', { name: 'Add images' });
  await addImages.getByRole('combobox', { name: 'Procurement product' }).fill('NTG-5001');
  await page.getByRole('option', { name: /NTG-5001/ }).click();
  await addImages.getByRole('textbox', { name: 'Image URLs' }).fill('https://images.example/ntg-5001-side.jpg');
  await addImages.getByRole('button', { name: 'Add images' }).click();
  await expect(page.getByText('1 image added')).toBeVisible();
  await expect(addImages).toBeHidden();
  await page.getByRole('button', { name: 'Add images' }).click();
  await addImages.getByRole('combobox', { name: 'Procurement product' }).fill('NTG-5001');
  await page.getByRole('option', { name: /NTG-5001/ }).click();
  await addImages.getByRole('tab', { name: 'Upload files' }).click();
  await addImages.getByLabel('Image files').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await addImages.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('1 image added')).toBeVisible();
  const images = page.getByRole('table', { name: 'Supplier images' });
  await expect(images.getByText('https://images.example/ntg-5001-side.jpg')).toBeVisible();
  const uploaded = images.getByRole('link', { name: /\/api\/media\// });
  await expect(uploaded).toBeVisible();
  const media = await fetch((await uploaded.getAttribute('href'))!);
  expect(media.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
  await screenshot(page, 'procurement-images');

  // ---- The global directory: browse a supplier's products, take it into my suppliers
  await nav.getByRole('link', { name: 'Global suppliers' }).click();
  await expect(page).toHaveURL(/\/global-suppliers-and-brands\/products/);
  const directory = page.getByRole('table', { name: 'Supplier directory' });
  await directory.getByRole('button', { name: 'Show products of Dansk Køkken ApS' }).click();
  await expect(page.getByRole('table', { name: 'Directory products' }).getByText('DKK-1101')).toBeVisible();
  await screenshot(page, 'global-suppliers');
  await directory.getByRole('button', { name: 'Add Dansk Køkken ApS to my suppliers' }).click();
  await expect(page.getByText(MESSAGES.supplierAdded)).toBeVisible();
  await nav.getByRole('link', { name: 'Suppliers', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Suppliers' }).getByText('Dansk Køkken ApS')).toBeVisible();
});
