import type { ProductCountQuery, ProductResponse, StockValueByLocation } from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { productResponse } from '@/test/catalog-fixtures';
import { page } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

let nextId = 1200;

export const createProduct = (overrides: Partial<ProductResponse> = {}): ProductResponse => productResponse(overrides.id ?? ++nextId, overrides);

export const createStockValue = (overrides: Partial<StockValueByLocation> = {}): StockValueByLocation => {
  const id = overrides.location_id ?? ++nextId;
  return { location_id: id, abbreviation_slug: `L${id}`, name: `Location ${id}`, quantity: 0, value: 0, ...overrides };
};

type Counts = Record<ProductCountQuery['f'], number>;
type Request = { path: string; query: Record<string, string> };

/**
 * The overview's endpoints: the five product counts, the low-stock list and the stock value per
 * location. A filter left out of `counts` answers 500, as a failing count would.
 */
type DashboardBackendOptions = { counts?: Partial<Counts>; lowStock?: ProductResponse[]; lowStockCount?: number; stockValues?: StockValueByLocation[] };

export function createDashboardBackend({ counts = {}, lowStock = [], lowStockCount = lowStock.length, stockValues = [] }: DashboardBackendOptions = {}) {
  const state = { requests: [] as Request[] };
  const record = (request: globalThis.Request) => {
    const url = new URL(request.url);
    state.requests.push({ path: url.pathname.replace(/^\/api/, ''), query: Object.fromEntries(url.searchParams) });
    return url;
  };
  const handlers = [
    http.get(apiUrl('/catalog/product-count/'), ({ request }) => {
      const filter = record(request).searchParams.get('f') as ProductCountQuery['f'];
      const products = counts[filter];
      if (products === undefined) return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      return HttpResponse.json({ products });
    }),
    http.get(apiUrl('/catalog/products/'), ({ request }) => {
      const url = record(request);
      // Only the overview's own question is answered: anything else is a test bug.
      if (url.searchParams.get('low_stock') !== 'Yes') return HttpResponse.json({ detail: 'Unexpected product query' }, { status: 400 });
      return HttpResponse.json(page(lowStock.slice(0, Number(url.searchParams.get('limit') ?? 25)), lowStockCount));
    }),
    http.get(apiUrl('/catalog/stock-value-by-location/'), ({ request }) => {
      record(request);
      return HttpResponse.json({ results: stockValues });
    }),
  ];
  return { state, handlers };
}
