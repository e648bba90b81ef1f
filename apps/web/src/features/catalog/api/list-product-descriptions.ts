import { MAX_PAGE_SIZE, type ProductDescriptionPage } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import { catalogKeys, type DescriptionListParams } from './query-keys';

/** GET /catalog/product_descriptions/?product__in=&language=&limit= */
export const fetchProductDescriptions = (query: QueryParams, signal?: AbortSignal) =>
  api.get<ProductDescriptionPage>('/catalog/product_descriptions/', { query, signal });

/**
 * The descriptions of the given products (optionally one language), in one call. No previous
 * data stands in while another page or language loads: the grid would show (and save into) the
 * last page's or language's descriptions as if they were these.
 */
export const productDescriptionsQueryOptions = (params: DescriptionListParams) =>
  queryOptions({
    queryKey: catalogKeys.descriptionList(params),
    queryFn: ({ signal }) =>
      fetchProductDescriptions({ product__in: [...params.productIds].join(','), language: params.language, limit: MAX_PAGE_SIZE }, signal),
    select: (page) => page.results,
    enabled: params.productIds.length > 0,
  });

export function useProductDescriptions(params: DescriptionListParams, enabled = true) {
  return useQuery({ ...productDescriptionsQueryOptions(params), enabled: enabled && params.productIds.length > 0 });
}
