import type { QueryClient } from '@tanstack/react-query';

export type ImageListParams = { product: string; search: string; page: number };

/**
 * The procurement products' root is the procurement grid's too (a key, not an import of that
 * feature): a product's images show there, and our pickers refresh when feeds change products.
 */
const PROCUREMENT_PRODUCTS_ROOT = ['procurement-products'] as const;

export const procurementImageKeys = {
  images: ['procurement-image-urls'] as const,
  imageList: (params: ImageListParams) => [...procurementImageKeys.images, 'list', params] as const,
  productPicker: (search: string) => [...PROCUREMENT_PRODUCTS_ROOT, 'image-picker', search] as const,
  product: (id: number) => [...PROCUREMENT_PRODUCTS_ROOT, 'image-picker-one', id] as const,
};

/** Adding or removing an image changes the list and the product's image_urls in the procurement grid. */
export const invalidateImages = (queryClient: QueryClient) =>
  Promise.all([procurementImageKeys.images, PROCUREMENT_PRODUCTS_ROOT].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
