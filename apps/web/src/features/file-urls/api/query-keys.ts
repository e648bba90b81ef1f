import type { QueryClient } from '@tanstack/react-query';

export type FileUrlListParams = { product: string; removed_from_source: string; search: string; page: number };

/**
 * The catalog products' root is the catalog grid's too (a key, not an import of that feature):
 * our product pickers then refresh when products change there.
 */
const PRODUCTS_ROOT = ['products'] as const;

export const fileUrlKeys = {
  fileUrls: ['catalog-file-urls'] as const,
  fileUrlList: (params: FileUrlListParams) => [...fileUrlKeys.fileUrls, 'list', params] as const,
  productPicker: (search: string) => [...PRODUCTS_ROOT, 'file-url-picker', search] as const,
  product: (id: number) => [...PRODUCTS_ROOT, 'file-url-picker-one', id] as const,
};

/** After any file URL write the lists (every filter and page) refetch. */
export const invalidateFileUrls = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: fileUrlKeys.fileUrls });
