import type { GoogleTaxonomyPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The channels a category or a product maps to; the taxonomies feature owns the lists, this is only the picker's lookup. */
export type TaxonomyChannel = 'google' | 'facebook';
export type TaxonomyOption = { id: number; taxonomy_id: number; slug_en: string };

/** Under the taxonomies root, so linking items on the taxonomy screens refreshes the pickers too. */
export const taxonomyOptionKeys = {
  search: (channel: TaxonomyChannel, search: string) => ['taxonomies', channel, 'category-options', search] as const,
  byId: (channel: TaxonomyChannel, id: number) => ['taxonomies', channel, 'category-options', 'id', id] as const,
};

const SEARCH_LIMIT = 25;
const pathOf = (channel: TaxonomyChannel) => `/taxonomies/${channel}/`;
// Both channels answer the same page shape.
const toOptions = (page: GoogleTaxonomyPage): TaxonomyOption[] => page.results.map(({ id, taxonomy_id, slug_en }) => ({ id, taxonomy_id, slug_en }));

/** GET /taxonomies/{channel}/?search=: the items whose slugs hold every word, for the channel category picker. */
export const taxonomySearchQueryOptions = (channel: TaxonomyChannel, search: string) =>
  queryOptions({
    queryKey: taxonomyOptionKeys.search(channel, search),
    queryFn: ({ signal }) => api.get<GoogleTaxonomyPage>(pathOf(channel), { query: { search: search || undefined, limit: SEARCH_LIMIT }, signal }),
    select: toOptions,
    placeholderData: keepPreviousData,
  });

export function useTaxonomySearch(channel: TaxonomyChannel, search: string, enabled: boolean) {
  return useQuery({ ...taxonomySearchQueryOptions(channel, search), enabled });
}

/** The mapped item by its id, so the picker shows its path. */
export const taxonomyByIdQueryOptions = (channel: TaxonomyChannel, id: number) =>
  queryOptions({
    queryKey: taxonomyOptionKeys.byId(channel, id),
    queryFn: ({ signal }) => api.get<GoogleTaxonomyPage>(pathOf(channel), { query: { id, limit: 1 }, signal }),
    select: (page) => toOptions(page)[0] ?? null,
  });

export function useTaxonomyById(channel: TaxonomyChannel, id: number | null) {
  return useQuery({ ...taxonomyByIdQueryOptions(channel, id ?? 0), enabled: id !== null });
}
