import {
  IMAGE_CLASSIFICATION_TITLE_TAKEN,
  IMAGE_NOT_AN_IMAGE,
  type ImageClassificationResponse,
  type ImageResponse,
  type ImageUploadResult,
  type ProductImageResponse,
  type ProductLiteResponse,
  type UploadImagesResponse,
  MESSAGES,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { ApiError } from '@/lib/api-client';
import type { UploadProgress } from '@/lib/upload-with-progress';
import { page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 900;

export const createClassification = (overrides: Partial<ImageClassificationResponse> = {}): ImageClassificationResponse => ({
  id: overrides.id ?? ++nextId,
  title: 'Packshot',
  image_count: 0,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});

export const createImage = (overrides: Partial<ImageResponse> = {}): ImageResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    title: `Image ${id}`,
    filename: `image-${id}.png`,
    content_type: 'image/png',
    size: 20480,
    width: 600,
    height: 400,
    classification: null,
    url: `http://kontor.test/api/media/original-${id}.png`,
    thumbnail_url: `http://kontor.test/api/media/thumb-${id}.webp`,
    product_ids: [],
    account: 7,
    company: 3,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

export const createProduct = (overrides: Partial<ProductLiteResponse> = {}): ProductLiteResponse => {
  const id = overrides.id ?? ++nextId;
  return { id, sku: `SKU-${id}`, name: `Product ${id}`, product_type: 'simple', qty_in_stock: 1, ...overrides };
};

type Recorded = { method: string; path: string; query: Record<string, string>; body: unknown };
type Options = {
  images?: ImageResponse[];
  classifications?: ImageClassificationResponse[];
  products?: ProductLiteResponse[];
  failList?: boolean;
  /** The upload request itself fails (a server error), as opposed to files being refused. */
  failUpload?: boolean;
};

const PNG = [0x89, 0x50, 0x4e, 0x47];
const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

/**
 * An in-memory image library answering like the API: images (list with filters, one, upload
 * with per-file results through `upload`, patch, delete), classifications, product attachments and the
 * product picker. A file is an image when its bytes start like a PNG. `requests` records every call.
 */
export function createImagesBackend({ images = [], classifications = [], products = [], failList = false, failUpload = false }: Options = {}) {
  const state = {
    images: [...images],
    classifications: [...classifications],
    products: [...products],
    productImages: [] as ProductImageResponse[],
    requests: [] as Recorded[],
    uploads: [] as { classification: string | null; files: string[] }[],
  };
  for (const image of state.images) {
    for (const product of image.product_ids) {
      state.productImages.push({ id: ++nextId, product, image, order: 0, created_at: NOW });
    }
  }

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    });
    return url;
  };
  const classificationRef = (id: number | null) => {
    const found = state.classifications.find((c) => c.id === id);
    return found ? { id: found.id, title: found.title } : null;
  };
  const withCounts = () =>
    state.classifications
      .map((c) => ({ ...c, image_count: state.images.filter((i) => i.classification?.id === c.id).length }))
      .sort((a, b) => a.title.localeCompare(b.title));
  const refresh = (image: ImageResponse) => ({
    ...image,
    product_ids: state.productImages.filter((p) => p.image.id === image.id).map((p) => p.product),
  });

  /**
   * Stands in for uploadWithProgress (jsdom's files do not survive msw's XMLHttpRequest
   * interception): reads the form as the API would, reports the whole body as sent, and
   * answers 201, or rejects with the ApiError the real function raises.
   */
  const upload = async (path: string, form: FormData, onProgress: (progress: UploadProgress) => void): Promise<UploadImagesResponse> => {
    if (path !== '/catalog/images/') throw new Error(`unexpected upload to ${path}`);
    const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
    const classification = form.get('classification');
    state.uploads.push({ classification: typeof classification === 'string' ? classification : null, files: files.map((f) => f.name) });
    const total = files.reduce((sum, f) => sum + f.size, 0);
    onProgress({ loaded: total, total });
    if (failUpload) throw new ApiError(500, MESSAGES.internalServerError);
    // As the API: an unknown classification refuses the whole request, nothing is kept.
    if (typeof classification === 'string' && !classificationRef(Number(classification))) {
      const refusal = { classification: [`Invalid pk "${classification}" - object does not exist.`] };
      throw new ApiError(400, JSON.stringify(refusal), refusal);
    }
    const results: ImageUploadResult[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!PNG.every((b, i) => bytes[i] === b)) {
        results.push({ filename: file.name, error: IMAGE_NOT_AN_IMAGE });
        continue;
      }
      const image = createImage({
        title: file.name.replace(/\.[^.]+$/, ''),
        filename: file.name,
        size: file.size,
        classification: classificationRef(Number(classification)),
      });
      state.images.unshift(image);
      results.push({ filename: file.name, image });
    }
    const uploaded = results.filter((r) => r.image).length;
    const body = { uploaded, failed: results.length - uploaded, results };
    if (!uploaded) throw new ApiError(400, JSON.stringify(body), body);
    return body;
  };

  const handlers = [
    http.get(apiUrl('/catalog/images/'), async ({ request }) => {
      const url = await record(request);
      if (failList) return HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 });
      const q = url.searchParams;
      const search = (q.get('search') ?? '').toLowerCase();
      const rows = state.images
        .filter((i) => !q.get('classification') || String(i.classification?.id) === q.get('classification'))
        .filter((i) => q.get('classification__isnull') !== 'true' || i.classification === null)
        .filter((i) => i.title.toLowerCase().includes(search) || i.filename.toLowerCase().includes(search))
        .map(refresh);
      const limit = Number(q.get('limit') ?? 100);
      const offset = Number(q.get('offset') ?? 0);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.get(apiUrl('/catalog/images/:id/'), async ({ params, request }) => {
      await record(request);
      const image = state.images.find((i) => i.id === Number(params.id));
      return image ? HttpResponse.json(refresh(image)) : notFound();
    }),
    http.patch(apiUrl('/catalog/images/:id/'), async ({ params, request }) => {
      await record(request);
      const image = state.images.find((i) => i.id === Number(params.id));
      if (!image) return notFound();
      const body = (await request.json()) as { title?: string; classification?: number | null };
      if (body.title !== undefined) image.title = body.title;
      if (body.classification !== undefined) image.classification = classificationRef(body.classification);
      return HttpResponse.json(refresh(image));
    }),
    http.delete(apiUrl('/catalog/images/:id/'), async ({ params, request }) => {
      await record(request);
      const before = state.images.length;
      state.images = state.images.filter((i) => i.id !== Number(params.id));
      state.productImages = state.productImages.filter((p) => p.image.id !== Number(params.id));
      return state.images.length === before ? notFound() : new HttpResponse(null, { status: 204 });
    }),

    http.get(apiUrl('/catalog/image_classifications/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(page(withCounts()));
    }),
    http.post(apiUrl('/catalog/image_classifications/'), async ({ request }) => {
      await record(request);
      const { title } = (await request.json()) as { title: string };
      if (state.classifications.some((c) => c.title === title)) return HttpResponse.json({ title: [IMAGE_CLASSIFICATION_TITLE_TAKEN] }, { status: 400 });
      const created = createClassification({ title });
      state.classifications.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(apiUrl('/catalog/image_classifications/:id/'), async ({ params, request }) => {
      await record(request);
      const found = state.classifications.find((c) => c.id === Number(params.id));
      if (!found) return notFound();
      const { title } = (await request.json()) as { title: string };
      if (state.classifications.some((c) => c.id !== found.id && c.title === title)) {
        return HttpResponse.json({ title: [IMAGE_CLASSIFICATION_TITLE_TAKEN] }, { status: 400 });
      }
      found.title = title;
      for (const image of state.images) if (image.classification?.id === found.id) image.classification = { id: found.id, title };
      return HttpResponse.json(found);
    }),
    http.delete(apiUrl('/catalog/image_classifications/:id/'), async ({ params, request }) => {
      await record(request);
      const id = Number(params.id);
      if (!state.classifications.some((c) => c.id === id)) return notFound();
      state.classifications = state.classifications.filter((c) => c.id !== id);
      for (const image of state.images) if (image.classification?.id === id) image.classification = null;
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(apiUrl('/catalog/product_images/'), async ({ request }) => {
      const url = await record(request);
      const imageId = Number(url.searchParams.get('image'));
      return HttpResponse.json(page(state.productImages.filter((p) => p.image.id === imageId)));
    }),
    http.post(apiUrl('/catalog/product_images/'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { product: number; image: number };
      const image = state.images.find((i) => i.id === body.image);
      if (!image) return HttpResponse.json({ image: [`Invalid pk "${body.image}" - object does not exist.`] }, { status: 400 });
      const created: ProductImageResponse = { id: ++nextId, product: body.product, image, order: 0, created_at: NOW };
      state.productImages.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(apiUrl('/catalog/product_images/:id/'), async ({ params, request }) => {
      await record(request);
      const before = state.productImages.length;
      state.productImages = state.productImages.filter((p) => p.id !== Number(params.id));
      return state.productImages.length === before ? notFound() : new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/catalog/products2/'), async ({ request }) => {
      const url = await record(request);
      const ids = url.searchParams.get('id__in');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows = ids
        ? state.products.filter((p) => ids.split(',').includes(String(p.id)))
        : state.products.filter((p) => p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search));
      return HttpResponse.json(page(rows));
    }),
  ];
  return { state, handlers, upload };
}

/** A file whose bytes start like a PNG (the back end above takes it for an image). */
export const pngFile = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], name, { type: 'image/png' });
export const textFile = (name: string) => new File(['just some text'], name, { type: 'image/jpeg' });
