import type { SyncOrdersResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterSync } from './query-keys';

/** GET /customers/orders/sync (the default window) or ?no_of_days=31: runs the storefront connector. */
export const syncOrders = (days: number | null) => api.get<SyncOrdersResponse>('/customers/orders/sync', { query: { no_of_days: days ?? undefined } });

export function useSyncOrders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: syncOrders, onSuccess: () => invalidateAfterSync(queryClient) });
}
