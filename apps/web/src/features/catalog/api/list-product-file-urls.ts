import type { FileUrlPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** More than a product carries in practice; the panel links to the full list when there are more. */
export const PRODUCT_FILE_URLS_LIMIT = 50;

/** GET /catalog/file_urls/?product= : one product's file URLs, lowest priority first. */
export const fetchProductFileUrls = (productId: number, signal?: AbortSignal) =>
  api.get<FileUrlPage>('/catalog/file_urls/', { query: { product: productId, limit: PRODUCT_FILE_URLS_LIMIT }, signal });

export const productFileUrlsQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: catalogKeys.productFileUrls(productId),
    queryFn: ({ signal }) => fetchProductFileUrls(productId, signal),
    enabled: productId > 0,
  });

export function useProductFileUrls(productId: number) {
  return useQuery(productFileUrlsQueryOptions(productId));
}
