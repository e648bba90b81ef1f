import { PAGE_SIZE, type FileUrlPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fileUrlKeys, type FileUrlListParams } from './query-keys';

export const FILE_URLS_PAGE_SIZE = PAGE_SIZE.fileUrls;

/** Spec §7: GET /catalog/file_urls/ with limit, offset (page times limit), product, removed_from_source and search (title, URL). */
export const fetchFileUrls = (params: FileUrlListParams, signal?: AbortSignal) =>
  api.get<FileUrlPage>('/catalog/file_urls/', {
    query: {
      limit: FILE_URLS_PAGE_SIZE,
      offset: params.page * FILE_URLS_PAGE_SIZE,
      product: params.product,
      removed_from_source: params.removed_from_source,
      search: params.search,
    },
    signal,
  });

export const fileUrlsQueryOptions = (params: FileUrlListParams) =>
  queryOptions({
    queryKey: fileUrlKeys.fileUrlList(params),
    queryFn: ({ signal }) => fetchFileUrls(params, signal),
    placeholderData: keepPreviousData,
  });

export function useFileUrls(params: FileUrlListParams) {
  return useQuery(fileUrlsQueryOptions(params));
}
