import type { StorefrontConnectionBody, StorefrontConnectionResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/** PUT /customers/storefront/: creates or replaces the connection; a left-out secret keeps the stored one. */
export const updateStorefrontConnection = (body: StorefrontConnectionBody) => api.put<StorefrontConnectionResponse>('/customers/storefront/', body);

export function useUpdateStorefrontConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStorefrontConnection,
    onSuccess: (connection) => queryClient.setQueryData(companyKeys.storefront(), connection),
  });
}
