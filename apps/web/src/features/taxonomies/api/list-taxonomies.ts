import type { GoogleTaxonomyPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TAXONOMY_CHANNELS, type TaxonomyChannel } from './channels';
import { taxonomiesKeys, type TaxonomyListParams } from './query-keys';

/** Both channels answer the same page shape (contract: GoogleTaxonomyPage = FacebookTaxonomyPage). */
export type TaxonomyPage = GoogleTaxonomyPage;
export type TaxonomyItem = TaxonomyPage['results'][number];

/** GET /taxonomies/{channel}/ with search (both slugs), linked (True/False, left out for all), limit and offset = page x limit. */
export const fetchTaxonomies = (channel: TaxonomyChannel, params: TaxonomyListParams, signal?: AbortSignal) =>
  api.get<TaxonomyPage>(TAXONOMY_CHANNELS[channel].path, {
    query: {
      search: params.search || undefined,
      linked: params.linked === 'all' ? undefined : params.linked,
      limit: params.pageSize,
      offset: params.page * params.pageSize,
    },
    signal,
  });

export const taxonomiesQueryOptions = (channel: TaxonomyChannel, params: TaxonomyListParams) =>
  queryOptions({
    queryKey: taxonomiesKeys.list(channel, params),
    queryFn: ({ signal }) => fetchTaxonomies(channel, params, signal),
    placeholderData: keepPreviousData,
  });

export function useTaxonomies(channel: TaxonomyChannel, params: TaxonomyListParams) {
  return useQuery(taxonomiesQueryOptions(channel, params));
}
