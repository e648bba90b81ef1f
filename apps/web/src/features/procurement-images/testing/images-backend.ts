import { splitImageUrls, type ImageUploadFailure, type ProcurementImageUrlResponse, type ProcurementProductResponse } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

const NOW = '2026-03-01T10:00:00.000Z';
let nextId = 700;

export const createProcurementProduct = (overrides: Partial<ProcurementProductResponse> = {}): ProcurementProductResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    sku: `PP-${id}`,
    name: `Supplier product ${id}`,
    stock_details: '',
    stock_quantity: null,
    cost: null,
    cost_currency_id: null,
    cost_currency: null,
    cost_sek: null,
    supplier: 1,
    supplier_name: 'Acme Tea',
    urls: [],
    image_urls: [],
    image: null,
    product_type: 'simple',
    status: 'active',
    skipped: false,
    category: null,
    category_name: null,
    catalog_product: null,
    description: '',
    brand: '',
    ean: '',
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

export const createImageUrl = (product: ProcurementProductResponse, overrides: Partial<ProcurementImageUrlResponse> = {}): ProcurementImageUrlResponse => {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    procurement_product: product.id,
    product_sku: product.sku,
    product_name: product.name,
    url: `https://cdn.example.com/${product.sku}/${id}.jpg`,
    source: 'url',
    content_type: null,
    size: null,
    created_at: NOW,
    ...overrides,
  };
};

export type ImagePost = { product: string | null; urls: string | null; files: { type: string; size: number }[]; contentType: string | null };

/**
 * An in-memory image-URL back end answering like the API: URLs split on newlines and commas,
 * invalid or duplicate ones and non-images reported as failed, a 201 when at least one was
 * added and a 400 with 'name: message' lines when none was. Records every multipart POST.
 */
export function createImagesBackend({ products = [] as ProcurementProductResponse[], images = [] as ProcurementImageUrlResponse[] } = {}) {
  const state = {
    products: [...products],
    images: [...images],
    posts: [] as ImagePost[],
    deletes: [] as number[],
    listQueries: [] as Record<string, string>[],
  };

  const handlers = [
    http.get(apiUrl('/procurement/products/'), ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const ids = url.searchParams.get('id__in')?.split(',').map(Number);
      const rows = state.products.filter(
        (p) => (!ids || ids.includes(p.id)) && (p.sku.toLowerCase().includes(search) || p.name.toLowerCase().includes(search)),
      );
      return HttpResponse.json(page(rows));
    }),
    http.get(apiUrl('/procurement/image_urls/'), ({ request }) => {
      const url = new URL(request.url);
      state.listQueries.push(Object.fromEntries(url.searchParams));
      const product = url.searchParams.get('procurement_product');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows = state.images.filter((i) => (!product || i.procurement_product === Number(product)) && i.url.toLowerCase().includes(search));
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json(page(rows.slice(offset, offset + limit), rows.length));
    }),
    http.post(apiUrl('/procurement/image_urls/'), async ({ request }) => {
      const contentType = request.headers.get('content-type');
      const form = await request.formData();
      // jsdom's File loses its name and bytes in Node's fetch; its part, type and count arrive.
      const files = form.getAll('file').filter((part): part is File => typeof part !== 'string');
      const post: ImagePost = {
        product: form.get('procurement_product') as string | null,
        urls: form.get('urls') as string | null,
        files: files.map((file) => ({ type: file.type, size: file.size })),
        contentType,
      };
      state.posts.push(post);
      const product = state.products.find((p) => p.id === Number(post.product));
      if (!product) return HttpResponse.json({ procurement_product: [`Invalid pk "${post.product}" - object does not exist.`] }, { status: 400 });
      const created: ProcurementImageUrlResponse[] = [];
      const failed: ImageUploadFailure[] = [];
      files.forEach((file, index) => {
        const name = `upload-${index + 1}`;
        if (!file.type.startsWith('image/')) failed.push({ name, message: 'Upload a valid image: PNG, JPEG, WebP or GIF.' });
        else
          created.push(createImageUrl(product, { url: `http://localhost/api/media/${++nextId}.png`, source: 'upload', content_type: file.type, size: 2048 }));
      });
      for (const line of splitImageUrls(post.urls ?? '')) {
        if (!/^https?:\/\/\S+$/.test(line)) failed.push({ name: line, message: 'Enter a valid URL.' });
        else if (state.images.some((i) => i.procurement_product === product.id && i.url === line) || created.some((i) => i.url === line)) {
          failed.push({ name: line, message: 'This image URL is already added to the product.' });
        } else created.push(createImageUrl(product, { url: line }));
      }
      if (created.length === 0) {
        const body: Record<string, string[]> = {};
        failed.forEach((f, index) => (body[index < files.length ? 'file' : 'urls'] ??= []).push(`${f.name}: ${f.message}`));
        return HttpResponse.json(body, { status: 400 });
      }
      state.images.unshift(...created);
      return HttpResponse.json({ created, failed }, { status: 201 });
    }),
    http.delete(apiUrl('/procurement/image_urls/:id/'), ({ params }) => {
      const id = Number(params.id);
      if (!state.images.some((i) => i.id === id)) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      state.deletes.push(id);
      state.images = state.images.filter((i) => i.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { state, handlers };
}
