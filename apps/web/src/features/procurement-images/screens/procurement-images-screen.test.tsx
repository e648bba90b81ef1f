import { MAX_IMAGE_UPLOAD_BYTES, MESSAGES } from '@kontor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { TOO_LARGE_MESSAGE } from '../api/create-image-urls';
import { PRODUCT_REQUIRED, URLS_REQUIRED } from '../components/add-images-dialog';
import { createImagesBackend, createImageUrl, createProcurementProduct } from '../testing/images-backend';
import { ProcurementImagesScreen } from './procurement-images-screen';

const tea = createProcurementProduct({ sku: 'ACME-TEA', name: 'Green tea 100 g' });
const pot = createProcurementProduct({ sku: 'ACME-POT', name: 'Tea pot' });
const teaImage = createImageUrl(tea, { url: 'https://cdn.example.com/tea-front.jpg' });
const potUpload = createImageUrl(pot, { url: 'http://localhost/api/media/abc.png', source: 'upload', content_type: 'image/png', size: 153_600 });

const ROUTE = '/procurement/images';
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

function setup(images = [teaImage, potUpload]) {
  const backend = createImagesBackend({ products: [tea, pot], images });
  server.use(...backend.handlers);
  return backend;
}

describe('ProcurementImagesScreen', () => {
  it('lists images 25 a page with thumbnail, URL, product, source and size', async () => {
    const backend = setup();
    renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: ROUTE });
    const table = await screen.findByRole('table', { name: 'Supplier images' });
    const row = (await within(table).findByRole('link', { name: teaImage.url })).closest('tr')!;
    expect(within(row).getByRole('img', { name: `Image ${teaImage.id} of ACME-TEA` })).toHaveAttribute('src', teaImage.url);
    expect(within(row).getByText('Green tea 100 g')).toBeInTheDocument();
    expect(within(row).getByText('URL')).toBeInTheDocument();
    const upload = within(table).getByRole('link', { name: potUpload.url }).closest('tr')!;
    expect(within(upload).getByText('Upload')).toBeInTheDocument();
    expect(within(upload).getByText('150 KB')).toBeInTheDocument();
    expect(backend.state.listQueries[0]).toEqual({ limit: '25', offset: '0' });
  });

  it('filters by procurement product and by search, both in the URL', async () => {
    const backend = setup();
    const { events, router } = renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: ROUTE });
    const table = await screen.findByRole('table', { name: 'Supplier images' });
    await within(table).findByRole('link', { name: teaImage.url });
    await events.type(screen.getByRole('combobox', { name: 'Procurement product' }), 'pot');
    await events.click(await screen.findByRole('option', { name: /ACME-POT — Tea pot/ }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: teaImage.url })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe(`?product=${pot.id}`);
    expect(backend.state.listQueries.at(-1)).toMatchObject({ procurement_product: String(pot.id) });

    await events.type(screen.getByRole('searchbox', { name: 'Search URLs' }), 'zzz{Enter}');
    expect(await within(table).findByText('No images match these filters.')).toBeInTheDocument();
    expect(backend.state.listQueries.at(-1)).toMatchObject({ procurement_product: String(pot.id), search: 'zzz' });
  });

  it("says it couldn't get the images when the list fails", async () => {
    server.use(http.get(apiUrl('/procurement/image_urls/'), () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: ROUTE });
    expect(await screen.findByText(`${MESSAGES.couldNotGetImages}: ${MESSAGES.internalServerError}`)).toBeInTheDocument();
  });

  it('adds pasted URLs to the filtered product and counts what was added and what failed', async () => {
    const backend = setup();
    const { events } = renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: `${ROUTE}?product=${tea.id}` });
    // The product filter shows the product from the URL, and the dialog starts with it.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Procurement product' })).toHaveValue('ACME-TEA — Green tea 100 g'));
    await events.click(screen.getByRole('button', { name: 'Add images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add images' });
    expect(within(dialog).getByRole('combobox', { name: 'Procurement product' })).toHaveValue('ACME-TEA — Green tea 100 g');

    await events.click(within(dialog).getByRole('button', { name: 'Add images' }));
    expect(await within(dialog).findByText(URLS_REQUIRED)).toBeInTheDocument();

    const urls = within(dialog).getByRole('textbox', { name: 'Image URLs' });
    await events.click(urls);
    await events.paste(`https://cdn.example.com/tea-side.jpg\nnot-a-url\n${teaImage.url}\nhttps://cdn.example.com/tea-top.jpg`);
    await events.click(within(dialog).getByRole('button', { name: 'Add images' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('2 images added, 2 failed');
    const failures = within(alert).getByRole('list', { name: 'Failed images' });
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['not-a-url: Enter a valid URL.', `${teaImage.url}: This image URL is already added to the product.`]);
    expect(backend.state.posts).toHaveLength(1);
    expect(backend.state.posts[0]).toMatchObject({ product: String(tea.id), files: [] });
    expect(backend.state.posts[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // Multipart text travels with CRLF line breaks, as browsers send it.
    expect(backend.state.posts[0]!.urls?.split(/\r?\n/)).toEqual([
      'https://cdn.example.com/tea-side.jpg',
      'not-a-url',
      teaImage.url,
      'https://cdn.example.com/tea-top.jpg',
    ]);
    // What failed stays in the box to be fixed; the list shows what was added.
    expect(urls).toHaveValue(`not-a-url\n${teaImage.url}`);
    const table = screen.getByRole('table', { name: 'Supplier images', hidden: true });
    expect(await within(table).findByRole('link', { name: 'https://cdn.example.com/tea-top.jpg', hidden: true })).toBeInTheDocument();

    // Nothing added at all: "Couldn't upload images".
    await events.click(within(dialog).getByRole('button', { name: 'Add images' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.couldNotUploadImages));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('0 images added, 2 failed');
    expect(backend.state.posts).toHaveLength(2);
  });

  it('uploads image files, counting a file over the size limit as failed without sending it', async () => {
    const backend = setup([]);
    const { events } = renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: ROUTE });
    expect(await screen.findByText('No supplier images yet.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Add images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add images' });
    await events.click(within(dialog).getByRole('tab', { name: 'Upload files' }));
    await events.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(PRODUCT_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one image file.')).toBeInTheDocument();

    await events.type(within(dialog).getByRole('combobox', { name: 'Procurement product' }), 'tea');
    await events.click(await screen.findByRole('option', { name: /ACME-TEA — Green tea 100 g/ }));
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: MAX_IMAGE_UPLOAD_BYTES + 1 });
    const input = within(dialog).getByLabelText('Image files');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    await events.upload(input, [png('front.png'), png('back.png'), huge]);
    expect(within(within(dialog).getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem')).toHaveLength(3);
    await events.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('2 images added, 1 failed');
    expect(alert).toHaveTextContent(`huge.png: ${TOO_LARGE_MESSAGE}`);
    expect(backend.state.posts).toHaveLength(1);
    expect(backend.state.posts[0]).toMatchObject({ product: String(tea.id), urls: null, files: [{ type: 'image/png' }, { type: 'image/png' }] });
    expect(backend.state.images.filter((i) => i.source === 'upload')).toHaveLength(2);
  });

  it('sends at most 10 files per request and closes with the count when every file was added', async () => {
    const backend = setup([]);
    const { events } = renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: `${ROUTE}?product=${pot.id}` });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Procurement product' })).toHaveValue('ACME-POT — Tea pot'));
    await events.click(screen.getByRole('button', { name: 'Add images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add images' });
    await events.click(within(dialog).getByRole('tab', { name: 'Upload files' }));
    await events.upload(
      within(dialog).getByLabelText('Image files'),
      Array.from({ length: 12 }, (_, i) => png(`pot-${i + 1}.png`)),
    );
    await events.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('12 images added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add images' })).not.toBeInTheDocument());
    expect(backend.state.posts.map((post) => post.files.length)).toEqual([10, 2]);
    expect(backend.state.posts.every((post) => post.product === String(pot.id))).toBe(true);
  });

  it('deletes an image after confirming: Removed successfully', async () => {
    const backend = setup();
    const { events } = renderWithApp(<ProcurementImagesScreen />, { user: testUser, route: ROUTE });
    const table = await screen.findByRole('table', { name: 'Supplier images' });
    await events.click(await within(table).findByRole('button', { name: `Delete image ${teaImage.id}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete image?' });
    expect(confirm).toHaveTextContent(`${teaImage.url} will be removed from ACME-TEA.`);
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(backend.state.deletes).toEqual([teaImage.id]);
    await waitFor(() => expect(within(table).queryByRole('link', { name: teaImage.url, hidden: true })).not.toBeInTheDocument());
    expect(within(table).getByRole('link', { name: potUpload.url, hidden: true })).toBeInTheDocument();
  });
});
