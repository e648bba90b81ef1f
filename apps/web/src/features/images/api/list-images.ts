import { PAGE_SIZE, type ImagePage, type ImageResponse } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { imageKeys, type ImageListParams } from './query-keys';

export const IMAGES_PAGE_SIZE = PAGE_SIZE.catalogImages;
/** The classification filter's value for "no classification". */
export const UNCLASSIFIED = 'none';

/** GET /catalog/images/?limit=100&offset=&classification=|classification__isnull=true&search= , newest first. */
export const fetchImages = (params: ImageListParams, signal?: AbortSignal) =>
  api.get<ImagePage>('/catalog/images/', {
    query: {
      limit: IMAGES_PAGE_SIZE,
      offset: params.page * IMAGES_PAGE_SIZE,
      classification: params.classification === UNCLASSIFIED ? undefined : params.classification,
      classification__isnull: params.classification === UNCLASSIFIED ? 'true' : undefined,
      search: params.search,
    },
    signal,
  });

export function useImages(params: ImageListParams) {
  return useQuery(queryOptions({ queryKey: imageKeys.list(params), queryFn: ({ signal }) => fetchImages(params, signal), placeholderData: keepPreviousData }));
}

/** One image, starting from the list's copy; refetched after every change, wherever it now sits in the list. */
export function useImage(snapshot: ImageResponse | null) {
  return useQuery({
    queryKey: imageKeys.detail(snapshot?.id ?? 0),
    queryFn: ({ signal }) => api.get<ImageResponse>(`/catalog/images/${snapshot!.id}/`, { signal }),
    initialData: snapshot ?? undefined,
    enabled: snapshot !== null,
  });
}
