import type { BulkDescriptionPage, Language } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bulkDescriptionKeys, type BulkDescriptionListParams } from './query-keys';

/** Spec §7: GET the filtered products, each with its description in `language`. */
export const fetchBulkDescriptions = (query: { language: Language; search?: string; limit: number; offset: number }, signal?: AbortSignal) =>
  api.get<BulkDescriptionPage>('/catalog/product_descriptions_bulk/', { query, signal });

export const bulkDescriptionsQueryOptions = (params: BulkDescriptionListParams) =>
  queryOptions({
    queryKey: bulkDescriptionKeys.list(params),
    queryFn: ({ signal }) =>
      fetchBulkDescriptions({ language: params.language, search: params.search, limit: params.pageSize, offset: params.page * params.pageSize }, signal),
    placeholderData: keepPreviousData,
  });

export function useBulkDescriptions(params: BulkDescriptionListParams) {
  return useQuery(bulkDescriptionsQueryOptions(params));
}
