import type { QueryClient } from '@tanstack/react-query';

export type FileUrlListParams = { product: string; removed_from_source: string; search: string; page: number };

export const fileUrlKeys = {
  fileUrls: ['catalog-file-urls'] as const,
  fileUrlList: (params: FileUrlListParams) => [...fileUrlKeys.fileUrls, 'list', params] as const,
};

/** After any file URL write the lists (every filter and page) refetch. */
export const invalidateFileUrls = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: fileUrlKeys.fileUrls });
