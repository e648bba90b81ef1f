import type { StorefrontConnectionResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/** GET /customers/storefront/: null while the company has not connected one (the API answers 404). */
export async function fetchStorefrontConnection(signal?: AbortSignal): Promise<StorefrontConnectionResponse | null> {
  try {
    return await api.get<StorefrontConnectionResponse>('/customers/storefront/', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const storefrontConnectionQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.storefront(),
    queryFn: ({ signal }) => fetchStorefrontConnection(signal),
  });

export function useStorefrontConnection() {
  return useQuery(storefrontConnectionQueryOptions());
}
