import { IMAGE_NOT_AN_IMAGE, MESSAGES } from '@kontor/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { renderWithApp, testUser } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { createClassification, createImage, createImagesBackend, createProduct, pngFile, textFile } from '../testing/images-backend';
import { ImagesScreen } from './images-screen';

// The XMLHttpRequest transport has its own tests (lib/upload-with-progress.test.ts).
vi.mock('@/lib/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));

function use(backend: ReturnType<typeof createImagesBackend>) {
  server.use(...backend.handlers);
  vi.mocked(uploadWithProgress).mockImplementation(backend.upload as typeof uploadWithProgress);
  return backend;
}

const render = (route = '/catalog/images') => renderWithApp(<ImagesScreen />, { user: testUser, route });

describe('ImagesScreen', () => {
  it('shows the library as cards, 100 a page, and filters by classification and search through the URL', async () => {
    const packshot = createClassification({ title: 'Packshot' });
    const lamp = createImage({ title: 'Lamp front', width: 800, height: 600, size: 51200, classification: { id: packshot.id, title: 'Packshot' } });
    const filler = Array.from({ length: 104 }, (_, i) => createImage({ title: `Filler ${i}` }));
    const backend = createImagesBackend({ images: [lamp, ...filler], classifications: [packshot] });
    use(backend);
    const { events, router } = render();

    const library = await screen.findByRole('list', { name: 'Image library' });
    const card = within(library).getByRole('listitem', { name: 'Lamp front' });
    expect(card).toHaveTextContent('800×600 · 50 KB');
    expect(within(card).getByText('Packshot')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Lamp front' })).toHaveAttribute('src', lamp.thumbnail_url);
    expect(within(library).getAllByRole('listitem')).toHaveLength(100);
    expect(backend.state.requests.find((r) => r.path === '/catalog/images/')?.query).toEqual({ limit: '100', offset: '0' });

    await events.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(library).getAllByRole('listitem')).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=1');

    const filter = screen.getByLabelText('Classification');
    await within(filter).findByRole('option', { name: 'Packshot' });
    await events.selectOptions(filter, 'Packshot');
    await waitFor(() => expect(router.state.location.search).toBe(`?classification=${packshot.id}`));
    await waitFor(() => expect(within(library).getAllByRole('listitem')).toHaveLength(1));
    expect(backend.state.requests.filter((r) => r.path === '/catalog/images/').at(-1)?.query).toEqual({
      limit: '100',
      offset: '0',
      classification: String(packshot.id),
    });

    await events.selectOptions(filter, 'No classification');
    await waitFor(() =>
      expect(backend.state.requests.filter((r) => r.path === '/catalog/images/').at(-1)?.query).toEqual({
        limit: '100',
        offset: '0',
        classification__isnull: 'true',
      }),
    );

    await events.selectOptions(filter, 'All classifications');
    await events.type(screen.getByLabelText('Search images'), 'lamp{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=lamp'));
    await waitFor(() => expect(within(library).getAllByRole('listitem')).toHaveLength(1));
  });

  it("shows the spec's message when the library cannot be loaded", async () => {
    use(createImagesBackend({ failList: true }));
    render();
    expect(await screen.findByText(new RegExp(`^${MESSAGES.couldNotGetImages}`))).toBeInTheDocument();
  });

  it('uploads chosen files in one request and sums up what was stored and what was refused', async () => {
    const detail = createClassification({ title: 'Detail' });
    const backend = createImagesBackend({ classifications: [detail] });
    use(backend);
    const { events } = render(`/catalog/images?classification=${detail.id}`);
    expect(await screen.findByText('No images match these filters.')).toBeInTheDocument();

    await events.upload(screen.getByLabelText('Image files'), [pngFile('front.png'), textFile('bad.jpg'), pngFile('side.png')]);
    const summary = await screen.findByRole('status', { name: 'Upload result' });
    expect(summary).toHaveTextContent('2 uploaded, 1 failed');
    expect(within(summary).getByRole('list', { name: 'Failed files' })).toHaveTextContent(`bad.jpg: ${IMAGE_NOT_AN_IMAGE}`);
    // One request with every file, classified as the list is filtered.
    expect(backend.state.uploads).toEqual([{ classification: String(detail.id), files: ['front.png', 'bad.jpg', 'side.png'] }]);
    expect(await screen.findByRole('listitem', { name: 'front' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'side' })).toHaveTextContent('Detail');
  });

  it('takes files dropped on the zone', async () => {
    const backend = createImagesBackend();
    use(backend);
    render();
    const zone = await screen.findByRole('region', { name: 'Upload images' });
    fireEvent.drop(zone, { dataTransfer: { files: [pngFile('dropped.png'), pngFile('also.png')] } });
    expect(await screen.findByRole('status', { name: 'Upload result' })).toHaveTextContent('2 uploaded, 0 failed');
    expect(backend.state.uploads[0]?.files).toEqual(['dropped.png', 'also.png']);
  });

  it('says "Couldn\'t upload images" when nothing could be stored or the request failed', async () => {
    use(createImagesBackend());
    const { events } = render();
    await events.upload(await screen.findByLabelText('Image files'), [textFile('notes.jpg')]);
    expect(await screen.findByText(MESSAGES.couldNotUploadImages)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Upload result' })).toHaveTextContent('0 uploaded, 1 failed');

    use(createImagesBackend({ failUpload: true }));
    await events.upload(screen.getByLabelText('Image files'), [pngFile('fine.png')]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Upload result' })).toHaveTextContent('fine.png: Internal Server Error'));
    expect(screen.getAllByText(MESSAGES.couldNotUploadImages).length).toBeGreaterThan(0);
  });

  it('renames an image, classifies it, attaches it to a product and detaches it', async () => {
    const lifestyle = createClassification({ title: 'Lifestyle' });
    const lamp = createProduct({ sku: 'LAMP-1', name: 'Table lamp' });
    const chair = createProduct({ sku: 'CHAIR-1', name: 'Chair' });
    const image = createImage({ title: 'IMG_0001', product_ids: [chair.id] });
    const backend = createImagesBackend({ images: [image], classifications: [lifestyle], products: [lamp, chair] });
    use(backend);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Open IMG_0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    const attached = within(dialog).getByRole('list', { name: 'Attached products' });
    expect(await within(attached).findByText('CHAIR-1 — Chair')).toBeInTheDocument();

    const title = within(dialog).getByLabelText('Title');
    await events.clear(title);
    await events.type(title, 'Lamp on desk');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ title: 'Lamp on desk' });

    const classification = within(dialog).getByLabelText('Classification');
    await within(classification).findByRole('option', { name: 'Lifestyle' });
    await events.selectOptions(classification, 'Lifestyle');
    await waitFor(() => expect(backend.state.requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ classification: lifestyle.id }));
    await waitFor(() => expect(within(dialog).getByLabelText('Classification')).toHaveValue(String(lifestyle.id)));

    await events.type(within(dialog).getByLabelText('Attach to product'), 'lamp');
    await events.click(await screen.findByRole('option', { name: 'LAMP-1 — Table lamp' }));
    expect(await within(attached).findByText('LAMP-1 — Table lamp')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'POST' && r.path === '/catalog/product_images/')?.body).toEqual({
      product: lamp.id,
      image: image.id,
    });

    await events.click(within(attached).getByLabelText('Detach from CHAIR-1 — Chair'));
    await waitFor(() => expect(within(attached).queryByText('CHAIR-1 — Chair')).not.toBeInTheDocument());
    expect(backend.state.productImages.map((p) => p.product)).toEqual([lamp.id]);

    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    const card = await screen.findByRole('listitem', { name: 'Lamp on desk' });
    expect(card).toHaveTextContent('Lifestyle');
  });

  it('stays open while a rename or an attach runs, so a refusal is seen: Close waits too', async () => {
    const lamp = createProduct({ sku: 'LAMP-1', name: 'Table lamp' });
    const backend = createImagesBackend({ images: [createImage({ title: 'IMG_0002' })], products: [lamp] });
    use(backend);
    let answerRename!: () => void;
    let answerAttach!: () => void;
    server.use(
      http.patch(apiUrl('/catalog/images/:id/'), async () => {
        await new Promise<void>((resolve) => (answerRename = resolve));
        return HttpResponse.json({ title: ['That title is taken.'] }, { status: 400 });
      }),
      http.post(apiUrl('/catalog/product_images/'), async () => {
        await new Promise<void>((resolve) => (answerAttach = resolve));
        return HttpResponse.json({ non_field_errors: ['The image is already attached to this product.'] }, { status: 400 });
      }),
    );
    const { events } = render();
    await events.click(await screen.findByRole('button', { name: 'Open IMG_0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });

    const title = within(dialog).getByLabelText('Title');
    await events.clear(title);
    await events.type(title, 'Lamp front{Enter}');
    await waitFor(() => expect(answerRename).toBeDefined());
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toBeDisabled();
    await events.keyboard('{Escape}');
    answerRename();
    expect(await within(dialog).findByText('That title is taken.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Lamp front');

    await events.type(within(dialog).getByLabelText('Attach to product'), 'lamp');
    await events.click(await screen.findByRole('option', { name: 'LAMP-1 — Table lamp' }));
    await waitFor(() => expect(answerAttach).toBeDefined());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    answerAttach();
    expect(await screen.findByText('The image is already attached to this product.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Image details' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled());
  });

  it('rename and classify wait for each other, so neither outcome is lost', async () => {
    const lifestyle = createClassification({ title: 'Lifestyle' });
    const backend = createImagesBackend({ images: [createImage({ title: 'IMG_0004' })], classifications: [lifestyle] });
    use(backend);
    const patches: unknown[] = [];
    let answerClassify!: () => void;
    server.use(
      http.patch(apiUrl('/catalog/images/:id/'), async ({ request }) => {
        const body = (await request.clone().json()) as { classification?: number };
        patches.push(body);
        if (body.classification === undefined) return undefined; // the fake backend renames
        await new Promise<void>((resolve) => (answerClassify = resolve));
        return HttpResponse.json({ classification: ['That classification was just deleted.'] }, { status: 400 });
      }),
    );
    const { events } = render();
    await events.click(await screen.findByRole('button', { name: 'Open IMG_0004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    const title = within(dialog).getByLabelText('Title');
    await events.clear(title);
    await events.type(title, 'Lamp front');
    const classification = within(dialog).getByLabelText('Classification');
    await within(classification).findByRole('option', { name: 'Lifestyle' });

    await events.selectOptions(classification, 'Lifestyle');
    await waitFor(() => expect(answerClassify).toBeDefined());
    // While the classify runs, the title's Save waits (by click or by Enter): its answer would take the classify's place.
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await events.type(title, '{Enter}');
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Rename image' }));
    expect(patches).toHaveLength(1);

    answerClassify();
    expect(await screen.findByText('That classification was just deleted.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    await events.click(save);
    expect(await screen.findByText(MESSAGES.updateSuccessfully)).toBeInTheDocument();
    expect(patches).toEqual([{ classification: lifestyle.id }, { title: 'Lamp front' }]);
    expect(title).toHaveValue('Lamp front');
  });

  it('deletes an image after confirmation', async () => {
    const image = createImage({ title: 'Old banner' });
    const backend = createImagesBackend({ images: [image, createImage({ title: 'Keep' })] });
    use(backend);
    const { events } = render();
    await events.click(await screen.findByRole('button', { name: 'Open Old banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    await events.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete image?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Keep' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Old banner' })).not.toBeInTheDocument());
    expect(backend.state.images.map((i) => i.title)).toEqual(['Keep']);
  });

  it('deleting the only image of the last page does not claim the library is empty', async () => {
    const filler = Array.from({ length: 100 }, (_, i) => createImage({ title: `Filler ${i}` }));
    const backend = createImagesBackend({ images: [...filler, createImage({ title: 'Last one' })] });
    use(backend);
    const { events, router } = render('/catalog/images?page=1');

    await events.click(await screen.findByRole('button', { name: 'Open Last one' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Image details' })).getByRole('button', { name: 'Delete image' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete image?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing on this page any more.')).toBeInTheDocument();
    expect(screen.queryByText('No images yet.')).not.toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('listitem', { name: 'Filler 0' })).toBeInTheDocument();
  });

  it('manages classifications: adds, refuses a taken title, renames and deletes', async () => {
    const packshot = createClassification({ title: 'Packshot' });
    const backend = createImagesBackend({ classifications: [packshot], images: [createImage({ classification: { id: packshot.id, title: 'Packshot' } })] });
    use(backend);
    const { events } = render();

    await events.click(await screen.findByRole('button', { name: 'Classifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image classifications' });
    await within(dialog).findByLabelText('Title of Packshot');
    await events.type(within(dialog).getByLabelText('New classification'), 'Packshot');
    await events.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('An image classification with this title already exists.')).toBeInTheDocument();

    await events.clear(within(dialog).getByLabelText('New classification'));
    await events.type(within(dialog).getByLabelText('New classification'), 'Detail');
    await events.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByLabelText('Title of Detail')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New classification')).toHaveValue('');

    const packshotTitle = within(dialog).getByLabelText('Title of Packshot');
    await events.clear(packshotTitle);
    await events.type(packshotTitle, 'Studio{Enter}');
    expect(await within(dialog).findByLabelText('Title of Studio')).toBeInTheDocument();
    expect(backend.state.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: `/catalog/image_classifications/${packshot.id}/`,
      body: { title: 'Studio' },
    });

    await events.click(within(dialog).getByRole('button', { name: 'Delete Detail' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete classification?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Title of Detail')).not.toBeInTheDocument());
    expect(backend.state.classifications.map((c) => c.title)).toEqual(['Studio']);
  });

  it('the classifications dialog stays open while a rename or an add runs, so a refusal is seen', async () => {
    const packshot = createClassification({ title: 'Packshot' });
    use(createImagesBackend({ classifications: [packshot] }));
    let answer!: () => void;
    server.use(
      http.put(apiUrl('/catalog/image_classifications/:id/'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ title: ['An image classification with this title already exists.'] }, { status: 400 });
      }),
      http.post(apiUrl('/catalog/image_classifications/'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ title: ['Too similar to Packshot.'] }, { status: 400 });
      }),
    );
    const { events } = render();
    await events.click(await screen.findByRole('button', { name: 'Classifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image classifications' });

    const packshotTitle = await within(dialog).findByLabelText('Title of Packshot');
    await events.clear(packshotTitle);
    await events.type(packshotTitle, 'Detail{Enter}');
    await waitFor(() => expect(answer).toBeDefined());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await events.keyboard('{Escape}');
    answer();
    expect(await within(dialog).findByText('An image classification with this title already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title of Packshot')).toHaveValue('Detail');

    const previous = answer;
    await events.type(within(dialog).getByLabelText('New classification'), 'Packshots{Enter}');
    await waitFor(() => expect(answer).not.toBe(previous));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    answer();
    expect(await within(dialog).findByText('Too similar to Packshot.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled());
  });

  it('detaches once: a second click on the chip while its detach runs sends no second DELETE (which would answer 404)', async () => {
    const chair = createProduct({ sku: 'CHAIR-1', name: 'Chair' });
    const backend = createImagesBackend({ images: [createImage({ title: 'IMG_0003', product_ids: [chair.id] })], products: [chair] });
    use(backend);
    const deletes: string[] = [];
    let answer!: () => void;
    server.use(
      http.delete(apiUrl('/catalog/product_images/:id/'), async ({ params }) => {
        deletes.push(String(params.id));
        if (deletes.length > 1) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
        await new Promise<void>((resolve) => (answer = resolve));
        backend.state.productImages = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { events } = render();
    await events.click(await screen.findByRole('button', { name: 'Open IMG_0003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    const attached = within(dialog).getByRole('list', { name: 'Attached products' });
    await within(attached).findByText('CHAIR-1 — Chair');

    await events.click(within(attached).getByLabelText('Detach from CHAIR-1 — Chair'));
    await waitFor(() => expect(answer).toBeDefined());
    fireEvent.click(within(attached).getByLabelText('Detach from CHAIR-1 — Chair'));
    answer();
    await waitFor(() => expect(within(attached).queryByText('CHAIR-1 — Chair')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.notFound)).not.toBeInTheDocument();
  });

  it('deleting the classification the list is filtered by clears that filter, so uploads are not refused for it', async () => {
    const packshot = createClassification({ title: 'Packshot' });
    const backend = createImagesBackend({ classifications: [packshot], images: [createImage({ title: 'Unclassified one' })] });
    use(backend);
    const { events, router } = render(`/catalog/images?classification=${packshot.id}`);
    expect(await screen.findByText('No images match these filters.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Classifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image classifications' });
    await events.click(await within(dialog).findByRole('button', { name: 'Delete Packshot' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Delete classification?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Title of Packshot')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await events.click(await within(dialog).findByRole('button', { name: 'Close' }));

    expect(await screen.findByRole('listitem', { name: 'Unclassified one' })).toBeInTheDocument();
    await events.upload(screen.getByLabelText('Image files'), [pngFile('new.png')]);
    expect(await screen.findByRole('status', { name: 'Upload result' })).toHaveTextContent('1 uploaded, 0 failed');
    expect(backend.state.uploads).toEqual([{ classification: null, files: ['new.png'] }]);
  });
});
