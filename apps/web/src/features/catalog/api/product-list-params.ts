import { MARGIN_BANDS, PAGE_SIZE, PRODUCT_TYPES } from '@kontor/contract';
import { readPage } from '@/lib/use-list-filters';
import { PRODUCT_FILTERS, type ProductFilters, type ProductListParams } from './query-keys';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_ORDERING = 'sku';
/** The API ordering fields the grid's headers sort by (ListProductsQuery `ordering`). */
export const SORT_FIELDS = ['sku', 'name', 'qty_in_stock', 'price', 'margin', 'margin_percent'] as const;

const YES_NO_VALUES = ['Yes', 'No'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PRODUCT_TYPE_VALUES: readonly string[] = PRODUCT_TYPES.map((type) => type.value);
const MARGIN_BAND_VALUES: readonly string[] = MARGIN_BANDS.map((band) => band.value);

/** The URL's ordering when the grid can sort by it (`field` or `-field`), else SKU order. */
const orderingOf = (value: string) => (SORT_FIELDS.some((field) => value === field || value === `-${field}`) ? value : DEFAULT_ORDERING);

/** A hand-edited or outdated URL filters nothing rather than failing the list with a 400. */
function cleanFilters(params: URLSearchParams): ProductFilters {
  const filters = Object.fromEntries(PRODUCT_FILTERS.map((name) => [name, params.get(name) ?? ''])) as ProductFilters;
  for (const name of PRODUCT_FILTERS) {
    const value = filters[name];
    if (!value) continue;
    const valid =
      name === 'search'
        ? true
        : name === 'margin_band'
          ? MARGIN_BAND_VALUES.includes(value)
          : name === 'product_type'
            ? PRODUCT_TYPE_VALUES.includes(value)
            : name === 'supplier'
              ? /^[1-9]\d{0,9}$/.test(value)
              : name.includes('__')
                ? DAY.test(value)
                : YES_NO_VALUES.includes(value);
    if (!valid) filters[name] = '';
  }
  return filters;
}

/**
 * The product list a grid URL asks for. One function for the grid and for the start-up
 * prefetch (app/prefetch-first-screen.ts), so both build the same query key.
 */
export const productListParamsOf = (params: URLSearchParams): ProductListParams => ({
  filters: cleanFilters(params),
  page: readPage(params.get('page')),
  limit: PAGE_SIZES.find((size) => String(size) === params.get('limit')) ?? PAGE_SIZE.catalog,
  ordering: orderingOf(params.get('ordering') ?? ''),
});
