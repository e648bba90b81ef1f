import { PAGE_SIZE, type ProcurementImageUrlPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementImageKeys, type ImageListParams } from './query-keys';

export const IMAGES_PAGE_SIZE = PAGE_SIZE.procurementImageUrls;

/** GET /procurement/image_urls/?limit=&offset=&procurement_product=&search= , newest first; search looks in the URL. */
export const fetchImageUrls = (params: ImageListParams, signal?: AbortSignal) =>
  api.get<ProcurementImageUrlPage>('/procurement/image_urls/', {
    query: { limit: IMAGES_PAGE_SIZE, offset: params.page * IMAGES_PAGE_SIZE, procurement_product: params.product, search: params.search },
    signal,
  });

export const imageUrlsQueryOptions = (params: ImageListParams) =>
  queryOptions({
    queryKey: procurementImageKeys.imageList(params),
    queryFn: ({ signal }) => fetchImageUrls(params, signal),
    placeholderData: keepPreviousData,
  });

export function useImageUrls(params: ImageListParams) {
  return useQuery(imageUrlsQueryOptions(params));
}
