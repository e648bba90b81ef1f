import sharp from 'sharp';
import { IMAGE_NOT_AN_IMAGE, MESSAGES, type ImagePage } from '@kontor/contract';
import { expect, logIn, registerViaApi, screenshot, test, type Account } from './fixtures.js';

/**
 * /catalog/images in real Chromium on a demo company: three files go up in one request (two
 * real images made with sharp, and a text file named bad.jpg), the summary counts them and
 * names the refused one, then one new image is classified; each step is checked through the API.
 */

async function accessToken(baseURL: string, account: Account): Promise<string> {
  const res = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  return ((await res.json()) as { access: string }).access;
}

async function images(baseURL: string, token: string, query: string): Promise<ImagePage> {
  const res = await fetch(`${baseURL}/api/catalog/images/${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as ImagePage;
}

const solid = (width: number, height: number, background: { r: number; g: number; b: number }) => sharp({ create: { width, height, channels: 3, background } });

test('images: upload three files (one bad) and see the counts, then classify one', async ({ page, baseURL }) => {
  const account = await registerViaApi(baseURL!);
  const token = await accessToken(baseURL!, account);
  const demoCount = (await images(baseURL!, token, '')).count;
  expect(demoCount).toBe(24);

  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Images', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/images$/);
  const library = page.getByRole('list', { name: 'Image library' });
  await expect(library.getByRole('listitem')).toHaveCount(demoCount);

  const red = await solid(640, 480, { r: 200, g: 40, b: 40 }).png().toBuffer();
  const blue = await solid(300, 500, { r: 30, g: 60, b: 200 }).jpeg().toBuffer();
  await page.getByLabel('Image files').setInputFiles([
    { name: 'e2e-red.png', mimeType: 'image/png', buffer: red },
    { name: 'bad.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('This is a text file, whatever its name says.\n') },
    { name: 'e2e-blue.jpg', mimeType: 'image/jpeg', buffer: blue },
  ]);
  const summary = page.getByRole('status', { name: 'Upload result' });
  await expect(summary).toContainText('2 uploaded, 1 failed');
  await expect(summary.getByRole('list', { name: 'Failed files' })).toHaveText(`bad.jpg: ${IMAGE_NOT_AN_IMAGE}`);
  const redCard = library.getByRole('listitem', { name: 'e2e-red' });
  await expect(redCard).toContainText('640×480');
  await expect(library.getByRole('listitem', { name: 'e2e-blue' })).toContainText('300×500');
  await expect(library.getByRole('listitem')).toHaveCount(demoCount + 2);
  // The thumbnail is served and decodes in the browser.
  await expect.poll(() => redCard.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  await screenshot(page, 'images-uploaded');

  const uploaded = await images(baseURL!, token, '?search=e2e-');
  expect(uploaded.results.map((i) => [i.title, i.content_type, i.width, i.height, i.classification]).sort()).toEqual([
    ['e2e-blue', 'image/jpeg', 300, 500, null],
    ['e2e-red', 'image/png', 640, 480, null],
  ]);

  // ---- Classify the red one.
  await redCard.getByRole('button', { name: 'Open e2e-red' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image details' });
  await dialog.getByLabel('Classification').selectOption({ label: 'Lifestyle' });
  await expect(page.getByText(MESSAGES.updateSuccessfully)).toBeVisible();
  await screenshot(page, 'images-details');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(redCard.getByText('Lifestyle')).toBeVisible();

  const [classified] = (await images(baseURL!, token, '?search=e2e-red')).results;
  expect(classified?.classification?.title).toBe('Lifestyle');

  // The filter finds it among the demo's lifestyle shots.
  await page.getByLabel('Classification').selectOption({ label: 'Lifestyle' });
  await expect(page).toHaveURL(new RegExp(`classification=${classified!.classification!.id}`));
  await expect(library.getByRole('listitem', { name: 'e2e-red' })).toBeVisible();
  await expect(library.getByRole('listitem', { name: 'e2e-blue' })).toHaveCount(0);
});
