import { mkdirSync } from 'node:fs';
import { MESSAGES, type CatalogCategoryResponse } from '@kontor/contract';
import type { Page } from '@playwright/test';
import { expect, logIn, registerViaApi, screenshot, test, type Account } from './fixtures.js';

/**
 * /catalog/category in real Chromium: a small tree made through the API is rearranged by
 * dragging a row onto another and with the keyboard-friendly buttons, each checked back through
 * the API (parent and the nested-set numbers), and a title is edited in the panel.
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

async function api<T>(baseURL: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const treeItem = (page: Page, title: string) => page.getByRole('tree', { name: 'Categories' }).getByRole('treeitem', { name: title, exact: true });

test('categories: drag a category under another, move one with the buttons, edit a title', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const account = await registerViaApi(baseURL!);
  const token = await accessToken(baseURL!, account);
  const create = (body: Record<string, unknown>) => api<CatalogCategoryResponse>(baseURL!, token, 'POST', '/catalog/categories/', body);
  const get = (id: number) => api<CatalogCategoryResponse>(baseURL!, token, 'GET', `/catalog/categories/${id}/`);
  const lamps = await create({ title: 'E2E Lamps' });
  const ceiling = await create({ title: 'E2E Ceiling', parent: lamps.id });
  const floor = await create({ title: 'E2E Floor', parent: lamps.id });
  const outlet = await create({ title: 'E2E Outlet' });

  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/category$/);
  // The demo shop's own tree is there too, three levels deep.
  await expect(treeItem(page, 'Sova ute')).toHaveAttribute('aria-level', '3');
  await expect(treeItem(page, 'E2E Floor')).toHaveAttribute('aria-level', '2');

  // ---- Drag 'E2E Floor' onto the middle of 'E2E Outlet': it becomes Outlet's child.
  // A real mouse drag (native HTML5 drag and drop), in small steps as a hand moves.
  await treeItem(page, 'E2E Outlet').scrollIntoViewIfNeeded();
  const from = (await treeItem(page, 'E2E Floor').boundingBox())!;
  const to = (await treeItem(page, 'E2E Outlet').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(treeItem(page, 'E2E Floor')).toHaveAttribute('aria-level', '2');
  await expect(page.getByRole('tree').getByRole('treeitem').last()).toHaveAccessibleName('E2E Floor');
  await expect.poll(async () => (await get(floor.id)).parent).toBe(outlet.id);
  const [movedFloor, newOutlet] = [await get(floor.id), await get(outlet.id)];
  expect(movedFloor).toMatchObject({ tree_id: newOutlet.tree_id, level: 1, order: 0 });
  expect(newOutlet.lft).toBeLessThan(movedFloor.lft);
  expect(movedFloor.rght).toBeLessThan(newOutlet.rght);
  expect(await get(lamps.id)).toMatchObject({ lft: 1, rght: 4 });

  // ---- The buttons: select 'E2E Ceiling' and outdent it; it follows E2E Lamps at the top level.
  await treeItem(page, 'E2E Ceiling').click();
  await expect(treeItem(page, 'E2E Ceiling')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Outdent' }).click();
  await expect(treeItem(page, 'E2E Ceiling')).toHaveAttribute('aria-level', '1');
  await expect.poll(async () => (await get(ceiling.id)).parent).toBeNull();
  const [outdented, lampsAfter] = [await get(ceiling.id), await get(lamps.id)];
  expect(outdented).toMatchObject({ lft: 1, rght: 2, level: 0, tree_id: lampsAfter.tree_id + 1, order: lampsAfter.order + 1 });
  expect(lampsAfter).toMatchObject({ lft: 1, rght: 2 });
  // And up again with the keyboard: Move up puts it before E2E Lamps.
  await page.getByRole('button', { name: 'Move up' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await get(ceiling.id)).order).toBe(lampsAfter.order);
  expect((await get(lamps.id)).order).toBe(lampsAfter.order + 1);

  // ---- Edit a title in the panel.
  await treeItem(page, 'E2E Outlet').click();
  const form = page.getByRole('form', { name: 'Edit E2E Outlet' });
  await expect(form.getByText(/· 0 products$/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill('E2E Outlet store');
  await form.getByLabel('Comments').fill('Last season, marked down.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoryUpdated)).toBeVisible();
  await expect(treeItem(page, 'E2E Outlet store')).toBeVisible();
  await expect.poll(async () => (await get(outlet.id)).title).toBe('E2E Outlet store');
  expect(await get(outlet.id)).toMatchObject({ comments: 'Last season, marked down.', slug: 'e2e-outlet' });

  await screenshot(page, 'categories');
  await page.screenshot({ path: `${SHOTS}/categories.png`, fullPage: true });
});
